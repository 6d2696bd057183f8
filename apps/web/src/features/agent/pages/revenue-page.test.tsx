import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRevenue } from '../../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

describe('revenue report', () => {
  it('lists game types and vendors with totals, and exports the same period', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    let csvQuery: URLSearchParams | null = null;
    await renderApp('/agentHome?page=agentRevenueReport', {
      replies: {
        ...memberInfo,
        '/wps/agent/revenue': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return { value: buildRevenue() };
        },
        '/wps/agent/revenue.csv': (request: RecordedRequest) => {
          csvQuery = request.url.searchParams;
          return { file: 'gameType\r\n' };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Revenue by game type and vendor' }, slow);
    const live = within(table).getByText('SIMLIVE').closest('tr')!;
    expect(within(live).getByText('Live casino')).toBeTruthy();
    expect(within(live).getByText('฿600.00')).toBeTruthy();
    const totals = within(table).getAllByRole('rowgroup').at(-1)!;
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getByText('42')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last30' } });
    await waitFor(() => expect(queries.at(-1)?.get('preset')).toBe('last30'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvQuery).not.toBeNull());
    expect(Object.fromEntries(csvQuery!)).toEqual({ preset: 'last30' });
  });

  it('shows the empty state, and a refused export next to its button', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentRevenueReport', {
      replies: {
        ...memberInfo,
        '/wps/agent/revenue': { value: buildRevenue({ rows: [] }) },
        '/wps/agent/revenue.csv': failure(403, 'not_agent'),
      },
    });
    expect(await screen.findByText('No bets in this period', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only agents can do this.');
  });
});
