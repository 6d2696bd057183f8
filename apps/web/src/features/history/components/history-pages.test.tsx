import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const page = <Item,>(items: Item[], extra: Record<string, unknown> = {}) => ({
  value: {
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    totalPages: 1,
    from: '2026-03-01',
    to: '2026-03-07',
    ...extra,
  },
});
const movement = (id: string, type: string, amount: string, wallet = '') => ({
  id,
  time: '2026-03-05T10:00:00.000Z',
  type,
  amount,
  wallet,
});

describe('history pages', () => {
  it('lists movements with signed amounts, filters by type and date, and pages', async () => {
    storeTestSession();
    const queries: URLSearchParams[] = [];
    await renderApp('/member?tab=transactionHistory', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/wallet_history': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          const pageNumber = Number(request.url.searchParams.get('page'));
          return page(
            pageNumber === 2
              ? [movement('1', 'deposit', '1000.00')]
              : [movement('3', 'bet', '-100.00'), movement('2', 'vendor_transfer_in', '300.00', 'SIM')],
            { page: pageNumber, total: 3, totalPages: 2 },
          );
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'All movements' }, slow);
    expect(within(table).getByText('-฿100.00')).toBeTruthy();
    expect(within(table).getByText('To game wallet')).toBeTruthy();
    expect(within(table).getByText('SIM')).toBeTruthy();
    expect(queries[0]?.get('preset')).toBe('last7');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getByText('฿1,000.00')).toBeTruthy());
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'bet' } });
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() => {
      const last = queries.at(-1)!;
      expect([last.get('type'), last.get('from'), last.get('preset'), last.get('page')]).toEqual([
        'bet',
        '2026-02-01',
        null,
        '1',
      ]);
    });
  });

  it('moves the shown window back or forward by 7 or 30 days (the spec shortcuts)', async () => {
    storeTestSession();
    const queries: URLSearchParams[] = [];
    await renderApp('/member?tab=transactionHistory', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/wallet_history': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return page([movement('1', 'deposit', '10.00')]);
        },
      },
    });
    await screen.findByRole('table', { name: 'All movements' }, slow);
    fireEvent.click(screen.getByRole('button', { name: '‹ Last 7 days' }));
    await waitFor(() =>
      expect([queries.at(-1)?.get('from'), queries.at(-1)?.get('to')]).toEqual(['2026-02-22', '2026-02-28']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next 30 days ›' }));
    await waitFor(() =>
      expect([queries.at(-1)?.get('from'), queries.at(-1)?.get('to')]).toEqual(['2026-03-31', '2026-04-06']),
    );
  });

  it('shows account records on their own and an empty state for a quiet period', async () => {
    storeTestSession();
    await renderApp('/member?tab=transactionHistory', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/wallet_history': page([movement('1', 'bet', '-5.00')]),
        '/wps/relay/account_records': page([]),
      },
    });
    await screen.findByRole('table', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Deposits, withdrawals and transfers' }));
    expect(await screen.findByText('No records in this period')).toBeTruthy();
  });

  it('shows betting records and profit per vendor', async () => {
    storeTestSession();
    await renderApp('/member?tab=personalHistoryCopy', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bet_records': page([
          {
            vendorCode: 'BGS',
            vendorName: 'BGS Originals',
            gameCode: 'bgs-dice',
            gameName: 'BGS Dice',
            roundId: 'round-1',
            bet: '10.00',
            win: '25.00',
            refund: '0.00',
            profit: '15.00',
            betCount: 1,
            status: 'closed',
            startedAt: '2026-03-05T10:00:00.000Z',
          },
        ]),
        '/wps/relay/personal_profit': {
          value: {
            from: '2026-03-01',
            to: '2026-03-07',
            vendors: [
              { vendorCode: 'BGS', rounds: 3, bet: '30.00', win: '12.50', refund: '0.00', profit: '-17.50' },
            ],
            total: { rounds: 3, bet: '30.00', win: '12.50', refund: '0.00', profit: '-17.50' },
          },
        },
      },
    });
    const bets = await screen.findByRole('table', { name: 'Betting record' }, slow);
    // The catalogue's names, the ones the tiles show, with the codes on hover.
    expect(within(bets).getByText('BGS Dice').getAttribute('title')).toBe('bgs-dice');
    expect(within(bets).getByText('BGS Originals')).toBeTruthy();
    expect(within(bets).queryByText('bgs-dice')).toBeNull();
    expect(within(bets).getByText('Settled')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Profit and loss' }));
    const profit = await screen.findByRole('table', { name: 'Profit and loss' }, slow);
    expect(within(profit).getAllByText('-฿17.50')).toHaveLength(1);
    expect(screen.getByText('Total bets').nextElementSibling?.textContent).toBe('฿30.00');
  });

  it('shows the empty bonus state from the real call', async () => {
    storeTestSession();
    let asked = false;
    await renderApp('/member?tab=bonusDetails', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': () => {
          asked = true;
          return page([]);
        },
      },
    });
    expect(await screen.findByText('No bonuses in this period', {}, slow)).toBeTruthy();
    expect(asked).toBe(true);
  });

  it('names each bonus movement and the wallet it moved', async () => {
    storeTestSession();
    await renderApp('/member?tab=bonusDetails', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': page([
          { id: '7', time: '2026-11-25T03:00:00.000Z', type: 'bonus_release', amount: '500.00', wallet: '' },
          {
            id: '7',
            time: '2026-11-25T03:00:00.000Z',
            type: 'bonus_release',
            amount: '-500.00',
            wallet: 'BONUS',
          },
          { id: '5', time: '2026-11-25T02:00:00.000Z', type: 'bonus', amount: '500.00', wallet: 'BONUS' },
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Bonus details' }, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Bonus released', 'Main'],
      ['Bonus released', 'Bonus wallet'],
      ['Bonus', 'Bonus wallet'],
    ]);
  });
});
