import type { Kysely, Transaction } from 'kysely';
import {
  bgsVendorCode,
  formatMinor,
  parseMinor,
  type BgsGameCode,
  type BgsGameLimits,
  type BgsRound,
  type BgsRoundsPage,
  type BgsSeedInfo,
  type BgsSeedRotation,
  type BgsSessionInfo,
  type BgsVerifyRequest,
  type BgsVerifyResult,
} from '@portal/contracts';
import { bgsGameCodes, slotBetStepMinor } from '@portal/contracts/bgs';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import type { BgsWallet, WalletPlayer } from './bgs-wallet';
import { newClientSeed, newServerSeed, outcomeOf, serverSeedHash } from './fairness';
import * as repo from './inhouse.repo';
import { roundView } from './round-view';

/** Who is playing: the game session's member at its merchant, and how money moves for them. */
export interface GameContext {
  db: Kysely<DB>;
  wallet: BgsWallet;
  merchant: MerchantConfig;
  memberId: number;
  /** The game session token of the launch (bets carry it to the seamless wallet). */
  sessionToken: string;
}

/** The seamless wallet's name for the context's player. */
export function walletPlayer(context: GameContext): WalletPlayer {
  return {
    merchantCode: context.merchant.code,
    memberId: context.memberId,
    currency: context.merchant.currency.code,
    currencyDecimals: context.merchant.currency.decimals,
    sessionToken: context.sessionToken,
  };
}

/** Bet limits in whole currency units; the slot also needs a multiple of its ten lines. */
const limitUnits: Record<BgsGameCode, { min: bigint; max: bigint }> = {
  'bgs-slot': { min: 1n, max: 1_000n },
  'bgs-dice': { min: 1n, max: 5_000n },
  'bgs-mines': { min: 1n, max: 1_000n },
};

/** A game's bet limits in the merchant's minor units. */
export function betLimitsMinor(gameCode: BgsGameCode, decimals: number) {
  const unit = 10n ** BigInt(decimals);
  const step = gameCode === 'bgs-slot' ? slotBetStepMinor : 1n;
  const roundUp = (value: bigint) => ((value + step - 1n) / step) * step;
  return {
    minMinor: roundUp(limitUnits[gameCode].min * unit),
    maxMinor: limitUnits[gameCode].max * unit,
    stepMinor: step,
  };
}

/** The bet in minor units, or invalid_amount, bet_out_of_range, invalid_bet_step (nothing moves). */
export function checkedBet(gameCode: BgsGameCode, merchant: MerchantConfig, bet: string): bigint {
  const decimals = merchant.currency.decimals;
  const minor = parseMinor(bet, decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError(
      'invalid_amount',
      `The bet must be a positive amount with at most ${decimals} decimals`,
    );
  }
  const limits = betLimitsMinor(gameCode, decimals);
  if (minor < limits.minMinor || minor > limits.maxMinor) {
    throw new AppError(
      'bet_out_of_range',
      `The bet must lie between ${formatMinor(limits.minMinor, decimals)} and ${formatMinor(limits.maxMinor, decimals)}`,
    );
  }
  if (minor % limits.stepMinor !== 0n) {
    throw new AppError(
      'invalid_bet_step',
      `The bet must be a multiple of ${formatMinor(limits.stepMinor, decimals)}`,
    );
  }
  return minor;
}

function seedInfo(seed: { server_seed_hash: string; client_seed: string; next_nonce: number }): BgsSeedInfo {
  return { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.next_nonce };
}

/** The member's active seed, locked; created (random server seed, random client seed) on first use. */
export async function lockActiveSeed(trx: Transaction<DB>, context: GameContext) {
  const existing = await repo.selectActiveSeedForUpdate(trx, context.memberId);
  if (existing) return existing;
  const serverSeed = newServerSeed();
  await repo.insertSeedIfNone(trx, {
    merchantId: context.merchant.id,
    memberId: context.memberId,
    serverSeed,
    serverSeedHash: serverSeedHash(serverSeed),
    clientSeed: newClientSeed(),
  });
  const created = await repo.selectActiveSeedForUpdate(trx, context.memberId);
  if (!created) throw new Error('the active seed vanished while being created');
  return created;
}

/** The hash of the hidden server seed, the client seed and the next nonce. */
export async function currentSeed(context: GameContext): Promise<BgsSeedInfo> {
  const existing = await repo.selectActiveSeed(context.db, context.memberId);
  if (existing) return seedInfo(existing);
  return context.db.transaction().execute(async (trx) => seedInfo(await lockActiveSeed(trx, context)));
}

/** Everything a game page needs first: balance, limits and the fairness state. */
export async function sessionInfo(context: GameContext): Promise<BgsSessionInfo> {
  const decimals = context.merchant.currency.decimals;
  const [balanceMinor, seed, gameNames] = await Promise.all([
    context.wallet.balance(walletPlayer(context)),
    currentSeed(context),
    repo.selectGameNames(context.db, bgsVendorCode),
  ]);
  const limits = Object.fromEntries(
    bgsGameCodes.map((code) => {
      const limit = betLimitsMinor(code, decimals);
      const view: BgsGameLimits = {
        minBet: formatMinor(limit.minMinor, decimals),
        maxBet: formatMinor(limit.maxMinor, decimals),
        betStep: formatMinor(limit.stepMinor, decimals),
      };
      return [code, view];
    }),
  ) as Record<BgsGameCode, BgsGameLimits>;
  return {
    balance: formatMinor(balanceMinor, decimals),
    currency: context.merchant.currency.code,
    currencyDecimals: decimals,
    limits,
    seed,
    gameNames,
  };
}

/** Sets the client seed used from the next bet on (the nonce keeps counting). */
export async function setClientSeed(context: GameContext, clientSeed: string): Promise<BgsSeedInfo> {
  return context.db.transaction().execute(async (trx) => {
    const seed = await lockActiveSeed(trx, context);
    await repo.updateClientSeed(trx, seed.id, clientSeed);
    return seedInfo({ ...seed, client_seed: clientSeed });
  });
}

/**
 * Reveals the active server seed and starts a new one (same client seed, nonce 0). Refused while a
 * mines board is live: revealing its seed would show where the mines are.
 */
export async function rotateSeed(context: GameContext): Promise<BgsSeedRotation> {
  return context.db.transaction().execute(async (trx) => {
    const seed = await lockActiveSeed(trx, context);
    if (await repo.selectLiveMinesRound(trx, context.memberId)) {
      throw new AppError('round_in_progress', 'Finish the mines round before rotating the seed');
    }
    await repo.markSeedRevealed(trx, seed.id);
    const serverSeed = newServerSeed();
    await repo.insertSeedIfNone(trx, {
      merchantId: context.merchant.id,
      memberId: context.memberId,
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed: seed.client_seed,
    });
    const next = await repo.selectActiveSeedForUpdate(trx, context.memberId);
    if (!next) throw new Error('the new seed was not created');
    return {
      revealed: {
        serverSeed: seed.server_seed,
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        nonce: seed.next_nonce,
      },
      current: seedInfo(next),
    };
  });
}

/** A page of the member's rounds, newest first. */
export async function rounds(
  context: GameContext,
  query: { gameCode?: BgsGameCode | undefined; page: number; pageSize: number },
): Promise<BgsRoundsPage> {
  const { rows, total } = await repo.selectRoundPage(context.db, context.memberId, query);
  const decimals = context.merchant.currency.decimals;
  return {
    items: rows.map((row) => roundView(row, decimals)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** One of the member's rounds (with its server seed once revealed), or round_not_found. */
export async function round(context: GameContext, roundId: string): Promise<BgsRound> {
  const row = await repo.selectRound(context.db, context.memberId, roundId);
  if (!row) throw new AppError('round_not_found', 'No such round of yours');
  return roundView(row, context.merchant.currency.decimals);
}

/** Recomputes an outcome from a (revealed) server seed, client seed, nonce and game parameters. */
export async function verify(request: BgsVerifyRequest): Promise<BgsVerifyResult> {
  return { serverSeedHash: serverSeedHash(request.serverSeed), outcome: await outcomeOf(request) };
}
