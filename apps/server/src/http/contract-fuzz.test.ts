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
import { accessMatrix, roles, type Role } from '../test/access-matrix';
import { definedCalls, type DefinedCallName } from '../test/defined-calls';
import { startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { RoleSessions } from '../test/role-sessions';

/**
 * Schema fuzzing from the contracts (issue 21): every call the catalogue defines gets requests generated
 * from its own zod schemas (test/zod-arbitrary.ts), some valid and some hostile, from a visitor and from
 * two of the kinds of caller the access matrix (test/access-matrix.ts) allows to make it: a trial session,
 * a player, each agent type, a game session, each of the six staff roles, a signed vendor. Which two turns
 * with the call's place and the seed, so runs with other seeds reach every allowed caller. For every answer:
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
  // An in-house round is written (its nonce spent, its outcome fixed) before its bet goes to the wallet; a
  // bet the wallet refuses leaves it 'refused', so a retry of that requestId gets the same answer.
  'bgs_rounds',
  'ledger_accounts', // a member's wallet is opened (at zero) by its first money call, even one then refused
]);

let kit: PaymentsKit;
let key: PublicKey;
let sessions: RoleSessions;
const tokens = new Map<Role, string | undefined>();
let vendorSecret = '';
let addresses = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/**
 * The caller's session. Every caller signs in before the first fuzzed call; a session a call ended is
 * renewed, unless fuzzed settings now refuse that (a captcha, free play switched off, the login rate
 * limit): the caller then goes on with the ended session, as a visitor would, and tries again a minute on.
 */
async function tokenOf(role: Role): Promise<string | undefined> {
  if (!tokens.has(role) && Date.now() >= (renewAfter.get(role) ?? 0)) {
    try {
      tokens.set(role, await sessions.signIn(role));
    } catch (error) {
      if (!renewAfter.has(role))
        console.warn(`contract fuzz: ${role} could not sign in again (${String(error).slice(0, 200)})`);
      renewAfter.set(role, Date.now() + 60_000);
    }
  }
  return tokens.get(role) ?? stale.get(role);
}
const stale = new Map<Role, string | undefined>();
const renewAfter = new Map<Role, number>();

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // Behind a trusted proxy, so each request's x-forwarded-for is its own address for the rate limits.
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
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
  sessions = await RoleSessions.start(kit);
  for (const role of roles) tokens.set(role, await sessions.signIn(role));
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

/**
 * A visitor and two of the callers the matrix allows (one when it allows one; a vendor call also goes out
 * unsigned, as the visitor), turning with the call's place and the seed.
 */
function callersOf(name: DefinedCallName, index: number): Role[] {
  const row = accessMatrix[name];
  const allowed = roles.filter((role) => role !== 'visitor' && row[role] === 'allow');
  const picked = [0, Math.ceil(allowed.length / 2)].map(
    (offset) => allowed[(index + seed + offset) % allowed.length],
  );
  return ['visitor', ...new Set(picked.filter((role) => role !== undefined))];
}

async function send(call: CallDefinition, caller: Role, sent: SentRequest) {
  addresses += 1;
  // Every request from its own address, so per-address rate limits leave the contracts to answer.
  const credentials: Credentials = { ip: addressOf(addresses) };
  const token = await tokenOf(caller);
  if (token !== undefined) credentials.token = token;
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
      for (const caller of callersOf(name as DefinedCallName, index)) {
        // A session is made before the baseline is read: signing in writes rows of its own.
        await tokenOf(caller);
        baseline = await rowCounts();
        let endedSession = false;
        for (let run = 0; run < runs * 2; run += 1) {
          const sent = generatedRequest(call, key, {
            seed,
            at: index * 1_000 + run * 10,
            hostile: run % 2 === 1,
          });
          const before = await nextXid();
          const reply = await send(call, caller, sent);
          requests += 1;
          if (reply.statusCode === 401) endedSession = true;
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
        // A call may have ended the caller's session (logout, a password change, a break): a new one next.
        if (endedSession) {
          stale.set(caller, tokens.get(caller));
          tokens.delete(caller);
        }
      }
    }
    if (unhandled.length > 0) failures.push(`unhandled rejections: ${unhandled.map(String).join('; ')}`);
    console.log(`contract fuzz: ${calls.length} calls, ${requests} requests, seed ${seed}`);
    expect(failures, `replay with FUZZ_SEED=${seed}`).toEqual([]);
  }, 600_000);
});
