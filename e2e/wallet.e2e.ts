import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';

useBrowser();

/**
 * Puts money in player1's main wallet as a deposit would: one balanced ledger transfer from the deposit
 * clearing account, written with its balance changes in one statement (this suite tests the transfer
 * wallet, not the deposit flow).
 */
async function depositForPlayer1(amountMinor: number): Promise<void> {
  // The accounts first: rows created inside one statement are not visible to its own UPDATE.
  const { rows } = await sql(
    `select ledger_account_id(merchant_id, 'THB', 'deposit_clearing', null, '', (id % 16)::smallint) as debit,
            ledger_account_id(merchant_id, 'THB', 'player_main', id, '', 0::smallint) as credit,
            merchant_id
     from members where username_key = 'player1'`,
  );
  const {
    debit,
    credit,
    merchant_id: merchantId,
  } = rows[0] as { debit: string; credit: string; merchant_id: number };
  await sql(
    `with moved as (
       insert into ledger_transfers (merchant_id, currency, debit_account_id, credit_account_id, amount_minor,
         kind, idempotency_key, request_hash)
       values ($1, 'THB', $2, $3, $4, 'deposit', 'e2e-wallet-deposit', 'e2e')
       returning id)
     update ledger_accounts set balance_minor = balance_minor
       + case when id = $3::bigint then $4::bigint else -$4::bigint end
     where id in ($2::bigint, $3::bigint) and exists (select 1 from moved)`,
    [merchantId, debit, credit, amountMinor],
  );
}

describe('transfer wallet in the browser', () => {
  it('moves player1 money to the simulator vendor and back, with the header balance following', async () => {
    await depositForPlayer1(50_000);
    const { page, errors } = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel(/^Username/).fill('player1');
    await dialog.getByLabel(/^Password/).fill('Demo1234');
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
