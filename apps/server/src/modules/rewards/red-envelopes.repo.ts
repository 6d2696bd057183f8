import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, RedEnvelopesTable } from '../../db/schema';

/** The SQL of red envelopes (decision 0031): envelopes with their free shares, and taking a share. */

type Db = Kysely<DB> | Transaction<DB>;

const envelopeColumns = [
  'e.id',
  'e.title',
  'e.pool_minor',
  'e.share_count',
  'e.starts_at',
  'e.ends_at',
  'e.seed',
  'e.seed_hash',
  'e.wagering_multiplier',
  'e.wagering_weights',
  'e.withdraw_rule',
] as const;

export interface EnvelopeRow {
  id: bigint;
  title: string;
  pool_minor: bigint;
  share_count: number;
  starts_at: Date;
  ends_at: Date;
  seed: string;
  seed_hash: string;
  wagering_multiplier: number;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  shares_left: string;
  my_amount_minor: string | null;
}

/** How long after its end a red envelope still shows in a player's list. */
const shownAfterEndMs = 7 * 86_400_000;

/**
 * Envelopes of the merchant with their free shares and the member's amount (null member: none): one by
 * id, or those a player sees at `now` (started, ended less than a week ago; at most 20, newest end first).
 */
export async function selectEnvelopes(
  db: Db,
  merchantId: number,
  memberId: number | null,
  which: { id: bigint } | { now: Date },
): Promise<EnvelopeRow[]> {
  let query = db
    .selectFrom('red_envelopes as e')
    .select(envelopeColumns)
    .select((eb) => [
      eb
        .selectFrom('red_envelope_shares as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.envelope_id', '=', 'e.id')
        .where('s.member_id', 'is', null)
        .as('shares_left'),
      eb
        .selectFrom('red_envelope_shares as s')
        .select(sql<string>`s.amount_minor::text`.as('amount'))
        .whereRef('s.envelope_id', '=', 'e.id')
        .where('s.member_id', '=', memberId ?? -1)
        .as('my_amount_minor'),
    ])
    .where('e.merchant_id', '=', merchantId);
  if ('id' in which) query = query.where('e.id', '=', which.id);
  else {
    query = query
      .where('e.starts_at', '<=', which.now)
      .where('e.ends_at', '>', new Date(which.now.getTime() - shownAfterEndMs))
      .orderBy('e.ends_at', 'desc')
      .limit(20);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    shares_left: row.shares_left ?? '0',
    my_amount_minor: row.my_amount_minor ?? null,
  }));
}

export interface OperatorEnvelopeRow extends Omit<EnvelopeRow, 'my_amount_minor'> {
  paid_minor: string;
}

/** The merchant's envelopes for operators (at most 200, newest first), with what they paid. */
export async function selectOperatorEnvelopes(
  db: Db,
  merchantId: number,
  id?: bigint,
): Promise<OperatorEnvelopeRow[]> {
  let query = db
    .selectFrom('red_envelopes as e')
    .select(envelopeColumns)
    .select((eb) => [
      eb
        .selectFrom('red_envelope_shares as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.envelope_id', '=', 'e.id')
        .where('s.member_id', 'is', null)
        .as('shares_left'),
      eb
        .selectFrom('red_envelope_shares as s')
        .select(sql<string>`coalesce(sum(s.amount_minor), 0)::text`.as('paid'))
        .whereRef('s.envelope_id', '=', 'e.id')
        .where('s.member_id', 'is not', null)
        .as('paid_minor'),
    ])
    .where('e.merchant_id', '=', merchantId)
    .orderBy('e.id', 'desc')
    .limit(200);
  if (id !== undefined) query = query.where('e.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    shares_left: row.shares_left ?? '0',
    paid_minor: row.paid_minor ?? '0',
  }));
}

export async function insertEnvelope(
  trx: Transaction<DB>,
  values: Omit<Insertable<RedEnvelopesTable>, 'id' | 'created_at'>,
): Promise<bigint> {
  const row = await trx.insertInto('red_envelopes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The split, one row per share in order. */
export async function insertShares(trx: Transaction<DB>, envelopeId: bigint, amounts: bigint[]) {
  await trx
    .insertInto('red_envelope_shares')
    .values(
      amounts.map((amount, index) => ({
        envelope_id: envelopeId,
        share_index: index,
        amount_minor: amount,
        member_id: null,
        transfer_id: null,
        claimed_at: null,
      })),
    )
    .execute();
}

/** The member's share of the envelope, if they claimed one. */
export async function selectMemberShare(trx: Transaction<DB>, envelopeId: bigint, memberId: number) {
  return trx
    .selectFrom('red_envelope_shares')
    .select(['share_index', 'amount_minor'])
    .where('envelope_id', '=', envelopeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The first free share, locked; shares locked by other claims in flight are skipped. */
export async function lockNextFreeShare(trx: Transaction<DB>, envelopeId: bigint) {
  return trx
    .selectFrom('red_envelope_shares')
    .select(['share_index', 'amount_minor'])
    .where('envelope_id', '=', envelopeId)
    .where('member_id', 'is', null)
    .orderBy('share_index')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function countFreeShares(trx: Transaction<DB>, envelopeId: bigint): Promise<number> {
  const row = await trx
    .selectFrom('red_envelope_shares')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('envelope_id', '=', envelopeId)
    .where('member_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives the locked share to the member, with the ledger transfer of its bonus. */
export async function takeShare(
  trx: Transaction<DB>,
  envelopeId: bigint,
  shareIndex: number,
  memberId: number,
  grantId: bigint,
) {
  const grant = await trx
    .selectFrom('bonus_grants')
    .select('issue_transfer_id')
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('red_envelope_shares')
    .set({ member_id: memberId, claimed_at: new Date(), transfer_id: grant.issue_transfer_id })
    .where('envelope_id', '=', envelopeId)
    .where('share_index', '=', shareIndex)
    .where('member_id', 'is', null)
    .execute();
}

/** The split as stored, in share order. */
export async function selectShareAmounts(db: Db, envelopeId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('red_envelope_shares')
    .select('amount_minor')
    .where('envelope_id', '=', envelopeId)
    .orderBy('share_index')
    .execute();
  return rows.map((row) => row.amount_minor);
}
