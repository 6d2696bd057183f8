import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, errorStatus, type CallDefinition, type PublicKey } from '@portal/contracts';
import {
  addressOf,
  generatedRequest,
  injectRequest,
  schemaOf,
  type Credentials,
  type SentRequest,
} from '../test/call-requests';
import { definedCalls } from '../test/defined-calls';
import { encryptFor } from '../test/encrypt';
import { buildMember } from '../test/factories';
import { testOperatorToken } from '../test/operator-login';
import { startPaymentsKit, type PaymentsKit } from '../test/payments-kit';

/**
 * Schema fuzzing from the contracts (issue 21): every call the catalogue defines gets requests generated
 * from its own zod schemas (test/zod-arbitrary.ts), some valid and some hostile, from each kind of caller
 * that can reach it (a visitor, a player, an agent; an owner on /ops; a signed and an unsigned vendor on
 * /vendor). For every answer:
 * - never a 5xx, never an unhandled rejection; the one exception is a 503 the call declares (a vendor in
 *   maintenance, which an operator's fuzzed call may have switched on): that is the contract's answer
 *   about a dependency, not a fault;
 * - a success's envelope matches the call's declared response schema;
 * - a refusal writes nothing: no transaction id was taken meanwhile, or, if one was (a session touched, a
 *   failed login counted, an operator's refusal audited), no table outside `writesOnRefusal` gained or
 *   lost a row.
 *
 * Replay a failure with the seed it prints: FUZZ_SEED=<n> (FUZZ_RUNS=<n> requests per kind and caller).
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const runs = Number(process.env.FUZZ_RUNS ?? 1);

/** Tables a refused call may add rows to, each for a reason of its own. */
const writesOnRefusal = new Set([
  'login_failures', // a failed login is counted (decision 0009)
  'security_alerts', // repeated failures raise an alert
  'audit_log', // an operator's refused write is audited (decision 0035)
  'audit_changes',
  'used_nonces', // a vendor's signed call spends its nonce before its body is judged
]);

let kit: PaymentsKit;
let key: PublicKey;
const tokens: Record<'player' | 'agent' | 'owner', string> = { player: '', agent: '', owner: '' };
let vendorSecret = '';
let addresses = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

async function login(type: number): Promise<string> {
  const member = await buildMember(kit.testApp.database.db, { type });
  const reply = await kit.call('POST', '/wps/session/login', {
    body: encryptFor(key, {
      type: 'username',
      username: member.username,
      password: member.password,
      side: type === 0 ? 'member' : 'agent',
    }),
  });
  return reply.body.value.token as string;
}

/** Logs the callers in again when a call ended their session (logout, a password change, a break). */
async function refreshTokens() {
  const alive = async (path: string, token: string) =>
    token !== '' && (await kit.call('GET', path, { token })).status !== 401;
  if (!(await alive('/wps/member/info', tokens.player))) tokens.player = await login(0);
  if (!(await alive('/wps/member/info', tokens.agent))) tokens.agent = await login(1);
  if (!(await alive('/ops/me', tokens.owner))) tokens.owner = await testOperatorToken(kit.testApp);
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  kit = await startPaymentsKit();
  key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  vendorSecret = (
    await kit.testApp.database.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', 'BGS')
      .executeTakeFirstOrThrow()
  ).secret;
  // As on a running portal (vendor-sim/demo-vendor.ts), every hosted vendor has a launch address.
  await kit.testApp.database.db
    .updateTable('vendors')
    .set({ launch_url: 'http://127.0.0.1:9/launch' })
    .where('launch_kind', '=', 'hosted')
    .where('launch_url', 'is', null)
    .execute();
  await refreshTokens();
}, 120_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await kit?.close();
});

/** The next transaction id to be given: unchanged when nobody wrote anything in between. */
async function nextXid(): Promise<string> {
  const { rows } = await sql<{
    xmax: string;
  }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(kit.testApp.database.db);
  return rows[0]!.xmax;
}

/** Rows per table of the test database. */
async function rowCounts(): Promise<Map<string, number>> {
  const db = kit.testApp.database.db;
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const union = tables
    .map(({ name }) => `select '${name}' as name, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const { rows } = await sql<{ name: string; n: number }>`${sql.raw(union)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.n]));
}

type Caller = 'visitor' | 'player' | 'agent' | 'owner' | 'vendor' | 'unsigned';

function callersOf(call: CallDefinition): Caller[] {
  if (call.path.startsWith('/ops/')) return ['visitor', 'owner'];
  if (call.path.startsWith('/vendor/')) return ['vendor', 'unsigned'];
  return ['visitor', 'player', 'agent'];
}

async function send(call: CallDefinition, caller: Caller, sent: SentRequest) {
  addresses += 1;
  // Every request from its own address, so per-address rate limits leave the contracts to answer.
  const credentials: Credentials = { ip: addressOf(addresses) };
  if (caller === 'player' || caller === 'agent' || caller === 'owner') credentials.token = tokens[caller];
  if (caller === 'vendor') credentials.vendor = { code: 'BGS', secret: vendorSecret };
  return injectRequest(kit.testApp.app, call, sent, credentials);
}

/** A 503 whose error code the call declares with that status (maintenance, a vendor unreachable). */
function declaredUnavailable(call: CallDefinition, status: number, body: string): boolean {
  if (status !== 503) return false;
  let code: unknown;
  try {
    code = (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return false;
  }
  return call.errors.some((declared) => declared === code && errorStatus[declared] === 503);
}

describe('schema fuzzing from the contracts', () => {
  it('answers every generated request without a 5xx, in its declared shape, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    let baseline = await rowCounts();
    let requests = 0;
    const calls = [...definedCalls()].sort(([a], [b]) => a.localeCompare(b));
    for (const [index, [name, call]] of calls.entries()) {
      if (process.env.FUZZ_VERBOSE) console.error(`fuzz ${index + 1}/${calls.length} ${name}`);
      for (const caller of callersOf(call)) {
        for (let run = 0; run < runs * 2; run += 1) {
          const sent = generatedRequest(call, key, {
            seed,
            at: index * 1_000 + run * 10,
            hostile: run % 2 === 1,
          });
          const before = await nextXid();
          const reply = await send(call, caller, sent);
          requests += 1;
          const where = `${name} as ${caller}: ${sent.method} ${sent.url.slice(0, 200)} ${sent.payload?.slice(0, 300) ?? ''}`;
          if (reply.statusCode >= 500 && !declaredUnavailable(call, reply.statusCode, reply.body)) {
            failures.push(`${reply.statusCode} from ${where}: ${reply.body.slice(0, 300)}`);
            continue;
          }
          const isJson = reply.headers['content-type']?.toString().includes('application/json') ?? false;
          const envelope = isJson ? reply.json<{ success?: unknown }>() : undefined;
          if (envelope?.success === true && call.response !== undefined) {
            const checked = envelopeOf(schemaOf(call.response)!).safeParse(envelope);
            if (!checked.success) {
              failures.push(
                `answer outside ${call.response} from ${where}: ${checked.error.message.slice(0, 300)}`,
              );
            }
          }
          if ((await nextXid()) === before) continue;
          const after = await rowCounts();
          if (envelope?.success === false || reply.statusCode >= 400) {
            const changed = [...after]
              .filter(([table, n]) => !writesOnRefusal.has(table) && baseline.get(table) !== n)
              .map(([table, n]) => `${table} ${baseline.get(table) ?? 0} -> ${n}`);
            if (changed.length > 0)
              failures.push(`refused ${reply.statusCode} but wrote (${changed.join(', ')}): ${where}`);
          }
          baseline = after;
        }
        await refreshTokens();
        // A new login writes (a member, its session): the next refusals are compared with the rows after it.
        baseline = await rowCounts();
      }
    }
    if (unhandled.length > 0) failures.push(`unhandled rejections: ${unhandled.map(String).join('; ')}`);
    console.log(`contract fuzz: ${calls.length} calls, ${requests} requests, seed ${seed}`);
    expect(failures, `replay with FUZZ_SEED=${seed}`).toEqual([]);
  }, 600_000);
});
