import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { randomInt } from 'node:crypto';
import { signalBalanceChange } from '../push';
import { systemShards } from '../wallet';
import { applySeamlessBatch, type SeamlessCall, type SeamlessOutcome } from './seamless.repo';

interface Pending {
  call: SeamlessCall;
  resolve: (outcome: SeamlessOutcome) => void;
  reject: (error: unknown) => void;
}

const uniqueViolation = '23505';
const deadlockDetected = '40P01';
const serializationFailure = '40001';

/** A committed call that moved the player's money: the push hub tells their open pages (decision 0042). */
function announce(call: SeamlessCall, outcome: SeamlessOutcome): void {
  if (outcome.status === 'ok' || outcome.status === 'orphan_win_accepted') {
    signalBalanceChange(call.merchantId, call.memberId);
  }
}

/**
 * Group commit for vendor calls: calls that arrive while earlier ones are being written wait and then go
 * together, in one transaction with one commit (seamless_apply_batch). An idle server writes each call at
 * once (a batch of one), so batching adds no latency; a busy one writes many calls per commit. Every call
 * still gets its own answer, and a batch that fails as a whole is written again call by call, so one bad
 * call never takes others down with it.
 */
export class SeamlessBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  /** Each write takes the next house shard, so writes in flight together lock different house rows. */
  private shard = randomInt(systemShards);

  constructor(
    /** The database the calls are written to (the service also records its alerts there). */
    readonly db: Kysely<DB>,
    private readonly maxInFlight = 2,
    private readonly maxBatchSize = 64,
  ) {}

  /** Writes the call (with others that wait with it) and answers its outcome. */
  submit(call: SeamlessCall): Promise<SeamlessOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatchSize);
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await applySeamlessBatch(
        this.db,
        batch.map((pending) => pending.call),
        this.nextShard(),
      );
      batch.forEach((pending, index) => {
        announce(pending.call, outcomes[index]!);
        pending.resolve(outcomes[index]!);
      });
    } catch (error) {
      if (batch.length === 1) {
        await this.writeAlone(batch[0]!, error);
        return;
      }
      // One call spoiled the batch (or the batch met a deadlock): nothing was written; go one by one.
      await Promise.all(batch.map((pending) => this.writeAlone(pending, undefined)));
    }
  }

  private nextShard(): number {
    this.shard = (this.shard + 1) % systemShards;
    return this.shard;
  }

  /** One call in its own transaction, retried on a transient conflict; a duplicate key is a conflict. */
  private async writeAlone(pending: Pending, firstError: unknown): Promise<void> {
    let error = firstError;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const code = (error as { code?: string } | undefined)?.code;
      if (error !== undefined && code !== deadlockDetected && code !== serializationFailure) break;
      try {
        const [outcome] = await applySeamlessBatch(this.db, [pending.call], this.nextShard());
        announce(pending.call, outcome!);
        pending.resolve(outcome!);
        return;
      } catch (retryError) {
        error = retryError;
      }
    }
    // Two calls racing with one transactionId (for different players) meet at the unique key.
    if ((error as { code?: string }).code === uniqueViolation) {
      pending.resolve({ status: 'conflict', balanceMinor: 0n });
      return;
    }
    pending.reject(error);
  }
}
