import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentLogIn, headerBalanceMinor, openMenu } from './agents';
import { openPage, sql, useBrowser } from './browser';
import { createMember, depositFor, launchSlotAs, spinSlot } from './players';

useBrowser();

/**
 * A real-time window is 5 minutes (decision 0029); the browser tests' server runs one-minute windows
 * (AGENT_WINDOW_MINUTES=1, global-setup.ts). Settlement follows a window's close within seconds.
 */
const windowMs = 60_000;

/** The row of the agent's real-time salary records with a cell of `amount` baht (say "0.30"). */
async function paidRecordRow(page: Page, amount: string): Promise<string> {
  await openMenu(page, 'Real-time salary');
  const row = page
    .getByRole('table', { name: 'Real-time salary records' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `฿${amount}`, exact: true }) })
    .first();
  await row.waitFor();
  return (await row.textContent()) ?? '';
}

/** The amounts (minor units) of the real-time salary transfers credited to an agent: one per paid window. */
async function realtimePayouts(agentId: number): Promise<number[]> {
  const { rows } = await sql(
    `select t.amount_minor::int as amount from ledger_transfers t
     join ledger_accounts a on a.id = t.credit_account_id and a.member_id = $1
     where t.idempotency_key like 'agent-pay:realtimeSalary:%' order by t.id`,
    [agentId],
  );
  return rows.map((row) => (row as { amount: number }).amount);
}

/** Everything salaries and dividends paid an agent since an instant, in minor units. */
async function payoutsSince(agentId: number, since: Date): Promise<number> {
  const { rows } = await sql(
    `select coalesce(sum(t.amount_minor), 0)::int as total from ledger_transfers t
     join ledger_accounts a on a.id = t.credit_account_id and a.member_id = $1
     where t.kind in ('agent_salary', 'agent_dividend') and t.created_at >= $2`,
    [agentId, since],
  );
  return (rows[0] as { total: number }).total;
}

describe('agent contracts in the browser', () => {
  it(
    'a top agent offers its downline a real-time salary, the downline accepts, its member bets, the window pays both',
    { timeout: windowMs + 240_000 },
    async () => {
      const startedAt = new Date();
      // A top agent of the test's own: top agents are paid at the merchant's rates (the demo's 0.50% for
      // real-time salary), so agent1's payouts for other suites' bets stay out of these figures.
      const top = await createMember('top', 'TopAgent1234', { type: 1 });
      const downline = await createMember('dl', 'Downline1234', { type: 2, parentAgentId: top.memberId });
      const member = await createMember('mb', 'Member1234', { parentAgentId: downline.memberId });

      // The top agent offers the downline 0.30% of valid bet every 5 minutes.
      const upline = await openPage();
      await agentLogIn(upline.page, top.username, 'TopAgent1234');
      await openMenu(upline.page, 'Contract requests');
      await upline.page.getByRole('button', { name: 'New contract' }).click();
      const offer = upline.page.getByRole('dialog');
      await offer.getByLabel(/^Kind of contract/).selectOption({ label: 'Real-time salary' });
      await offer.getByText('No tier may be above 0.50%', { exact: false }).waitFor();
      const find = offer.getByLabel(/^Find a downline agent/);
      if (await find.isVisible()) await find.fill(downline.username);
      await offer
        .getByLabel(/^Direct downline agent/)
        .selectOption({ label: `${downline.username} (Agent)` });
      await offer.getByLabel(/^Rate/).fill('0.30');
      await offer.getByRole('button', { name: 'Review' }).click();
      await offer.getByRole('heading', { name: 'Review and confirm' }).waitFor();
      await offer.getByRole('button', { name: 'Send the offer' }).click();
      await upline.page
        .getByText(`Your contract was sent to ${downline.username}.`, { exact: false })
        .waitFor();

      // The downline sees the offer awaiting its answer and accepts it.
      const own = await openPage();
      await agentLogIn(own.page, downline.username, 'Downline1234');
      await openMenu(own.page, 'Contract requests');
      await own.page
        .getByRole('button', { name: `Accept the Real-time salary contract with ${top.username}` })
        .click();
      const decision = own.page.getByRole('dialog');
      await decision.getByRole('button', { name: 'Accept', exact: true }).click();
      await own.page.getByText(`You accepted the contract with ${top.username}.`).waitFor();
      const downlineBefore = await headerBalanceMinor(own.page);
      const topBefore = await headerBalanceMinor(upline.page);

      // The member bets 100.00 in the in-house slot; its window closes within a minute.
      await depositFor(member.memberId, 50_000, `e2e-contract-deposit-${member.memberId}`);
      await spinSlot(await launchSlotAs(member.username, 'Member1234'), member.memberId, '500.00', '100.00');

      // Team valid bet 100.00: the top agent's team is paid 0.50% = 0.50, of which the downline's 0.30% =
      // 0.30, and the top agent keeps the difference, 0.20 (docs/agents.md).
      // Settled a few seconds after the window closes; each agent is paid once for it.
      await expect
        .poll(() => realtimePayouts(top.memberId), { timeout: windowMs + 90_000, interval: 2_000 })
        .toEqual([20]);
      expect(await realtimePayouts(downline.memberId)).toEqual([30]);
      expect(await paidRecordRow(own.page, '0.30')).toContain('Paid');
      expect(await paidRecordRow(upline.page, '0.20')).toContain('Paid');

      // Both balances show it. The top agent is also paid hourly salary at the merchant's rate when an hour
      // ends during the test, so each balance is compared with every payout made to the agent since.
      for (const [page, agent, before] of [
        [own.page, downline, downlineBefore],
        [upline.page, top, topBefore],
      ] as const) {
        const paid = await payoutsSince(agent.memberId, startedAt);
        await page.reload();
        await expect.poll(() => headerBalanceMinor(page)).toBe(before + paid);
      }
      expect([...upline.errors, ...own.errors]).toEqual([]);
    },
  );
});
