import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

/** An owner of the demo merchant with an enrolled authenticator (staff sign in with a code), by SQL. */
async function createOwner(): Promise<{ username: string; password: string; secret: string }> {
  const username = `reports${randomBytes(3).toString('hex')}`;
  const password = 'Reports12345';
  const secret = new Secret({ size: 20 }).base32;
  await sql(
    `insert into operators (merchant_id, username, username_key, password_hash, role, totp_secret, totp_enabled)
     select id, $1, $1, $2, 'owner', $3, true from merchants where code = 'demo'`,
    [username, await hashPassword(password), secret],
  );
  return { username, password, secret };
}

function codeOf(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** A staff token of the owner, through the API. */
async function ownerToken(owner: { username: string; password: string; secret: string }): Promise<string> {
  const reply = await fetch(`${baseUrl()}/ops/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-code': 'demo' },
    body: JSON.stringify({ username: owner.username, password: owner.password, otp: codeOf(owner.secret) }),
  });
  const body = (await reply.json()) as { value: { token: string } | null; message: string };
  if (!body.value) throw new Error(`operator login failed: ${body.message}`);
  return body.value.token;
}

interface PaymentsReport {
  totals: { depositCount: number; deposits: string };
}

/** Today's deposits as the payments report gives them (the server's job rolls the ledger up every 5 s). */
async function depositsToday(token: string): Promise<PaymentsReport['totals']> {
  const reply = await fetch(`${baseUrl()}/ops/reports/payments?preset=today`, {
    headers: { 'x-merchant-code': 'demo', authorization: `Bearer ${token}` },
  });
  const body = (await reply.json()) as { success: boolean; value: PaymentsReport };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.totals;
}

describe('operator reports in the browser', () => {
  it('an owner opens the reports, picks the last 7 days, sees a chart and downloads the CSV', async () => {
    const owner = await createOwner();
    const token = await ownerToken(owner);
    const before = await depositsToday(token);
    const player = await createPlayer('rep', 'Reports1234');
    await depositFor(player.memberId, 123_400, `e2e-reports-${randomBytes(6).toString('hex')}`);
    await expect
      .poll(async () => (await depositsToday(token)).depositCount, { timeout: 20_000 })
      .toBe(before.depositCount + 1);

    const { page, errors } = await openPage();
    await page.goto('/operator');
    await page.getByRole('heading', { name: 'Staff login' }).waitFor();
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'My account uses an authenticator app' }).click();
    await page.getByLabel('Authenticator code').fill(codeOf(owner.secret));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.getByRole('heading', { name: 'GGR and NGR by day' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'Deposits and withdrawals' })
      .click();
    await page.getByLabel('Period', { exact: true }).selectOption('last7');
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('last7');

    const table = page.getByRole('table', { name: 'Deposits and withdrawals by day' });
    // Seven days and the totals under them.
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 7 + 1);
    await page.getByRole('figure', { name: /Deposits and withdrawals by day: chart/ }).waitFor();
    await page.locator('.ops-reports__canvas[data-drawn="true"] canvas').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('day,deposit count,deposits,withdrawal count,withdrawals,net');
    expect(lines).toHaveLength(1 + 7);
    expect(errors).toEqual([]);
  });
});
