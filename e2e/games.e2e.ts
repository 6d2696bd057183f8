import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { operatorToken } from './operators';
import { createPlayer } from './players';

useBrowser();

/**
 * Funds the logged-in player as a real deposit: the page asks for a manual bank deposit with its own
 * session, and the operator approves it through the operator API, so the money arrives through the ledger.
 */
async function fundPlayer(page: Page, amount: string): Promise<void> {
  const depositId = await page.evaluate(async (depositAmount) => {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${window.sessionStorage.getItem('token') ?? ''}`,
    };
    const channels = (await (await fetch('/wps/payments/channels', { headers })).json()) as {
      value: { id: number; type: string }[];
    };
    const manual = channels.value.find((channel) => channel.type === 'manual_bank');
    const created = await fetch('/wps/payments/deposits', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        channelId: manual?.id,
        amount: depositAmount,
        reference: 'E2E-GAMES',
        clientRequestId: `e2e-games-${Date.now()}`,
      }),
    });
    return ((await created.json()) as { value: { id: string } }).value.id;
  }, amount);
  const approved = await fetch(`${baseUrl()}/ops/payments/deposits/${depositId}/approve`, {
    method: 'POST',
    headers: { 'x-merchant-code': 'demo', authorization: `Bearer ${await operatorToken()}` },
  });
  expect(approved.ok).toBe(true);
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('games in the browser', () => {
  it('a player favourites a slot on /rng, plays the in-house slot in the popup, sees the balance move and verifies the round', async () => {
    const { page, errors } = await openPage();
    const player = await createPlayer('gam', 'Games1234');
    await logIn(page, player.username, 'Games1234');
    await fundPlayer(page, '500.00');
    const balance = page.locator('.header-account__balance output');
    await page.reload();
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('฿500.00');

    // /rng: favourite the first game; it shows at once and stays after a reload (the server kept it).
    // The favourite marks come from the member's favourites list; wait for it before pressing a star.
    await Promise.all([page.waitForResponse(/games_favorites/), page.goto('/rng')]);
    const firstGame = page.getByRole('list', { name: 'Games' }).getByRole('article').first();
    const gameName = (await firstGame.getAttribute('aria-label')) ?? '';
    await firstGame.getByRole('button', { name: `Add ${gameName} to favourites` }).click();
    await firstGame.getByRole('button', { name: `Remove ${gameName} from favourites` }).waitFor();
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Favourites' }).click();
    await page.getByRole('list', { name: 'Games' }).getByRole('article', { name: gameName }).waitFor();
    await page.goto('/favorite');
    await page.getByRole('article', { name: gameName }).waitFor();

    // The in-house slot opens in the game popup; a spin moves the header balance.
    const sandboxWarnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('sandbox')) sandboxWarnings.push(message.text());
    });
    await page.goto('/bgs');
    await page.getByRole('button', { name: 'Play BGS Fortune Reels' }).click();
    const popup = page.getByRole('dialog', { name: 'BGS Fortune Reels' });
    await popup.waitFor();
    const game = page.frameLocator('iframe[title="Game: BGS Fortune Reels"]');
    // One name per game: the tile's is the game's heading (issue 18 item 2).
    await game.getByRole('heading', { name: 'BGS Fortune Reels' }).waitFor();
    // The portal's own game frame has no self-defeating sandbox, so Chromium has nothing to warn about.
    expect(sandboxWarnings).toEqual([]);
    // A spin can win back exactly its bet; spin until the balance differs (at most 5 spins).
    const spin = game.getByRole('button', { name: 'Spin' });
    for (let spins = 0; spins < 5 && (await balance.textContent()) === '฿500.00'; spins += 1) {
      await spin.click();
      await spin.waitFor();
      await expect
        .poll(() => game.getByRole('button', { name: 'Spin' }).isEnabled(), { timeout: 15_000 })
        .toBe(true);
      await page.waitForTimeout(1500);
    }
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).not.toBe('฿500.00');

    // Verify: reveal the seed by rotating it, then recompute the round in the browser.
    await game.getByRole('button', { name: 'Fairness' }).click();
    await game.getByRole('button', { name: /Rotate seed/ }).click();
    await game.getByRole('link', { name: 'Verify' }).first().click();
    await game.getByText("The server's recorded outcome is the same.").waitFor({ timeout: 15_000 });
    await game.getByText('It matches the hash shown before play.').waitFor();

    // Closing the popup re-reads the balance and leaves the page where it was.
    const shown = await balance.textContent();
    await popup.getByRole('button', { name: 'Close the game' }).click();
    await popup.waitFor({ state: 'detached' });
    expect(await balance.textContent()).toBe(shown);
    await page.goto('/recent');
    await page.getByRole('article', { name: 'BGS Fortune Reels' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a visitor pressing play gets the login popup', async () => {
    const { page } = await openPage();
    await page.goto('/bgs');
    await page.getByRole('button', { name: 'Play BGS Fortune Reels' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'BGS Fortune Reels' }).count()).toBe(0);
  });

  it('a free-play trial account gets in_need_true_account', async () => {
    const { page } = await openPage();
    await page.goto('/login');
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Try for free' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'detached' });
    await page.goto('/bgs');
    await page.getByRole('button', { name: 'Play BGS Fortune Reels' }).click();
    await page.getByText('A real account is needed for this. Trial accounts cannot use it.').waitFor();
    expect(await page.getByRole('dialog', { name: 'BGS Fortune Reels' }).count()).toBe(0);
  });
});
