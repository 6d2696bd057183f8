import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PublicKey } from '@portal/contracts';
import { agentCalls } from '@portal/contracts/calls/agents';
import { solvedCaptcha } from '../../test/content-kit';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import {
  fund,
  loggedInMember,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rollUpLedger } from './rollup.service';

/**
 * The agent centre's calls (decision 0028): placement (registration, registerCenter, the trigger's
 * rules), who may call what (an agent sees only its own team; ids of other teams are not found), the
 * period rules, and the figures and exports after real money moved.
 */
let kit: PaymentsKit;
let key: PublicKey;
let top: Awaited<ReturnType<typeof loggedInMember>>;
let agent: Awaited<ReturnType<typeof loggedInMember>>;
let member: Awaited<ReturnType<typeof loggedInMember>>;
let otherTop: Awaited<ReturnType<typeof loggedInMember>>;
let otherMember: Awaited<ReturnType<typeof loggedInMember>>;
let player: Awaited<ReturnType<typeof loggedInMember>>;

const db = () => kit.testApp.database.db;

beforeAll(async () => {
  kit = await startPaymentsKit();
  key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  top = await loggedInMember(kit, { type: 1, affiliateCode: `TOP${process.pid}` });
  agent = await loggedInMember(kit, {
    type: 2,
    parentAgentId: top.memberId,
    affiliateCode: `AG${process.pid}`,
  });
  member = await loggedInMember(kit, { parentAgentId: agent.memberId });
  otherTop = await loggedInMember(kit, { type: 1 });
  otherMember = await loggedInMember(kit, { parentAgentId: otherTop.memberId });
  player = await loggedInMember(kit);
});
afterAll(async () => kit.close());

type AgentCallName = keyof typeof agentCalls;

function path(name: AgentCallName): string {
  return agentCalls[name].path;
}

async function get(
  name: AgentCallName,
  token: string | undefined,
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return kit.call(
    'GET',
    `${path(name)}${search.size ? `?${search.toString()}` : ''}`,
    token ? { token } : {},
  );
}

async function createDownline(token: string, payload: Record<string, unknown>) {
  return kit.call('POST', path('agentCreateDownline'), {
    token,
    body: encryptFor(key, payload),
  });
}

describe('placement', () => {
  it('keeps the closure table: the team, the directs and the path to the top', async () => {
    const rows = await db()
      .selectFrom('agent_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', member.memberId)
      .orderBy('depth')
      .execute();
    expect(rows).toEqual([
      { ancestor_id: agent.memberId, depth: 1 },
      { ancestor_id: top.memberId, depth: 2 },
    ]);
  });

  it('places a registration by affiliate code under the agent, in the same transaction', async () => {
    const username = `aff${process.pid}`;
    const reply = await kit.call('PUT', '/wps/member/register', {
      body: encryptFor(key, {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        affiliateCode: `AG${process.pid}`,
        termsAccepted: true,
        ...(await solvedCaptcha(kit)),
      }),
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    const placed = await db()
      .selectFrom('agent_tree as t')
      .innerJoin('members as m', 'm.id', 't.descendant_id')
      .select(['t.ancestor_id', 't.depth'])
      .where('m.username_key', '=', username)
      .orderBy('t.depth')
      .execute();
    expect(placed.map((row) => row.ancestor_id)).toEqual([agent.memberId, top.memberId]);
  });

  it('refuses placements that break the rules, and any silent move', async () => {
    const refusals = [
      () => buildMember(db(), { type: 2 }), // an agent of type 2 needs an upline
      () => buildMember(db(), { type: 1, parentAgentId: top.memberId }), // a top agent has none
      () => buildMember(db(), { type: 0, parentAgentId: member.memberId }), // a member is not an upline
    ];
    for (const attempt of refusals) await expect(attempt()).rejects.toThrow(/upline|agent/);
    await expect(
      db()
        .updateTable('members')
        .set({ parent_agent_id: otherTop.memberId })
        .where('id', '=', member.memberId)
        .execute(),
    ).rejects.toThrow(/operator move/);
  });

  it('lets registerCenter create a member and an agent under the caller, with the merchant rules', async () => {
    const invite = await get('agentInvite', agent.token);
    expect(invite.body.value).toMatchObject({
      affiliateCode: `AG${process.pid}`,
      creatableTypes: [0, 2, 41, 42],
    });
    expect(invite.body.value.referralLink).toMatch(/\/register\?affiliateCode=AG\d+$/);

    const created = await createDownline(agent.token, {
      type: 41,
      username: `sub${process.pid}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      nickname: 'Sub agent',
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    const subId = created.body.value.id as number;
    const path = await db()
      .selectFrom('agent_tree')
      .select('ancestor_id')
      .where('descendant_id', '=', subId)
      .execute();
    expect(path.map((row) => row.ancestor_id).sort()).toEqual([top.memberId, agent.memberId, subId].sort());

    const bad = await createDownline(agent.token, {
      type: 0,
      username: 'x',
      password: '1',
      confirmPassword: '2',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.value.fields.map((field: { field: string }) => field.field).sort()).toEqual(
      ['confirmPassword', 'password', 'username'].sort(),
    );
    const taken = await createDownline(agent.token, {
      type: 0,
      username: `sub${process.pid}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(taken.status).toBe(409);
  });

  it('lets a sub-agent of type 41 create members only, and one of type 42 nothing', async () => {
    const sub41 = await loggedInMember(kit, { type: 41, parentAgentId: agent.memberId });
    const sub42 = await loggedInMember(kit, {
      type: 42,
      parentAgentId: agent.memberId,
      affiliateCode: `R${process.pid}`,
    });
    const asAgent = await createDownline(sub41.token, {
      type: 2,
      username: `no${process.pid}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.code).toBe('forbidden');
    const asMember = await createDownline(sub42.token, {
      type: 0,
      username: `no2${process.pid}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(asMember.status).toBe(403);
    expect((await get('agentInvite', sub42.token)).body.value.creatableTypes).toEqual([]);
    const count = await db()
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('username_key', 'in', [`no${process.pid}`, `no2${process.pid}`])
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });
});

describe('who may call', () => {
  const reads: AgentCallName[] = [
    'agentTeamOverview',
    'agentDownlines',
    'agentDownlinesCsv',
    'agentInvite',
    'agentStatement',
    'agentStatementCsv',
    'agentRevenue',
    'agentRevenueCsv',
    'agentTransactions',
    'agentTransactionsCsv',
    'agentAnnouncements',
  ];

  it('answers 401 without a session, not_agent to a player and in_need_true_account to a trial', async () => {
    const trial = await trialToken(kit);
    for (const name of reads) {
      expect((await get(name, undefined)).status, name).toBe(401);
      const asPlayer = await get(name, player.token);
      expect([asPlayer.status, asPlayer.body.code], name).toEqual([403, 'not_agent']);
      const asTrial = await get(name, trial);
      expect([asTrial.status, asTrial.body.code], name).toEqual([403, 'in_need_true_account']);
    }
    const create = await createDownline(player.token, {
      type: 0,
      username: `pl${process.pid}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect([create.status, create.body.code]).toEqual([403, 'not_agent']);
  });

  it('answers not_found for ids outside the caller team, from any other agent or a downline', async () => {
    const probes: [string, AgentCallName, Record<string, string | number>][] = [
      ['another team', 'agentDownlines', { parentId: otherMember.memberId }],
      ['another top agent', 'agentDownlines', { parentId: otherTop.memberId }],
      ['upline, from a downline', 'agentDownlines', { parentId: top.memberId }],
      ['no such id', 'agentDownlines', { parentId: 2_000_000_000 }],
      ['another team', 'agentTransactions', { memberId: otherMember.memberId }],
      ['upline, from a downline', 'agentTransactions', { memberId: top.memberId }],
      ['another team', 'agentDownlinesCsv', { parentId: otherMember.memberId }],
      ['another team', 'agentTransactionsCsv', { memberId: otherMember.memberId }],
    ];
    for (const [what, name, query] of probes) {
      const reply = await get(name, agent.token, query);
      expect([reply.status, reply.body.code], `${what}: ${name}`).toEqual([404, 'not_found']);
    }
    const fromOther = await get('agentDownlines', otherTop.token, { parentId: agent.memberId });
    expect(fromOther.status).toBe(404);
  });
});

describe('periods', () => {
  it('refuses periods over 92 days, reversed periods and malformed dates, naming the field', async () => {
    const cases: [Record<string, string>, number, string, string][] = [
      [{ from: '2026-01-01', to: '2026-04-05' }, 400, 'invalid_range', 'from'],
      [{ from: '2026-02-02', to: '2026-02-01' }, 400, 'invalid_range', 'from'],
      [{ from: '2026-02-30' }, 400, 'invalid_date', 'from'],
      [{ to: '2026-13-01' }, 400, 'invalid_date', 'to'],
    ];
    for (const [query, status, code, field] of cases) {
      const reply = await get('agentTeamOverview', top.token, query);
      expect([reply.status, reply.body.code], JSON.stringify(query)).toEqual([status, code]);
      expect(JSON.stringify(reply.body.value)).toContain(field);
    }
    const malformed = await get('agentStatement', top.token, { from: '1 Jan' });
    expect(malformed.status).toBe(400);
    expect((await get('agentTeamOverview', top.token, { from: '2026-01-01', to: '2026-04-02' })).status).toBe(
      200,
    );
  });
});

describe('figures', () => {
  it('shows a downline deposit in the team overview, the statement and the transactions, not in another team', async () => {
    await fund(kit, member.memberId, 12_345n);
    await rollUpLedger(db());
    const overview = (await get('agentTeamOverview', top.token, { preset: 'today' })).body.value;
    expect(overview.figures).toMatchObject({ depositCount: 1, deposits: '123.45', firstDeposits: 1 });
    expect(overview.members).toBeGreaterThanOrEqual(3);
    expect(overview.days).toHaveLength(1);
    const other = (await get('agentTeamOverview', otherTop.token, { preset: 'today' })).body.value;
    expect(other.figures.depositCount).toBe(0);

    const byDownline = (await get('agentStatement', top.token, { groupBy: 'downline' })).body.value;
    const agentRow = byDownline.items.find((row: { memberId: number }) => row.memberId === agent.memberId);
    expect(agentRow).toMatchObject({ deposits: '123.45', depositCount: 1 });
    expect(byDownline.items[0].memberId).toBe(top.memberId);
    expect(byDownline.totals.deposits).toBe('123.45');

    const movements = (await get('agentTransactions', agent.token, { type: 'deposit' })).body.value;
    expect(movements.items).toEqual([
      expect.objectContaining({ memberId: member.memberId, type: 'deposit', amount: '123.45' }),
    ]);
    const list = (await get('agentDownlines', top.token, {})).body.value;
    expect(list.items.map((row: { id: number }) => row.id)).toContain(agent.memberId);
    expect(list.path).toEqual([{ id: top.memberId, account: top.username }]);
    const drilled = (
      await get('agentDownlines', top.token, { parentId: agent.memberId, sort: 'account', order: 'asc' })
    ).body.value;
    expect(drilled.path.map((step: { id: number }) => step.id)).toEqual([top.memberId, agent.memberId]);
    const row = drilled.items.find((item: { id: number }) => item.id === member.memberId);
    expect(row).toMatchObject({ level: 1, balance: '123.45', teamSize: 0, isAgent: false });
  });

  it('exports the same rows as CSV, with the same filters', async () => {
    const reply = await kit.testApp.app.inject({
      method: 'GET',
      url: `${path('agentTransactionsCsv')}?type=deposit`,
      headers: { authorization: `Bearer ${agent.token}`, host: 'localhost' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,account,type,kind,amount,vendor');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${member.username},deposit,deposit,123.45,`);
  });

  it('shows agent-audience announcements on the agent page only', async () => {
    const merchant = await db()
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    await sql`insert into announcements (merchant_id, content_type, title, content, published, audience)
      values (${merchant.id}, 'B', 'For agents only', '<p>Commission news</p>', true, 'agents')`.execute(
      db(),
    );
    const forAgents = (await get('agentAnnouncements', agent.token)).body.value;
    expect(forAgents.items.map((item: { title: string }) => item.title)).toContain('For agents only');
    const forPlayers = (await kit.call('GET', '/wps/relay/announcement_list')).body.value;
    expect(forPlayers.items.map((item: { title: string }) => item.title)).not.toContain('For agents only');
  });
});
