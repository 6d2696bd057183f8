import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember, buildMerchant } from '../../test/factories';
import {
  assertBooksBalance,
  fund,
  operatorToken,
  requestId,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rollUpLedger } from '../agents';
import { createOperator } from '../operators';

/**
 * The operator's players and agents through the API (issue 16): search by every key, the profile, lock,
 * password reset, moves in the agent tree with their figures, balance adjustments with four eyes.
 */
let kit: PaymentsKit;
let key: PublicKey;
let owner: string;
let finance: string;
let finance2: string;
let support: string;
const db = () => kit.testApp.database.db;

async function login(username: string, password: string, ip = '198.51.100.7', side = 'member') {
  return kit.call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username, password, side }),
    ip,
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    },
  });
}

async function staff(username: string, role: 'finance' | 'support') {
  await createOperator(db(), { merchantId: kit.merchantId, username, password: 'Staff12345', role });
  return operatorToken(kit, username, 'Staff12345');
}

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  owner = await operatorToken(kit);
  finance = await staff('finance-one', 'finance');
  finance2 = await staff('finance-two', 'finance');
  support = await staff('support-one', 'support');
}, 60_000);
afterAll(async () => kit.close());

describe('search', () => {
  it('finds accounts by account, mobile, e-mail, login address and affiliate code, paged and sorted', async () => {
    const agent = await buildMember(db(), { username: 'SearchZAgent', type: 1, affiliateCode: 'FINDME42' });
    const member = await buildMember(db(), {
      username: 'search_member',
      mobile: '+66812345678',
      email: 'Search.Member@example.com',
      parentAgentId: agent.id,
    });
    expect((await login(member.username, member.password, '203.0.113.77')).body.success).toBe(true);
    const search = async (query: string) =>
      (await kit.call('GET', `/ops/players?${query}`, { token: support })).body;

    const byAccount = await search('key=account&q=SEARCH');
    expect(byAccount.value.items.map((row: { account: string }) => row.account).sort()).toEqual([
      'SearchZAgent',
      'search_member',
    ]);
    const sorted = await search('key=account&q=search&sort=account&order=asc&pageSize=1');
    expect(sorted.value).toMatchObject({ total: 2, pageSize: 1, items: [{ account: 'search_member' }] });
    expect((await search('key=mobile&q=66812')).value.items[0]).toMatchObject({ id: String(member.id) });
    expect((await search('key=email&q=search.member@')).value.items[0].account).toBe('search_member');
    const byIp = (await search('key=ip&q=203.0.113.77')).value.items;
    expect(byIp).toHaveLength(1);
    expect(byIp[0]).toMatchObject({ account: 'search_member', uplineAccount: 'SearchZAgent' });
    expect(byIp[0].lastLoginAt).not.toBeNull();
    expect((await search('key=affiliate&q=findme')).value.items[0].account).toBe('SearchZAgent');
    expect((await search('key=account&q=search&kind=agents')).value.total).toBe(1);

    // A term is a prefix, never a pattern: % and _ match only themselves.
    expect((await search('key=account&q=%25')).value.total).toBe(0);
    expect((await search('key=account&q=search%5Fmember')).value.total).toBe(1);
    expect((await search('key=account&q=searc_')).value.total).toBe(0);
    // Each key validates its term.
    const refused = await kit.call('GET', '/ops/players?key=ip&q=not-an-ip', { token: support });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });
});

describe('profile', () => {
  it('shows balances, team placement, referral, VIP and the sessions with their devices', async () => {
    const top = await buildMember(db(), { type: 1 });
    const agent = await buildMember(db(), { type: 2, parentAgentId: top.id });
    const member = await buildMember(db(), { parentAgentId: agent.id });
    await fund(kit, member.id, 12_345n);
    await login(member.username, member.password);
    const profile = (await kit.call('GET', `/ops/players/${member.id}`, { token: support })).body.value;
    expect(profile).toMatchObject({
      account: member.username,
      status: 'active',
      balances: { currencyCode: 'THB', main: '123.45', bonus: '0.00', points: '0.00', vendors: [] },
      team: {
        upline: [
          { id: String(top.id), account: top.username, type: 1 },
          { id: String(agent.id), account: agent.username, type: 2 },
        ],
        directCount: 0,
        teamCount: 0,
      },
      referral: { code: null, referredBy: null, friends: 0 },
      vip: { level: 0, name: null },
      adjustmentThreshold: '1000.00',
      pendingAdjustments: 0,
    });
    const agentProfile = (await kit.call('GET', `/ops/players/${agent.id}`, { token: support })).body.value;
    expect(agentProfile.team).toMatchObject({ directCount: 1, teamCount: 1 });
    const sessions = (await kit.call('GET', `/ops/players/${member.id}/sessions`, { token: support })).body
      .value;
    expect(sessions.items[0]).toMatchObject({
      state: 'live',
      browser: 'Mobile Safari 17',
      os: 'iOS 17',
      device: 'mobile',
    });
    const money = (await kit.call('GET', `/ops/players/${member.id}/money`, { token: support })).body.value;
    expect(money.items[0]).toMatchObject({ type: 'deposit', amount: '123.45' });
    const bets = await kit.call('GET', `/ops/players/${member.id}/bets`, { token: support });
    expect(bets.body.value.total).toBe(0);
    expect((await kit.call('GET', '/ops/players/999999', { token: support })).status).toBe(404);
  });
});

describe('lock and password reset', () => {
  it('a lock ends the sessions at once and refuses logins until unlocked; finance may not lock', async () => {
    const member = await buildMember(db());
    const token = (await login(member.username, member.password)).body.value.token as string;
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token })).status).toBe(200);
    const path = `/ops/players/${member.id}/lock`;
    expect((await kit.call('POST', path, { token: finance, body: { reason: 'x' } })).status).toBe(403);
    const locked = await kit.call('POST', path, { token: support, body: { reason: 'chargeback fraud' } });
    expect(locked.body.value.status).toBe('locked');
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token })).status).toBe(401);
    const refused = await login(member.username, member.password);
    expect(refused.body.code).toBe('account_disabled');
    await kit.call('POST', `/ops/players/${member.id}/unlock`, { token: support });
    expect((await login(member.username, member.password)).body.success).toBe(true);
    // The old session stays ended after the unlock.
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token })).status).toBe(401);
  });

  it('a reset ends the sessions and the next login must change the password before anything else', async () => {
    const member = await buildMember(db());
    const old = (await login(member.username, member.password)).body.value.token as string;
    const reset = await kit.call('POST', `/ops/players/${member.id}/password-reset`, { token: support });
    const temporary = reset.body.value.temporaryPassword as string;
    expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: old })).status).toBe(401);
    const session = await login(member.username, temporary);
    expect(session.body.value.mustChangePassword).toBe(true);
    const token = session.body.value.token as string;
    const blocked = await kit.call('GET', '/wps/v2/wallets/balance', { token });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'password_change_required' } });
    const profile = (await kit.call('GET', `/ops/players/${member.id}`, { token: support })).body.value;
    expect(profile.passwordChangeRequired).toBe(true);
    const change = await kit.call('POST', '/wps/member/password', {
      token,
      body: encryptFor(key, { password: 'Fresh12345', confirmPassword: 'Fresh12345' }),
    });
    expect(change.status).toBe(200);
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token })).status).toBe(200);
    expect((await login(member.username, 'Fresh12345')).body.value.mustChangePassword).toBe(false);
    expect((await login(member.username, member.password)).body.code).toBe('invalid_credentials');
  });
});

/** Every agent's team rows equal the sum of its current team's own rows (what a move must keep). */
async function assertTeamRollupsFollowTree() {
  const { rows } = await sql<{ agent_id: number; team: string; own: string }>`
    select t.agent_id, t.team::text, coalesce(o.own, 0)::text as own
    from (select agent_id, sum(deposit_minor + registrations) as team from team_daily group by agent_id) t
    left join (
      select a.ancestor_id, sum(d.deposit_minor + d.registrations) as own
      from agent_tree a join member_daily d on d.member_id = a.descendant_id group by a.ancestor_id
    ) o on o.ancestor_id = t.agent_id
    where t.team <> coalesce(o.own, 0)`.execute(db());
  expect(rows).toEqual([]);
}

describe('top agents and moves', () => {
  it('creates a top agent that must change its password at first login', async () => {
    const created = await kit.call('POST', '/ops/agents/top', {
      token: owner,
      body: { username: 'newtopagent', password: 'Start12345' },
    });
    expect(created.body.value).toMatchObject({ account: 'newtopagent', type: 1 });
    expect(created.body.value.affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
    const session = await login('newtopagent', 'Start12345', '198.51.100.9', 'agent');
    expect(session.body.value.mustChangePassword).toBe(true);
    const refused = await kit.call('POST', '/ops/agents/top', {
      token: support,
      body: { username: 'othertop', password: 'Start12345' },
    });
    expect(refused.status).toBe(403);
  });

  it('moves an agent with its team and its figures, refusing cycles and other merchants', async () => {
    const topA = await buildMember(db(), { type: 1 });
    const agentB = await buildMember(db(), { type: 2, parentAgentId: topA.id });
    const agentB2 = await buildMember(db(), { type: 2, parentAgentId: agentB.id });
    const member = await buildMember(db(), { parentAgentId: agentB2.id });
    const topC = await buildMember(db(), { type: 1 });
    await fund(kit, member.id, 50_000n);
    await rollUpLedger(db());
    const teamDeposits = async (agentId: number) =>
      (
        await sql<{ total: string }>`select coalesce(sum(deposit_minor), 0)::text as total from team_daily
          where agent_id = ${agentId}`.execute(db())
      ).rows[0]!.total;
    expect(await teamDeposits(topA.id)).toBe('50000');

    const move = (id: number, uplineAccount: string, token = owner) =>
      kit.call('POST', `/ops/players/${id}/move`, { token, body: { uplineAccount } });
    expect((await move(agentB.id, agentB2.username)).body.code).toBe('placement_cycle');
    expect((await move(agentB.id, agentB.username)).body.code).toBe('placement_cycle');
    expect((await move(topA.id, topC.username)).body.code).toBe('placement_invalid');
    const outsider = await buildMember(db());
    expect((await move(agentB.id, outsider.username)).body.code).toBe('placement_invalid');
    const otherMerchant = await buildMerchant(db());
    const foreignTop = await buildMember(db(), { type: 1, merchantId: otherMerchant.id });
    expect((await move(agentB.id, foreignTop.username)).body.code).toBe('placement_invalid');
    expect((await move(agentB.id, topC.username, finance)).status).toBe(403);

    const moved = await move(agentB.id, topC.username);
    expect(moved.body.value).toMatchObject({
      account: agentB.username,
      uplineAccount: topC.username,
      movedTeam: 2,
    });
    expect(await teamDeposits(topA.id)).toBe('0');
    expect(await teamDeposits(topC.id)).toBe('50000');
    await assertTeamRollupsFollowTree();
    const profile = (await kit.call('GET', `/ops/players/${member.id}`, { token: support })).body.value;
    expect(profile.team.upline.map((row: { account: string }) => row.account)).toEqual([
      topC.username,
      agentB.username,
      agentB2.username,
    ]);
    // Money after the move rolls up into the new chain.
    await fund(kit, member.id, 1_000n);
    await rollUpLedger(db());
    expect(await teamDeposits(topC.id)).toBe('51000');
    expect(await teamDeposits(topA.id)).toBe('0');
    await assertTeamRollupsFollowTree();
  });
});

describe('balance adjustments', () => {
  const adjust = (memberId: number, token: string, body: Record<string, unknown>) =>
    kit.call('POST', `/ops/players/${memberId}/adjustments`, { token, body });
  const balance = async (memberId: number) =>
    (await kit.call('GET', `/ops/players/${memberId}`, { token: support })).body.value.balances
      .main as string;

  it('below the threshold moves the money once at the request; a replay moves nothing', async () => {
    const member = await buildMember(db());
    const body = { direction: 'credit', amount: '100.00', reason: 'goodwill', requestId: requestId() };
    const first = await adjust(member.id, finance, body);
    expect(first.body.value).toMatchObject({
      replayed: false,
      adjustment: { status: 'applied', needsApproval: false },
    });
    const again = await adjust(member.id, finance, body);
    expect(again.body.value).toMatchObject({
      replayed: true,
      adjustment: { id: first.body.value.adjustment.id },
    });
    expect(await balance(member.id)).toBe('100.00');
    const conflict = await adjust(member.id, finance, { ...body, amount: '200.00' });
    expect(conflict.body.code).toBe('idempotency_conflict');
    const overdrawn = await adjust(member.id, finance, {
      direction: 'debit',
      amount: '100.01',
      reason: 'correction',
      requestId: requestId(),
    });
    expect(overdrawn.body.code).toBe('insufficient_funds');
    expect(await balance(member.id)).toBe('100.00');
    expect((await adjust(member.id, support, { ...body, requestId: requestId() })).status).toBe(403);
    await assertBooksBalance(kit);
  });

  it('above the threshold waits for a second operator; two approvals at once move the money once', async () => {
    const member = await buildMember(db());
    const requested = await adjust(member.id, finance, {
      direction: 'credit',
      amount: '1500.00',
      reason: 'tournament prize',
      requestId: requestId(),
    });
    const adjustment = requested.body.value.adjustment;
    expect(adjustment).toMatchObject({ status: 'pending', needsApproval: true, requestedBy: 'finance-one' });
    expect(await balance(member.id)).toBe('0.00');
    const queue = (await kit.call('GET', '/ops/adjustments?status=pending', { token: support })).body.value;
    expect(queue.items.map((row: { id: string }) => row.id)).toContain(adjustment.id);

    const decide = (token: string, decision = 'approve') =>
      kit.call('POST', `/ops/adjustments/${adjustment.id}/decision`, { token, body: { decision } });
    expect((await decide(finance)).body.code).toBe('adjustment_own_request');
    expect((await decide(support)).status).toBe(403);
    const answers = await Promise.all([decide(owner), decide(finance2)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('adjustment_decided');
    expect(await balance(member.id)).toBe('1500.00');
    const transfers = await sql<{ n: string }>`select count(*)::text as n from ledger_transfers
      where idempotency_key = ${`adjustment:${adjustment.id}`}`.execute(db());
    expect(transfers.rows[0]!.n).toBe('1');
    expect((await decide(owner, 'reject')).body.code).toBe('adjustment_decided');
    await assertBooksBalance(kit);
  });

  it('a rejected request moves nothing, and the owner sets the threshold', async () => {
    const member = await buildMember(db());
    const settings = await kit.call('PUT', '/ops/adjustments/settings', {
      token: owner,
      body: { approvalThreshold: '50.00' },
    });
    expect(settings.body.value.approvalThreshold).toBe('50.00');
    const requested = await adjust(member.id, owner, {
      direction: 'credit',
      amount: '60.00',
      reason: 'check threshold',
      requestId: requestId(),
    });
    expect(requested.body.value.adjustment.status).toBe('pending');
    const rejected = await kit.call(
      'POST',
      `/ops/adjustments/${requested.body.value.adjustment.id}/decision`,
      {
        token: finance,
        body: { decision: 'reject', note: 'no ticket' },
      },
    );
    expect(rejected.body.value.adjustment).toMatchObject({
      status: 'rejected',
      decidedBy: 'finance-one',
      decisionNote: 'no ticket',
    });
    expect(await balance(member.id)).toBe('0.00');
    await kit.call('PUT', '/ops/adjustments/settings', {
      token: owner,
      body: { approvalThreshold: '1000.00' },
    });
    await assertBooksBalance(kit);
  });
});
