/**
 * The outside vendor's books, in memory (it is a simulator): per-player balances with a version that
 * grows with every change, and every transfer id it has seen, so a repeated id never moves money twice.
 */
export type TransferDirection = 'in' | 'out';
export type Operation = TransferDirection | 'status' | 'balance';

export interface TransferAnswer {
  status: 'done' | 'failed';
  code: string | null;
  balanceMinor: string;
  version: string;
}

interface PlayerState {
  balanceMinor: bigint;
  version: bigint;
}

interface TransferRecord {
  /** What was asked; `closed` marks an id first seen by a status query (refused if it comes later). */
  request: string;
  status: 'done' | 'failed';
  code: string | null;
}

export interface TransferCommand {
  vendorCode: string;
  direction: TransferDirection;
  transferId: string;
  playerId: string;
  currency: string;
  amountMinor: bigint;
}

/** A fault planned by a test for the next matching call of one vendor. */
export interface Fault {
  operation: Operation | 'any';
  /** fail: a definite refusal; timeout: answer later than our adapter waits; drop: no answer at all. */
  fault: 'fail' | 'timeout' | 'drop';
  /** Whether the vendor still applies the transfer before hanging or dropping (default true). */
  apply: boolean;
}

/** Limits that keep a long-running simulator's memory bounded. */
const maxTransfers = 100_000;
const maxFaultsPerVendor = 100;

export class SimulatorState {
  private readonly players = new Map<string, PlayerState>();
  private readonly transfers = new Map<string, TransferRecord>();
  private readonly faults = new Map<string, Fault[]>();

  private static playerKey(vendorCode: string, playerId: string, currency: string): string {
    return `${vendorCode}|${playerId}|${currency}`;
  }

  private player(vendorCode: string, playerId: string, currency: string): PlayerState {
    const key = SimulatorState.playerKey(vendorCode, playerId, currency);
    let state = this.players.get(key);
    if (!state) {
      state = { balanceMinor: 0n, version: 0n };
      this.players.set(key, state);
    }
    return state;
  }

  private remember(key: string, record: TransferRecord): void {
    // Oldest first out: Map keeps insertion order. Ids older than this are long reconciled on our side.
    if (this.transfers.size >= maxTransfers) {
      const oldest = this.transfers.keys().next().value;
      if (oldest !== undefined) this.transfers.delete(oldest);
    }
    this.transfers.set(key, record);
  }

  /** Plans a fault for the next matching call of a vendor. */
  planFault(vendorCode: string, fault: Fault): void {
    const queue = this.faults.get(vendorCode) ?? [];
    if (queue.length >= maxFaultsPerVendor) throw new Error('too many planned faults');
    queue.push(fault);
    this.faults.set(vendorCode, queue);
  }

  /** Takes the first planned fault that matches this call, if any. */
  takeFault(vendorCode: string, operation: Operation): Fault | undefined {
    const queue = this.faults.get(vendorCode);
    const index = queue?.findIndex((fault) => fault.operation === operation || fault.operation === 'any');
    if (!queue || index === undefined || index < 0) return undefined;
    return queue.splice(index, 1)[0];
  }

  /** The player's balance and version (zero and 0 for a player never seen). */
  balance(vendorCode: string, playerId: string, currency: string): { balanceMinor: bigint; version: bigint } {
    const state = this.player(vendorCode, playerId, currency);
    return { balanceMinor: state.balanceMinor, version: state.version };
  }

  /** Winnings (positive) or losses (negative) at the vendor's games; refused below zero. */
  adjust(vendorCode: string, playerId: string, currency: string, deltaMinor: bigint): boolean {
    const state = this.player(vendorCode, playerId, currency);
    if (state.balanceMinor + deltaMinor < 0n) return false;
    state.balanceMinor += deltaMinor;
    state.version += 1n;
    return true;
  }

  /** Applies a transfer once per id; a repeat answers what the first did. */
  transfer(command: TransferCommand): TransferAnswer {
    const key = `${command.vendorCode}|${command.transferId}`;
    const request = JSON.stringify([
      command.direction,
      command.playerId,
      command.currency,
      command.amountMinor.toString(),
    ]);
    const state = this.player(command.vendorCode, command.playerId, command.currency);
    const existing = this.transfers.get(key);
    if (existing) {
      if (existing.request === 'closed') return this.answer(state, 'failed', 'transfer_closed');
      if (existing.request !== request) return this.answer(state, 'failed', 'transfer_conflict');
      return this.answer(state, existing.status, existing.code);
    }
    if (command.direction === 'out' && state.balanceMinor < command.amountMinor) {
      this.remember(key, { request, status: 'failed', code: 'insufficient_funds' });
      return this.answer(state, 'failed', 'insufficient_funds');
    }
    state.balanceMinor += command.direction === 'in' ? command.amountMinor : -command.amountMinor;
    state.version += 1n;
    this.remember(key, { request, status: 'done', code: null });
    return this.answer(state, 'done', null);
  }

  /** Records a refusal (a planned failure) so a retry of the same id gets the same answer. */
  refuse(command: TransferCommand, code: string): TransferAnswer {
    const key = `${command.vendorCode}|${command.transferId}`;
    const state = this.player(command.vendorCode, command.playerId, command.currency);
    if (!this.transfers.has(key)) {
      const request = JSON.stringify([
        command.direction,
        command.playerId,
        command.currency,
        command.amountMinor.toString(),
      ]);
      this.remember(key, { request, status: 'failed', code });
    }
    return this.answer(state, 'failed', code);
  }

  /**
   * What became of a transfer. An id never seen is closed now and answered `failed`: if its request is
   * still on the way, it will be refused when it arrives, so the caller may safely give the money back.
   */
  status(vendorCode: string, transferId: string): { status: 'done' | 'failed'; code: string | null } {
    const key = `${vendorCode}|${transferId}`;
    const existing = this.transfers.get(key);
    if (existing) return { status: existing.status, code: existing.code };
    this.remember(key, { request: 'closed', status: 'failed', code: 'transfer_unknown' });
    return { status: 'failed', code: 'transfer_unknown' };
  }

  private answer(state: PlayerState, status: 'done' | 'failed', code: string | null): TransferAnswer {
    return {
      status,
      code,
      balanceMinor: state.balanceMinor.toString(),
      version: state.version.toString(),
    };
  }
}
