import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticatorCode } from '../apps/server/src/test/staff-authenticator';
import { baseUrl, openPage, useBrowser } from './browser';
import { consoleLogin } from './operators';
import { apiLogin, createPlayer } from './players';

useBrowser();

/** A pending manual bank deposit of a new player, through the API: the player's username. */
async function pendingDeposit(): Promise<string> {
  const player = await createPlayer('stf', 'Staff12345');
  const { token } = await apiLogin(player.username, 'Staff12345');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const channels = (await (await fetch(`${baseUrl()}/wps/payments/channels`, { headers })).json()) as {
    value: { id: number; type: string }[];
  };
  const manual = channels.value.find((channel) => channel.type === 'manual_bank');
  const created = await fetch(`${baseUrl()}/wps/payments/deposits`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      channelId: manual?.id,
      amount: '110.00',
      reference: 'E2E-STAFF',
      clientRequestId: `e2e-staff-${randomBytes(6).toString('hex')}`,
    }),
  });
  expect(created.ok).toBe(true);
  return player.username;
}

describe('staff accounts in the browser', () => {
  it('an owner creates a support account; it chooses a password, enrols by the QR page, and works without money buttons', async () => {
    const player = await pendingDeposit();
    const username = `sup${randomBytes(3).toString('hex')}`;
    const { page, errors } = await openPage();

    // The owner creates the account under Staff.
    await consoleLogin(page);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await page.getByRole('table', { name: 'Staff accounts' }).waitFor();
    await page.getByRole('button', { name: 'New staff account' }).click();
    const create = page.getByRole('dialog', { name: 'New staff account' });
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Initial password', { exact: true }).fill('Initial1234');
    await create.getByLabel('Role').selectOption('support');
    await create.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`Account ${username} created.`).waitFor();
    const row = page
      .getByRole('table', { name: 'Staff accounts' })
      .getByRole('row')
      .filter({ hasText: username });
    await row.getByText('Not set up yet').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();

    // The new member logs in: first its own password, then the authenticator.
    await page.getByRole('heading', { name: 'Staff login' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('Initial1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('Current password').fill('Initial1234');
    await page.getByLabel('New password', { exact: true }).fill('Chosen12345');
    await page.getByLabel('New password again').fill('Chosen12345');
    await page.getByRole('button', { name: 'Save password' }).click();

    await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
    await page.getByRole('img', { name: 'QR code of your authenticator secret' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code', { exact: true }).fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(/^Session ends at /).waitFor();

    // Support works the queues without the money buttons, and has no Staff section.
    const menu = page.getByRole('navigation', { name: 'Console sections' });
    expect(await menu.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Deposits' }).click();
    const deposit = page
      .getByRole('table', { name: 'Deposits' })
      .getByRole('row')
      .filter({ hasText: player });
    await deposit.waitFor();
    expect(await deposit.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await deposit.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
