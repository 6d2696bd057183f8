import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { asOperator } from './operators';
import { apiLogin, createPlayer, depositFor, launchSlotAs, readyToWithdraw, spinSlot } from './players';

useBrowser();

const password = 'Rewards1234';

/** The reward centre's card of an activity, by its title. */
function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

describe('rewards in the browser', () => {
  it('a new player claims the sign-in and the welcome bonus, wagers one off (missions and the leaderboard follow), and is told what a withdrawal does', async () => {
    const player = await createPlayer('rw', password);
    // The player's first deposit: the welcome bonus pays 100% of it (up to 1,000.00).
    await depositFor(player.memberId, 20_000, `rewards-e2e-${player.memberId}`);
    await readyToWithdraw((await apiLogin(player.username, password)).token);

    const { page, errors } = await openPage();
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill(player.username);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The side menu's reward centre counts what is there to claim: welcome bonus, sign-in, contact bonus.
    const menuLink = page.getByRole('link', { name: 'Reward centre, 3 to claim' });
    await menuLink.waitFor();
    await menuLink.click();
    await page.getByRole('heading', { name: 'Reward centre' }).first().waitFor();

    const signIn = card(page, 'Daily sign-in');
    await signIn.getByText('Your current streak: 1 day').waitFor();
    await signIn.getByRole('button', { name: 'Claim' }).click();
    await signIn.getByText('You claimed ฿1.00. Status: Issued.').waitFor();

    // The withdraw form says, before anything is sent, that withdrawing now forfeits that bonus.
    await page.goto('/member?tab=withdraw');
    await page.getByText('withdrawing now forfeits your bonus of ฿1.00').waitFor();

    // One spin of 10.00 on the in-house slot meets the sign-in's 1x wagering: the bonus is released.
    const slot = await launchSlotAs(player.username, password);
    await spinSlot(slot, player.memberId, '200.00', '10.00');
    // Reading the bonus wallet brings its wagering up to date, but skips a grant another refresh holds
    // (the bonus-wagering job's, on a busy machine): then the next read releases it. A player reloads.
    const wallet = page.getByRole('list', { name: 'Bonuses' });
    const released = wallet.getByText('Released', { exact: true });
    await expect
      .poll(
        async () => {
          await page.goto('/member?tab=bonusDetails');
          await wallet.waitFor();
          return released.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await wallet.getByText('฿1.00 of ฿1.00 wagered').waitFor();

    // Missions and leaderboards follow the same spin (through the rollups, within seconds).
    await page.goto('/member?tab=missionLeaderboard');
    const slots = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Spin 500 on slots today', exact: true }) });
    await expect.poll(() => slots.getByText('฿10.00 of ฿500.00').count(), { timeout: 20_000 }).toBe(1);
    const board = page.getByRole('table', { name: 'Standings of Weekly top players' });
    await board.getByRole('row', { name: /\(you\)/ }).waitFor();
    await page.getByText(/^You are \d+(st|nd|rd|th) with ฿10\.00$/).waitFor();

    // The welcome bonus goes into the bonus wallet with 10x wagering; withdrawals wait for it.
    await page.goto('/member?tab=rewardCenter');
    const welcome = card(page, 'Welcome bonus: double your first deposit');
    await welcome.getByText('You can claim ฿200.00 now').waitFor();
    await welcome.getByRole('button', { name: 'Claim' }).click();
    await welcome.getByText('You claimed ฿200.00. Status: Issued.').waitFor();
    await page.goto('/member?tab=bonusDetails');
    await page.getByText('฿0.00 of ฿2,000.00 wagered').waitFor();
    await page.goto('/member?tab=withdraw');
    await page.getByText('Withdrawing is refused until the wagering of your bonus is met.').waitFor();

    // The contact bonus asks for a Zalo or WhatsApp id, then waits for an operator, who approves it.
    await page.goto('/member?tab=rewardCenter');
    const contact = card(page, 'Add us on Zalo or WhatsApp');
    await contact.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Zalo or WhatsApp' });
    await dialog.getByRole('radio', { name: 'Zalo' }).check();
    await dialog.getByLabel(/Your id/).fill('rewards.e2e');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await contact.getByText('You claimed ฿50.00. Status: Under review.').waitFor();
    const queue = await asOperator('GET', '/ops/rewards/claims?status=applying&pageSize=100');
    const claim = (queue.value as { items: { id: string; memberId: number }[] }).items.find(
      (item) => item.memberId === player.memberId,
    )!;
    const approved = await asOperator('POST', `/ops/rewards/claims/${claim.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.success).toBe(true);
    await page.reload();
    await card(page, 'Add us on Zalo or WhatsApp').getByText('Issued', { exact: true }).waitFor();

    // In the books: each bonus issued once, the sign-in released once.
    const { rows } = await sql(
      `select t.kind, t.amount_minor::int as amount from ledger_transfers t
       where t.kind like 'bonus%' and exists (select 1 from ledger_accounts a
         where a.member_id = $1 and a.id in (t.debit_account_id, t.credit_account_id))
       order by t.id`,
      [player.memberId],
    );
    expect(rows).toEqual([
      { kind: 'bonus', amount: 100 },
      { kind: 'bonus_release', amount: 100 },
      { kind: 'bonus', amount: 20_000 },
      { kind: 'bonus', amount: 5_000 },
    ]);
    expect(errors).toEqual([]);
  });
});
