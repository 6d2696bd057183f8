import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

/** This suite's own player (suites share one database; player1's balance is not ours to count). */
const password = 'Lottery1234';

/** The result docs/lottery.md defines, computed here from the seed. */
function resultOf(seed: string, gameCode: string, numero: string): string {
  for (let counter = 0; ; counter += 1) {
    const mac = createHmac('sha256', seed).update(`${gameCode}:${numero}:${counter}`).digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const word = mac.readUInt32BE(offset);
      if (word < 4_294_967_000) return String(word % 1000).padStart(3, '0');
    }
  }
}

describe('lottery in the browser', () => {
  it('a player bets on a draw that closes in seconds, sees it drawn, verifies it and is paid if it won', async () => {
    const player = await createPlayer('lot', password);
    await depositFor(player.memberId, 10_000, `e2e-lottery-${player.memberId}`);
    // A VN draw drawing 25 s from now; the page shows the earliest draw to come, so the test keeps clear of
    // the schedule's own VN draws (every 5 minutes) by waiting out the last 45 s before one. The server's
    // job draws and settles it like any other; the test knows the seed, so it knows the result.
    const toScheduledDrawMs = 300_000 - (Date.now() % 300_000);
    if (toScheduledDrawMs < 45_000)
      await new Promise((resolve) => setTimeout(resolve, toScheduledDrawMs + 3_000));
    const seed = randomBytes(32).toString('hex');
    const numero = '209901010001';
    await sql(
      `insert into lottery_draws (game_id, draw_no, opens_at, closes_at, draws_at, seed, seed_hash)
       select id, $1, now() - interval '1 minute', now() + interval '18 seconds', now() + interval '25 seconds', $2, $3
       from lottery_games where game_code = 'VN' and merchant_id = (select id from merchants where code = 'demo')`,
      [numero, seed, createHash('sha256').update(seed).digest('hex')],
    );
    const result = resultOf(seed, 'VN', numero);
    const won = Number(result.slice(-2)) >= 50;

    const { page, errors } = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel(/^Username/).fill(player.username);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const header = page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent()).toBe('฿100.00');

    await page.goto('/vnLottery');
    await page.getByRole('heading', { name: `Draw ${numero}` }).waitFor();
    await page.getByText(createHash('sha256').update(seed).digest('hex')).first().waitFor();
    await page.getByRole('radio', { name: /Big \(50-99\)/ }).check();
    await page.getByLabel('Stake (THB)').fill('10');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await page.getByText(`Bet placed on draw ${numero}. Balance: ฿90.00.`).waitFor();
    await expect.poll(() => header.textContent()).toBe('฿90.00');

    // After the draw time the page reads the results again; the seed is revealed and verifiable here.
    const item = page.getByRole('listitem').filter({ hasText: `Draw ${numero}` });
    await item.waitFor({ timeout: 60_000 });
    await item.getByText(seed).waitFor();
    await item.getByRole('button', { name: 'Verify' }).click();
    await item.getByText(`Verified in your browser: result ${result} matches.`).waitFor();
    const bets = page.getByRole('region', { name: 'My bets' });
    await bets.getByText(won ? 'Won' : 'Lost', { exact: true }).waitFor({ timeout: 30_000 });
    // A win reaches the header without a reload.
    await expect.poll(() => header.textContent(), { timeout: 15_000 }).toBe(won ? '฿109.50' : '฿90.00');

    // The twin without the side menu shows the same lottery.
    await page.goto('/lottert');
    await page.getByRole('heading', { name: 'Lotto 1 minute', level: 1 }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Side menu' }).count()).toBe(0);

    const { rows } = await sql(
      `select (select count(*) from (select 1 from ledger_accounts group by merchant_id, currency
         having sum(balance_minor) <> 0) s) as unbalanced,
       (select count(*) from lottery_bets where status in ('pending', 'placed')
          and draw_id = (select id from lottery_draws where draw_no = $1)) as open_bets`,
      [numero],
    );
    expect(rows[0]).toEqual({ unbalanced: '0', open_bets: '0' });
    expect(errors).toEqual([]);
  }, 150_000);
});
