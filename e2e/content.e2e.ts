import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { asOperator } from './operators';

useBrowser();

let popupId = '';

beforeAll(async () => {
  const created = await asOperator('POST', '/ops/content/announcements', {
    contentType: 'PU',
    popupExecution: 'A',
    title: 'E2E popup',
    content: '<p>Shown once per session<img src=x onerror="window.hacked=1"></p>',
  });
  popupId = (created.value as { id: string }).id;
  await asOperator('POST', `/ops/content/announcements/${popupId}/publish`);
});

// Files run one after another; the popup must not sit over the next file's pages.
afterAll(async () => {
  await asOperator('POST', `/ops/content/announcements/${popupId}/unpublish`);
});

/** Waits for the page's popup question to be answered (so "no dialog" means none, not "not yet"). */
async function popupsAnswered(page: Page, action: () => Promise<unknown>) {
  await Promise.all([
    page.waitForResponse((response) => response.url().includes('announcement_popups')),
    action(),
  ]);
}

describe('content in the browser', () => {
  it('shows the announcement popup once per session, again in a new session', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'E2E popup' });
    await popup.getByText('Shown once per session').waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await popup.getByRole('button', { name: 'Close' }).first().click();
    await popup.waitFor({ state: 'detached' });

    await popupsAnswered(page, () => page.reload());
    await page.getByRole('region', { name: 'Notices' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'E2E popup' }).count()).toBe(0);

    const fresh = await openPage();
    await fresh.page.goto('/');
    await fresh.page.getByRole('dialog', { name: 'E2E popup' }).waitFor();
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  it('opens /promotions#<id> at that promotion', async () => {
    const list = (await (await fetch(`${baseUrl()}/wps/relay/announcement_list?type=PR`)).json()) as {
      value: { items: { id: string; title: string }[] };
    };
    const promotion = list.value.items.find((item) => item.title.startsWith('Weekend cashback'))!;
    const { page } = await openPage();
    await page.goto(`/promotions#${promotion.id}`);
    const dialog = page.getByRole('dialog', { name: promotion.title });
    await dialog.getByText('credited on Monday').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await page.locator('.promotion-card__title', { hasText: promotion.title }).waitFor();
  });

  it('opens /help#<term> over home, scrolled to the term', async () => {
    const { page } = await openPage();
    await page.goto('/help#withdrawal');
    const dialog = page.getByRole('dialog', { name: 'Help centre' });
    await dialog.waitFor();
    const heading = dialog.locator('#help-withdrawal');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('help-withdrawal');
    const box = await heading.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(viewport.height);
  });

  it('sends feedback with images that the operator then reads', async () => {
    const { page } = await openPage();
    let captchaId = '';
    page.on('response', (response) => {
      const id = response.headers()['x-captcha-id'];
      if (id) captchaId = id;
    });
    await page.goto('/');
    // This file's popup greets every new session first.
    const popup = page.getByRole('dialog', { name: 'E2E popup' });
    await popup.getByRole('button', { name: 'Close' }).first().click();
    await popup.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open customer service' }).click();
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel('Question type *').selectOption('2');
    await dialog.getByLabel('Description *').fill('My withdrawal from this morning has not arrived.');
    await dialog.getByText('48 / 200 (at least 20)').waitFor();
    await dialog.getByLabel('Your contact *').fill('e2e-visitor@example.com');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    await dialog.getByLabel(/^Images/).setInputFiles([
      { name: 'screen.png', mimeType: 'image/png', buffer: png },
      { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpg },
    ]);
    await dialog.getByRole('img', { name: 'receipt.jpg' }).waitFor();
    await dialog.getByRole('img', { name: 'Verification code picture' }).waitFor();
    await page.waitForLoadState('networkidle');
    const { rows } = await sql('select answer from captchas where id = $1', [captchaId]);
    await dialog.getByLabel('Verification code *').fill((rows[0] as { answer: string }).answer);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Your feedback has reached our team.').waitFor();

    const queue = (await asOperator('GET', '/ops/feedback?status=new')).value as {
      items: { id: string; sender: string; type: number; imageCount: number }[];
    };
    const mine = queue.items.find((item) => item.sender === 'e2e-visitor@example.com');
    expect(mine).toMatchObject({ type: 2, imageCount: 2 });
  });
});
