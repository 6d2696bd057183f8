import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageStorageKey } from '../../../i18n';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { FakeTable } from '../../../test/fake-server';
import {
  buildPointsBalance,
  buildPointsConfig,
  buildPointsRecord,
  buildPointsRedeem,
  pageOfItems,
} from '../../../test/points-fixtures';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };

function replies(overrides: FakeTable = {}): FakeTable {
  return {
    '/wps/member/info': { value: buildMemberInfo() },
    '/wps/relay/points_balance': { value: buildPointsBalance() },
    '/wps/relay/points_config': { value: buildPointsConfig() },
    ...overrides,
  };
}

const history = pageOfItems([
  buildPointsRedeem(),
  buildPointsRedeem({
    reference: '9000',
    status: 'approved',
    remark: 'Paid',
    decidedAt: '2026-03-01T09:00:00.000Z',
  }),
  buildPointsRedeem({
    reference: '8999',
    itemName: 'Team jersey',
    itemKind: 'physical',
    units: 1,
    pointsRequirement: '800',
    amountRequirement: null,
    paymentAccount: null,
    receivingAddress: '12 Sukhumvit Rd',
    phone: '+66 81 234 5678',
    status: 'rejected',
    remark: 'Out of stock',
    decidedAt: '2026-03-01T10:00:00.000Z',
  }),
]);

afterEach(() => vi.restoreAllMocks());

describe('points mall: history, details, rules, current points', () => {
  it('shows the redeem history with every field and each status in words, in English and Thai', async () => {
    storeTestSession();
    const { unmount } = await renderApp('/pointMall?view=history', {
      replies: replies({ '/wps/relay/points_redeemHistory': { value: history } }),
    });
    const table = await screen.findByRole('table', { name: 'Redeem history' }, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const headers = within(rows[0]!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Transaction reference',
      'Apply time',
      'Name',
      'Quantity',
      'Points requirement',
      'Amount requirement',
      'Payment account',
      'Receiving address and phone',
      'Status',
      'Time',
      'Remark',
    ]);
    expect(within(rows[1]!).getByText('In Process')).toBeTruthy();
    expect(within(rows[1]!).getByText('฿20.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('Main wallet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Approved')).toBeTruthy();
    expect(within(rows[3]!).getByText('Rejected')).toBeTruthy();
    expect(within(rows[3]!).getByText('12 Sukhumvit Rd · +66 81 234 5678')).toBeTruthy();
    expect(within(rows[3]!).getByText('Out of stock')).toBeTruthy();
    unmount();

    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/pointMall?view=history', {
      language: 'TY',
      replies: replies({ '/wps/relay/points_redeemHistory': { value: history } }),
    });
    const thai = await screen.findByRole('table', { name: 'ประวัติการแลก' }, slow);
    expect(within(thai).getByText('กำลังดำเนินการ')).toBeTruthy();
    expect(within(thai).getByText('อนุมัติแล้ว')).toBeTruthy();
    expect(within(thai).getByText('ถูกปฏิเสธ')).toBeTruthy();
  });

  it('filters the history by status', async () => {
    storeTestSession();
    const { server } = await renderApp('/pointMall?view=history', {
      replies: replies({ '/wps/relay/points_redeemHistory': { value: history } }),
    });
    await screen.findByRole('table', { name: 'Redeem history' }, slow);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.searchParams.get('status') === 'approved')).toBe(
        true,
      ),
    );
  });

  it('pages the points details and exports every record field as CSV', async () => {
    storeTestSession();
    const first = Array.from({ length: 20 }, (_, index) =>
      buildPointsRecord({ reference: String(6000 - index), changedPoints: '10', pointsBalance: '1250' }),
    );
    const { server } = await renderApp('/pointMall?view=details', {
      replies: replies({
        '/wps/relay/points_records': (request) => {
          const page = Number(request.url.searchParams.get('page'));
          const size = Number(request.url.searchParams.get('pageSize'));
          if (size === 50) {
            return {
              value: pageOfItems(
                [
                  buildPointsRecord({
                    reference: '7',
                    type: 'redeem',
                    changedPoints: '-200',
                    remark: 'Cash, ฿20',
                  }),
                  buildPointsRecord({ reference: '6', type: 'deposit' }),
                ],
                1,
                50,
                2,
              ),
            };
          }
          return page === 2
            ? {
                value: pageOfItems(
                  [buildPointsRecord({ reference: '1', type: 'rollback', changedPoints: '-5' })],
                  2,
                  20,
                  21,
                ),
              }
            : { value: pageOfItems(first, 1, 20, 21) };
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Points details' }, slow);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(
      within(within(table).getAllByRole('row')[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Transaction reference', 'Type', 'Time', 'Changed points', 'Points balance', 'Remark']);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const rolledBack = await within(table).findByText('-5', {}, slow);
    expect(rolledBack.closest('tr')?.textContent).toContain('Bet rolled back');
    expect(server.requests.some((request) => request.url.searchParams.get('page') === '2')).toBe(true);

    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:points';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    const text = await (saved as unknown as Blob).text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Transaction reference,Type,Time,Changed points,Points balance,Remark',
      '7,Redeem,2026-03-01T08:00:00.000Z,-200,1250,"Cash, ฿20"',
      '6,Deposit,2026-03-01T08:00:00.000Z,12.50,1250,',
      '',
    ]);
  });

  it('shows the rules: each rate in words, the convert ratio, the VIP tiers', async () => {
    storeTestSession();
    await renderApp('/pointMall?view=rules', {
      replies: replies({
        '/wps/relay/points_config': { value: buildPointsConfig({ convertEnabled: true }) },
      }),
    });
    const earning = await screen.findByRole('table', { name: 'How you earn points' }, slow);
    const row = (name: string) =>
      within(earning).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(row('Live casino')).toBe('1 point per ฿100.00 of valid bets');
    expect(row('Lottery')).toBe('2 points per ฿100.00 of valid bets');
    expect(row('Poker')).toBe('No points');
    expect(row('Sports')).toBe('5 points per ฿1,000.00 of valid bets');
    expect(row('Deposit')).toBe('1 point per ฿10.00 deposited');
    expect(screen.getByText('100 points convert into ฿1.00 of balance.')).toBeTruthy();
    const tiers = screen.getByRole('table', { name: 'VIP levels' });
    expect(within(tiers).getAllByRole('row')).toHaveLength(4);
    expect(within(tiers).getByText('฿10,000.00')).toBeTruthy();
    expect(within(tiers).getByText('฿500.00')).toBeTruthy();
  });

  it('shows current points, the VIP level and the next tier, and converts with the withdraw password', async () => {
    storeTestSession();
    const { server } = await renderApp('/pointMall', {
      replies: replies({
        '/wps/relay/points_balance': { value: buildPointsBalance({ held: '200', owed: '0' }) },
        '/wps/relay/points_config': { value: buildPointsConfig({ convertEnabled: true }) },
        '/wps/relay/points_convert': {
          value: { reference: '77', points: '500', amount: '5.00', pointsBalance: '750', replayed: false },
        },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Your points' }, slow);
    expect(within(card).getByText('Points available').nextElementSibling?.textContent).toBe('1,250');
    expect(within(card).getByText('Held by redeems in process').nextElementSibling?.textContent).toBe('200');
    expect(within(card).queryByText('Owed by rolled-back bets')).toBeNull();
    expect(within(card).getByText('VIP level').nextElementSibling?.textContent).toBe('VIP 2 · Gold');
    await within(card).findByText('Next level: Platinum, at ฿100,000.00 of valid bets in total.', {}, slow);

    const convert = await screen.findByRole('region', { name: 'Convert points to balance' }, slow);
    fireEvent.change(within(convert).getByLabelText(/^Points to convert/), { target: { value: '500' } });
    expect(within(convert).getByText('You receive ฿5.00')).toBeTruthy();
    fireEvent.click(within(convert).getByRole('button', { name: 'Convert' }));
    expect(within(convert).getByText('Enter your six-digit withdraw password.')).toBeTruthy();
    fireEvent.change(within(convert).getByLabelText(/^Withdraw password/), { target: { value: '135790' } });
    fireEvent.click(within(convert).getByRole('button', { name: 'Convert' }));
    await within(convert).findByText('Converted 500 points into ฿5.00. Points left: 750.', {}, slow);
    const sent = server.requests.find((request) => request.url.pathname === '/wps/relay/points_convert');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ points: '500', paymentPassword: '135790' });
  });

  it('shows the points and VIP level in the header and the member centre', async () => {
    storeTestSession();
    await renderApp('/member', { replies: replies() });
    const name = 'VIP 2 · Gold Points: 1,250';
    await waitFor(() => expect(screen.getAllByRole('link', { name })).toHaveLength(2), slow);
    const links = screen.getAllByRole('link', { name });
    for (const link of links) expect(link.getAttribute('href')).toBe('/pointMall');
  });

  it('says a failed balance read in words, with a retry', async () => {
    storeTestSession();
    await renderApp('/pointMall', {
      replies: replies({ '/wps/relay/points_balance': failure(500, 'internal_error') }),
    });
    expect(await screen.findByRole('button', { name: /Retry|Try again/ }, slow)).toBeTruthy();
  });
});
