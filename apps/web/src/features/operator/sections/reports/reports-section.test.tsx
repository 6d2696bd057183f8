import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GamesReport, OpsRevenueReport } from '@portal/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-app';
import { OperatorApiProvider } from '../../api/operator-api-context';
import { storeOperatorSession } from '../../api/operator-session';
import { buildOperatorSession, createOperatorTestServer } from '../../operator-test-server';
import ReportsSection from './reports-section';

const slow = { timeout: 5000 };

const period = { from: '2031-03-10', to: '2031-03-11', timeZone: 'UTC+7', days: 2, caughtUpAt: null };

function revenueReport(): OpsRevenueReport {
  const rows = [
    {
      day: '2031-03-10',
      betCount: 4,
      bets: '150.00',
      wins: '250.00',
      ggr: '-100.00',
      bonuses: '20.00',
      adjustments: '0.00',
      ngr: '-120.00',
    },
    {
      day: '2031-03-11',
      betCount: 2,
      bets: '1055.00',
      wins: '20.00',
      ggr: '1035.00',
      bonuses: '0.00',
      adjustments: '15.00',
      ngr: '1020.00',
    },
  ];
  return {
    period,
    rows: { items: rows, page: 1, pageSize: 31, total: 2 },
    totals: {
      betCount: 6,
      bets: '1205.00',
      wins: '270.00',
      ggr: '935.00',
      bonuses: '20.00',
      adjustments: '15.00',
      ngr: '900.00',
    },
    chart: rows,
  };
}

const emptyGames: GamesReport = {
  period,
  rows: { items: [], page: 1, pageSize: 31, total: 0 },
  totals: { betCount: 0, bets: '0.00', wins: '0.00', ggr: '0.00' },
  chart: [],
};

async function renderReports(
  path: string,
  rest: string,
  routes: Parameters<typeof createOperatorTestServer>[0],
  language = 'EN',
) {
  const session = buildOperatorSession('finance');
  storeOperatorSession(session.token, session.operator);
  const server = createOperatorTestServer(routes);
  await renderWithProviders(
    <OperatorApiProvider api={server.api}>
      <MemoryRouter initialEntries={[path]}>
        <ReportsSection account={session.operator} rest={rest} />
      </MemoryRouter>
    </OperatorApiProvider>,
    { language },
  );
  return server.requests;
}

const reportCalls = (requests: { url: URL }[], path: string) =>
  requests.filter((request) => request.url.pathname === path).map((request) => request.url.searchParams);

describe('the reports section', () => {
  it('shows GGR and NGR by day with totals, today first, then the period picked', async () => {
    const requests = await renderReports('/operator/reports', '', {
      'GET /ops/reports/revenue': { value: revenueReport() },
    });
    const table = await screen.findByRole('table', { name: 'GGR and NGR by day' }, slow);
    const rows = within(table).getAllByRole('row');
    // Header, two days, totals.
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByText('1,035.00')).toBeTruthy();
    expect(within(rows[3]!).getByText('Total')).toBeTruthy();
    expect(within(rows[3]!).getByText('900.00')).toBeTruthy();
    expect(reportCalls(requests, '/ops/reports/revenue')[0]?.get('preset')).toBe('today');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last7' } });
    await waitFor(() =>
      expect(reportCalls(requests, '/ops/reports/revenue').at(-1)?.get('preset')).toBe('last7'),
    );
    expect(screen.getByRole('figure', { name: /GGR and NGR by day: chart/ })).toBeTruthy();
    expect(screen.getByText('GGR', { selector: '.ops-reports__legend li' })).toBeTruthy();
  });

  it('sorts on the server when a column header is pressed', async () => {
    const requests = await renderReports('/operator/reports', '', {
      'GET /ops/reports/revenue': { value: revenueReport() },
    });
    await screen.findByRole('table', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /^NGR/ }));
    await waitFor(() => {
      const last = reportCalls(requests, '/ops/reports/revenue').at(-1);
      expect(last?.get('sort')).toBe('ngr');
      expect(last?.get('order')).toBe('asc');
    });
    fireEvent.click(screen.getByRole('button', { name: /^NGR/ }));
    await waitFor(() =>
      expect(reportCalls(requests, '/ops/reports/revenue').at(-1)?.get('order')).toBe('desc'),
    );
  });

  it('checks a custom range before asking: not reversed, at most 92 days', async () => {
    const requests = await renderReports('/operator/reports/payments', 'payments', {
      'GET /ops/reports/payments': {
        value: {
          period,
          rows: { items: [], page: 1, pageSize: 31, total: 0 },
          totals: { depositCount: 0, deposits: '0.00', withdrawalCount: 0, withdrawals: '0.00', net: '0.00' },
          chart: [],
        },
      },
    });
    await screen.findByText('Nothing in this period', {}, slow);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A report covers at most 92 days.');
    const before = reportCalls(requests, '/ops/reports/payments').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      const last = reportCalls(requests, '/ops/reports/payments').at(-1);
      expect(last?.get('from')).toBe('2031-01-01');
      expect(last?.get('to')).toBe('2031-01-31');
    });
    expect(reportCalls(requests, '/ops/reports/payments').length).toBeGreaterThan(before);
  });

  it('says when a period has nothing, in Thai too, and groups games by type on request', async () => {
    const requests = await renderReports(
      '/operator/reports/games',
      'games',
      { 'GET /ops/reports/games': { value: emptyGames } },
      'TY',
    );
    await screen.findByText('ไม่มีรายการในช่วงนี้', {}, slow);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByLabelText('จัดกลุ่มตาม'), { target: { value: 'gameType' } });
    await waitFor(() =>
      expect(reportCalls(requests, '/ops/reports/games').at(-1)?.get('by')).toBe('gameType'),
    );
  });

  it('shows the error catalogue text when the server refuses', async () => {
    await renderReports('/operator/reports/players', 'players', {
      'GET /ops/reports/players': { status: 403, code: 'operator_role_forbidden' },
    });
    expect(await screen.findByRole('button', { name: /retry|again/i }, slow)).toBeTruthy();
  });
});
