import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { openPage, sql, useBrowser } from './browser';
import { agentLogIn, openMenu } from './agents';
import { depositFor, launchSlotAs, spinSlot } from './players';

useBrowser();

/** The value shown under a figure's label in the team overview's cards. */
function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Team figures' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

describe('the agent centre in the browser', () => {
  it('registers a downline agent and a member, and sees the member deposit and bet; another agent does not', async () => {
    const suffix = randomBytes(3).toString('hex');
    // The first-login greeting is identity's business (its own e2e), not this journey's.
    await sql(
      `update members set first_login_at = coalesce(first_login_at, now()) where username_key = 'agent1'`,
    );
    const { page, errors } = await openPage();
    await agentLogIn(page, 'agent1', 'Agent1234');

    // registerCenter: the invite link and QR, then an agent and a member created directly.
    await openMenu(page, 'Register centre');
    await page.getByText('AGENT1', { exact: true }).first().waitFor();
    await page.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    const created: string[] = [];
    for (const [type, prefix] of [
      ['Agent', 'ag'],
      ['Member', 'mb'],
    ] as const) {
      const username = `${prefix}${suffix}`;
      const form = page.locator('form.agent-form');
      await form.getByLabel(/^Account type/).selectOption({ label: type });
      await form.getByLabel(/^Username/).fill(username);
      await form.getByLabel(/^Password/).fill('Start1234');
      await form.getByLabel(/^Confirm password/).fill('Start1234');
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(`Created ${username} (${type}).`).waitFor();
      created.push(username);
    }
    const memberName = created[1]!;
    const { rows } = await sql(
      `select m.id, (select count(*) from agent_tree t where t.descendant_id = m.id) as uplines
       from members m where m.username_key = $1`,
      [memberName],
    );
    const member = rows[0] as { id: number; uplines: string };
    expect(Number(member.uplines)).toBe(1);

    // The member deposits and plays the in-house slot.
    await depositFor(member.id, 50_000, `e2e-agent-deposit-${member.id}`);
    await spinSlot(await launchSlotAs(memberName, 'Start1234', 'Member5678'), member.id, '500.00', '10.00');

    // agent1 sees the deposit and the bet (the rollup job follows within seconds).
    await openMenu(page, 'Team overview');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Team overview', exact: true }).waitFor();
          return figure(page, 'Valid bet').first().textContent({ timeout: 5_000 });
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('10.00');
    expect(await figure(page, 'Deposits').first().textContent()).toContain('500.00');

    await openMenu(page, 'Profit and loss statements');
    const table = page.getByRole('table').first();
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain('500.00');
    expect(await table.textContent()).toContain('10.00');
    expect(errors).toEqual([]);

    // Another top agent's centre shows nothing of it.
    const other = `top${suffix}`;
    await sql(
      `insert into members (merchant_id, username, username_key, password_hash, type, profile, nickname, affiliate_code, first_login_at)
       select id, $1, $1, $2, 1, '{}', 'Other Agent', upper($1), now() from merchants where code = 'demo'`,
      [other, await hashPassword('Other1234')],
    );
    const second = await openPage();
    await agentLogIn(second.page, other, 'Other1234');
    await openMenu(second.page, 'Team overview');
    await expect.poll(() => figure(second.page, 'Deposits').first().textContent()).toContain('0.00');
    expect(await figure(second.page, 'Deposits').first().textContent()).not.toContain('500.00');
    expect(await figure(second.page, 'Valid bet').first().textContent()).not.toContain('10.00');
    expect(second.errors).toEqual([]);
  });
});
