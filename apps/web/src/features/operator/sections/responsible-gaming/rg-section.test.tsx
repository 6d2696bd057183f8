import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OpsRgPlayer, OpsRgReport } from '@portal/contracts';
import { renderWithProviders } from '../../../../test/render-app';
import { storeOperatorSession } from '../../api/operator-session';
import { OperatorConsole } from '../../operator-console';
import { buildOperatorSession, createOperatorTestServer, pageOf } from '../../operator-test-server';

const slow = { timeout: 5000 };

const player: OpsRgPlayer = {
  memberId: 42,
  username: 'malee',
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      amount: '500.00',
      pendingAmount: '900.00',
      pendingRemoval: false,
      effectiveAt: '2026-11-27T04:00:00.000Z',
      used: '0.00',
    },
    {
      kind: 'loss',
      period: 'week',
      amount: '300.00',
      pendingAmount: null,
      pendingRemoval: false,
      effectiveAt: null,
      used: '0.00',
    },
  ],
  sessionLimit: {
    minutes: 60,
    pendingMinutes: null,
    pendingRemoval: true,
    effectiveAt: '2026-11-27T05:00:00.000Z',
  },
  realityCheckMinutes: 30,
  block: {
    kind: 'self_exclusion',
    startedAt: '2026-11-26T04:00:00.000Z',
    endsAt: '2027-05-26T04:00:00.000Z',
    allMerchants: true,
  },
  blocks: [
    {
      kind: 'self_exclusion',
      startedAt: '2026-11-26T04:00:00.000Z',
      endsAt: '2027-05-26T04:00:00.000Z',
      allMerchants: true,
    },
    {
      kind: 'break',
      startedAt: '2026-10-01T04:00:00.000Z',
      endsAt: '2026-10-08T04:00:00.000Z',
      allMerchants: false,
    },
  ],
  events: [
    {
      id: '9',
      action: 'limit_pending',
      detail: { kind: 'deposit', period: 'day', amount: '900.00' },
      createdAt: '2026-11-26T04:00:00.000Z',
    },
  ],
};

function reportOf(page: number, total: number): OpsRgReport {
  return {
    items: [
      {
        memberId: 42 + page,
        username: page === 1 ? 'malee' : 'somchai',
        limitCount: 3,
        block: page === 1 ? player.block : null,
        lastChangeAt: '2026-11-26T04:00:00.000Z',
      },
    ],
    page,
    pageSize: 20,
    total,
    blockedNow: 1,
    withLimits: 25,
  };
}

async function renderRg(
  role: 'owner' | 'support' | 'finance',
  routes: Parameters<typeof createOperatorTestServer>[0],
  { path = '/operator/responsible-gaming', language = 'EN' } = {},
) {
  const session = buildOperatorSession(role);
  storeOperatorSession(session.token, session.operator);
  const server = createOperatorTestServer({
    'GET /ops/rg/settings': { value: { allowPermanentExclusion: false, shareExclusions: false } },
    'GET /ops/rg/report': (request) => ({
      value: reportOf(Number(request.url.searchParams.get('page') ?? '1'), 45),
    }),
    ...routes,
  });
  await renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <OperatorConsole api={server.api} />
    </MemoryRouter>,
    { language },
  );
  return server.requests;
}

describe('the responsible-gaming section', () => {
  it('looks a player up: limits with the pending increase and when it applies, exclusions with their ends, history; nothing to lift', async () => {
    const requests = await renderRg('owner', { 'GET /ops/rg/player': { value: player } });
    fireEvent.change(await screen.findByLabelText('Player account', {}, slow), {
      target: { value: ' malee ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const record = await screen.findByRole('region', { name: 'malee' }, slow);
    expect(requests.find((r) => r.url.pathname === '/ops/rg/player')?.url.searchParams.get('username')).toBe(
      'malee',
    );
    expect(within(record).getByRole('status').textContent).toMatch(
      /^Self-exclusion until .+ It applies on every merchant/,
    );

    const limits = within(record).getByRole('table', { name: 'Limits' });
    const deposit = within(limits).getByText('Deposit limit per 24 hours').closest('tr')!;
    expect(within(deposit).getByText('500.00')).toBeTruthy();
    expect(within(deposit).getByText('900.00')).toBeTruthy();
    // When the increase takes effect; the loss limit has no change waiting.
    const effective = new Date('2026-11-27T04:00:00.000Z').toLocaleString('en', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    expect(within(deposit).getAllByRole('cell').at(-1)?.textContent).toBe(effective);
    const loss = within(limits).getByText('Loss limit per 7 days').closest('tr')!;
    expect(within(loss).getAllByRole('cell').at(-1)?.textContent).toBe('—');
    const session = within(limits).getByText('Session time limit').closest('tr')!;
    expect(within(session).getByText('60 minutes')).toBeTruthy();
    expect(within(session).getByText('Removal')).toBeTruthy();
    expect(within(record).getByText('Every 30 minutes')).toBeTruthy();

    const blocks = within(record).getByRole('table', { name: 'Breaks and self-exclusions' });
    expect(within(blocks).getAllByRole('row')).toHaveLength(3);
    expect(within(blocks).getByText('All merchants')).toBeTruthy();
    const history = within(record).getByRole('table', { name: 'History of changes' });
    expect(within(history).getByText('Increase or removal requested (24-hour cooling-off)')).toBeTruthy();
    // Read-only: no button in the record changes anything.
    expect(within(record).queryAllByRole('button')).toHaveLength(0);
    expect(within(record).getByRole('link', { name: "Open the player's profile" }).getAttribute('href')).toBe(
      '/operator/players/42',
    );
  });

  it('shows the report with its counts, pages on the server, and opens a player from it', async () => {
    const requests = await renderRg('owner', { 'GET /ops/rg/player': { value: player } });
    const table = await screen.findByRole(
      'table',
      { name: 'Players with limits, breaks or exclusions' },
      slow,
    );
    expect(screen.getByText('With limits').nextSibling?.textContent).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await within(table).findByText('somchai');
    const reports = requests.filter((request) => request.url.pathname === '/ops/rg/report');
    expect(reports.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(reports.at(-1)?.url.searchParams.get('pageSize')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: /previous/i }));
    fireEvent.click(await within(table).findByRole('button', { name: 'malee' }));
    await screen.findByRole('region', { name: 'malee' });
  });

  it('lets the owner turn on shared exclusions after a confirmation', async () => {
    const requests = await renderRg('owner', {
      'PUT /ops/rg/settings': (request) => ({ value: request.body }),
    });
    const shared = await screen.findByRole(
      'checkbox',
      { name: 'Breaks and exclusions apply on every merchant' },
      slow,
    );
    fireEvent.click(shared);
    const dialog = await screen.findByRole('dialog', {
      name: 'Share breaks and exclusions across merchants?',
    });
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('checkbox', {
      name: 'Breaks and exclusions apply on every merchant',
      checked: true,
    });
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      allowPermanentExclusion: false,
      shareExclusions: true,
    });
  });

  it('shows support the switches without letting it change them, and says in Thai when no player matches', async () => {
    await renderRg(
      'support',
      { 'GET /ops/rg/player': { status: 404, code: 'not_found' } },
      { path: '/operator/responsible-gaming?player=nobody', language: 'TY' },
    );
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('ไม่พบผู้เล่นที่มีชื่อบัญชี nobody');
    const permanent = screen.getByRole('checkbox', { name: 'ผู้เล่นระงับตนเองแบบถาวรได้' });
    expect((permanent as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('เฉพาะเจ้าของเท่านั้นที่เปลี่ยนการตั้งค่าเหล่านี้ได้')).toBeTruthy();
  });

  it('is not in the menu of a role that may not read it', async () => {
    await renderRg('finance', { 'GET /ops/payments/deposits': { value: pageOf([]) } });
    const nav = await screen.findByRole('navigation', { name: 'Console sections' }, slow);
    expect(within(nav).queryByRole('link', { name: 'Responsible gaming' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeTruthy();
  });
});
