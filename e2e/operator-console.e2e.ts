import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { consoleLogin, consoleLoginAs, createStaff } from './operators';
import { apiLogin, createPlayer } from './players';

useBrowser();

const playerPassword = 'Console1234';
// A 1x1 PNG: the server checks a proof's bytes, so the proof must be a real image.
const proofPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function playerCall(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; value: Record<string, unknown> };
}

/** A manual bank deposit with a proof image, made by the player through the API: its id. */
async function createDeposit(token: string, amount: string): Promise<string> {
  const channels = await playerCall(token, 'GET', '/wps/payments/channels');
  const manual = (channels.value as unknown as { id: number; type: string }[]).find(
    (channel) => channel.type === 'manual_bank',
  );
  const created = await playerCall(token, 'POST', '/wps/payments/deposits', {
    channelId: manual?.id,
    amount,
    reference: 'E2E-CONSOLE',
    proofImage: proofPng,
    clientRequestId: `e2e-console-${randomBytes(6).toString('hex')}`,
  });
  expect(created.success, JSON.stringify(created)).toBe(true);
  return created.value.id as string;
}

describe('operator console in the browser', () => {
  it('the admin approves a deposit with its proof in the queue and the player has the money', async () => {
    const player = await createPlayer('opc', playerPassword);
    const { token } = await apiLogin(player.username, playerPassword);
    const depositId = await createDeposit(token, '150.00');

    const { page, errors } = await openPage();
    await consoleLogin(page);
    // No staff token in the player's place: the two sessions are apart.
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Deposits' })
      .click();
    const table = page.getByRole('table', { name: 'Deposits' });
    const row = table.getByRole('row').filter({ hasText: player.username });
    await row.getByRole('img', { name: `Proof of ${depositId} from ${player.username}` }).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve?' });
    await dialog.getByText(`Approve for ${player.username}, amount 150.00?`).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Done: Approve for ${player.username}.`).waitFor();
    await expect.poll(() => row.count()).toBe(0);

    const balance = await playerCall(token, 'GET', '/wps/v2/wallets/balance');
    expect(balance.value.balance).toBe('150.00');
    expect(errors).toEqual([]);
  });

  it('a support operator sees the deposits queue without the approve button, and the API refuses it', async () => {
    const player = await createPlayer('ops', playerPassword);
    const { token } = await apiLogin(player.username, playerPassword);
    const depositId = await createDeposit(token, '120.00');
    const support = await createStaff('support', 'Support1234');

    const { page } = await openPage();
    await consoleLoginAs(page, support);
    await page.goto('/operator/deposits');
    const row = page
      .getByRole('table', { name: 'Deposits' })
      .getByRole('row')
      .filter({ hasText: player.username });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const staffToken = await page.evaluate(() => window.sessionStorage.getItem('operatorToken'));
    const refused = await fetch(`${baseUrl()}/ops/payments/deposits/${depositId}/approve`, {
      method: 'POST',
      headers: { 'x-merchant-code': 'demo', authorization: `Bearer ${staffToken ?? ''}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('operator_role_forbidden');
  });
});
