import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  formatMinor,
  type PlayerProfile,
  type PlayerSession,
  type PlayerSummary,
  type playerSearchQuery,
  type playerSessionQuery,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { contractsOf, moveAccount, teamPlacement } from '../agents';
import { endSessionsOf, forcePasswordReset } from '../auth';
import { createDownlineAccount } from '../members';
import { vipName } from '../points';
import { referralSummary } from '../rewards';
import type { MerchantConfig } from '../system';
import { playerWallets } from '../wallet';
import { approvalThresholdMinor, pendingCount } from './adjustments.service';
import * as repo from './players.repo';
import { inTransaction } from './transaction';
import { deviceOf } from '../../lib/user-agent';

/**
 * The operator's players and agents (issue 16): search, profile, sessions and devices, lock, password
 * reset. Balances, history, team, contracts, referral and VIP come through the owning modules' faces.
 */

type SearchQuery = z.output<typeof playerSearchQuery>;

/** The term as stored: account names and e-mails in lower case, codes in upper case, mobiles with +. */
function normalisedTerm(key: SearchQuery['key'], term: string): string {
  switch (key) {
    case 'account':
      return term.normalize('NFC').toLowerCase();
    case 'email':
      return term.toLowerCase();
    case 'affiliate':
      return term.toUpperCase();
    case 'mobile':
      return term.startsWith('+') ? term : `+${term}`;
    case 'ip':
      return term.toLowerCase();
  }
}

export function summaryOf(row: repo.SummaryRow): PlayerSummary {
  return {
    id: String(row.id),
    account: row.username,
    nickname: row.nickname,
    type: row.type,
    status: row.status === 'active' ? 'active' : 'locked',
    mobile: row.mobile,
    email: row.email,
    affiliateCode: row.affiliate_code,
    vipLevel: row.vip_level,
    uplineAccount: row.upline_account,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}

/** A page of the merchant's accounts matching the query. */
export async function search(db: Kysely<DB>, merchant: MerchantConfig, query: SearchQuery) {
  const { rows, total } = await repo.searchMembers(db, {
    merchantId: merchant.id,
    key: query.key,
    term: normalisedTerm(query.key, query.q),
    kind: query.kind,
    sort: query.sort,
    order: query.order,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(summaryOf), page: query.page, pageSize: query.pageSize, total };
}

/** The account of this merchant, or not_found (an id of another merchant is answered the same). */
export async function memberOf(db: Kysely<DB>, merchant: MerchantConfig, memberId: number) {
  const row = await repo.selectMember(db, merchant.id, memberId);
  if (!row) throw new AppError('not_found', 'No such account');
  return row;
}

export async function profile(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<PlayerProfile> {
  const row = await memberOf(db, merchant, memberId);
  const decimals = merchant.currency.decimals;
  const [wallets, team, contracts, referral, vip, threshold, pending] = await Promise.all([
    playerWallets(db, merchant, memberId),
    teamPlacement(db, memberId),
    contractsOf(db, memberId),
    referralSummary(db, memberId),
    vipName(db, merchant.id, row.vip_level),
    approvalThresholdMinor(db, merchant),
    pendingCount(db, merchant.id, memberId),
  ]);
  return {
    ...summaryOf(row),
    passwordChangeRequired: row.password_change_required,
    balances: {
      currencyCode: merchant.currency.code,
      main: formatMinor(wallets.mainMinor, decimals),
      bonus: formatMinor(wallets.bonusMinor, decimals),
      points: formatMinor(wallets.pointsMinor, 2),
      vendors: wallets.vendors.map((wallet) => ({
        vendorCode: wallet.vendorCode,
        balance: formatMinor(wallet.balanceMinor, decimals),
      })),
    },
    team,
    contracts,
    referral,
    vip: { level: row.vip_level, name: vip },
    adjustmentThreshold: formatMinor(threshold, decimals),
    pendingAdjustments: pending,
  };
}

export async function sessions(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  query: z.output<typeof playerSessionQuery>,
) {
  await memberOf(db, merchant, memberId);
  const { rows, total } = await repo.selectSessions(
    db,
    memberId,
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  const now = Date.now();
  const items: PlayerSession[] = rows.map((row) => ({
    id: String(row.id),
    loginMethod: row.login_method,
    ip: row.ip,
    userAgent: row.user_agent,
    ...deviceOf(row.user_agent),
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    state: row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now ? 'expired' : 'live',
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** Locks the account and ends its live sessions in the same transaction: its next call is refused. */
export async function lock(db: Kysely<DB>, merchant: MerchantConfig, memberId: number, reason: string) {
  return inTransaction(db, async (trx) => {
    if (!(await repo.setLocked(trx, merchant.id, memberId, { reason }))) {
      throw new AppError('not_found', 'No such account');
    }
    await endSessionsOf(trx, memberId);
    return summaryOf(await memberOf(trx, merchant, memberId));
  });
}

export async function unlock(db: Kysely<DB>, merchant: MerchantConfig, memberId: number) {
  if (!(await repo.setLocked(db, merchant.id, memberId, null))) {
    throw new AppError('not_found', 'No such account');
  }
  return summaryOf(await memberOf(db, merchant, memberId));
}

/** A temporary password; every session ends and the next login must change it first. */
export async function resetPassword(db: Kysely<DB>, merchant: MerchantConfig, memberId: number) {
  const row = await memberOf(db, merchant, memberId);
  if (row.type === 4) throw new AppError('forbidden', 'A trial account has no password to reset');
  return { temporaryPassword: await inTransaction(db, (trx) => forcePasswordReset(trx, memberId)) };
}

/** A top agent (type 1, no upline) with its own affiliate code; its first login must change the password. */
export async function createTopAgent(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  payload: { username: string; password: string; nickname?: string | undefined },
) {
  const created = await createDownlineAccount(db, merchant, {
    parentId: null,
    type: 1,
    username: payload.username,
    password: payload.password,
    confirmPassword: payload.password,
    nickname: payload.nickname,
    passwordChangeRequired: true,
  });
  return {
    id: String(created.id),
    account: created.username,
    type: created.type,
    affiliateCode: created.affiliateCode,
  };
}

/** Moves the account (an agent with its team) under another agent, in one transaction (decision 0034). */
export async function move(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  uplineAccount: string,
) {
  const moved = await inTransaction(db, (trx) => moveAccount(trx, merchant.id, memberId, uplineAccount));
  return { ...moved, id: String(moved.id) };
}
