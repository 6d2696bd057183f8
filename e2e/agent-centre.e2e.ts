import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { PublicKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { baseUrl, openPage, sql, useBrowser } from './browser';
import { depositFor } from './players';

useBrowser();

/** Logs an agent in at /agent as a person does; lands on /agentHome. */
async function agentLogIn(page: Page, username: string, password: string) {
  await page.goto('/agent');
  const main = page.getByRole('main');
  await main.getByLabel(/^Username/).fill(username);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/agentHome**');
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Agent menu' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

async function publicKey(): Promise<PublicKey> {
  return ((await (await fetch(`${baseUrl()}/wps/system/publicKey`)).json()) as { value: PublicKey }).value;
}

async function post(path: string, token: string | null, body: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; value: Record<string, unknown>; code?: string };
}

/**
 * The member registerCenter created logs in, changes the password the agent chose (the demo merchant
 * forces that), and launches the in-house slot: the game page's address.
 */
async function memberLaunchesSlot(username: string, password: string): Promise<string> {
  const key = await publicKey();
  const login = await post(
    '/wps/session/login',
    null,
    encryptFor(key, { type: 'username', username, password, side: 'member' }),
  );
  expect(login.success, JSON.stringify(login)).toBe(true);
  const token = login.value.token as string;
  const changed = await post(
    '/wps/member/password',
    token,
    encryptFor(key, { oldPassword: password, password: 'Member5678', confirmPassword: 'Member5678' }),
  );
  expect(changed.success, JSON.stringify(changed)).toBe(true);
  const launched = await post('/wps/game/launchGame', token, {
    vassalage: 'BGS',
    gameCode: 'bgs-slot',
    platform: 'WEB',
  });
  expect(launched.success, JSON.stringify(launched)).toBe(true);
  return launched.value.url as string;
}

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
    const gameUrl = await memberLaunchesSlot(memberName, 'Start1234');
    const game = await openPage();
    await game.page.goto(gameUrl);
    await expect
      .poll(() => game.page.getByTestId('bgs-balance').textContent(), { timeout: 15_000 })
      .toBe('500.00');
    await game.page.getByLabel('Bet (THB)').fill('10.00');
    await game.page.getByRole('button', { name: 'Spin' }).click();
    await game.page.getByRole('button', { name: 'Spin' }).waitFor();
    expect(game.errors).toEqual([]);

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
