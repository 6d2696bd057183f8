import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { asOperator, consoleLogin } from './operators';

useBrowser();

describe('the audit log in the browser', () => {
  it('an owner finds a staff action with what it changed, and the chain checks out', async () => {
    const title = `Audited ${randomBytes(4).toString('hex')}`;
    const created = await asOperator('POST', '/ops/content/announcements', {
      contentType: 'B',
      title,
      content: '<p>Audit</p>',
    });
    expect(created.success, JSON.stringify(created)).toBe(true);

    const { page, errors } = await openPage();
    await consoleLogin(page);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();

    await page.getByLabel('Action').fill('opsAnnouncementCreate');
    await page.getByRole('button', { name: 'Filter' }).click();
    const table = page.getByRole('table', { name: 'Audit log' });
    const row = table.getByRole('row').filter({ hasText: 'opsAnnouncementCreate' }).first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('admin');
    await row.getByRole('button', { name: /rows?$/ }).click();
    const detail = page.getByRole('region', { name: /What entry #\d+ changed/ });
    await expect.poll(() => detail.textContent()).toContain(title);

    await page.getByRole('button', { name: 'Check the chain' }).click();
    await expect
      .poll(() => page.getByText(/The chain is intact: \d+ entries checked\./).count(), { timeout: 10_000 })
      .toBe(1);
    expect(errors).toEqual([]);
  });
});
