import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { apiLogin, createPlayer, depositFor } from './players';

useBrowser();

const password = 'Reality1234';

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('reality check in the browser', () => {
  it('appears on time over the game popup with the elapsed time and net result, and continue goes back to the game', async () => {
    const { memberId, username } = await createPlayer('rgc', password);
    await depositFor(memberId, 50_000, `e2e-rg-deposit-${memberId}`);
    // The player chose a reality check every 15 minutes (through the API, as the page sends it).
    const { token } = await apiLogin(username, password);
    const set = await fetch(`${baseUrl()}/wps/rg/reality-check`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ minutes: 15 }),
    });
    expect(set.ok).toBe(true);

    const { page, errors } = await openPage();
    // The page's clock is Playwright's: time runs, and the test jumps it forward instead of waiting.
    await page.clock.install();
    await logIn(page, username);

    await page.goto('/bgs');
    await page.getByRole('button', { name: 'Play BGS Fortune Reels' }).click();
    const popup = page.getByRole('dialog', { name: 'BGS Fortune Reels' });
    await popup.waitFor();
    const reality = page.getByRole('dialog', { name: 'Reality check' });

    // 14 minutes on: not yet.
    await page.clock.fastForward('14:00');
    await page.waitForTimeout(500);
    expect(await reality.count()).toBe(0);

    // At 15 minutes the reality check opens over the game popup (the newer modal is on top).
    await page.clock.fastForward('01:05');
    await reality.waitFor({ timeout: 10_000 });
    await expect.poll(() => reality.getByText(/^0:1[56]:\d\d$/).count()).toBe(1);
    expect(await reality.getByText('Net result this session').count()).toBe(1);
    expect(await popup.isVisible()).toBe(true);
    const onTop = await page.evaluate(() => {
      const box = document.querySelector('dialog.rg-reality-check')?.getBoundingClientRect();
      if (!box) return false;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit?.closest('dialog.rg-reality-check') !== null;
    });
    expect(onTop).toBe(true);
    // Keyboard: the continue button has the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue playing');
    await page.keyboard.press('Enter');
    await reality.waitFor({ state: 'detached' });
    expect(await popup.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
