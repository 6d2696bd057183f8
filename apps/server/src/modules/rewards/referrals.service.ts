import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { OperatorReferral, ReferralFriend, ReferralView } from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';
import type { DB, ReferralRefusalColumn } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recentOrigins } from '../auth';
import type { MerchantConfig } from '../system';
import { parsed, type Activity } from './activity-evaluation';
import { friendKey, inWindow, referralDue } from './referral-evaluation';
import { deviceOf, maskedName } from './reward-rules';
import * as repo from './referrals.repo';
import * as rewardsRepo from './rewards.repo';
import type { RewardContext } from './rewards.service';

/**
 * The referral programme (decision 0032): a player's code, the link registration records, the
 * self-referral rules (same device, address or payment account), the player's referral page and the
 * operator's list. What the `referral` activity pays is referral-evaluation.ts.
 */

// Codes avoid letters and digits that read alike (0 and O, 1 and I).
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeLength = 8;
const codeAttempts = 5;

function newCode(): string {
  return [...randomBytes(codeLength)].map((byte) => codeAlphabet[byte % codeAlphabet.length]).join('');
}

/** The member's referral code: made on first use, the same afterwards. */
export async function referralCodeOf(db: Kysely<DB>, merchantId: number, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
    const existing = await repo.selectCode(db, memberId);
    if (existing) return existing;
    // A taken code (or a parallel first call) writes nothing; the loop reads again.
    await repo.insertCode(db, merchantId, memberId, newCode());
  }
  const code = await repo.selectCode(db, memberId);
  if (!code) throw new Error(`no referral code for member ${memberId} after ${codeAttempts} attempts`);
  return code;
}

/**
 * The referrer a registration's code names, or null when the merchant's referral promotion is off (the
 * code is then only kept in the profile); an unknown code is referral_code_error.
 */
export async function referrerOfCode(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  code: string | undefined,
): Promise<{ memberId: number; code: string } | null> {
  if (!merchant.modules.referralPromotion || !code) return null;
  const row = await repo.selectReferrerByCode(db, merchant.id, code.trim().toUpperCase());
  if (!row) throw new AppError('referral_code_error', 'The referral code is not valid');
  return { memberId: row.member_id, code: row.code };
}

/**
 * Records that `friendId` registered with the referrer's code, from `ip` and `userAgent`. A friend whose
 * device or address the referrer's own sessions of the last 90 days used is recorded refused.
 */
export async function recordReferral(
  db: Kysely<DB> | Transaction<DB>,
  merchant: MerchantConfig,
  referral: { referrer: { memberId: number; code: string }; friendId: number; ip: string; userAgent: string },
): Promise<void> {
  const device = deviceOf(referral.userAgent);
  const origins = await recentOrigins(db, referral.referrer.memberId);
  const sameDevice = [...origins.userAgents].some((userAgent) => deviceOf(userAgent) === device);
  const refused: ReferralRefusalColumn | null = sameDevice
    ? 'same_device'
    : origins.ips.has(referral.ip)
      ? 'same_ip'
      : null;
  await repo.insertReferral(db, {
    merchantId: merchant.id,
    referrerId: referral.referrer.memberId,
    friendId: referral.friendId,
    code: referral.referrer.code,
    ip: referral.ip,
    device,
    refused,
  });
}

/**
 * Refuses the referrals between the member and any of `others` (either way round): payments calls it
 * when a bank account is added that other accounts already keep.
 */
export async function refuseSelfReferrals(
  db: Kysely<DB> | Transaction<DB>,
  memberId: number,
  others: readonly number[],
  reason: ReferralRefusalColumn,
): Promise<void> {
  await repo.refuseBetween(db, memberId, others, reason);
}

/** The merchant's referral activity open now (the latest started), if any. */
async function openReferralActivity(context: RewardContext, now: Date) {
  const rows = await rewardsRepo.selectActivities(context.db, context.merchant.id);
  for (const row of rows) {
    const activity = row.kind === 'referral' ? parsed(row) : null;
    if (!activity || activity.rules.kind !== 'referral') continue;
    if (!activity.closed_at && inWindow(activity, now)) return { activity, rules: activity.rules };
  }
  return null;
}

function friendStatus(
  friend: Awaited<ReturnType<typeof repo.selectFriends>>[number],
  open: { activity: Activity; minimumMinor: bigint } | null,
): ReferralFriend['status'] {
  if (friend.refused) return `refused_${friend.refused}`;
  if (!open || !inWindow(open.activity, friend.created_at)) return 'not_counted';
  return friend.deposited >= open.minimumMinor ? 'qualified' : 'registered';
}

/** GET /wps/rewards/referral: the caller's code and link, friends with their status, rewards earned. */
export async function referralView(context: RewardContext, siteOrigin: string): Promise<ReferralView> {
  const { db, merchant, memberId } = context;
  if (!merchant.modules.referralPromotion) {
    throw new AppError('referral_off', 'The referral programme is not offered here');
  }
  const now = context.now ?? new Date();
  const decimals = merchant.currency.decimals;
  const money = (minor: bigint) => formatMinor(minor, decimals);
  const code = await referralCodeOf(db, merchant.id, memberId);
  const open = await openReferralActivity(context, now);
  const due = open ? await referralDue(context, open.activity, open.rules) : null;
  const paid = new Map<string, bigint>();
  for (const claim of await repo.selectReferralClaims(db, memberId)) {
    if (claim.status !== 'issued') continue;
    paid.set(claim.period_key, (paid.get(claim.period_key) ?? 0n) + claim.amount_minor);
  }
  const opened = open
    ? { activity: open.activity, minimumMinor: parseMinor(open.rules.minDeposit, decimals) ?? 0n }
    : null;
  const friends = (await repo.selectFriends(db, memberId)).slice(0, 200).map((friend): ReferralFriend => {
    const rewarded = paid.get(friendKey(friend.friend_id));
    const status = rewarded !== undefined ? 'rewarded' : friendStatus(friend, opened);
    const reward =
      rewarded !== undefined ? money(rewarded) : status === 'qualified' ? open!.rules.referrerReward : null;
    return {
      name: maskedName(friend.username),
      registeredAt: friend.created_at.toISOString(),
      status,
      reward,
    };
  });
  return {
    code,
    link: `${siteOrigin}/register?referralCode=${encodeURIComponent(code)}`,
    activity:
      open && due
        ? {
            id: String(open.activity.id),
            title: open.activity.title,
            minDeposit: money(parseMinor(open.rules.minDeposit, decimals) ?? 0n),
            referrerReward: money(parseMinor(open.rules.referrerReward, decimals) ?? 0n),
            friendReward: money(parseMinor(open.rules.friendReward, decimals) ?? 0n),
            claimable: due.amountMinor > 0n ? money(due.amountMinor) : null,
            waiting: due.waiting,
          }
        : null,
    friends,
    friendCount: await repo.countFriends(db, memberId),
    earned: money(await repo.selectEarned(db, memberId)),
  };
}

/** The operator's list of referrals: who invited whom, refusals, deposits and referral pay. */
export async function listReferrals(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  filter: { status?: 'counted' | 'refused' | undefined; page: number; pageSize: number },
) {
  const money = (text: string) => formatMinor(BigInt(text), merchant.currency.decimals);
  const { rows, total } = await repo.selectOperatorReferrals(db, merchant.id, filter);
  const items = rows.map((row): OperatorReferral => ({
    friendId: row.friend_id,
    friend: row.friend,
    referrerId: row.referrer_id,
    referrer: row.referrer,
    code: row.code,
    ip: row.ip,
    refused: row.refused,
    registeredAt: row.created_at.toISOString(),
    deposited: money(row.deposited),
    referrerPaid: money(row.referrer_paid),
    friendPaid: money(row.friend_paid),
  }));
  return { items, page: filter.page, pageSize: filter.pageSize, total };
}

/** The operator's view of an account's referral (issue 16): its code, who referred it, how many friends. */
export async function referralSummary(db: Kysely<DB>, memberId: number) {
  const [code, referral, friends] = await Promise.all([
    repo.selectCode(db, memberId),
    repo.selectReferralOfFriend(db, memberId),
    repo.countFriends(db, memberId),
  ]);
  let referredBy: string | null = null;
  if (referral) {
    const referrer = await db
      .selectFrom('members')
      .select('username')
      .where('id', '=', referral.referrer_id)
      .executeTakeFirst();
    referredBy = referrer?.username ?? null;
  }
  return { code: code ?? null, referredBy, friends };
}
