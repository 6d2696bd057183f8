import { afterEach, describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';

useBrowser();

async function resetDemo(): Promise<void> {
  await sql(
    `update merchants set maintenance_enabled = false, maintenance_message = null,
       allowed_countries = '{}', blocked_countries = '{}' where code = 'demo'`,
  );
}

afterEach(resetDemo);

describe('the portal shell', () => {
  it('renders home in English with the layout and no console errors', async () => {
    const { page, errors } = await openPage({ colorScheme: 'light' });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome to Demo Portal' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Home always fits; links that do not fit the width are behind "More" (layout.e2e.ts).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).waitFor();
    expect(await page.locator('#app-loader').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps the Thai language and the dark theme across a reload', async () => {
    const { page, errors } = await openPage({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Demo Portal' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByLabel('Language').selectOption('TY');
    await page.waitForFunction(() => document.documentElement.lang === 'th');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'th');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.getByRole('heading', { name: /Demo Portal/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Demo Portal' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('serves a deep link to a client route', async () => {
    const { page, errors } = await openPage();
    const response = await page.goto('/promotions');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
    // The demo merchant's seeded promotions are listed on the page.
    await page
      .getByRole('main')
      .getByRole('heading', { name: 'Welcome bonus: double your first deposit' })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('opens the help centre at a term from a deep link', async () => {
    const { page } = await openPage();
    await page.goto('/help#withdrawal');
    const dialog = page.getByRole('dialog', { name: 'Help centre' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'How to withdraw' }).waitFor();
  });

  it('shows the maintenance page instead of the app when the merchant is in maintenance', async () => {
    await sql(
      `update merchants set maintenance_enabled = true, maintenance_message = 'Back at 10:00 UTC' where code = 'demo'`,
    );
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Game maintenance' }).waitFor();
    await page.getByText('Back at 10:00 UTC').waitFor();
    await page
      .getByRole('link', { name: /Customer service/ })
      .or(page.getByRole('button', { name: /Customer service/ }))
      .first()
      .waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  });

  it('shows the region-restriction page with the visitor IP for a blocked country', async () => {
    await sql(`update merchants set blocked_countries = '{TH}' where code = 'demo'`);
    const { page } = await openPage({ extraHTTPHeaders: { 'X-Forwarded-For': '1.0.128.1' } });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
    await page.getByText('1.0.128.1').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  });
});
