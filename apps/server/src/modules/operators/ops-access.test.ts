import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition, OperatorRole } from '@portal/contracts';
import * as schemas from '@portal/contracts/schemas';
import { definedCalls } from '../../test/defined-calls';
import { opsSampleBodies } from '../../test/ops-sample-bodies';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { staffTokensByRole } from '../../test/staff-roles';
import { opsAccess } from './ops-access';

/**
 * The authorization matrix of the operator API (issue 16): every /ops call the contracts define, sent
 * with every staff role's token, answers as the reviewed table ops-access.ts says, and a player's or an
 * agent's token gets 401/403 on every one of them and changes nothing.
 *
 * Fastify validates a request before the guard (a preHandler) runs, so each call with a body or query
 * is sent a VALID one (checked against its schema here): a refusal must then come from the guard. Ids
 * in paths do not exist (999999999), so an allowed decision answers 404 and moves no money.
 */
let kit: PaymentsKit;
const tokens = {} as Record<OperatorRole, string>;
const roles: readonly OperatorRole[] = ['owner', 'finance', 'support', 'content', 'risk', 'platform'];
let addresses = 0;

/** Every call under /ops/ of every group the catalogue exports (not only operatorCalls), by name. */
function opsCalls(): Map<string, CallDefinition> {
  return new Map([...definedCalls()].filter(([, call]) => call.path.startsWith('/ops/')));
}

/** Settings calls put back what their reading call answers. */
const settingsReads: Record<string, string> = {
  opsSetContractPolicy: '/ops/agents/contract-policy',
  opsRewardSettingsSet: '/ops/rewards/settings',
  opsPointsSettingsSet: '/ops/points/settings',
  opsAdjustmentSettingsSet: '/ops/adjustments/settings',
  opsRgSettingsSet: '/ops/rg/settings',
};
/** Path parameters: ids that do not exist. */
const pathValues: Record<string, string> = { id: '999999999', code: 'NO_SUCH_VENDOR', index: '0' };

function urlOf(call: CallDefinition): string {
  return call.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => pathValues[name] ?? '999999999');
}

async function send(name: string, call: CallDefinition, token: string) {
  addresses += 1;
  const ip = `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  if (call.file) {
    // A file answer (an image, a report's CSV) is no envelope: its status says enough; a refusal is JSON.
    const reply = await kit.testApp.app.inject({
      method: call.method,
      url: urlOf(call),
      headers: { host: 'localhost', 'x-forwarded-for': ip, authorization: `Bearer ${token}` },
    });
    const json = String(reply.headers['content-type'] ?? '').includes('json');
    return { status: reply.statusCode, body: json ? reply.json() : {} };
  }
  return kit.call(call.method, urlOf(call), { token, body: opsSampleBodies[name], ip });
}

/** The calls in sending order: the logout last, so the token lives through the rest. */
function callsInOrder(): [string, CallDefinition][] {
  return [...opsCalls()].sort(([a], [b]) => Number(a === 'operatorLogout') - Number(b === 'operatorLogout'));
}

/** A fingerprint of every table's rows (what a refused call must leave as it was). */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const db = kit.testApp.database.db;
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const prints: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ print: string | null }>`
      select md5(string_agg(t::text, '|' order by t::text)) as print from ${sql.table(name)} t`.execute(db);
    prints[name] = row.rows[0]?.print ?? '';
  }
  return prints;
}

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  Object.assign(tokens, await staffTokensByRole(kit));
  for (const [name, url] of Object.entries(settingsReads)) {
    const read = await kit.call('GET', url, { token: tokens.owner });
    expect(read.body.success, `${url}: ${JSON.stringify(read.body)}`).toBe(true);
    opsSampleBodies[name] = read.body.value;
  }
}, 30_000);
afterAll(async () => kit.close());

describe('the operator API authorization matrix', () => {
  it('has exactly one reviewed entry per /ops call, and a valid sample request for each', () => {
    const calls = opsCalls();
    expect(calls.size).toBeGreaterThan(70);
    for (const [name, call] of calls) {
      expect(opsAccess, `${name} has no entry in ops-access.ts`).toHaveProperty(name);
      expect(opsAccess[name as keyof typeof opsAccess] === 'public', `${name}: public iff no token`).toBe(
        !call.token,
      );
      if (call.body !== undefined) {
        const parsed = schemas[call.body].safeParse(opsSampleBodies[name]);
        expect(parsed.success, `${name}'s sample body: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      if (call.query !== undefined) {
        const parsed = schemas[call.query].safeParse({});
        expect(parsed.success, `${name}: an empty query is valid`).toBe(true);
      }
      if (call.params !== undefined) {
        const params = Object.fromEntries(
          [...call.path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [key, pathValues[key!] ?? '999999999']),
        );
        expect(schemas[call.params].safeParse(params).success, `${name}'s path values`).toBe(true);
      }
    }
    expect(Object.keys(opsAccess).filter((name) => !calls.has(name))).toEqual([]);
  });

  for (const role of roles) {
    it(`lets ${role} make exactly the calls the table allows it`, async () => {
      const wrong: string[] = [];
      for (const [name, call] of callsInOrder()) {
        const access = opsAccess[name as keyof typeof opsAccess];
        if (access === 'public') continue;
        const reply = await send(name, call, tokens[role]);
        const answer = `${reply.status} ${String(reply.body.code ?? '')}`;
        if (access.includes(role)) {
          if (reply.status === 401 || reply.status === 403) wrong.push(`${name}: allowed but ${answer}`);
        } else if (reply.status !== 403 || reply.body.code !== 'operator_role_forbidden') {
          wrong.push(`${name}: denied but ${answer}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("refuses a player's and an agent's token on every /ops call and changes nothing", async () => {
    const player = await loggedInMember(kit);
    const agent = await loggedInMember(kit, { type: 1 });
    const before = await databaseFingerprint();
    const wrong: string[] = [];
    for (const [who, token] of [
      ['player', player.token],
      ['agent', agent.token],
    ] as const) {
      for (const [name, call] of callsInOrder()) {
        if (opsAccess[name as keyof typeof opsAccess] === 'public') continue;
        const reply = await send(name, call, token);
        if (reply.status !== 401 && reply.status !== 403) wrong.push(`${who} ${name}: ${reply.status}`);
      }
    }
    expect(wrong).toEqual([]);
    const after = await databaseFingerprint();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual([]);
  });
});
