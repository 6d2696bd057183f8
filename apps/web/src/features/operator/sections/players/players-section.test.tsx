import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BalanceAdjustment, PlayerProfile, PlayerSummary } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

const summary: PlayerSummary = {
  id: '42',
  account: 'player1',
  nickname: null,
  type: 0,
  status: 'active',
  mobile: '+66812345678',
  email: null,
  affiliateCode: null,
  vipLevel: 1,
  uplineAccount: 'topagent',
  createdAt: '2026-11-01T04:00:00.000Z',
  lastLoginAt: null,
};

const profile: PlayerProfile = {
  ...summary,
  passwordChangeRequired: false,
  balances: { currencyCode: 'THB', main: '250.00', bonus: '0.00', points: '12.00', vendors: [] },
  team: { upline: [{ id: '5', account: 'topagent', type: 1 }], directCount: 0, teamCount: 0 },
  contracts: [],
  referral: { code: null, referredBy: null, friends: 0 },
  vip: { level: 1, name: 'Silver' },
  adjustmentThreshold: '1000.00',
  pendingAdjustments: 0,
};

const pending: BalanceAdjustment = {
  id: '9',
  memberId: '42',
  account: 'player1',
  direction: 'credit',
  amount: '1500.00',
  reason: 'tournament prize',
  status: 'pending',
  requestedBy: 'finance1',
  decidedBy: null,
  decisionNote: null,
  needsApproval: true,
  createdAt: '2026-11-26T04:00:00.000Z',
  decidedAt: null,
};

const profileRoutes = {
  'GET /ops/players/42': { value: profile },
  'GET /ops/players/42/money': {
    value: {
      ...pageOf([
        { id: '1', time: '2026-11-26T04:00:00.000Z', type: 'deposit', amount: '250.00', wallet: '' },
      ]),
      totalPages: 1,
      from: '2026-10-28',
      to: '2026-11-26',
    },
  },
};

describe('the players section', () => {
  it('searches on the server by the chosen key and links each account to its profile', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/players',
      {
        'GET /ops/players': { value: pageOf([summary]) },
      },
      { role: 'support' },
    );
    await screen.findByRole('table', { name: 'Accounts found' }, slow);
    fireEvent.change(screen.getByLabelText('Search by'), { target: { value: 'mobile' } });
    fireEvent.change(screen.getByLabelText('Search for'), { target: { value: '66812' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = requests.filter((request) => request.url.pathname === '/ops/players').at(-1)!;
      expect(last.url.searchParams.get('key')).toBe('mobile');
      expect(last.url.searchParams.get('q')).toBe('66812');
    });
    const table = screen.getByRole('table', { name: 'Accounts found' });
    expect(within(table).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe(
      '/operator/players/42',
    );
    // Support sees no top-agent button (the owner's).
    expect(screen.queryByRole('button', { name: 'Create top agent' })).toBeNull();
  });

  it('shows the profile with balances, team and history; support may lock but not adjust', async () => {
    await renderConsoleAt('/operator/players/42', profileRoutes, { role: 'support' });
    expect(await screen.findByTestId('player-main-balance', {}, slow)).toHaveProperty(
      'textContent',
      '250.00',
    );
    expect(screen.getByRole('link', { name: 'topagent' })).toBeTruthy();
    expect(screen.getByText('1 · Silver')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Money (30 days)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move under an agent' })).toBeNull();
  });

  it('locks only with a reason, and asks the server with it', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/players/42',
      {
        ...profileRoutes,
        'POST /ops/players/42/lock': { value: { ...summary, status: 'locked' } },
      },
      { role: 'support' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Lock' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'fraud' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'fraud' }),
    );
  });

  it('requests an adjustment with a request id and says when it waits for a second operator', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/players/42',
      {
        ...profileRoutes,
        'POST /ops/players/42/adjustments': { value: { adjustment: pending, replayed: false } },
      },
      { role: 'finance' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '1500.00' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'tournament prize' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    expect(await within(dialog).findByText(/waits for a second staff member's approval/)).toBeTruthy();
    const sent = requests.find((request) => request.method === 'POST')!.body as Record<string, string>;
    expect(sent).toMatchObject({ direction: 'credit', amount: '1500.00', reason: 'tournament prize' });
    expect(sent.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('lists pending adjustments in the queue; a refused self-approval shows in Thai', async () => {
    await renderConsoleAt(
      '/operator/adjustments',
      {
        'GET /ops/adjustments': { value: pageOf([pending]) },
        'POST /ops/adjustments/9/decision': { status: 403, code: 'adjustment_own_request' },
      },
      { role: 'finance', language: 'TY' },
    );
    const table = await screen.findByRole('table', {}, slow);
    expect(within(table).getByText('+1500.00')).toBeTruthy();
    fireEvent.click(within(table).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    expect(await within(dialog).findByText('ต้องให้เจ้าหน้าที่คนอื่นพิจารณาคำขอปรับยอดของคุณ')).toBeTruthy();
  });
});
