import type { RgOverview } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { FakeTable } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { answeredUpTo, formatElapsed, nextRealityCheckAt } from '../model/reality-check-schedule';

const slow = { timeout: 5000 };

function buildOverview(overrides: Partial<RgOverview> = {}): RgOverview {
  return {
    limits: [
      {
        kind: 'deposit',
        period: 'day',
        amount: '1000.00',
        pendingAmount: '2000.00',
        pendingRemoval: false,
        effectiveAt: '2026-11-27T10:00:00.000Z',
        used: '800.00',
      },
    ],
    sessionLimit: { minutes: null, pendingMinutes: null, pendingRemoval: false, effectiveAt: null },
    realityCheckMinutes: 30,
    block: null,
    allowPermanentExclusion: false,
    lastLogin: { at: '2026-11-25T08:30:00.000Z', ip: '203.0.113.9', country: 'TH' },
    ...overrides,
  };
}

function replies(overrides: FakeTable = {}): FakeTable {
  return {
    '/wps/member/info': { value: buildMemberInfo() },
    '/wps/rg/overview': { value: buildOverview() },
    '/wps/rg/session': {
      value: {
        startedAt: new Date().toISOString(),
        elapsedSeconds: 0,
        netResult: '0.00',
        realityCheckMinutes: null,
        lastLogin: null,
      },
    },
    '/wps/rg/money': {
      value: {
        months: [
          { month: '2026-11', deposits: '800.00', withdrawals: '100.00', bets: '50.00', wins: '20.00' },
        ],
        netDeposits: '700.00',
      },
    },
    '/wps/rg/events': {
      value: {
        items: [{ id: '1', action: 'limit_pending', detail: {}, createdAt: '2026-11-26T10:00:00.000Z' }],
      },
    },
    ...overrides,
  };
}

describe('responsible gaming page', () => {
  it('shows the last login, limits with their pending increase, the money summary and the audit', async () => {
    storeTestSession();
    await renderApp('/member?tab=responsibleGaming', { replies: replies() });
    expect(
      await screen.findByText(/Your last login: .* from Thailand \(203\.0\.113\.9\)/, {}, slow),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Limits' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Deposit limit · 24 hours')).toBeTruthy();
    expect(within(item).getByText('800.00 of 1000.00 used')).toBeTruthy();
    expect(within(item).getByText(/Changes to 2000\.00 on/)).toBeTruthy();
    expect(
      await screen.findByText('Net deposits (deposits less withdrawals): 700.00', {}, slow),
    ).toBeTruthy();
    expect(screen.getByRole('row', { name: /2026-11 800\.00 100\.00 50\.00 20\.00/ })).toBeTruthy();
    expect(await screen.findByText('Limit change requested (24-hour cooling-off)', {}, slow)).toBeTruthy();
    // Permanent exclusion is offered only where the merchant allows it.
    const exclusion = screen.getByLabelText<HTMLSelectElement>('Self-exclusion length');
    expect([...exclusion.options].map((option) => option.value)).toEqual(['6m', '1y', '5y']);
  }, 20_000);

  it('sends a limit by kind and period, and cancels a pending change', async () => {
    storeTestSession();
    const { server } = await renderApp('/member?tab=responsibleGaming', {
      replies: replies({
        '/wps/rg/limits': { value: buildOverview() },
        '/wps/rg/limits/cancel': { value: buildOverview({ limits: [] }) },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Set a limit' }, slow);
    fireEvent.change(within(form).getByLabelText('Limit'), { target: { value: 'loss' } });
    fireEvent.change(within(form).getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.pathname === '/wps/rg/limits')?.body).toBe(
        JSON.stringify({ kind: 'loss', period: 'week', amount: '250' }),
      ),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.pathname === '/wps/rg/limits/cancel')?.body).toBe(
        JSON.stringify({ kind: 'deposit', period: 'day' }),
      ),
    );
  });

  it('asks before a self-exclusion and shows a refusal in words', async () => {
    storeTestSession();
    await renderApp('/member?tab=responsibleGaming', {
      replies: replies({ '/wps/rg/block': failure(403, 'rg_permanent_not_allowed') }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Self-exclude' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Self-exclude?' });
    expect(within(dialog).getByText(/For 6 months you will be logged out everywhere/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, start now' }));
    expect(
      await within(dialog).findByText('This site does not offer a permanent self-exclusion.', {}, slow),
    ).toBeTruthy();
  });

  it('tells the player, once after each login, when and where the login before it was', async () => {
    storeTestSession();
    sessionStorage.removeItem('rg.lastLoginShown');
    const lastLogin = { at: '2026-11-25T08:30:00.000Z', ip: '203.0.113.9', country: 'TH' };
    const session = {
      value: {
        startedAt: new Date().toISOString(),
        elapsedSeconds: 0,
        netResult: '0.00',
        realityCheckMinutes: null,
        lastLogin,
      },
    };
    const first = await renderApp('/', { replies: replies({ '/wps/rg/session': session }) });
    const text = await screen.findByText(/Your last login: .* from Thailand \(203\.0\.113\.9\)/, {}, slow);
    const notice = text.closest<HTMLElement>('[role="status"]')!;
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Your last login/)).toBeNull();
    first.unmount();
    // A reload in the same tab does not repeat it.
    const again = await renderApp('/', { replies: replies({ '/wps/rg/session': session }) });
    await waitFor(() =>
      expect(again.server.requests.some((request) => request.url.pathname === '/wps/rg/session')).toBe(true),
    );
    expect(screen.queryByText(/Your last login/)).toBeNull();
  }, 20_000);

  it('is one click from the footer', async () => {
    storeTestSession();
    await renderApp('/', { replies: replies() });
    const link = await screen.findByRole('link', { name: 'Responsible gaming' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/member?tab=responsibleGaming');
  });
});

describe('reality-check schedule', () => {
  it('is due at the next whole interval after the login, at once when one passed unanswered, not again once answered', () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    const minute = 60_000;
    expect(nextRealityCheckAt(start, 15, start)).toBe(start + 15 * minute);
    expect(nextRealityCheckAt(start, 15, start + 10 * minute)).toBe(start + 15 * minute);
    // Fell due while the page was closed (or still loading): shown at once, for that slot.
    expect(nextRealityCheckAt(start, 15, start + 16 * minute)).toBe(start + 15 * minute);
    expect(nextRealityCheckAt(start, 15, start + 47 * minute)).toBe(start + 45 * minute);
    // Answered: the next one.
    expect(nextRealityCheckAt(start, 15, start + 16 * minute, start + 15 * minute)).toBe(start + 30 * minute);
    expect(nextRealityCheckAt(start, 15, start + 10 * minute, start + 15 * minute)).toBe(start + 30 * minute);
    // What the browser keeps counts for its own session only.
    expect(answeredUpTo(`${start}:${start + 15 * minute}`, start)).toBe(start + 15 * minute);
    expect(answeredUpTo(`${start - 1}:${start + 15 * minute}`, start)).toBe(0);
    expect(answeredUpTo('junk', start)).toBe(0);
    expect(formatElapsed(3725)).toBe('1:02:05');
  });
});
