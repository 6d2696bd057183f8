import type { Kysely } from 'kysely';
import {
  formatMinor,
  type BetRecordsPage,
  type HistoryPreset,
  type PersonalProfit,
  type WalletHistoryPage,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantConfig } from '../system';
import { resolveRange, type RangeInput, type ResolvedRange } from './history-range';
import * as repo from './history.repo';
import type { KindFilter } from './history.repo';

/** Reads of the member's own history; every read is scoped to one merchant and one member. */
interface Reader {
  db: Kysely<DB>;
  merchant: MerchantConfig;
  memberId: number;
}

interface Paging {
  page: number;
  pageSize: number;
}

/** A bonus issued (into the bonus wallet), released from it to the main wallet, or forfeited. */
const bonusKinds = ['bonus', 'bonus_release', 'bonus_forfeit'];

/** Game movements and bonuses have pages of their own; account records are everything else. */
const notAccountKinds = ['bet', 'win', 'rollback', 'vendor_settlement', ...bonusKinds];

function pageInfo(paging: Paging, total: number, range: ResolvedRange) {
  return {
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    totalPages: Math.ceil(total / paging.pageSize),
    from: range.fromDay,
    to: range.toDay,
  };
}

async function movementPage(
  reader: Reader,
  input: RangeInput & Paging,
  kinds: KindFilter,
  withBonusWallet = false,
): Promise<WalletHistoryPage> {
  const { db, merchant, memberId } = reader;
  const range = resolveRange(input, merchant.gmtOffsetMinutes);
  const accounts = await repo.selectMemberAccounts(db, merchant.id, memberId, withBonusWallet);
  const nothingAsked = 'only' in kinds && kinds.only.length === 0;
  if (accounts.length === 0 || nothingAsked) return { items: [], ...pageInfo(input, 0, range) };
  const ids = accounts.map((account) => account.id);
  const { rows, total } = await repo.selectMovementPage(db, ids, range, kinds, input);
  const decimals = merchant.currency.decimals;
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      time: row.created_at.toISOString(),
      type: row.kind,
      amount: formatMinor(BigInt(row.amount_minor) * BigInt(row.sign), decimals),
      wallet: walletName(accounts.find((account) => account.id === BigInt(row.account_id))),
    })),
    ...pageInfo(input, total, range),
  };
}

type HistoryInput = { preset?: HistoryPreset; from?: string; to?: string; type?: string } & Paging;

/** transactionHistory: every movement of the member's wallets, optionally of one type. */
export function walletHistory(reader: Reader, input: HistoryInput): Promise<WalletHistoryPage> {
  return movementPage(reader, input, input.type ? { only: [input.type] } : { except: [] });
}

/** Account records: deposits, withdrawals and transfers (everything but game movements and bonuses). */
export function accountRecords(reader: Reader, input: HistoryInput): Promise<WalletHistoryPage> {
  if (input.type && notAccountKinds.includes(input.type)) {
    return movementPage(reader, input, { only: [] });
  }
  return movementPage(reader, input, input.type ? { only: [input.type] } : { except: notAccountKinds });
}

/** '' for the main wallet, the vendor code for a game wallet, BONUS for the bonus wallet. */
function walletName(account: { kind: string; vendor_code: string } | undefined): string {
  return account?.kind === 'player_bonus' ? 'BONUS' : (account?.vendor_code ?? '');
}

/**
 * bonusDetails: the member's bonus movements: issued into the bonus wallet, released from it to the main
 * wallet (both sides shown), forfeited (decision 0030).
 */
export function bonusDetails(reader: Reader, input: RangeInput & Paging): Promise<WalletHistoryPage> {
  return movementPage(reader, input, { only: bonusKinds }, true);
}

/** personalHistoryCopy: the member's game rounds, newest first, optionally of one vendor. */
export async function betRecords(
  reader: Reader,
  input: RangeInput & Paging & { vendorCode?: string },
): Promise<BetRecordsPage> {
  const { db, merchant, memberId } = reader;
  const range = resolveRange(input, merchant.gmtOffsetMinutes);
  const { rows, total } = await repo.selectRoundPage(
    db,
    merchant.id,
    memberId,
    range,
    input.vendorCode,
    input,
  );
  const money = (minor: bigint) => formatMinor(minor, merchant.currency.decimals);
  return {
    items: rows.map((row) => ({
      vendorCode: row.vendor_code,
      vendorName: row.vendor_name ?? row.vendor_code,
      gameCode: row.game_code,
      gameName: row.game_name ?? row.game_code,
      roundId: row.round_id,
      bet: money(row.bet_minor),
      win: money(row.win_minor),
      refund: money(row.refund_minor),
      profit: money(row.win_minor + row.refund_minor - row.bet_minor),
      betCount: row.bet_count,
      status: row.status,
      startedAt: row.started_at.toISOString(),
    })),
    ...pageInfo(input, total, range),
  };
}

/** personalProfit: bets, wins, refunds and profit (wins + refunds - bets) per vendor and in total. */
export async function personalProfit(reader: Reader, input: RangeInput): Promise<PersonalProfit> {
  const { db, merchant, memberId } = reader;
  const range = resolveRange(input, merchant.gmtOffsetMinutes);
  const rows = await repo.selectProfitByVendor(db, merchant.id, memberId, range);
  const money = (minor: bigint) => formatMinor(minor, merchant.currency.decimals);
  const total = { rounds: 0, bet: 0n, win: 0n, refund: 0n };
  const vendors = rows.map((row) => {
    const line = {
      rounds: Number(row.rounds),
      bet: BigInt(row.bet),
      win: BigInt(row.win),
      refund: BigInt(row.refund),
    };
    total.rounds += line.rounds;
    total.bet += line.bet;
    total.win += line.win;
    total.refund += line.refund;
    return { vendorCode: row.vendor_code, ...shape(line) };
  });
  function shape(line: typeof total) {
    return {
      rounds: line.rounds,
      bet: money(line.bet),
      win: money(line.win),
      refund: money(line.refund),
      profit: money(line.win + line.refund - line.bet),
    };
  }
  return { from: range.fromDay, to: range.toDay, vendors, total: shape(total) };
}
