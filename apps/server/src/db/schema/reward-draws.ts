import type { Generated } from 'kysely';
import type { CreatedAt } from './columns';

/** Red envelopes and raffles (migration 0017, decision 0031). */

export interface RedEnvelopesTable {
  id: Generated<bigint>;
  merchant_id: number;
  title: string;
  pool_minor: bigint;
  share_count: number;
  starts_at: Date;
  ends_at: Date;
  /** 64 hex characters; shown only once the pool is empty or the envelope has ended. */
  seed: string;
  seed_hash: string;
  wagering_multiplier: number;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  created_by: number | null;
  created_at: CreatedAt;
}

export interface RedEnvelopeSharesTable {
  envelope_id: bigint;
  share_index: number;
  amount_minor: bigint;
  member_id: number | null;
  transfer_id: bigint | null;
  claimed_at: Date | null;
}

/** One entrant of a drawn raffle, in canonical order (member id ascending). */
export interface StoredRaffleEntry {
  memberId: number;
  player: string;
  tickets: number;
}

export interface RafflesTable {
  id: Generated<bigint>;
  merchant_id: number;
  title: string;
  starts_at: Date;
  ends_at: Date;
  draw_at: Date;
  /** The contracts' `raffleTicketRule`. */
  ticket_rule: unknown;
  /** Prizes in minor units, as decimal strings, by rank. */
  prizes: string[];
  seed: string;
  seed_hash: string;
  wagering_multiplier: number;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  drawn_at: Date | null;
  entries: StoredRaffleEntry[] | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface RaffleWinnersTable {
  raffle_id: bigint;
  rank: number;
  member_id: number;
  player: string;
  tickets: number;
  prize_minor: bigint;
  transfer_id: bigint;
}
