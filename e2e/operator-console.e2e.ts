import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { consoleLogin, operatorToken } from './operators';
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

/**
 * A support operator of the demo merchant: the seed has only the admin, so the suite adds one through the
 * database, as players.ts adds members (the same password hashing the server uses), and enrols its
 * authenticator through the API (operators.ts), as a first login would.
 */
async function createSupportOperator(password: string): Promise<string> {
  const username = `support${randomBytes(3).toString('hex')}`;
  await sql(
    `insert into operators (merchant_id, username, username_key, password_hash, role)
     select id, $1, $1, $2, 'support' from merchants where code = 'demo'`,
    [username, await hashPassword(password)],
  );
  await operatorToken(username, password);
  return username;
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
    const supportPassword = 'Support1234';
    const support = await createSupportOperator(supportPassword);

    const { page } = await openPage();
    await consoleLogin(page, support, supportPassword);
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
