import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { asOperator } from './operators';
import { createPlayer } from './players';

useBrowser();

/** This suite's own player (suites share one database; player1's balance is not ours to count). */
const loginPassword = 'Payments1234';

describe('payments in the browser', () => {
  it('a player deposits through the test gateway, withdraws, the operator pays out, the player confirms', async () => {
    const player = await createPlayer('pay', loginPassword);
    const { page, errors } = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel(/^Username/).fill(player.username);
    await dialog.getByLabel(/^Password/).fill(loginPassword);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const header = page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent()).toBe('฿0.00');

    // Deposit through the test gateway's own checkout page, then back in the member centre.
    await page.goto('/member?tab=depositv2');
    await page.getByRole('radio', { name: 'Online payment (test gateway)' }).check();
    await page.getByLabel('Amount').fill('300.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Test gateway checkout' }).waitFor();
    await page.getByText('300.00 THB').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment received.').waitFor();
    await expect.poll(() => header.textContent()).toBe('฿300.00');
    await page.getByRole('region', { name: 'My deposits' }).getByText('Approved').waitFor();

    // Withdrawals need a payment password and a bank account (security centre).
    await page.goto('/member?tab=securityCenter');
    const password = page.getByRole('region', { name: 'Payment password' });
    await password.getByLabel('Payment password', { exact: true }).fill('135790');
    await password.getByLabel('Repeat the payment password').fill('135790');
    await password.getByRole('button', { name: 'Set payment password' }).click();
    await password.getByText('Your payment password is set.').waitFor();
    const bank = page.getByRole('region', { name: 'Bank accounts' });
    await bank.getByLabel('Bank name').fill('Siam Commercial Bank');
    await bank.getByLabel('Account number').fill('5550001234');
    await bank.getByLabel('Account holder name').fill('Player One');
    await bank.getByLabel('Payment password').fill('135790');
    await bank.getByRole('button', { name: 'Add bank account' }).click();
    await bank.getByText('******1234 · Player One').waitFor();

    await page.goto('/member?tab=withdraw');
    await page.getByLabel('Amount').fill('300.00');
    await page.getByLabel('Payment password').fill('135790');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByText('Requested. Balance: 0.00.').waitFor();
    await expect.poll(() => header.textContent()).toBe('฿0.00');

    // The operator pays out through the operator API (what `npm run operator` does).
    const pending = (await asOperator('GET', '/ops/payments/withdrawals?status=pending')).value as {
      items: { id: string; username: string }[];
    };
    const mine = pending.items.find((item) => item.username === player.username);
    expect(mine).toBeTruthy();
    const approved = await asOperator('POST', `/ops/payments/withdrawals/${mine!.id}/approve`);
    expect(approved.success).toBe(true);

    await page.reload();
    const flow = page.getByRole('group', { name: 'Did the money arrive?' });
    await flow.getByRole('button', { name: 'Received', exact: true }).click();
    // Answered: the question goes away and the withdrawal shows as received.
    await expect.poll(() => flow.count()).toBe(0);
    await page.locator('.status-chip--received').waitFor();

    const { rows } = await sql(
      `select (select count(*) from (select 1 from ledger_accounts group by merchant_id, currency
         having sum(balance_minor) <> 0) s) as unbalanced,
       (select status from withdrawals where id = $1) as status`,
      [mine!.id],
    );
    expect(rows[0]).toEqual({ unbalanced: '0', status: 'received' });
    expect(errors).toEqual([]);
  });
});
