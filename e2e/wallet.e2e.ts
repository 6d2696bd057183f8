import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

/** This suite's own player (suites share one database; player1's balance is not ours to count). */
const password = 'Wallet1234';

describe('transfer wallet in the browser', () => {
  it("moves a player's money to the simulator vendor and back, with the header balance following", async () => {
    const player = await createPlayer('wal', password);
    await depositFor(player.memberId, 50_000, `e2e-wallet-${player.memberId}`);
    const { page, errors } = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel(/^Username/).fill(player.username);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await page.goto('/member?tab=transferFund');
    const wallets = page.getByRole('list', { name: 'Your wallets' });
    await wallets.getByText('Simulator Transfer').waitFor();
    const header = page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent()).toBe('฿500.00');

    await page.getByLabel('To', { exact: true }).selectOption({ label: 'Simulator Transfer' });
    await page.getByLabel('Amount (THB)').fill('200');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Transfer complete.').waitFor();
    await expect.poll(() => header.textContent()).toBe('฿300.00');
    await wallets.getByText('฿200.00').waitFor();

    await page.getByLabel('From', { exact: true }).selectOption({ label: 'Simulator Transfer' });
    await page.getByLabel('Amount (THB)').fill('150.50');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect.poll(() => header.textContent()).toBe('฿450.50');
    await page.getByRole('button', { name: 'All to main wallet' }).click();
    await expect.poll(() => header.textContent()).toBe('฿500.00');
    await page.getByText('Main wallet → SIM').waitFor();

    const { rows } = await sql(
      `select (select count(*) from (select 1 from ledger_accounts group by merchant_id, currency
         having sum(balance_minor) <> 0) s) as unbalanced,
       (select count(*) from vendor_transfers where state = 'pending') as pending`,
    );
    expect(rows[0]).toEqual({ unbalanced: '0', pending: '0' });
    expect(errors).toEqual([]);
  });
});
