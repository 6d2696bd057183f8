import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PublicKey } from '@portal/contracts';
import type { DB } from '../db/schema';
import { apiClient } from './api-client';
import { encryptFor } from './encrypt';
import { buildMember, type MemberOverrides } from './factories';
import { testOperatorToken } from './operator-login';
import { buildTestApp, type TestApp } from './test-app';
import { playerAccount, systemAccount, transfer } from '../modules/wallet/ledger.service';
import * as ledgerRepo from '../modules/wallet/ledger.repo';

/** Shared set-up of the payments tests: the app on its own database and file directory, logins, money. */
export interface PaymentsKit {
  testApp: TestApp;
  call: ReturnType<typeof apiClient>;
  merchantId: number;
  close(): Promise<void>;
}

/** The real app with uploads under a temporary directory (removed on close). */
export async function startPaymentsKit(environment: Record<string, string> = {}): Promise<PaymentsKit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-payments-'));
  // The payment suites pay through the test gateway; a start without TEST_GATEWAY_ENABLED has none.
  const testApp = await buildTestApp({ DATA_DIR: dataDir, TEST_GATEWAY_ENABLED: 'true', ...environment });
  const merchantId = (await testApp.app.deps.merchants.resolve('localhost', undefined))!.id;
  return {
    testApp,
    call: apiClient(() => testApp.app),
    merchantId,
    async close() {
      await testApp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const keys = new WeakMap<PaymentsKit, PublicKey>();

/** A new member of the demo merchant, logged in (from `ip`, when given: the login rate limit is per address). */
export async function loggedInMember(kit: PaymentsKit, overrides: MemberOverrides = {}, ip?: string) {
  let key = keys.get(kit);
  if (!key) {
    key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
    keys.set(kit, key);
  }
  const member = await buildMember(kit.testApp.database.db, overrides);
  const side = overrides.type !== undefined && overrides.type !== 0 ? 'agent' : 'member';
  const login = await kit.call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username: member.username, password: member.password, side }),
    ...(ip === undefined ? {} : { ip }),
  });
  if (!login.body.success) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { memberId: member.id, username: member.username, token: login.body.value.token as string };
}

/** A free-play (trial, type 4) session. */
export async function trialToken(kit: PaymentsKit): Promise<string> {
  const reply = await kit.call('POST', '/wps/session/login/freeplay', {
    body: { os: 'test', platform: 'W', gatewayVersion: 3 },
  });
  return reply.body.value.token as string;
}

/** The payment password 135790 and an SCB bank account for the member: ready to withdraw. */
export async function readyToWithdraw(kit: PaymentsKit, token: string): Promise<number> {
  await kit.call('POST', '/wps/member/payment-password', { token, body: { password: '135790' } });
  const account = await kit.call('POST', '/wps/member/bank-accounts', {
    token,
    body: {
      bankName: 'SCB',
      accountNumber: '5550001234',
      holderName: 'Malee Suksai',
      paymentPassword: '135790',
    },
  });
  return account.body.value.id as number;
}

/** A fresh client request id. */
export function requestId(): string {
  return randomBytes(12).toString('base64url');
}

/** Credits a member's main wallet from deposit clearing (as an approved deposit would). */
export async function fund(kit: PaymentsKit, memberId: number, amountMinor: bigint): Promise<void> {
  await transfer(kit.testApp.database.db, {
    debit: systemAccount(kit.merchantId, 'THB', 'deposit_clearing', memberId),
    credit: playerAccount(kit.merchantId, 'THB', memberId),
    amountMinor,
    kind: 'deposit',
    idempotencyKey: `test-fund:${requestId()}`,
  });
}

/** The member's main balance as the API shows it. */
export async function balanceOf(kit: PaymentsKit, token: string): Promise<string> {
  return (await kit.call('GET', '/wps/v2/wallets/balance', { token })).body.value.balance as string;
}

/**
 * Logs the demo operator (admin), or another staff account, in and returns the token of a fully enrolled
 * session (its authenticator enrolled through the API at its first login: test/operator-login.ts).
 */
export function operatorToken(kit: PaymentsKit, username = 'admin', password = 'Admin1234'): Promise<string> {
  return testOperatorToken(kit.testApp, username, password);
}

/** Per merchant and currency every balance sums to zero, and no account drifts from its entries. */
export function assertBooksBalance(kit: PaymentsKit): Promise<void> {
  return assertLedgerBalances(kit.testApp.database.db);
}

/** The books' invariants on any test database (sums zero per merchant and currency, no drift). */
export async function assertLedgerBalances(db: Kysely<DB>): Promise<void> {
  const sums = await ledgerRepo.selectBalanceSums(db);
  const unbalanced = sums.filter((row) => BigInt(row.total) !== 0n);
  const drifting = await ledgerRepo.selectDriftingAccounts(db);
  if (unbalanced.length > 0 || drifting.length > 0) {
    throw new Error(
      `books do not balance: ${JSON.stringify({ unbalanced, drifting }, (_key, value) => String(value))}`,
    );
  }
}

/** The smallest valid PNG (1x1), as base64. */
export const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** JPEG's magic bytes and a little more. */
export const jpegBase64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString(
  'base64',
);
