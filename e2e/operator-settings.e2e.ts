import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { openPage, sql, useBrowser } from './browser';

useBrowser();

/** An owner of the demo merchant with an enrolled authenticator, added through the database. */
async function createOwner(): Promise<{ username: string; password: string; secret: string }> {
  const username = `owner${randomBytes(3).toString('hex')}`;
  const password = 'Owner12345';
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

/** Puts the demo merchant's referral promotion back on (the referral suite relies on it). */
async function referralBackOn(): Promise<void> {
  await sql(
    `update merchants set modules = jsonb_set(modules, '{referralPromotion}', 'true') where code = 'demo'`,
  );
}

describe('white-label settings in the operator console', () => {
  it('an owner switches the referral module off and the player side hides its menu entry', async () => {
    const owner = await createOwner();
    const player = await openPage();
    await player.page.goto('/');
    const invite = player.page.getByRole('link', { name: 'Invite friends' });
    await invite.waitFor();

    try {
      const staff = await openPage();
      const { page } = staff;
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
        .getByRole('link', { name: 'Settings' })
        .click();
      const referral = page.getByRole('checkbox', { name: 'Referral promotion (invite friends)' });
      await referral.waitFor();
      expect(await referral.isChecked()).toBe(true);
      await referral.uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see the change on their next page load.').waitFor();
      const savedAt = Date.now();

      // The player's next page load is served the new settings: no cache to wait out.
      await player.page.reload();
      await player.page.getByRole('navigation', { name: 'Categories' }).waitFor();
      await expect.poll(() => invite.count(), { timeout: 1000 }).toBe(0);
      expect(Date.now() - savedAt).toBeLessThan(5000);

      // Switched back on in the console, the entry returns.
      await referral.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => referral.isChecked()).toBe(true);
      await player.page.goto('/');
      await invite.waitFor();
      expect(staff.errors).toEqual([]);
    } finally {
      await referralBackOn();
    }
  });
});
