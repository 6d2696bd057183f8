import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTypes, operatorRoles, type CallDefinition, type PublicKey } from '@portal/contracts';
import {
  accessMatrix,
  agentColumnTypes,
  refusalsAfterAuthorization,
  roles,
  type Role,
} from '../test/access-matrix';
import { renderAccessMatrix } from '../test/access-matrix-doc';
import { addressOf, injectRequest, validRequest, type Credentials } from '../test/call-requests';
import { definedCalls } from '../test/defined-calls';
import { opsSampleBodies } from '../test/ops-sample-bodies';
import { startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { RoleSessions } from '../test/role-sessions';

/**
 * The authorization matrix of the whole portal (issue 21): every call the contracts define, sent by every
 * kind of caller (test/access-matrix.ts: a visitor, a trial session, a player, each agent type, a BGS game
 * session, the six staff roles, a signed vendor), answers as the reviewed table says. A denial must be the
 * table's exact status and code; an allowance anything but 401 or 403 (or one of the refusals the table
 * names as coming after authorization: a wrong payment password, a switch that is off).
 *
 * The staff roles' cells of the /ops calls are ops-access.test.ts's (it reads the same ops-access.ts and
 * sends each with the staff tokens); this test sends every other cell, the /ops calls included.
 *
 * Fastify parses and validates a request before the guards (preHandler hooks) run, so a visitor sending a
 * malformed body learns 400 and the call's shape, not 401. Every request here is VALID for its call's
 * schemas (test/call-requests.ts `validRequest`: samples from the contracts' own zod schemas, checked to
 * parse as the server receives them; a hand-made body where refinements defeat the samples), and a vendor
 * signature on a call without a body sends no content type, so the guard is what answers.
 *
 * The order is kept, on purpose for now: a 400 tells a visitor nothing that GET /openapi.json does not
 * publish (every call's schemas), and moving the guards ahead of parsing is no one-line change: the
 * vendor's signature covers the raw body, a refused operator write's audit row records the request's
 * body (ops-routes.ts), and every routes file names its guard as a preHandler. Guards first (route-level
 * onRequest) remains the better behaviour and a follow-up; this test would then pass as it is.
 *
 * Calls that end a session (logout, a revoked session, a self-exclusion) are sent last and the caller
 * signs in again after each; an unexpected answer is retried once with a fresh session before it counts.
 *
 * `UPDATE_ACCESS_MATRIX=1` writes docs/access-matrix.md from the table; without it the test fails when
 * the document differs from the table.
 */
let kit: PaymentsKit;
let key: PublicKey;
let vendorSecret = '';
let addresses = 0;
let sessions: RoleSessions;
const signIn = (role: Role) => sessions.signIn(role);

const docPath = path.resolve(__dirname, '../../../../docs/access-matrix.md');

/** Calls after which the caller's session may be gone (or its account blocked): sent last, then re-login. */
const sessionEnders = new Set(['changePassword', 'revokeSession', 'rgSessionLimitSet', 'rgBlock', 'logout']);

/** Hand-made bodies where the sample's content would decide the answer: an agent creates a member. */
const sampleBodies: Record<string, () => unknown> = {
  ...Object.fromEntries(Object.entries(opsSampleBodies).map(([name, body]) => [name, () => body])),
  agentCreateDownline: () => ({
    type: 0,
    username: `matrixdown${addresses}`,
    password: 'Matrix1234',
    confirmPassword: 'Matrix1234',
  }),
};

const isStaff = (role: Role): role is (typeof operatorRoles)[number] =>
  (operatorRoles as readonly string[]).includes(role);

/** The answer in the table's words: allow, or a 401/403 with its code. */
function answerOf(status: number, body: string): string {
  if (status !== 401 && status !== 403) return 'allow';
  let code: unknown;
  try {
    code = (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  if (typeof code !== 'string') return `${status} (no code)`;
  return refusalsAfterAuthorization.has(code) ? 'allow' : `${status} ${code}`;
}

async function send(name: string, call: CallDefinition, role: Role, token: string | undefined) {
  addresses += 1;
  const sent = validRequest(call, key, seedOf.get(name) ?? 0, sampleBodies[name]?.());
  const credentials: Credentials = { ip: addressOf(addresses) };
  if (token !== undefined) credentials.token = token;
  if (role === 'vendor') credentials.vendor = { code: 'BGS', secret: vendorSecret };
  const reply = await injectRequest(kit.testApp.app, call, sent, credentials);
  return answerOf(reply.statusCode, reply.body);
}

/** Each call's place in the catalogue by name: its requests' seed, the same for every caller. */
const seedOf = new Map([...definedCalls().keys()].sort().map((name, index) => [name, index * 1_000]));

/** The calls a role is sent: all but the staff's own /ops cells; the session enders last. */
function callsFor(role: Role): [string, CallDefinition][] {
  return [...definedCalls()]
    .filter(([, call]) => !(isStaff(role) && call.path.startsWith('/ops/')))
    .sort(([a], [b]) => Number(sessionEnders.has(a)) - Number(sessionEnders.has(b)) || a.localeCompare(b));
}

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  const db = kit.testApp.database.db;
  key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  vendorSecret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  sessions = await RoleSessions.start(kit);
}, 120_000);
afterAll(async () => kit?.close());

describe('the authorization matrix of every call', () => {
  it('has exactly one row per defined call, and the document shows the table', () => {
    const calls = definedCalls();
    expect([...agentColumnTypes], 'an agent column per agent type').toEqual([...agentTypes]);
    expect(
      [...calls.keys()].filter((name) => !(name in accessMatrix)),
      'calls without a row',
    ).toEqual([]);
    expect(
      Object.keys(accessMatrix).filter((name) => !calls.has(name)),
      'rows of calls that no longer exist',
    ).toEqual([]);
    const rendered = renderAccessMatrix();
    if (process.env.UPDATE_ACCESS_MATRIX) fs.writeFileSync(docPath, rendered);
    const written = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '';
    expect(written === rendered, 'docs/access-matrix.md is stale: run with UPDATE_ACCESS_MATRIX=1').toBe(
      true,
    );
  });

  for (const role of roles) {
    it(`answers ${role} as the table says`, async () => {
      const wrong: string[] = [];
      let token = await signIn(role);
      for (const [name, call] of callsFor(role)) {
        const expected = accessMatrix[name as keyof typeof accessMatrix][role];
        let answer = await send(name, call, role, token);
        if (answer !== expected) {
          // A session an earlier call ended: once more with a fresh one before it counts.
          token = await signIn(role);
          answer = await send(name, call, role, token);
        }
        if (answer !== expected)
          wrong.push(`${name} (${call.method} ${call.path}): ${answer}, table: ${expected}`);
        if (sessionEnders.has(name)) token = await signIn(role);
      }
      expect(wrong).toEqual([]);
    }, 60_000);
  }
});
