import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStatementPage, buildStatementRow } from '../../../test/agent-fixtures';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

function statementReplies(queries: URLSearchParams[]) {
  return (request: RecordedRequest) => {
    queries.push(request.url.searchParams);
    const byDownline = request.url.searchParams.get('groupBy') === 'downline';
    return {
      value: buildStatementPage(
        byDownline
          ? [buildStatementRow('nok01', { memberId: 101, validBet: '120.00' })]
          : [buildStatementRow('2026-03-02', { validBet: '300.00', profitLoss: '45.50' })],
      ),
    };
  };
}

describe('profit and loss statement', () => {
  it('lists per day with a totals row, switches to per downline, and exports the same filters', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    let csvQuery: URLSearchParams | null = null;
    await renderApp('/agentHome?page=palStatementsAgentCopy', {
      replies: {
        ...memberInfo,
        '/wps/agent/statement': statementReplies(queries),
        '/wps/agent/statement.csv': (request: RecordedRequest) => {
          csvQuery = request.url.searchParams;
          return { file: 'key,validBet\r\n' };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Profit and loss statement, Per day' }, slow);
    expect(within(table).getByRole('columnheader', { name: 'Day' })).toBeTruthy();
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('฿300.00')).toBeTruthy();
    expect(within(row!).getByText('฿45.50').className).toBe('amount amount--in');
    const totals = within(table).getAllByRole('rowgroup').at(-1)!;
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getByText('฿9,999.00')).toBeTruthy();
    expect(within(totals).getByText('-฿321.00').className).toBe('amount amount--out');
    expect([queries[0]?.get('groupBy'), queries[0]?.get('page'), queries[0]?.get('pageSize')]).toEqual([
      'day',
      '1',
      '50',
    ]);

    const perDownline = screen.getByRole('button', { name: 'Per direct downline' });
    expect(perDownline.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(perDownline);
    const byDownline = await screen.findByRole('table', {
      name: 'Profit and loss statement, Per direct downline',
    });
    expect(within(byDownline).getByText('nok01')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Per direct downline' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvQuery).not.toBeNull());
    expect(Object.fromEntries(csvQuery!)).toEqual({ preset: 'last7', groupBy: 'downline' });
  });

  it('says so when the period has no activity', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=palStatementsAgentCopy&preset=yesterday', {
      replies: {
        ...memberInfo,
        '/wps/agent/statement': { value: buildStatementPage([]) },
      },
    });
    expect(await screen.findByText('No activity in this period', {}, slow)).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Period').value).toBe('yesterday');
  });
});
