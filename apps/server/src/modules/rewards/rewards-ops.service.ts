import { sql, type Kysely } from 'kysely';
import {
  activityRules,
  type ActivityPayload,
  type OperatorActivity,
  type OperatorClaim,
  type RewardSettings,
} from '@portal/contracts';
import { activityPayload } from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { issueBonus } from './bonus-wallet';
import { claimTransferKey } from './rewards.service';

/**
 * The operator's side of rewards (decision 0030): activities, the review queue of claims and the
 * merchant's caps. A decision pays at most once: the claim row is locked and must still be applying.
 */

/** Spec section 9: a contact bonus pays up to 131K by default (the merchant's currency). */
export const defaultSocialContactCap = '131000';

export async function rewardSettings(db: Kysely<DB>, merchant: MerchantConfig): Promise<RewardSettings> {
  const decimals = merchant.currency.decimals;
  const row = await db
    .selectFrom('reward_settings')
    .select(['social_contact_cap_minor', 'spending_order'])
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  const cap =
    row?.social_contact_cap_minor ?? parseMinor(defaultSocialContactCap, 0)! * 10n ** BigInt(decimals);
  return { socialContactCap: formatMinor(cap, decimals), spendingOrder: row?.spending_order ?? 'locked' };
}

export async function setRewardSettings(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  settings: RewardSettings,
): Promise<RewardSettings> {
  const cap = parseMinor(settings.socialContactCap, merchant.currency.decimals);
  if (cap === null || cap <= 0n) throw new AppError('invalid_amount', 'The cap must be a positive amount');
  // The spending order is read by the seamless wallet once per batch (migration 0023): a change applies
  // to the next bets. Left out, it stays as it is.
  const order = settings.spendingOrder === undefined ? {} : { spending_order: settings.spendingOrder };
  await db
    .insertInto('reward_settings')
    .values({ merchant_id: merchant.id, social_contact_cap_minor: cap, ...order })
    .onConflict((conflict) =>
      conflict
        .column('merchant_id')
        .doUpdateSet({ social_contact_cap_minor: cap, ...order, updated_at: new Date() }),
    )
    .execute();
  return rewardSettings(db, merchant);
}

const activityColumns = [
  'a.id',
  'a.title',
  'a.announcement_id',
  'a.rules',
  'a.starts_at',
  'a.ends_at',
  'a.new_players_only',
  'a.once',
  'a.requires_join',
  'a.issue',
  'a.wagering_multiplier',
  'a.wagering_weights',
  'a.withdraw_rule',
  'a.allow_comments',
  'a.min_vip_level',
  'a.closed_at',
] as const;

async function selectOperatorActivities(db: Kysely<DB>, merchant: MerchantConfig, id?: bigint) {
  let query = db
    .selectFrom('reward_activities as a')
    .select(activityColumns)
    .select((eb) => [
      eb
        .selectFrom('reward_claims as c')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('c.activity_id', '=', 'a.id')
        .as('claims'),
      eb
        .selectFrom('reward_claims as c')
        .select(sql<string>`coalesce(sum(c.amount_minor), 0)`.as('paid'))
        .whereRef('c.activity_id', '=', 'a.id')
        .where('c.status', '=', 'issued')
        .as('paid'),
    ])
    .where('a.merchant_id', '=', merchant.id)
    .orderBy('a.id', 'desc')
    .limit(500);
  if (id !== undefined) query = query.where('a.id', '=', id);
  const rows = await query.execute();
  return rows.map((row): OperatorActivity => ({
    id: String(row.id),
    title: row.title,
    promotionId: row.announcement_id === null ? null : String(row.announcement_id),
    rules: activityRules.parse(row.rules),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    newPlayersOnly: row.new_players_only,
    once: row.once,
    requiresJoin: row.requires_join,
    issue: row.issue,
    wagering: { multiplier: row.wagering_multiplier, weights: row.wagering_weights },
    withdrawRule: row.withdraw_rule,
    allowComments: row.allow_comments,
    minVipLevel: row.min_vip_level,
    closed: row.closed_at !== null,
    claims: Number(row.claims ?? 0),
    paid: formatMinor(BigInt(row.paid ?? 0), merchant.currency.decimals),
  }));
}

export async function listActivities(db: Kysely<DB>, merchant: MerchantConfig) {
  return { activities: await selectOperatorActivities(db, merchant) };
}

/** Creates an activity; a contact bonus above the merchant's cap or a promotion of another merchant is refused. */
export async function createActivity(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  input: ActivityPayload,
  operatorId: number | null,
) {
  const payload = activityPayload.parse(input);
  const decimals = merchant.currency.decimals;
  for (const text of amountsOf(payload.rules)) {
    if (parseMinor(text, decimals) === null) {
      throw new AppError('invalid_amount', `${text} has more decimals than the currency`);
    }
  }
  if (payload.rules.kind === 'mission') {
    const unit = payload.rules.metric === 'valid_bet' ? decimals : 0;
    const target = parseMinor(payload.rules.target, unit);
    if (target === null || target <= 0n) {
      throw new AppError('invalid_amount', 'A mission target is a positive amount, or a whole count');
    }
  }
  if (payload.rules.kind === 'social_contact') {
    const cap = parseMinor((await rewardSettings(db, merchant)).socialContactCap, decimals)!;
    if (parseMinor(payload.rules.amount, decimals)! > cap) {
      throw new AppError('activity_over_cap', `A contact bonus pays at most the merchant's cap`);
    }
  }
  if (payload.promotionId !== null) {
    const promotion = await db
      .selectFrom('announcements')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', BigInt(payload.promotionId))
      .where('content_type', '=', 'PR')
      .executeTakeFirst();
    if (!promotion) throw new AppError('not_found', 'No such promotion');
  }
  const row = await db
    .insertInto('reward_activities')
    .values({
      merchant_id: merchant.id,
      announcement_id: payload.promotionId === null ? null : BigInt(payload.promotionId),
      kind: payload.rules.kind,
      title: payload.title,
      rules: JSON.stringify(payload.rules),
      starts_at: new Date(payload.startsAt),
      ends_at: payload.endsAt ? new Date(payload.endsAt) : null,
      new_players_only: payload.newPlayersOnly,
      once: payload.once,
      requires_join: payload.requiresJoin,
      issue: payload.issue,
      wagering_multiplier: payload.wagering.multiplier,
      wagering_weights: JSON.stringify(payload.wagering.weights) as unknown as Record<string, number>,
      withdraw_rule: payload.withdrawRule,
      allow_comments: payload.allowComments,
      min_vip_level: payload.minVipLevel,
      closed_at: null,
      created_by: operatorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [activity] = await selectOperatorActivities(db, merchant, row.id);
  return { activity: activity! };
}

function amountsOf(rules: ActivityPayload['rules']): string[] {
  switch (rules.kind) {
    case 'first_deposit':
    case 'reload_deposit':
    case 'cashback':
      return 'minDeposit' in rules ? [rules.cap, rules.minDeposit] : [rules.cap];
    case 'sign_in':
      return rules.amounts;
    case 'social_contact':
      return [rules.amount];
    case 'mission':
      return [rules.reward];
    case 'leaderboard':
      return rules.prizes;
    case 'referral':
      return [rules.minDeposit, rules.referrerReward, rules.friendReward];
  }
}

export async function closeActivity(db: Kysely<DB>, merchant: MerchantConfig, id: bigint) {
  const updated = await db
    .updateTable('reward_activities')
    .set({ closed_at: sql<Date>`coalesce(closed_at, now())` })
    .where('merchant_id', '=', merchant.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new AppError('activity_not_found', 'No such activity');
  const [activity] = await selectOperatorActivities(db, merchant, id);
  return { activity: activity! };
}

function claimQuery(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('reward_claims as c')
    .innerJoin('reward_activities as a', 'a.id', 'c.activity_id')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .where('c.merchant_id', '=', merchantId);
}

const claimColumns = [
  'c.id',
  'c.activity_id',
  'a.title',
  'c.member_id',
  'm.username as account',
  'c.period_key',
  'c.amount_minor',
  'c.status',
  'c.contact_app',
  'c.contact_id',
  'c.ip',
  'c.created_at',
  'c.decided_at',
] as const;

type ClaimRow = {
  id: bigint;
  activity_id: bigint;
  title: string;
  member_id: number;
  account: string;
  period_key: string;
  amount_minor: bigint;
  status: OperatorClaim['status'];
  contact_app: 'zalo' | 'whatsapp' | null;
  contact_id: string | null;
  ip: string | null;
  created_at: Date;
  decided_at: Date | null;
};

function presentClaim(row: ClaimRow, decimals: number): OperatorClaim {
  return {
    id: String(row.id),
    activityId: String(row.activity_id),
    activityTitle: row.title,
    memberId: row.member_id,
    account: row.account,
    periodKey: row.period_key,
    amount: formatMinor(row.amount_minor, decimals),
    status: row.status,
    contact: row.contact_app && row.contact_id ? { app: row.contact_app, id: row.contact_id } : null,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export async function listClaims(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  filter: { status?: OperatorClaim['status'] | undefined; page: number; pageSize: number },
) {
  let query = claimQuery(db, merchant.id);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  const rows = await query
    .select(claimColumns)
    .orderBy('c.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => presentClaim(row, merchant.currency.decimals)),
    page: filter.page,
    pageSize: filter.pageSize,
    total: Number(total.n),
  };
}

/**
 * Approves (issues the bonus) or rejects a claim under review. The same decision again replays; the
 * other one on a decided claim is claim_decided.
 */
export async function decideClaim(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  id: bigint,
  decision: { decision: 'approve' | 'reject'; note: string },
  operatorId: number,
) {
  const replayed = await db.transaction().execute(async (trx) => {
    const claim = await trx
      .selectFrom('reward_claims as c')
      .innerJoin('reward_activities as a', 'a.id', 'c.activity_id')
      .select([
        'c.id',
        'c.status',
        'c.member_id',
        'c.activity_id',
        'c.period_key',
        'c.amount_minor',
        'a.wagering_multiplier',
        'a.wagering_weights',
        'a.withdraw_rule',
      ])
      .where('c.merchant_id', '=', merchant.id)
      .where('c.id', '=', id)
      .forUpdate('c')
      .executeTakeFirst();
    if (!claim) throw new AppError('claim_not_found', 'No such claim');
    const target = decision.decision === 'approve' ? 'issued' : 'rejected';
    if (claim.status === target) return true;
    if (claim.status !== 'applying') throw new AppError('claim_decided', 'The claim was decided already');
    await trx
      .updateTable('reward_claims')
      .set({ status: target, decided_by: operatorId, decided_at: new Date(), note: decision.note })
      .where('id', '=', claim.id)
      .execute();
    if (target === 'issued') {
      await issueBonus(trx, {
        merchant,
        memberId: claim.member_id,
        claimId: claim.id,
        idempotencyKey: claimTransferKey(claim.activity_id, claim.member_id, claim.period_key),
        amountMinor: claim.amount_minor,
        multiplier: claim.wagering_multiplier,
        weights: claim.wagering_weights,
        withdrawRule: claim.withdraw_rule,
      });
    }
    return false;
  });
  const row = await claimQuery(db, merchant.id)
    .select(claimColumns)
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  return { claim: presentClaim(row, merchant.currency.decimals), replayed };
}
