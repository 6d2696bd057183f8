import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

const password = 'Simgames1234';

/** A funded player of its own (other suites keep player1's balance to themselves). */
async function fundedPlayer(amountMinor: number): Promise<string> {
  const { username, memberId } = await createPlayer('sim', password);
  await depositFor(memberId, amountMinor, `e2e-sim-deposit-${memberId}`);
  return username;
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  // A new account's first login greets it in a dialog; close it so nothing lies over the game frame.
  const welcome = page.getByRole('dialog', { name: 'Welcome!' });
  if (await welcome.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await welcome.getByRole('button', { name: 'OK' }).click();
    await welcome.waitFor({ state: 'hidden' });
  }
}

/** Calls the portal with the page's own session (what the web app's client does). */
async function portalCall(page: Page, method: string, path: string, body?: object): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${window.sessionStorage.getItem('token') ?? ''}`,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return ((await response.json()) as { value: unknown }).value;
    },
    { method, path, body },
  );
}

describe('an outside vendor game in the browser', () => {
  it('launches DS88 from the portal into a frame, plays signed rounds and moves the portal balance', async () => {
    const username = await fundedPlayer(50_000);
    const { page, errors } = await openPage();
    await logIn(page, username);
    const launched = (await portalCall(page, 'POST', '/wps/game/launchGame', { vassalage: 'DS88' })) as {
      url: string;
    };
    expect(launched.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/games\/DS88\/launch\?token=/);

    // As the game popup does: the simulator's page in a frame of the portal (CSP frame-src allows it).
    await page.evaluate((url) => {
      const frame = document.createElement('iframe');
      frame.id = 'game-frame';
      frame.title = 'Game';
      frame.src = url;
      frame.width = '480';
      frame.height = '640';
      // Over the layout, as the popup is (CSSOM styles are allowed by the portal's CSP).
      Object.assign(frame.style, { position: 'fixed', top: '0', right: '0', zIndex: '10000' });
      document.body.append(frame);
    }, launched.url);
    const game = page.frameLocator('#game-frame');
    await expect.poll(() => game.locator('#balance').textContent()).toBe('500.00');
    await game.getByRole('button', { name: /^Meron/ }).click();
    await game.getByLabel('Stake').fill('20.00');
    for (let round = 0; round < 3; round += 1) {
      await game.getByRole('button', { name: 'Place bet' }).click();
      await expect.poll(() => game.locator('#history li').count()).toBe(round + 1);
    }
    const shown = await game.locator('#balance').textContent();
    const wallet = (await portalCall(page, 'GET', '/wps/v2/wallets/balance')) as { balance: string };
    expect(wallet.balance).toBe(shown);
    expect(Number(shown)).not.toBe(500);
    const { rows } = await sql(
      `select count(*)::int as rounds from game_rounds r join members m on m.id = r.member_id
       where m.username = $1 and r.vendor_code = 'DS88' and r.status = 'closed'`,
      [username],
    );
    expect(rows[0]).toEqual({ rounds: 3 });
    expect(errors).toEqual([]);
  });
});
