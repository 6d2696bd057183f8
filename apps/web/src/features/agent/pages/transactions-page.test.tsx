import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildDownline,
  buildDownlinePage,
  buildTransaction,
  buildTransactionPage,
} from '../../../test/agent-fixtures';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

const movements = [
  buildTransaction({
    id: 't-1',
    memberId: 101,
    account: 'nok01',
    type: 'deposit',
    kind: 'deposit',
    amount: '500.00',
  }),
  buildTransaction({
    id: 't-2',
    memberId: 102,
    account: 'somchai',
    type: 'bet',
    kind: 'bet',
    amount: '-20.00',
    vendorCode: 'BGS',
  }),
];

describe('downline transactions', () => {
  it('lists the team movements, filters by type, downline (picked by account) and period, and pages', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    const searches: URLSearchParams[] = [];
    await renderApp('/agentHome?page=agentDownlineTransactionDetailsCopy', {
      replies: {
        ...memberInfo,
        '/wps/agent/transactions': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          const page = Number(request.url.searchParams.get('page'));
          return { value: buildTransactionPage(movements, { page, total: 45 }) };
        },
        '/wps/agent/downlines': (request: RecordedRequest) => {
          searches.push(request.url.searchParams);
          return {
            value: buildDownlinePage([buildDownline({ id: 102, account: 'somchai', nickname: 'Chai' })]),
          };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Team transactions' }, slow);
    const bet = within(table).getByText('somchai').closest('tr')!;
    expect(within(bet).getByText('-฿20.00').className).toBe('amount amount--out');
    expect(within(bet).getByText('BGS')).toBeTruthy();
    expect(within(table).getByText('฿500.00').className).toBe('amount amount--in');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'bet' } });
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('bet'));

    const finder = screen.getByRole('search', { name: 'Downline account or ID' });
    fireEvent.change(within(finder).getByLabelText(/^Downline account or ID/), { target: { value: 'som' } });
    fireEvent.click(within(finder).getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'somchai (Chai)' }));
    await waitFor(() => expect(queries.at(-1)?.get('memberId')).toBe('102'));
    expect(searches[0]?.get('account')).toBe('som');
    expect(queries.at(-1)?.get('type')).toBe('bet');
    expect(await screen.findByText('Showing somchai only')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'All downlines' }));
    await waitFor(() => expect(queries.at(-1)?.get('memberId')).toBeNull());
    fireEvent.change(within(finder).getByLabelText(/^Downline account or ID/), { target: { value: '101' } });
    fireEvent.click(within(finder).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(queries.at(-1)?.get('memberId')).toBe('101'));

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(queries.at(-1)?.get('memberId')).toBe('101');
  });

  it('exports the filters of the address as CSV and filters by a row account', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    let csvQuery: URLSearchParams | null = null;
    await renderApp('/agentHome?page=agentDownlineTransactionDetailsCopy&type=deposit&preset=today', {
      replies: {
        ...memberInfo,
        '/wps/agent/transactions': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return { value: buildTransactionPage(movements) };
        },
        '/wps/agent/transactions.csv': (request: RecordedRequest) => {
          csvQuery = request.url.searchParams;
          return { file: 'time,account\r\n' };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Team transactions' }, slow);
    fireEvent.click(within(table).getByRole('button', { name: 'Show only nok01' }));
    await waitFor(() => expect(queries.at(-1)?.get('memberId')).toBe('101'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvQuery).not.toBeNull());
    expect(Object.fromEntries(csvQuery!)).toEqual({ preset: 'today', memberId: '101', type: 'deposit' });
  });

  it('says so when nothing moved', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentDownlineTransactionDetailsCopy', {
      replies: { ...memberInfo, '/wps/agent/transactions': { value: buildTransactionPage([]) } },
    });
    expect(await screen.findByText('No transactions in this period', {}, slow)).toBeTruthy();
    expect(screen.getByText('0 results')).toBeTruthy();
  });
});
