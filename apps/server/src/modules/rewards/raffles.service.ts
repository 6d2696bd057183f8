import type { Kysely, Transaction } from 'kysely';
import {
  rafflePayload,
  raffleTicketRule,
  type OperatorRaffle,
  type PlayerRaffle,
  type RafflePayload,
  type RaffleState,
  type RaffleTicketRule,
  type RaffleVerification,
  type RaffleWinner,
} from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';
import type { DB, StoredRaffleEntry } from '../../db/schema';
import { AppError } from '../../http/errors';
import { zoneOfGmtOffset } from '../../lib/periods';
import { newSeed, seedHashOf } from '../lottery';
import { isBlocked } from '../responsible-gaming';
import type { MerchantConfig } from '../system';
import { issueBonus, lockBonusWallets } from './bonus-wallet';
import { pickWinners } from './draw-algorithms';
import * as repo from './raffles.repo';
import { dayOf, maskedName } from './reward-rules';
import { selectRollupCaughtUpAt } from './rewards.repo';
import type { RewardContext } from './rewards.service';

/**
 * Raffles (decision 0031): tickets are earned over the raffle's window from the agent rollups' day
 * figures (valid bet and deposits, as missions count them); the seed is committed at creation; once the
 * draw time has passed and the rollups cover the window, the draw job picks the winners from the seed,
 * weighted by tickets, and pays each prize once, in the transaction that marks the raffle drawn.
 */

type RaffleMerchant = Pick<MerchantConfig, 'id' | 'currency' | 'gmtOffsetMinutes'>;

function stateOf(row: repo.RaffleRow, now: Date): RaffleState {
  if (row.drawn_at) return 'drawn';
  if (now < row.starts_at) return 'coming';
  return now >= row.ends_at ? 'drawing' : 'open';
}

/** The merchant days a raffle's window covers (tickets count whole days of the rollups). */
function windowDays(row: repo.RaffleRow, merchant: RaffleMerchant) {
  const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
  return { first: dayOf(row.starts_at, zone), last: dayOf(new Date(row.ends_at.getTime() - 1), zone) };
}

/** Tickets of one account's figures: per valid bet, plus per deposit, at most the rule's cap. */
function ticketsOf(rule: RaffleTicketRule, figures: repo.DayFigures, decimals: number): number {
  const perTicket = rule.validBetPerTicket === null ? null : parseMinor(rule.validBetPerTicket, decimals);
  const validBet = BigInt(figures.valid_bet_minor);
  let tickets = BigInt(figures.deposits) * BigInt(rule.ticketsPerDeposit);
  if (perTicket && perTicket > 0n && validBet > 0n) tickets += validBet / perTicket;
  const cap = BigInt(rule.maxTicketsPerPlayer);
  return Number(tickets > cap ? cap : tickets);
}

/** Every entrant of the raffle with at least one ticket, in canonical order (account id ascending). */
async function entriesOf(
  db: Kysely<DB> | Transaction<DB>,
  row: repo.RaffleRow,
  merchant: RaffleMerchant,
  memberId?: number,
) {
  const rule = raffleTicketRule.parse(row.ticket_rule);
  const { first, last } = windowDays(row, merchant);
  const figures = await repo.selectDayFigures(db, merchant.id, first, last, memberId);
  return figures
    .map((figure): StoredRaffleEntry => ({
      memberId: figure.member_id,
      player: maskedName(figure.username),
      tickets: ticketsOf(rule, figure, merchant.currency.decimals),
    }))
    .filter((entry) => entry.tickets > 0);
}

type WinnerRow = Awaited<ReturnType<typeof repo.selectWinners>>[number];

function winnersOf(rows: WinnerRow[], raffleId: bigint, memberId: number | null, decimals: number) {
  return rows
    .filter((winner) => winner.raffle_id === raffleId)
    .map((winner): RaffleWinner => ({
      rank: winner.rank,
      player: winner.player,
      tickets: winner.tickets,
      prize: formatMinor(winner.prize_minor, decimals),
      mine: winner.member_id === memberId,
    }));
}

async function presentForPlayer(
  context: RewardContext,
  row: repo.RaffleRow,
  winners: WinnerRow[],
  now: Date,
): Promise<PlayerRaffle> {
  const { merchant, memberId } = context;
  const decimals = merchant.currency.decimals;
  const state = stateOf(row, now);
  let myTickets = 0;
  if (row.entries) myTickets = row.entries.find((entry) => entry.memberId === memberId)?.tickets ?? 0;
  else if (state !== 'coming') {
    myTickets = (await entriesOf(context.db, row, merchant, memberId))[0]?.tickets ?? 0;
  }
  return {
    id: String(row.id),
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    state,
    tickets: raffleTicketRule.parse(row.ticket_rule),
    prizes: row.prizes.map((prize) => formatMinor(BigInt(prize), decimals)),
    myTickets,
    totalTickets: row.entries ? row.entries.reduce((sum, entry) => sum + entry.tickets, 0) : null,
    seedHash: row.seed_hash,
    seed: row.drawn_at ? row.seed : null,
    winners: winnersOf(winners, row.id, memberId, decimals),
    wageringMultiplier: row.wagering_multiplier,
  };
}

/** The raffles a player sees, with their tickets and, once drawn, the winners and the seed. */
export async function playerRaffles(context: RewardContext): Promise<{ raffles: PlayerRaffle[] }> {
  const now = context.now ?? new Date();
  // No promotions during a break or self-exclusion (issue 17).
  if (await isBlocked(context.db, context.memberId, now)) return { raffles: [] };
  const rows = await repo.selectRaffles(context.db, context.merchant.id, { now });
  const winners = await repo.selectWinners(
    context.db,
    rows.map((row) => row.id),
  );
  const raffles: PlayerRaffle[] = [];
  for (const row of rows) raffles.push(await presentForPlayer(context, row, winners, now));
  return { raffles };
}

/** One raffle with the caller's tickets and its winners list. */
export async function raffleDetail(context: RewardContext, id: bigint): Promise<PlayerRaffle> {
  const row = (await repo.selectRaffles(context.db, context.merchant.id, { id }))[0];
  if (!row) throw new AppError('raffle_not_found', 'No such raffle');
  const winners = await repo.selectWinners(context.db, [row.id]);
  return presentForPlayer(context, row, winners, context.now ?? new Date());
}

/** Recomputes a drawn raffle's winners from its seed and stored entries; before the draw, `draw_not_revealed`. */
export async function verifyRaffle(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  id: bigint,
): Promise<RaffleVerification> {
  const row = (await repo.selectRaffles(db, merchant.id, { id }))[0];
  if (!row) throw new AppError('raffle_not_found', 'No such raffle');
  if (!row.drawn_at || !row.entries) {
    throw new AppError('draw_not_revealed', 'The seed is shown once the raffle is drawn');
  }
  const entries = row.entries;
  const position = new Map(entries.map((entry, index) => [entry.memberId, index]));
  const winners = (await repo.selectWinners(db, [row.id])).map(
    (winner) => position.get(winner.member_id) ?? -1,
  );
  const recomputed = pickWinners(
    row.seed,
    entries.map((entry) => entry.tickets),
    row.prizes.length,
  );
  return {
    seed: row.seed,
    seedHash: row.seed_hash,
    hashMatches: seedHashOf(row.seed) === row.seed_hash,
    entries: entries.map((entry, index) => ({
      position: index,
      player: entry.player,
      tickets: entry.tickets,
    })),
    winners,
    recomputed,
    matches:
      winners.length === recomputed.length && winners.every((value, index) => value === recomputed[index]),
  };
}

/**
 * Draws one raffle, once: marks it drawn (a second run, even a parallel one, finds it drawn and stops),
 * counts the entries, picks the winners from the seed and pays each prize into the winner's bonus wallet
 * with a transfer keyed `raffle:<raffle>:<rank>`, all in one transaction. False when drawn already.
 */
export async function drawRaffle(
  db: Kysely<DB>,
  merchant: RaffleMerchant,
  raffleId: bigint,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.markDrawn(trx, raffleId))) return false;
    const row = (await repo.selectRaffles(trx, merchant.id, { id: raffleId }))[0]!;
    const entries = await entriesOf(trx, row, merchant);
    const positions = pickWinners(
      row.seed,
      entries.map((entry) => entry.tickets),
      row.prizes.length,
    );
    const paid = positions.map((position, index) => ({ rank: index + 1, entry: entries[position]! }));
    // Each prize takes its winner's bonus lock; in account order, as any other multi-member writer would,
    // and all of them before the first prize moves money (decision 0030, amended).
    await lockBonusWallets(
      trx,
      merchant,
      paid.map(({ entry }) => entry.memberId),
    );
    for (const { rank, entry } of [...paid].sort((a, b) => a.entry.memberId - b.entry.memberId)) {
      const prizeMinor = BigInt(row.prizes[rank - 1]!);
      const grantId = await issueBonus(trx, {
        merchant: merchant as MerchantConfig,
        memberId: entry.memberId,
        claimId: null,
        title: row.title,
        idempotencyKey: `raffle:${row.id}:${rank}`,
        amountMinor: prizeMinor,
        multiplier: row.wagering_multiplier,
        weights: row.wagering_weights,
        withdrawRule: row.withdraw_rule,
      });
      await repo.insertWinner(trx, {
        raffle_id: row.id,
        rank,
        member_id: entry.memberId,
        player: entry.player,
        tickets: entry.tickets,
        prize_minor: prizeMinor,
        transfer_id: await repo.grantTransferId(trx, grantId),
      });
    }
    await repo.storeEntries(trx, row.id, entries);
    return true;
  });
}

/**
 * Every raffle whose draw time has passed and whose window the rollups cover is drawn, once (the
 * reward-draws job). Answers how many were drawn now.
 */
export async function drawDueRaffles(db: Kysely<DB>, now: Date): Promise<number> {
  const caughtUp = await selectRollupCaughtUpAt(db);
  if (!caughtUp) return 0;
  let drawn = 0;
  for (const due of await repo.selectDueRaffles(db, now, caughtUp)) {
    const merchant = {
      id: due.merchant_id,
      currency: { code: due.currency_code, decimals: due.currency_decimals },
      gmtOffsetMinutes: due.gmt_offset_minutes,
    } as RaffleMerchant;
    if (await drawRaffle(db, merchant, due.id)) drawn += 1;
  }
  return drawn;
}

function operatorView(
  row: repo.RaffleRow,
  winners: WinnerRow[],
  decimals: number,
  now: Date,
): OperatorRaffle {
  return {
    id: String(row.id),
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    state: stateOf(row, now),
    tickets: raffleTicketRule.parse(row.ticket_rule),
    prizes: row.prizes.map((prize) => formatMinor(BigInt(prize), decimals)),
    seedHash: row.seed_hash,
    seed: row.drawn_at ? row.seed : null,
    entrants: row.entries ? row.entries.length : null,
    winners: winnersOf(winners, row.id, null, decimals),
    wagering: { multiplier: row.wagering_multiplier, weights: row.wagering_weights },
    withdrawRule: row.withdraw_rule,
  };
}

/** The merchant's raffles for operators, newest first. */
export async function operatorRaffles(db: Kysely<DB>, merchant: MerchantConfig) {
  const rows = await repo.selectRaffles(db, merchant.id, { all: true });
  const winners = await repo.selectWinners(
    db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return { raffles: rows.map((row) => operatorView(row, winners, merchant.currency.decimals, now)) };
}

/** Schedules a raffle with a fresh committed seed; amounts that are not positive are `invalid_amount`. */
export async function createRaffle(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  input: RafflePayload,
  operatorId: number | null,
): Promise<{ raffle: OperatorRaffle }> {
  const payload = rafflePayload.parse(input);
  const decimals = merchant.currency.decimals;
  const prizes = payload.prizes.map((prize) => parseMinor(prize, decimals));
  const perTicket =
    payload.tickets.validBetPerTicket === null ? 1n : parseMinor(payload.tickets.validBetPerTicket, decimals);
  if (prizes.some((prize) => prize === null || prize <= 0n) || perTicket === null || perTicket <= 0n) {
    throw new AppError(
      'invalid_amount',
      "A prize or the ticket's valid bet is not an amount of this currency",
    );
  }
  const { seed, seedHash } = newSeed();
  const id = await repo.insertRaffle(db, {
    merchant_id: merchant.id,
    title: payload.title,
    starts_at: new Date(payload.startsAt),
    ends_at: new Date(payload.endsAt),
    draw_at: new Date(payload.drawAt),
    ticket_rule: JSON.stringify(payload.tickets),
    prizes: prizes.map((prize) => prize!.toString()),
    seed,
    seed_hash: seedHash,
    wagering_multiplier: payload.wagering.multiplier,
    wagering_weights: JSON.stringify(payload.wagering.weights) as unknown as Record<string, number>,
    withdraw_rule: payload.withdrawRule,
    created_by: operatorId,
  });
  const row = (await repo.selectRaffles(db, merchant.id, { id }))[0]!;
  return { raffle: operatorView(row, [], decimals, new Date()) };
}
