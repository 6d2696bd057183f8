import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../../i18n';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import { buildBonus, buildBonusWallet } from '../../../test/reward-fixtures';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const emptyLedger = {
  value: { items: [], page: 1, pageSize: 20, total: 0, totalPages: 0, from: '2026-03-01', to: '2026-03-07' },
};

describe('bonus wallet (bonusDetails)', () => {
  it('shows the bonus balance, each bonus with its wagering progress, and what a withdrawal does', async () => {
    storeTestSession();
    await renderApp('/member?tab=bonusDetails', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': emptyLedger,
        '/wps/rewards/bonuses': {
          value: buildBonusWallet({
            balance: '100.00',
            withdrawal: 'refused',
            bonuses: [
              buildBonus(),
              buildBonus({
                id: '12',
                activityTitle: 'Daily sign-in',
                amount: '20.00',
                wageringRequired: '20.00',
                wageringDone: '20.00',
                status: 'released',
                settledAt: '2026-03-03T10:00:00.000Z',
              }),
              buildBonus({
                id: '13',
                activityTitle: 'Reload bonus',
                amount: '50.00',
                wageringRequired: '500.00',
                wageringDone: '75.00',
                status: 'forfeited',
                withdrawRule: 'forfeit',
                settledAt: '2026-03-04T10:00:00.000Z',
              }),
            ],
          }),
        },
      },
    });
    const wallet = await screen.findByRole('region', { name: 'Bonus wallet' }, slow);
    expect((await within(wallet).findByText('Bonus balance', {}, slow)).nextElementSibling?.textContent).toBe(
      '฿100.00',
    );
    expect(
      within(wallet).getByText('Withdrawals are refused until the wagering of your bonuses is met.'),
    ).toBeTruthy();
    // Bonus money locked until released (the default): nothing about spending it.
    expect(within(wallet).queryByTestId('bonus-spending-order')).toBeNull();

    const bars = within(wallet).getAllByRole('progressbar');
    expect(bars).toHaveLength(3);
    const welcome = within(wallet).getByRole('progressbar', { name: 'Wagering of Welcome bonus' });
    expect(welcome.getAttribute('aria-valuenow')).toBe('250');
    expect(welcome.getAttribute('aria-valuemin')).toBe('0');
    expect(welcome.getAttribute('aria-valuemax')).toBe('1000');
    expect(welcome.getAttribute('aria-valuetext')).toBe('฿250.00 of ฿1,000.00 wagered');

    const items = within(within(wallet).getByRole('list', { name: 'Bonuses' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Wagering')).toBeTruthy();
    expect(within(items[0]!).getByText('Bonus ฿100.00')).toBeTruthy();
    expect(within(items[0]!).getByText('Withdrawals are refused until the wagering is met')).toBeTruthy();
    expect(within(items[0]!).getByText(/^Issued Mar 2, 2026/)).toBeTruthy();
    expect(within(items[1]!).getByText('Released')).toBeTruthy();
    expect(within(items[1]!).getByText(/Released Mar 3, 2026/)).toBeTruthy();
    expect(within(items[2]!).getByText('Forfeited')).toBeTruthy();
    expect(within(items[2]!).getByText(/Forfeited Mar 4, 2026/)).toBeTruthy();

    // The ledger's bonus movements stay below the wallet on the same tab.
    expect(await screen.findByText('No bonuses in this period', {}, slow)).toBeTruthy();
  });

  it('names the amount a withdrawal would forfeit', async () => {
    storeTestSession();
    await renderApp('/member?tab=bonusDetails', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': emptyLedger,
        '/wps/rewards/bonuses': {
          value: buildBonusWallet({
            withdrawal: 'forfeits',
            forfeitAmount: '1250.00',
            bonuses: [buildBonus({ withdrawRule: 'forfeit', amount: '1250.00' })],
          }),
        },
      },
    });
    expect(await screen.findByText('A withdrawal now forfeits ฿1,250.00 of bonus.', {}, slow)).toBeTruthy();
  });

  it('says when there is no bonus yet', async () => {
    storeTestSession();
    await renderApp('/member?tab=bonusDetails', {
      replies: { '/wps/member/info': { value: buildMemberInfo() }, '/wps/relay/bonus_details': emptyLedger },
    });
    const wallet = await screen.findByRole('region', { name: 'Bonus wallet' }, slow);
    expect(await within(wallet).findByText('No bonuses yet', {}, slow)).toBeTruthy();
    expect(within(wallet).queryByRole('progressbar')).toBeNull();
    expect(within(wallet).getByText('Bonus balance').nextElementSibling?.textContent).toBe('฿0.00');
  });

  it('says in which order bets spend bonus money, when the merchant spends it', async () => {
    storeTestSession();
    await renderApp('/member?tab=bonusDetails', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': emptyLedger,
        '/wps/rewards/bonuses': { value: buildBonusWallet({ spendingOrder: 'bonus_first' }) },
      },
    });
    const wallet = await screen.findByRole('region', { name: 'Bonus wallet' }, slow);
    expect((await within(wallet).findByTestId('bonus-spending-order', {}, slow)).textContent).toBe(
      'Bets spend bonus money first, then your main wallet.',
    );
  });

  it('names the real-first order in Thai', async () => {
    storeTestSession();
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/member?tab=bonusDetails', {
      language: 'TY',
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/bonus_details': emptyLedger,
        '/wps/rewards/bonuses': { value: buildBonusWallet({ spendingOrder: 'real_first' }) },
      },
    });
    expect((await screen.findByTestId('bonus-spending-order', {}, slow)).textContent).toBe(
      'การเดิมพันใช้เงินในกระเป๋าหลักก่อน แล้วจึงใช้เงินโบนัส',
    );
  });
});
