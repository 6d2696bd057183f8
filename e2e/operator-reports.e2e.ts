import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { consoleLoginAs, createStaff, staffToken } from './operators';
import { createPlayer, depositFor } from './players';

useBrowser();

interface PaymentsReport {
  totals: { depositCount: number; deposits: string };
}

/** Today's deposits as the payments report gives them (the server's job rolls the ledger up every 5 s). */
async function depositsToday(token: string): Promise<PaymentsReport['totals']> {
  const reply = await fetch(`${baseUrl()}/ops/reports/payments?preset=today`, {
    headers: { 'x-merchant-code': 'demo', authorization: `Bearer ${token}` },
  });
  const body = (await reply.json()) as { success: boolean; value: PaymentsReport };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.totals;
}

describe('operator reports in the browser', () => {
  it('an owner opens the reports, picks the last 7 days, sees a chart and downloads the CSV', async () => {
    const owner = await createStaff('owner', 'Reports12345');
    const token = await staffToken(owner);
    const before = await depositsToday(token);
    const player = await createPlayer('rep', 'Reports1234');
    await depositFor(player.memberId, 123_400, `e2e-reports-${randomBytes(6).toString('hex')}`);
    await expect
      .poll(async () => (await depositsToday(token)).depositCount, { timeout: 20_000 })
      .toBe(before.depositCount + 1);

    const { page, errors } = await openPage();
    await consoleLoginAs(page, owner);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.getByRole('heading', { name: 'GGR and NGR by day' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'Deposits and withdrawals' })
      .click();
    await page.getByLabel('Period', { exact: true }).selectOption('last7');
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('last7');

    const table = page.getByRole('table', { name: 'Deposits and withdrawals by day' });
    // Seven days and the totals under them.
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 7 + 1);
    await page.getByRole('figure', { name: /Deposits and withdrawals by day: chart/ }).waitFor();
    await page.locator('.ops-reports__canvas[data-drawn="true"] canvas').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('day,deposit count,deposits,withdrawal count,withdrawals,net');
    expect(lines).toHaveLength(1 + 7);
    expect(errors).toEqual([]);
  });
});
