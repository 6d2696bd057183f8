import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type {
  OperatorRedEnvelope,
  PlayerRedEnvelope,
  RedEnvelopeClaimResult,
  RedEnvelopePayload,
  RedEnvelopeState,
  RedEnvelopeVerification,
} from '@portal/contracts';
import { redEnvelopePayload } from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { newSeed, seedHashOf } from '../lottery';
import { isBlocked } from '../responsible-gaming';
import type { MerchantConfig } from '../system';
import { issueBonus } from './bonus-wallet';
import { splitPool } from './draw-algorithms';
import * as repo from './red-envelopes.repo';
import { refuseWhileBlocked, type RewardContext } from './rewards.service';

/**
 * Red envelopes (decision 0031): an operator schedules a pool; at creation the server draws a secret
 * seed, publishes its SHA-256 and derives the split from it (draw-algorithms.ts), one row per share.
 * Each player claims once and takes the next free share in the split's order; the seed is shown once
 * the pool is empty or the envelope has ended, and anyone can recompute the split from it.
 */

/** How often a claim looks again when every free share is held by a claim in flight. */
const busyRetries = 5;
const busyWaitMs = 20;

/** Where the envelope stands at `now`, given its free shares. */
function stateOf(
  row: Pick<repo.EnvelopeRow, 'starts_at' | 'ends_at'>,
  sharesLeft: number,
  now: Date,
): RedEnvelopeState {
  if (now < row.starts_at) return 'coming';
  if (sharesLeft === 0) return 'empty';
  if (now >= row.ends_at) return 'closed';
  return 'open';
}

/** The seed is shown once nothing is left to claim: every share taken, or the envelope ended. */
function revealedSeed(
  row: Pick<repo.EnvelopeRow, 'ends_at' | 'seed'>,
  sharesLeft: number,
  now: Date,
): string | null {
  return sharesLeft === 0 || now >= row.ends_at ? row.seed : null;
}

function present(row: repo.EnvelopeRow, merchant: MerchantConfig, now: Date): PlayerRedEnvelope {
  const decimals = merchant.currency.decimals;
  const sharesLeft = Number(row.shares_left);
  return {
    id: String(row.id),
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    state: stateOf(row, sharesLeft, now),
    pool: formatMinor(row.pool_minor, decimals),
    shares: row.share_count,
    sharesLeft,
    seedHash: row.seed_hash,
    seed: revealedSeed(row, sharesLeft, now),
    myAmount: row.my_amount_minor === null ? null : formatMinor(BigInt(row.my_amount_minor), decimals),
    wageringMultiplier: row.wagering_multiplier,
  };
}

/** The envelopes a player sees: started, and not ended more than a week ago (newest end first). */
export async function playerRedEnvelopes(
  context: RewardContext,
): Promise<{ envelopes: PlayerRedEnvelope[] }> {
  const now = context.now ?? new Date();
  // No promotions during a break or self-exclusion (issue 17).
  if (await isBlocked(context.db, context.memberId, now)) return { envelopes: [] };
  const rows = await repo.selectEnvelopes(context.db, context.merchant.id, context.memberId, { now });
  return { envelopes: rows.map((row) => present(row, context.merchant, now)) };
}

type ClaimOutcome =
  | { kind: 'claimed'; shareIndex: number; amountMinor: bigint; replayed: boolean }
  | { kind: 'empty' }
  | { kind: 'busy' };

/** One attempt at a claim, in one transaction: the member's share if any, else the next free one. */
async function claimOnce(context: RewardContext, envelope: repo.EnvelopeRow): Promise<ClaimOutcome> {
  const { db, merchant, memberId } = context;
  return db.transaction().execute(async (trx) => {
    // One claim at a time per (envelope, member): a double click or 20 parallel calls queue here, and
    // each after the first finds the share the first took.
    await sql`select pg_advisory_xact_lock(hashtext(${`red-envelope:${envelope.id}`}), ${memberId}::int)`.execute(
      trx,
    );
    const mine = await repo.selectMemberShare(trx, envelope.id, memberId);
    if (mine)
      return {
        kind: 'claimed',
        shareIndex: mine.share_index,
        amountMinor: mine.amount_minor,
        replayed: true,
      };
    // Other players take other shares at the same time: a share locked by a claim in flight is skipped.
    const share = await repo.lockNextFreeShare(trx, envelope.id);
    if (!share)
      return (await repo.countFreeShares(trx, envelope.id)) > 0 ? { kind: 'busy' } : { kind: 'empty' };
    const grantId = await issueBonus(trx, {
      merchant,
      memberId,
      claimId: null,
      title: envelope.title,
      idempotencyKey: `red-envelope:${envelope.id}:${memberId}`,
      amountMinor: share.amount_minor,
      multiplier: envelope.wagering_multiplier,
      weights: envelope.wagering_weights,
      withdrawRule: envelope.withdraw_rule,
    });
    await repo.takeShare(trx, envelope.id, share.share_index, memberId, grantId);
    return {
      kind: 'claimed',
      shareIndex: share.share_index,
      amountMinor: share.amount_minor,
      replayed: false,
    };
  });
}

/**
 * Claims a share of a red envelope, once per player: a second claim (or a parallel one) answers the
 * first's share with `replayed: true` and pays nothing. After the last share: `red_envelope_empty`.
 */
export async function claimRedEnvelope(context: RewardContext, id: bigint): Promise<RedEnvelopeClaimResult> {
  const now = context.now ?? new Date();
  const { db, merchant, memberId } = context;
  await refuseWhileBlocked(context, now);
  const before = (await repo.selectEnvelopes(db, merchant.id, memberId, { id }))[0];
  if (!before) throw new AppError('red_envelope_not_found', 'No such red envelope');
  if (before.my_amount_minor === null) {
    if (now < before.starts_at)
      throw new AppError('red_envelope_not_started', 'This red envelope opens later');
    if (now >= before.ends_at) throw new AppError('red_envelope_closed', 'This red envelope has ended');
  }
  let outcome: ClaimOutcome = { kind: 'busy' };
  for (let attempt = 0; attempt < busyRetries && outcome.kind === 'busy'; attempt += 1) {
    if (attempt > 0) await sleep(busyWaitMs);
    outcome = await claimOnce(context, before);
  }
  if (outcome.kind !== 'claimed') {
    throw new AppError('red_envelope_empty', 'Every share of this red envelope has been claimed');
  }
  const after = (await repo.selectEnvelopes(db, merchant.id, memberId, { id }))[0]!;
  return {
    amount: formatMinor(outcome.amountMinor, merchant.currency.decimals),
    shareIndex: outcome.shareIndex,
    replayed: outcome.replayed,
    envelope: present(after, merchant, now),
  };
}

/** Recomputes the split from the revealed seed; before the reveal, `draw_not_revealed`. */
export async function verifyRedEnvelope(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  id: bigint,
  now = new Date(),
): Promise<RedEnvelopeVerification> {
  const row = (await repo.selectEnvelopes(db, merchant.id, null, { id }))[0];
  if (!row) throw new AppError('red_envelope_not_found', 'No such red envelope');
  const seed = revealedSeed(row, Number(row.shares_left), now);
  if (seed === null) {
    throw new AppError('draw_not_revealed', 'The seed is shown once the pool is empty or the envelope ends');
  }
  const decimals = merchant.currency.decimals;
  const stored = (await repo.selectShareAmounts(db, row.id)).map((amount) => formatMinor(amount, decimals));
  const recomputed = splitPool(seed, row.pool_minor, row.share_count).map((amount) =>
    formatMinor(amount, decimals),
  );
  return {
    seed,
    seedHash: row.seed_hash,
    hashMatches: seedHashOf(seed) === row.seed_hash,
    pool: formatMinor(row.pool_minor, decimals),
    shares: stored,
    recomputed,
    matches:
      stored.length === recomputed.length && stored.every((amount, index) => amount === recomputed[index]),
  };
}

function operatorView(
  row: repo.OperatorEnvelopeRow,
  merchant: MerchantConfig,
  now: Date,
): OperatorRedEnvelope {
  const decimals = merchant.currency.decimals;
  const sharesLeft = Number(row.shares_left);
  return {
    id: String(row.id),
    title: row.title,
    pool: formatMinor(row.pool_minor, decimals),
    shares: row.share_count,
    claimed: row.share_count - sharesLeft,
    paid: formatMinor(BigInt(row.paid_minor), decimals),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    state: stateOf(row, sharesLeft, now),
    seedHash: row.seed_hash,
    seed: revealedSeed(row, sharesLeft, now),
    wagering: { multiplier: row.wagering_multiplier, weights: row.wagering_weights },
    withdrawRule: row.withdraw_rule,
  };
}

/** The merchant's red envelopes for operators, newest first. */
export async function operatorRedEnvelopes(db: Kysely<DB>, merchant: MerchantConfig) {
  const now = new Date();
  const rows = await repo.selectOperatorEnvelopes(db, merchant.id);
  return { envelopes: rows.map((row) => operatorView(row, merchant, now)) };
}

/**
 * Schedules a red envelope: the seed is drawn and committed, and the split derived from it is stored, in
 * one transaction. A pool smaller than one minor unit per share is `invalid_amount`.
 */
export async function createRedEnvelope(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  input: RedEnvelopePayload,
  operatorId: number | null,
): Promise<{ envelope: OperatorRedEnvelope }> {
  const payload = redEnvelopePayload.parse(input);
  const poolMinor = parseMinor(payload.pool, merchant.currency.decimals);
  if (poolMinor === null || poolMinor < BigInt(payload.shares)) {
    throw new AppError('invalid_amount', 'The pool must hold at least one minor unit per share', {
      field: 'pool',
    });
  }
  const { seed, seedHash } = newSeed();
  const split = splitPool(seed, poolMinor, payload.shares);
  const id = await db.transaction().execute(async (trx) => {
    const envelopeId = await repo.insertEnvelope(trx, {
      merchant_id: merchant.id,
      title: payload.title,
      pool_minor: poolMinor,
      share_count: payload.shares,
      starts_at: new Date(payload.startsAt),
      ends_at: new Date(payload.endsAt),
      seed,
      seed_hash: seedHash,
      wagering_multiplier: payload.wagering.multiplier,
      wagering_weights: JSON.stringify(payload.wagering.weights) as unknown as Record<string, number>,
      withdraw_rule: payload.withdrawRule,
      created_by: operatorId,
    });
    await repo.insertShares(trx, envelopeId, split);
    return envelopeId;
  });
  const row = (await repo.selectOperatorEnvelopes(db, merchant.id, id))[0]!;
  return { envelope: operatorView(row, merchant, new Date()) };
}
