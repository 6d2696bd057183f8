#!/usr/bin/env node
/**
 * Screenshots of the player side for a visual review: home, a game list (/rng), the member centre
 * (/member as player1) and a game popup (BGS Dice) at 1440, 1024 and 390 px, in the light and the dark
 * theme, against a running server (the demo seed: player1 / Demo1234).
 *
 *   node scripts/screenshots.mjs [baseUrl=http://127.0.0.1:8080] [outDir=screens]
 *
 * Uses playwright-core with the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Files are
 * named <page>-<width>-<theme>.png; console errors seen on the way are listed at the end.
 */
/* global window, document */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
const outDir = resolve(process.argv[3] ?? 'screens');
const widths = [1440, 1024, 390];
const themes = ['light', 'dark'];
const player = { username: 'player1', password: 'Demo1234' };

/** Logs in through the login dialog, closing the first-login greeting when it shows. */
async function logIn(page) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(player.username);
  await dialog.getByLabel(/^Password/).fill(player.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const welcome = page.getByRole('dialog', { name: 'Welcome!' });
  if (await welcome.isVisible({ timeout: 2_000 }).catch(() => false)) {
    await welcome.getByRole('button', { name: 'OK' }).click();
  }
}

/** Waits until the page's images have loaded and the page is quiet, so a picture shows what a visitor sees. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

const shots = [
  { name: 'home', member: false, open: async (page) => page.goto('/') },
  { name: 'rng', member: false, open: async (page) => page.goto('/rng') },
  { name: 'member', member: true, open: async (page) => page.goto('/member') },
  {
    name: 'popup',
    member: true,
    open: async (page) => {
      await page.goto('/bgs');
      await page.getByRole('button', { name: 'Play BGS Dice' }).click();
      await page.getByRole('dialog').last().waitFor();
      await page.waitForTimeout(1_500);
    },
  },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const errors = [];
try {
  for (const theme of themes) {
    for (const width of widths) {
      const height = width < 768 ? 844 : 900;
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height },
        deviceScaleFactor: 1,
        colorScheme: theme,
      });
      await context.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${theme} ${width}: ${message.text()}`);
      });
      for (const shot of shots.filter((entry) => !entry.member)) {
        await shot.open(page);
        await settle(page);
        await page.screenshot({ path: join(outDir, `${shot.name}-${width}-${theme}.png`) });
      }
      await logIn(page);
      for (const shot of shots.filter((entry) => entry.member)) {
        await shot.open(page);
        await settle(page);
        await page.screenshot({ path: join(outDir, `${shot.name}-${width}-${theme}.png`) });
      }
      await context.close();
      console.log(`${theme} ${width}: done`);
    }
  }
} finally {
  await browser.close();
}
if (errors.length > 0) console.log(`Console errors:\n${errors.join('\n')}`);
