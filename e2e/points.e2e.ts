import { randomBytes } from 'node:crypto';
import type { OperatorPointsRedeem, PointsSettings } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPage, useBrowser } from './browser';
import { asOperator } from './operators';
import { apiLogin, createPlayer, depositFor, readyToWithdraw } from './players';

useBrowser();

const password = 'Points1234';

// The demo merchant earns one point per 1.00 deposited; no redeem is approved on its own, so the test
// sees it In Process before the operator decides.
const settings: PointsSettings = {
  earningEnabled: true,
  rates: { live: '0.01', lottery: '0.01', poker: '0.01', slots: '0.01', sports: '0.01', deposit: '1' },
  convertRatio: '100',
  convertEnabled: false,
  autoApproveMax: null,
  vipBasis: 'valid_bet',
  vipTiers: [],
};

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel(/^Username/).fill(username);
  await login.getByLabel(/^Password/).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('points mall in the browser', () => {
  it('a player with points redeems cash with the withdraw password, sees it In Process, then Approved once an operator approves', async () => {
    const set = await asOperator('PUT', '/ops/points/settings', settings);
    expect(set.success, JSON.stringify(set)).toBe(true);
    // Suites share the database: the next ones run with earning off again, as they were written.
    onTestFinished(async () => {
      await asOperator('PUT', '/ops/points/settings', { ...settings, earningEnabled: false });
    });
    const itemName = `Cash 10 ${randomBytes(3).toString('hex')}`;
    const created = await asOperator('POST', '/ops/points/items', {
      kind: 'cash',
      name: itemName,
      pointsPerUnit: '100',
      amountPerUnit: '10.00',
      minUnits: 1,
      maxUnits: 5,
    });
    expect(created.success, JSON.stringify(created)).toBe(true);

    const player = await createPlayer('pt', password);
    await readyToWithdraw((await apiLogin(player.username, password)).token);
    // A deposit of 500.00 earns 500 points through the points job (within a second or two).
    await depositFor(player.memberId, 50_000, `points-e2e-${player.memberId}`);

    const { page, errors } = await openPage();
    await logIn(page, player.username);
    // The header's badge links to the points mall once the job has credited the deposit's points.
    await expect
      .poll(
        async () => {
          await page.goto('/pointMall');
          await page.getByRole('region', { name: 'Your points' }).waitFor();
          return page.getByText('Points available').locator('xpath=following-sibling::dd').textContent();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('500');

    await page.getByRole('link', { name: 'Redeem items' }).click();
    await page.getByRole('button', { name: `Redeem ${itemName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Redeem ${itemName}` });
    await dialog.getByLabel(/^Quantity/).fill('2');
    await dialog.getByText('฿20.00').waitFor();
    await dialog.getByLabel(/^Withdraw password/).fill('135790');
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.getByText(`Redeemed 2 × ${itemName} for 200 points. Status: In Process.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('link', { name: 'Redeem history' }).click();
    const history = page.getByRole('table', { name: 'Redeem history' });
    const row = history.getByRole('row').filter({ hasText: itemName });
    await row.getByText('In Process').waitFor();

    // The operator approves the redeem through the ops API; the points are posted and ฿20.00 paid.
    const queue = await asOperator('GET', '/ops/points/redeems?status=in_process&pageSize=100');
    expect(queue.success, JSON.stringify(queue)).toBe(true);
    const redeem = (queue.value as { items: OperatorPointsRedeem[] }).items.find(
      (item) => item.account === player.username,
    );
    expect(redeem, JSON.stringify(queue.value)).toBeDefined();
    const decided = await asOperator('POST', `/ops/points/redeems/${redeem!.reference}/decision`, {
      decision: 'approve',
    });
    expect(decided.success, JSON.stringify(decided)).toBe(true);

    await page.reload();
    await history.getByRole('row').filter({ hasText: itemName }).getByText('Approved').waitFor();
    // The header badge shows what is left: 500 - 200.
    await page.getByRole('link', { name: 'Points: 300' }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
