import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition, OperatorRole } from '@portal/contracts';
import * as mainCatalogue from '@portal/contracts/calls';
import { agentCalls } from '@portal/contracts/calls/agents';
import { pointsCalls } from '@portal/contracts/calls/points';
import { rewardCalls } from '@portal/contracts/calls/rewards';
import * as schemas from '@portal/contracts/schemas';
import {
  loggedInMember,
  operatorToken,
  pngBase64,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';
import { createOperator } from './operators.service';
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

function isCallDefinition(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/** Every call under /ops/ of every group the catalogue exports (not only operatorCalls), by name. */
function opsCalls(): Map<string, CallDefinition> {
  const found = new Map<string, CallDefinition>();
  const groups = { ...mainCatalogue, agentCalls, rewardCalls, pointsCalls };
  for (const group of Object.values(groups)) {
    if (typeof group !== 'object' || group === null) continue;
    for (const [name, call] of Object.entries(group)) {
      if (isCallDefinition(call) && call.path.startsWith('/ops/')) found.set(name, call);
    }
  }
  return found;
}

const later = (days: number) => new Date(Date.UTC(2031, 0, 1) + days * 86_400_000).toISOString();

/** A valid body for each call that has one (settings calls get the merchant's current settings). */
const bodies: Record<string, unknown> = {
  operatorLogin: { username: 'admin', password: 'Admin1234' },
  opsTotpConfirm: { code: '000000' },
  // A wrong current password: the change is refused (400) and the token lives on.
  opsPasswordChange: { currentPassword: 'not-the-password', newPassword: 'Matrix5678x' },
  opsStaffCreate: { username: 'matrix-new', password: 'Matrix5678x', role: 'support' },
  opsStaffUpdate: { role: 'support' },
  opsStaffPasswordReset: { password: 'Matrix5678x' },
  // An empty allow-list: no address is refused, whoever saves it.
  opsStaffSecuritySet: { ipAllowList: [], idleMinutes: null, absoluteHours: null },
  opsDepositReject: { reason: 'authorization matrix' },
  opsWithdrawalReject: { reason: 'authorization matrix' },
  opsGameVendorUpdate: { sortOrder: 1 },
  opsGameUpdate: { sortOrder: 1 },
  opsAnnouncementCreate: { contentType: 'B', title: 'Matrix', content: 'x' },
  opsAnnouncementUpdate: { contentType: 'B', title: 'Matrix', content: 'x' },
  opsBannerCreate: { url: '/matrix.png', linkageType: 'NONE', groupName: 'w_home', title: 'Matrix' },
  opsBannerUpdate: { url: '/matrix.png', linkageType: 'NONE', groupName: 'w_home', title: 'Matrix' },
  opsHelpArticleCreate: { lang: 'EN', term: 'matrix', title: 'Matrix', content: 'x' },
  opsHelpArticleUpdate: { lang: 'EN', term: 'matrix', title: 'Matrix', content: 'x' },
  opsContentImage: { image: pngBase64 },
  opsServiceEntryCreate: { name: 'Matrix', path: 'https://example.com/chat' },
  opsServiceEntryUpdate: { name: 'Matrix', path: 'https://example.com/chat' },
  opsResourceCreate: { resourceType: 'FACEBOOK', url: 'https://example.com/fb', labelNameEn: 'Matrix' },
  opsResourceUpdate: { resourceType: 'FACEBOOK', url: 'https://example.com/fb', labelNameEn: 'Matrix' },
  opsMessageCreate: { title: 'Matrix', content: 'x', audience: 'broadcast' },
  opsMessageUpdate: { title: 'Matrix', content: 'x', audience: 'broadcast' },
  opsFeedbackAnswer: { answer: 'Matrix' },
  opsActivityCreate: {
    title: 'Matrix',
    rules: { kind: 'social_contact', amount: '1.00' },
    startsAt: later(0),
    endsAt: later(1),
  },
  opsRewardClaimDecide: { decision: 'reject' },
  opsRedEnvelopeCreate: { title: 'Matrix', pool: '1.00', shares: 1, startsAt: later(0), endsAt: later(1) },
  opsRaffleCreate: {
    title: 'Matrix',
    startsAt: later(0),
    endsAt: later(1),
    drawAt: later(1),
    tickets: { validBetPerTicket: '100.00' },
    prizes: ['1.00'],
  },
  opsPointsItemCreate: { kind: 'voucher', name: 'Matrix', pointsPerUnit: '50' },
  opsPointsItemUpdate: { kind: 'voucher', name: 'Matrix', pointsPerUnit: '50' },
  opsPointsRedeemDecide: { decision: 'reject' },
  opsPlayerLock: { reason: 'authorization matrix' },
  opsTopAgentCreate: { username: 'matrixtop', password: 'Matrix1234' },
  opsPlayerMove: { uplineAccount: 'matrixtop' },
  opsAdjustmentCreate: { direction: 'credit', amount: '1.00', reason: 'matrix', requestId: 'matrix-0001' },
  opsAdjustmentDecide: { decision: 'reject' },
  // White-label settings: the demo merchant's own values (the register form cut to its two musts).
  opsSettingsModules: {
    mobileRegistration: true,
    smsVerification: true,
    mobilePasswordRegistration: false,
    freePlay: true,
    forcedPasswordChange: true,
    mobileCodeLogin: true,
    agentPolicy: true,
    referralPromotion: true,
    contractDividends: true,
    salary: true,
  },
  opsSettingsLanguages: {
    languages: ['EN', 'TY'],
    defaultLanguage: 'EN',
    themes: ['dark', 'light'],
    defaultTheme: null,
  },
  opsSettingsBranding: { logoUrl: null, primaryColor: null, accentColor: null },
  opsSettingsRegister: {
    fields: [
      {
        field: 'username',
        shown: true,
        required: true,
        acceptedPattern: '*',
        minLength: 4,
        maxLength: 16,
        patternId: 1,
      },
      {
        field: 'password',
        shown: true,
        required: true,
        acceptedPattern: '*',
        minLength: 6,
        maxLength: 20,
        patternId: 5,
      },
    ],
  },
  opsSettingsCountries: { countries: [{ countryCode: 'TH', countryDialingCode: '+66' }] },
  opsSettingsLayout: { gameListLayout: 'grid' },
  opsSettingsSocial: {
    provider: 'google',
    issuer: 'https://accounts.google.com',
    clientId: 'matrix-client',
    clientSecret: 'matrix-secret',
    enabled: false,
  },
  opsSettingsStatus: {
    maintenanceEnabled: false,
    maintenanceMessage: null,
    maintenanceAllowIps: [],
    allowedCountries: [],
    blockedCountries: [],
  },
  opsSettingsWithdrawals: { autoReceiveMinutes: 30, minAmount: '100.00', maxAmount: '50000.00' },
  opsPaymentChannelCreate: {
    type: 'manual_bank',
    name: 'Matrix',
    minAmount: '1.00',
    maxAmount: '2.00',
    enabled: false,
    bankName: 'Matrix',
    accountNumber: '1234567',
    accountHolder: 'Matrix',
  },
  opsPaymentChannelUpdate: {
    type: 'gateway',
    name: 'Matrix',
    minAmount: '1',
    maxAmount: '2',
    enabled: false,
    gatewayCode: 'x',
  },
  opsPaymentChannelOrder: { ids: [999999999] },
  opsMerchantCreate: {
    code: 'matrix',
    name: 'Matrix',
    currency: { code: 'THB', symbol: 'THB', decimals: 2 },
    gmtOffsetMinutes: 420,
    defaultLanguage: 'EN',
    owner: { username: 'matrix-owner', password: 'Matrix12345' },
  },
  opsMerchantDomainAdd: { domain: 'matrix.example' },
};
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
  return kit.call(call.method, urlOf(call), { token, body: bodies[name], ip });
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
  tokens.owner = await operatorToken(kit);
  for (const role of roles.filter((role) => role !== 'owner')) {
    const username = `matrix-${role}`;
    await createOperator(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      username,
      password: 'Matrix1234',
      role,
    });
    tokens[role] = await operatorToken(kit, username, 'Matrix1234');
  }
  for (const [name, url] of Object.entries(settingsReads)) {
    const read = await kit.call('GET', url, { token: tokens.owner });
    expect(read.body.success, `${url}: ${JSON.stringify(read.body)}`).toBe(true);
    bodies[name] = read.body.value;
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
        const parsed = schemas[call.body].safeParse(bodies[name]);
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
