import { sql, type Kysely, type Transaction } from 'kysely';
import type { BonusWallet } from '@portal/contracts';
import { formatMinor } from '@portal/contracts/rules';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { bonusAccount, systemAccount, transfer } from '../wallet';

/**
 * The bonus wallet (decision 0030): a bonus is issued into the player's `player_bonus` account with a
 * wagering requirement (amount x multiplier of valid bets, weighted by game type) and leaves it exactly
 * once: released to the main wallet when the wagering is met, or forfeited to the merchant's bonus
 * account by a withdrawal the player confirmed. Each move is a ledger transfer keyed by the grant.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** What moving a merchant's money needs to know of it. */
type LedgerMerchant = { id: number; currency: { code: string } };

export interface IssueRequest {
  merchant: MerchantConfig;
  memberId: number;
  /** The activity claim it pays; null for a red envelope share or a raffle prize (decision 0031). */
  claimId: bigint | null;
  /** What the bonus wallet calls a bonus without a claim (the red envelope's or raffle's title). */
  title?: string;
  /** Names what the bonus pays for: activity, player and period (or envelope, raffle and rank). */
  idempotencyKey: string;
  amountMinor: bigint;
  multiplier: number;
  weights: Record<string, number>;
  withdrawRule: 'refuse' | 'forfeit';
}

/**
 * Every transaction that moves a member's bonus money takes this lock first. Such a transaction may move
 * money twice (issue then release, forfeit then a withdrawal's hold), taking the bonus and main accounts
 * in an order the ledger's one global order cannot see across its transfers; one at a time per member,
 * they cannot deadlock each other (the money model found that they did). Then it locks the member's main
 * and bonus wallets that exist, in id order: the order a bet that spends bonus money locks them in
 * (seamless_apply_one, migration 0023), so a bet and a release, forfeit or withdrawal cannot deadlock; a
 * wallet opened later in the transaction has a larger id than both.
 */
async function lockMemberBonuses(trx: Transaction<DB>, merchant: LedgerMerchant, memberId: number) {
  await sql`select pg_advisory_xact_lock(hashtext('bonus-wallet'), ${memberId}::int)`.execute(trx);
  await sql`select a.id from ledger_accounts a
    where a.merchant_id = ${merchant.id}::int and a.currency = ${merchant.currency.code}
      and a.kind in ('player_main', 'player_bonus') and coalesce(a.member_id, 0) = ${memberId}::int
      and a.vendor_code = '' and a.shard = 0
    order by a.id for no key update`.execute(trx);
}

/**
 * The bonus locks of several members (a leaderboard's or a raffle's winners), all taken before any of
 * their bonuses moves money, in member order. Taken one by one between payouts instead, a payout would
 * hold the merchant's bonus account (a system account) while waiting for the next winner's wallets,
 * which a bet may hold while it waits for a third player, whose withdrawal waits for that system account.
 */
export async function lockBonusWallets(trx: Transaction<DB>, merchant: LedgerMerchant, memberIds: number[]) {
  for (const memberId of [...new Set(memberIds)].sort((a, b) => a - b)) {
    await lockMemberBonuses(trx, merchant, memberId);
  }
}

/**
 * What remains of each of the member's grants still wagering, in the bonus wallet's balance: bets of a
 * merchant that spends bonus money take it oldest grant first, so the balance is shared out newest grant
 * first, each at most its amount (decision 0030, amended). Without spending, each keeps its whole amount.
 */
async function remainingOfGrants(db: Db, merchant: LedgerMerchant, memberId: number) {
  const open = await db
    .selectFrom('bonus_grants')
    .select(['id', 'amount_minor'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'wagering')
    .orderBy('id', 'desc')
    .execute();
  const account = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('merchant_id', '=', merchant.id)
    .where('currency', '=', merchant.currency.code)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'player_bonus')
    .executeTakeFirst();
  let left = account?.balance_minor ?? 0n;
  const remaining = new Map<bigint, bigint>();
  for (const grant of open) {
    const share = grant.amount_minor < left ? grant.amount_minor : left;
    remaining.set(grant.id, share);
    left -= share;
  }
  return remaining;
}

/** Issues a claim's bonus in the caller's transaction; a bonus without wagering is released at once. */
export async function issueBonus(trx: Transaction<DB>, request: IssueRequest): Promise<bigint> {
  const { merchant, memberId } = request;
  await lockMemberBonuses(trx, merchant, memberId);
  const currency = merchant.currency.code;
  const issued = await transfer(trx, {
    debit: systemAccount(merchant.id, currency, 'bonus', memberId),
    credit: bonusAccount(merchant.id, currency, memberId),
    amountMinor: request.amountMinor,
    kind: 'bonus',
    idempotencyKey: request.idempotencyKey,
  });
  const grant = await trx
    .insertInto('bonus_grants')
    .values({
      merchant_id: merchant.id,
      member_id: memberId,
      claim_id: request.claimId,
      title: request.claimId === null ? (request.title ?? 'Reward') : null,
      amount_minor: request.amountMinor,
      wagering_required_minor: request.amountMinor * BigInt(request.multiplier),
      wagering_weights: JSON.stringify(request.weights) as unknown as Record<string, number>,
      withdraw_rule: request.withdrawRule,
      status: 'wagering',
      issue_transfer_id: issued.transferId,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (request.multiplier === 0) await settleGrant(trx, merchant, grant.id, 'released');
  return grant.id;
}

/**
 * Moves a wagering grant's money out of the bonus wallet, once: to the main wallet (released) or back to
 * the merchant (forfeited). What moves is what remains of the grant (remainingOfGrants): its amount, less
 * what bets spent of it; nothing moves (and no transfer is written) when bets spent all of it. The grant
 * row is locked; a grant already settled is left alone.
 */
async function settleGrant(
  trx: Transaction<DB>,
  merchant: LedgerMerchant,
  grantId: bigint,
  outcome: 'released' | 'forfeited',
): Promise<boolean> {
  const owner = await trx
    .selectFrom('bonus_grants')
    .select('member_id')
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
  await lockMemberBonuses(trx, merchant, owner.member_id);
  const grant = await trx
    .selectFrom('bonus_grants')
    .select(['id', 'member_id', 'amount_minor', 'status'])
    .where('id', '=', grantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (grant.status !== 'wagering') return false;
  const currency = merchant.currency.code;
  const wallet = bonusAccount(merchant.id, currency, grant.member_id);
  const remaining = (await remainingOfGrants(trx, merchant, grant.member_id)).get(grant.id) ?? 0n;
  const moved =
    remaining === 0n
      ? null
      : await transfer(trx, {
          debit: wallet,
          credit:
            outcome === 'released'
              ? { ...wallet, kind: 'player_main' }
              : systemAccount(merchant.id, currency, 'bonus', grant.member_id),
          amountMinor: remaining,
          kind: outcome === 'released' ? 'bonus_release' : 'bonus_forfeit',
          idempotencyKey: `bonus-${outcome === 'released' ? 'release' : 'forfeit'}:${grant.id}`,
        });
  await trx
    .updateTable('bonus_grants')
    .set({
      status: outcome,
      settle_transfer_id: moved?.transferId ?? null,
      settled_minor: remaining,
      settled_at: new Date(),
      ...(outcome === 'released' ? { wagering_done_minor: sql<bigint>`wagering_required_minor` } : {}),
    })
    .where('id', '=', grant.id)
    .execute();
  return true;
}

/**
 * Brings wagering progress up to date for the member's grants (or, without a member, the `limit` grants
 * checked longest ago; grants locked at the moment are skipped) and releases those whose wagering is met. Progress is the rounds' stakes less
 * refunds since the grant was issued, each weighted by its game type (a type not listed counts 100%).
 * Answers how many grants were released.
 */
export async function refreshWagering(
  db: Kysely<DB>,
  scope: { memberId: number } | { limit: number },
): Promise<number> {
  const { rows } = await sql<{ id: bigint; merchant_id: number; currency: string; met: boolean }>`
    with due as (
      select id from bonus_grants
      where status = 'wagering'
        and ${'memberId' in scope ? sql`member_id = ${scope.memberId}` : sql`true`}
      order by checked_at
      limit ${'limit' in scope ? scope.limit : 1_000}
      -- A grant locked by a withdrawal or a release in progress is left for the next refresh: waiting
      -- for it while holding others, in another order than theirs, could deadlock (the money model did).
      for update skip locked
    ),
    progress as (
      select g.id, coalesce((
        select sum((r.bet_minor - r.refund_minor) * coalesce((g.wagering_weights ->> gm.game_type)::int, 100) / 100)
        from game_rounds r
        left join games gm on gm.vendor_code = r.vendor_code and gm.game_code = r.game_code
        where r.merchant_id = g.merchant_id and r.member_id = g.member_id and r.started_at >= g.issued_at
      ), 0)::bigint as done
      from bonus_grants g join due on due.id = g.id
    )
    update bonus_grants g
    set wagering_done_minor = least(greatest(p.done, 0), g.wagering_required_minor), checked_at = now()
    from progress p
    where g.id = p.id and g.status = 'wagering'
    returning g.id, g.merchant_id, p.done >= g.wagering_required_minor as met,
      (select x.currency_code from merchants x where x.id = g.merchant_id) as currency`.execute(db);
  let released = 0;
  for (const row of rows.filter((candidate) => candidate.met)) {
    const merchant = { id: row.merchant_id, currency: { code: row.currency } };
    const done = await db.transaction().execute((trx) => settleGrant(trx, merchant, row.id, 'released'));
    if (done) released += 1;
  }
  return released;
}

/**
 * What a withdrawal does to the member's unmet bonuses, in the withdrawal's transaction: nothing when
 * there are none; refused when any says so; else they are forfeited, once the player has confirmed it.
 */
export async function applyWithdrawalRule(
  trx: Transaction<DB>,
  merchant: MerchantConfig,
  memberId: number,
  forfeitConfirmed: boolean,
): Promise<void> {
  await lockMemberBonuses(trx, merchant, memberId);
  const open = await trx
    .selectFrom('bonus_grants')
    .select(['id', 'withdraw_rule', 'amount_minor'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'wagering')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (open.length === 0) return;
  if (open.some((grant) => grant.withdraw_rule === 'refuse')) {
    throw new AppError('wagering_unmet', 'A bonus is still wagering: withdrawals wait until it is met');
  }
  if (!forfeitConfirmed) {
    const remaining = await remainingOfGrants(trx, merchant, memberId);
    const total = [...remaining.values()].reduce((sum, minor) => sum + minor, 0n);
    throw new AppError(
      'bonus_forfeit_unconfirmed',
      'This withdrawal forfeits the bonuses still wagering; confirm to go on',
      { forfeitAmount: formatMinor(total, merchant.currency.decimals) },
    );
  }
  for (const grant of open) await settleGrant(trx, merchant, grant.id, 'forfeited');
}

/** The member's bonus wallet: its balance, each bonus (newest first) and what a withdrawal does now. */
export async function bonusWallet(db: Db, merchant: MerchantConfig, memberId: number): Promise<BonusWallet> {
  const decimals = merchant.currency.decimals;
  const grants = await db
    .selectFrom('bonus_grants as g')
    // A red envelope share or a raffle prize has no claim: it carries its own title (decision 0031).
    .leftJoin('reward_claims as c', 'c.id', 'g.claim_id')
    .leftJoin('reward_activities as a', 'a.id', 'c.activity_id')
    .select((eb) => eb.fn.coalesce('a.title', 'g.title', eb.val('')).as('title'))
    .select([
      'g.id',
      'g.amount_minor',
      'g.wagering_required_minor',
      'g.wagering_done_minor',
      'g.status',
      'g.withdraw_rule',
      'g.issued_at',
      'g.settled_at',
    ])
    .where('g.member_id', '=', memberId)
    .orderBy('g.id', 'desc')
    .limit(100)
    .execute();
  const account = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('merchant_id', '=', merchant.id)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'player_bonus')
    .executeTakeFirst();
  const settings = await db
    .selectFrom('reward_settings')
    .select('spending_order')
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  const open = grants.filter((grant) => grant.status === 'wagering');
  const withdrawal =
    open.length === 0 ? 'free' : open.some((g) => g.withdraw_rule === 'refuse') ? 'refused' : 'forfeits';
  // A forfeit takes what remains of the bonuses: all of the bonus wallet, at most their amounts.
  const openMinor = open.reduce((sum, g) => sum + g.amount_minor, 0n);
  const held = account?.balance_minor ?? 0n;
  const forfeitMinor = withdrawal === 'forfeits' ? (held < openMinor ? held : openMinor) : 0n;
  return {
    balance: formatMinor(held, decimals),
    spendingOrder: settings?.spending_order ?? 'locked',
    withdrawal,
    forfeitAmount: formatMinor(forfeitMinor, decimals),
    bonuses: grants.map((grant) => ({
      id: String(grant.id),
      activityTitle: grant.title,
      amount: formatMinor(grant.amount_minor, decimals),
      wageringRequired: formatMinor(grant.wagering_required_minor, decimals),
      wageringDone: formatMinor(grant.wagering_done_minor, decimals),
      status: grant.status,
      withdrawRule: grant.withdraw_rule,
      issuedAt: grant.issued_at.toISOString(),
      settledAt: grant.settled_at?.toISOString() ?? null,
    })),
  };
}
