import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { consoleLoginAs, createStaff } from './operators';

useBrowser();

/** The header's balance as a number of minor units ("฿1,234.50" -> 123450). */
function minorOf(text: string | null): number {
  return Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
}

describe('players and agents in the operator console', () => {
  it('finance asks for an adjustment above the threshold, the owner approves it, the player sees the money', async () => {
    const finance = await createStaff('finance');
    const owner = await createStaff('owner');

    // player1 logged in on the portal, its header balance showing.
    const player = await openPage();
    await player.page.goto('/login');
    const login = player.page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill('player1');
    await login.getByLabel(/^Password/).fill('Demo1234');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    const header = player.page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent(), { timeout: 15_000 }).toMatch(/\d/);
    const before = minorOf(await header.textContent());

    // Finance finds player1 and asks for 1,500.00 (above the default threshold of 1,000.00).
    const cashier = await openPage();
    await consoleLoginAs(cashier.page, finance);
    await cashier.page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Players and agents' })
      .click();
    await cashier.page.getByLabel('Search for').fill('player1');
    await cashier.page.getByRole('button', { name: 'Search' }).click();
    await cashier.page
      .getByRole('table', { name: 'Accounts found' })
      .getByRole('link', { name: 'player1', exact: true })
      .click();
    await cashier.page.getByTestId('player-main-balance').waitFor();
    await cashier.page.getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = cashier.page.getByRole('dialog', { name: 'Adjust the balance of player1' });
    await adjust.getByLabel(/^Amount/).fill('1500.00');
    await adjust.getByLabel(/^Reason/).fill('e2e tournament prize');
    await adjust.getByRole('button', { name: 'Adjust balance' }).click();
    await adjust.getByText("1500.00 waits for a second staff member's approval.").waitFor();
    await adjust.getByRole('button', { name: 'Done' }).click();

    // The requester cannot approve it.
    await cashier.page.goto('/operator/adjustments');
    const ownRow = cashier.page.getByRole('row').filter({ hasText: 'e2e tournament prize' });
    await ownRow.getByRole('button', { name: 'Approve' }).click();
    const ownDialog = cashier.page.getByRole('dialog', { name: 'Approve?' });
    await ownDialog.getByRole('button', { name: 'Approve' }).click();
    await ownDialog.getByText('Another staff member must decide your own adjustment request.').waitFor();

    // The owner approves it in the adjustments queue.
    const boss = await openPage();
    await consoleLoginAs(boss.page, owner);
    await boss.page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Balance adjustments' })
      .click();
    const row = boss.page.getByRole('row').filter({ hasText: 'e2e tournament prize' });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = boss.page.getByRole('dialog', { name: 'Approve?' });
    await dialog.getByText('Approve for player1, amount 1500.00?').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);

    // The player comes back to the portal's tab: the header re-reads the balance.
    await player.page.bringToFront();
    await player.page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await expect.poll(() => header.textContent().then(minorOf), { timeout: 15_000 }).toBe(before + 150_000);

    const { rows } = await sql(
      `select count(*)::int as transfers from ledger_transfers t
       join balance_adjustments a on t.idempotency_key = 'adjustment:' || a.id
       where a.reason = 'e2e tournament prize'`,
    );
    expect(rows[0]).toEqual({ transfers: 1 });
    // The refused self-approval is the one failed request the browser logs.
    const unexpected = cashier.errors.filter((error) => !error.includes('status of 403'));
    expect([...player.errors, ...unexpected, ...boss.errors]).toEqual([]);
  });
});
