import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

const entry: AuditEntry = {
  id: '7',
  seq: '7',
  at: '2026-11-26T04:00:00.000Z',
  operatorId: 1,
  operatorName: 'cashier',
  ip: '203.0.113.7',
  action: 'opsDepositApprove',
  target: { id: '41' },
  request: null,
  changes: [
    {
      table: 'deposits',
      op: 'update',
      before: { id: 41, status: 'pending', amount_minor: 50000 },
      after: { id: 41, status: 'approved', amount_minor: 50000 },
    },
  ],
  changeCount: 1,
  outcome: 'ok',
  hash: 'ab'.repeat(32),
};

describe('the audit log section', () => {
  it('lists staff actions and opens what one changed, field by field', async () => {
    await renderConsoleAt(
      '/operator/audit',
      { 'GET /ops/audit': { value: pageOf([entry]) } },
      { role: 'owner' },
    );
    const table = await screen.findByRole('table', { name: 'Audit log' }, slow);
    expect(within(table).getByText('opsDepositApprove')).toBeTruthy();
    expect(within(table).getByText('cashier')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '1 row' }));
    const detail = await screen.findByRole('region', { name: 'What entry #7 changed' });
    const status = within(detail).getByText('status').closest('tr')!;
    expect(within(status).getByText('pending')).toBeTruthy();
    expect(within(status).getByText('approved')).toBeTruthy();
    // Only the fields that changed.
    expect(within(detail).queryByText('amount_minor')).toBeNull();
  });

  it('names the row where the chain breaks, and filters by operator on the server', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/audit',
      {
        'GET /ops/audit': { value: pageOf([entry]) },
        'GET /ops/audit/verify': {
          value: { intact: false, checked: 6, brokenAt: { seq: '7', id: '7', reason: 'hash_mismatch' } },
        },
      },
      { role: 'owner' },
    );
    await screen.findByRole('table', { name: 'Audit log' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The chain breaks at entry #7: its contents were changed after it was written. The 6 entries before it check out.',
    );
    fireEvent.change(screen.getByLabelText('Staff username'), { target: { value: 'cashier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: 'Audit log' });
    const lists = requests.filter((request) => request.url.pathname === '/ops/audit');
    expect(lists.at(-1)?.url.searchParams.get('operator')).toBe('cashier');
  });

  it('is not in the menu of a role that may not read it', async () => {
    await renderConsoleAt(
      '/operator/audit',
      {
        'GET /ops/payments/deposits': { value: pageOf([]) },
        'GET /ops/audit': { status: 403, code: 'operator_role_forbidden' },
      },
      { role: 'finance' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Console sections' }, slow);
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
