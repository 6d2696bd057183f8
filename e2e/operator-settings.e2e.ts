import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { consoleLoginAs, createStaff } from './operators';

useBrowser();

/** Puts the demo merchant's referral promotion back on (the referral suite relies on it). */
async function referralBackOn(): Promise<void> {
  await sql(
    `update merchants set modules = jsonb_set(modules, '{referralPromotion}', 'true') where code = 'demo'`,
  );
}

describe('white-label settings in the operator console', () => {
  it('an owner switches the referral module off and the player side hides its menu entry', async () => {
    const owner = await createStaff('owner', 'Owner12345');
    const player = await openPage();
    await player.page.goto('/');
    // The side menu's entry: a promotion banner may carry the same words (the demo's side banner does).
    const invite = player.page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Invite friends' });
    await invite.waitFor();

    try {
      const staff = await openPage();
      const { page } = staff;
      await consoleLoginAs(page, owner);
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
      // The menu follows the settings the page loaded; on a busy machine that can take a few seconds.
      await expect.poll(() => invite.count(), { timeout: 4_000 }).toBe(0);
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
