import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { createPlayer } from './players';

useBrowser();

const password = 'Layout1234';

/** The header bar's layout as the browser drew it. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.site-header__bar');
    if (!(bar instanceof HTMLElement)) throw new Error('no header bar');
    const shown = Array.from(bar.children).filter(
      (child): child is HTMLElement =>
        child instanceof HTMLElement && child.getBoundingClientRect().width > 0,
    );
    const boxes = shown.map((child) => child.getBoundingClientRect());
    return {
      barHeight: bar.getBoundingClientRect().height,
      overflowsX: bar.scrollWidth > bar.clientWidth,
      rightmost: Math.max(...boxes.map((box) => box.right)),
      viewport: window.innerWidth,
      // One row: every shown child overlaps the first one vertically.
      oneRow: boxes.every((box) => box.top < (boxes[0]?.bottom ?? 0) && box.bottom > (boxes[0]?.top ?? 0)),
    };
  });
}

/** Each shown top-navigation label with whether the browser had to cut it. */
async function navLabels(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('.top-nav');
    if (!(nav instanceof HTMLElement)) throw new Error('no top navigation');
    const navBox = nav.getBoundingClientRect();
    return Array.from(nav.querySelectorAll<HTMLElement>('.top-nav__list .top-nav__link'))
      .filter((link) => getComputedStyle(link).visibility === 'visible' && link.offsetWidth > 0)
      .map((link) => {
        const box = link.getBoundingClientRect();
        return {
          label: link.textContent,
          clipped:
            link.scrollWidth > link.clientWidth + 1 ||
            box.right > navBox.right + 1 ||
            box.left < navBox.left - 1,
        };
      });
  });
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const welcome = page.getByRole('dialog', { name: 'Welcome!' });
  if (await welcome.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await welcome.getByRole('button', { name: 'OK' }).click();
    await welcome.waitFor({ state: 'hidden' });
  }
}

describe('the header layout', () => {
  it('at 1440 px shows whole labels and puts the rest in a keyboard-operable More menu', async () => {
    const { page, errors } = await openPage({ viewport: { width: 1440, height: 900 } });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The categories arrive with the game menus; the last link (promotions) is then in the More menu.
    const more = nav.getByRole('button', { name: 'More' });
    await more.waitFor();
    await page.waitForLoadState('networkidle');

    const labels = await navLabels(page);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.filter((label) => label.clipped)).toEqual([]);
    const layout = await headerLayout(page);
    expect(layout).toMatchObject({ overflowsX: false, oneRow: true });

    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator('#top-nav-more');
    const inMenu = await menu.getByRole('link').allTextContents();
    // Every link is either in the bar or in the menu, once.
    const all = [...labels.map((label) => label.label), ...inMenu];
    expect(all).toContain('Home');
    expect(all).toContain('Promotions');
    expect(inMenu).toContain('Promotions');
    expect(new Set(all).size).toBe(all.length);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('More');

    await more.click();
    await menu.getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('at 390 px keeps the header on one row, the links in the drawer, for visitors and players', async () => {
    const { page, errors } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Demo Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    let layout = await headerLayout(page);
    expect(layout).toMatchObject({ overflowsX: false, oneRow: true });
    expect(layout.barHeight).toBeLessThan(80);
    expect(layout.rightmost).toBeLessThanOrEqual(layout.viewport);
    // The drawer carries the navigation on pages that have it; the top navigation is not rendered.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Side menu' });
    await drawer.getByRole('link', { name: 'Promotions' }).waitFor();
    await drawer.getByRole('button', { name: 'Close menu' }).click();

    const player = await createPlayer('layout', password);
    await logIn(page, player.username);
    for (const path of ['/', '/member']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await page.waitForLoadState('networkidle');
      layout = await headerLayout(page);
      expect(layout, path).toMatchObject({ overflowsX: false, oneRow: true });
      expect(layout.rightmost, path).toBeLessThanOrEqual(layout.viewport);
      expect(await page.getByRole('button', { name: 'Account menu' }).isVisible(), path).toBe(true);
    }
    // The member centre has the drawer too: at this width the top navigation is not even rendered.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Side menu' }).getByRole('link', { name: 'Promotions' }).waitFor();
    expect(errors).toEqual([]);
  });
});
