import type { PublicKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

const password = 'Crash12345';

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

/** The crash game's page from the real launch call (the demo catalogue's BGS Crash tile). */
async function launchCrash(sessionToken: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/wps/game/launchGame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ vassalage: 'BGS', gameCode: 'bgs-crash', platform: 'WEB' }),
  });
  const body = (await response.json()) as { success: boolean; value: { url?: string } | null };
  expect(body.success).toBe(true);
  const url = body.value?.url ?? '';
  expect(url.startsWith('/bgs/play/bgs-crash?session=')).toBe(true);
  return url;
}

describe('BGS Crash in the browser', () => {
  it('plays a shared round: bet, cash-out or crash, paid once, then checks the round on the verify page', async () => {
    const { memberId, username } = await createPlayer('crash', password);
    await depositFor(memberId, 50_000, `e2e-crash-deposit-${memberId}`);
    const url = await launchCrash(await logIn(username));
    const { page, errors } = await openPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'BGS Crash' }).waitFor({ timeout: 15_000 });
    const phase = page.getByTestId('crash-phase');
    // The leader opens a round once the page is open (it polls every 2 s); bets are taken for 6 s.
    await expect.poll(() => phase.textContent(), { timeout: 30_000 }).toMatch(/^Place your bets\./);
    await page.getByLabel('Bet (THB)').fill('10.00');
    await page.getByRole('button', { name: 'Bet' }).click();
    await expect
      .poll(() => page.getByTestId('crash-my-bet').textContent(), { timeout: 10_000 })
      .toBe('Your bet of 10.00 THB is in the round.');
    const roundRow = await sql(
      `select r.round_id from crash_bets b join crash_rounds r on r.id = b.crash_round_id where b.member_id = $1`,
      [memberId],
    );
    const roundId = (roundRow.rows[0] as { round_id: string }).round_id;

    // Take-off arrives pushed: cash out by keyboard as soon as the button shows (unless it crashed first).
    const cashOut = page.getByRole('button', { name: /^Cash out / });
    await expect
      .poll(async () => ((await cashOut.count()) > 0 ? 'flying' : await phase.textContent()), {
        timeout: 20_000,
      })
      .toMatch(/^(flying|Crashed at)/);
    if ((await cashOut.count()) > 0) {
      await cashOut.focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => phase.textContent(), { timeout: 120_000 }).toMatch(/^Crashed at \d+\.\d{2}×$/);
    const myBet = await page.getByTestId('crash-my-bet').textContent();
    expect(myBet).toMatch(
      /^(You cashed out at \d+\.\d{2}× and won \d+\.\d{2} THB\.|The round crashed: you lost 10\.00 THB\.)$/,
    );

    // The money moved once: the bet, and the win only for a cash-out.
    await expect
      .poll(
        async () =>
          (
            (await sql(`select status from crash_rounds where round_id = $1`, [roundId])).rows[0] as {
              status: string;
            }
          ).status,
        {
          timeout: 15_000,
        },
      )
      .toBe('settled');
    const calls = await sql(
      `select kind, amount_minor from seamless_transactions where round_id = $1 order by id`,
      [`${roundId}:${memberId}`],
    );
    const kinds = (calls.rows as { kind: string }[]).map((row) => row.kind);
    expect(kinds).toEqual(myBet!.startsWith('You cashed out') ? ['bet', 'win'] : ['bet']);

    // The round checks out in the browser against the published chain.
    await page.goto(`/bgs/verify?crash=${roundId}`);
    const result = page.getByTestId('crash-verify-result');
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toContain('The seed belongs to the published chain.');
    expect(await result.textContent()).toContain('It matches the recorded crash point');
    expect(errors).toEqual([]);
  }, 240_000);
});
