import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { crashElapsedMsFor } from '@portal/contracts/bgs';
import type { MerchantConfig } from '../../system';
import { crashPointOfSeed, defaultChainLength, generateChain, roundSeed } from './crash-chain';
import * as repo from './crash.repo';
import type { CrashRoundRow } from './crash.repo';
import {
  newCrashRoundId,
  payWin,
  playerView,
  publishPlayers,
  roundView,
  voidBet,
  type CrashDeps,
} from './crash.service';

/**
 * The round loop of BGS Crash (decision 0046). One instance at a time leads: it holds the PostgreSQL
 * session advisory lock `lockKey` on a connection of its own for as long as it leads, and every other
 * instance tries to take it every `pollMs`. The leader runs one loop per merchant whose crash page is
 * open: bets open (betting, `bettingMs`), take-off (bets whose wallet answer is still outstanding after
 * `graceMs` are rolled back), the flight (auto cash-outs every `tickMs`), the crash (what is still in
 * flies is lost), the wins paid, a pause of `pauseMs`, the next round.
 *
 * Every step is a conditional UPDATE from the state the database holds, and every payment is idempotent
 * by its transaction id, so a leader that dies anywhere leaves a state the next leader resumes: it picks
 * up the merchant's oldest unsettled round and drives it on from where it stands (a round whose crash
 * time passed while nobody led is crashed and settled, exactly once). Cash-outs do not need the leader:
 * any instance takes them, by the database's clock.
 */

export interface CrashTiming {
  bettingMs: number;
  graceMs: number;
  tickMs: number;
  pauseMs: number;
  pollMs: number;
  /** A merchant's rounds stop this long after its crash page was last open. */
  idleMs: number;
}

export const defaultCrashTiming: CrashTiming = {
  bettingMs: 6_000,
  graceMs: 1_000,
  tickMs: 100,
  pauseMs: 3_000,
  pollMs: 2_000,
  idleMs: 120_000,
};

export interface CrashLeaderOptions extends CrashDeps {
  log: FastifyBaseLogger;
  merchantById: (merchantId: number) => Promise<MerchantConfig | undefined>;
  lockKey: number;
  timing?: Partial<CrashTiming>;
  chainLength?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `work` on items, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export class CrashLeader {
  private readonly timing: CrashTiming;
  private readonly chainLength: number;
  private stopped = false;
  private leading = false;
  private loop: Promise<void> | undefined;
  private readonly merchantLoops = new Map<number, Promise<void>>();
  /** Set by kill(): stop at once without finishing anything (a test's stand-in for a dead process). */
  private killed = false;
  /** The leader's waits in progress: stop() ends them at once. */
  private readonly waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(private readonly options: CrashLeaderOptions) {
    this.timing = { ...defaultCrashTiming, ...options.timing };
    this.chainLength = options.chainLength ?? defaultChainLength;
  }

  get isLeading(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.loop) return;
    this.loop = this.campaign();
  }

  /** Stops leading after the merchants' current steps; resolves once the lock is released. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wait of this.waits) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    this.waits.clear();
    await this.loop;
  }

  /** Drops everything mid-step and releases the lock, like a process that died. */
  async kill(): Promise<void> {
    this.killed = true;
    await this.stop();
  }

  private get running(): boolean {
    return !this.stopped && !this.killed;
  }

  /** Tries to take the lock every pollMs; leads while it holds it. */
  private async campaign(): Promise<void> {
    while (this.running) {
      try {
        await this.leadIfFree();
      } catch (error) {
        if (this.running) this.options.log.warn({ err: error }, 'crash leader lost its connection');
      }
      if (this.running) await this.pause(this.timing.pollMs);
    }
  }

  /** Waits `ms`, or less when the leader stops. */
  private pause(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wait = {
        timer: setTimeout(
          () => {
            this.waits.delete(wait);
            resolve();
          },
          Math.max(0, ms),
        ),
        resolve,
      };
      this.waits.add(wait);
    });
  }

  private async leadIfFree(): Promise<void> {
    const { db, lockKey } = this.options;
    await db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(connection);
      if (!rows[0]?.locked) return;
      this.leading = true;
      this.options.log.info('crash leader: this instance runs the rounds');
      try {
        await this.lead(async () => {
          // The lock lives on this connection: if it broke, leadership is gone.
          await sql`select 1`.execute(connection);
        });
      } finally {
        this.leading = false;
        await sql`select pg_advisory_unlock(${lockKey})`.execute(connection).catch(() => undefined);
      }
    });
  }

  private async lead(checkConnection: () => Promise<void>): Promise<void> {
    while (this.running) {
      await checkConnection();
      for (const merchantId of await repo.selectActiveMerchants(this.options.db, this.timing.idleMs)) {
        if (!this.merchantLoops.has(merchantId)) {
          const loop = this.runMerchant(merchantId)
            .catch((error: unknown) => {
              if (this.running) this.options.log.warn({ err: error, merchantId }, 'crash round step failed');
            })
            .finally(() => this.merchantLoops.delete(merchantId));
          this.merchantLoops.set(merchantId, loop);
        }
      }
      await this.pause(this.timing.pollMs);
    }
    await Promise.all(this.merchantLoops.values());
  }

  /** Rounds of one merchant, one after the other, while its page is open. */
  private async runMerchant(merchantId: number): Promise<void> {
    const merchant = await this.options.merchantById(merchantId);
    if (!merchant) return;
    while (this.running) {
      let round = await repo.selectUnfinishedRound(this.options.db, merchantId);
      if (!round) {
        const active = await repo.selectActiveMerchants(this.options.db, this.timing.idleMs);
        if (!active.includes(merchantId) || !this.running) return;
        round = await this.openRound(merchantId);
      }
      await this.drive(merchant, round);
      if (!this.running) return;
      await this.pause(this.timing.pauseMs);
    }
  }

  /** The next round of the merchant's chain (a new chain published first when none is active). */
  private async openRound(merchantId: number): Promise<CrashRoundRow> {
    const { db } = this.options;
    if (!(await repo.selectActiveChain(db, merchantId))) {
      const chain = generateChain(this.chainLength);
      await repo.insertChainIfNone(db, { merchantId, length: this.chainLength, ...chain });
    }
    const roundId = newCrashRoundId();
    await db.transaction().execute(async (trx) => {
      const chain = await repo.lockActiveChain(trx, merchantId);
      if (!chain) throw new Error('the active chain vanished');
      const seed = roundSeed(chain, chain.next_round);
      await repo.insertRound(trx, {
        roundId,
        merchantId,
        chainId: chain.id,
        roundNo: chain.next_round,
        seed,
        crashPoint: await crashPointOfSeed(seed),
        bettingMs: this.timing.bettingMs,
      });
      await repo.advanceChain(trx, chain.id, chain.next_round >= chain.length);
    });
    const round = await repo.selectRound(db, merchantId, roundId);
    if (!round) throw new Error(`round ${roundId} vanished`);
    this.options.publish(merchantId, { type: 'crash.round', round: roundView(round) });
    return round;
  }

  /** Drives a round from wherever it stands to settled. */
  private async drive(merchant: MerchantConfig, start: CrashRoundRow): Promise<void> {
    const { db } = this.options;
    let round = start;
    if (round.status === 'betting') {
      await this.untilDatabaseTime(round.betting_ends_at);
      if (!this.running) return;
      // Bets whose wallet answer is on its way get a moment; the rest are rolled back after take-off.
      const graceEnds = Date.now() + this.timing.graceMs;
      while (Date.now() < graceEnds && (await repo.countPlacing(db, round.id)) > 0) await sleep(25);
      if (await repo.takeOff(db, round.id, crashElapsedMsFor(round.crash_point))) {
        round = await repo.selectRoundById(db, round.id);
        this.options.publish(merchant.id, { type: 'crash.round', round: roundView(round) });
      }
      round = await repo.selectRoundById(db, round.id);
      await repo.claimPlacingBets(db, round.id);
    }
    if (round.status === 'flying') {
      await this.fly(merchant, round);
      if (!this.running) return;
      round = await repo.selectRoundById(db, round.id);
    }
    if (round.status === 'crashed') {
      await this.settle(merchant, round);
    }
  }

  /** Sleeps until the database's clock reaches `at` (the clocks of the instances do not matter). */
  private async untilDatabaseTime(at: Date): Promise<void> {
    while (this.running) {
      const remaining = at.getTime() - (await repo.databaseNow(this.options.db)).getTime();
      if (remaining <= 0) return;
      await this.pause(Math.min(remaining, this.timing.pollMs));
    }
  }

  private async fly(merchant: MerchantConfig, round: CrashRoundRow): Promise<void> {
    const { db } = this.options;
    const crashAt = round.crash_at!.getTime();
    const offset = (await repo.databaseNow(db)).getTime() - Date.now();
    const payments: Promise<void>[] = [];
    while (this.running && Date.now() + offset < crashAt) {
      payments.push(this.cashOutDue(merchant, round));
      await this.pause(Math.min(this.timing.tickMs, crashAt - (Date.now() + offset)));
    }
    if (!this.running) return;
    // The crash: the last auto cash-outs (targets at the crash point), then everything still in is lost.
    while (this.running && !(await repo.markCrashed(db, round.id))) {
      const current = await repo.selectRoundById(db, round.id);
      if (current.status !== 'flying') break;
      await sleep(5);
    }
    await this.cashOutDue(merchant, round);
    await repo.markLost(db, round.id);
    const crashed = await repo.selectRoundById(db, round.id);
    this.options.publish(merchant.id, { type: 'crash.round', round: roundView(crashed) });
    await Promise.all(payments);
  }

  /** Auto cash-outs the curve has reached: moved, announced, then paid. */
  private async cashOutDue(merchant: MerchantConfig, round: CrashRoundRow): Promise<void> {
    const ids = await repo.autoCashOuts(this.options.db, round.id);
    if (ids.length === 0) return;
    const bets = await Promise.all(ids.map((id) => repo.selectBetById(this.options.db, id)));
    publishPlayers(
      this.options,
      merchant.id,
      round.round_id,
      bets.map((bet) => playerView(bet, merchant.currency.decimals)),
    );
    await eachLimited(bets, 8, async (bet) => {
      // A failed win stays cashing; settle() sends it again.
      await payWin(this.options, merchant, bet).catch(() => undefined);
    });
  }

  /** Pays every outstanding win, rolls back every claimed bet, then marks the round settled. */
  private async settle(merchant: MerchantConfig, round: CrashRoundRow): Promise<void> {
    const { db } = this.options;
    while (this.running) {
      // A leader that died between the crash and the losses leaves bets placed: they lost.
      await repo.markLost(db, round.id);
      await repo.claimPlacingBets(db, round.id);
      const open = await repo.selectUnfinishedBets(db, round.id);
      if (open.length === 0) {
        await repo.markSettled(db, round.id);
        return;
      }
      await eachLimited(open, 8, async (bet) => {
        try {
          if (bet.status === 'cashing') await payWin(this.options, merchant, bet);
          else if (bet.status === 'voiding') await voidBet(this.options, merchant, bet);
        } catch (error) {
          this.options.log.warn({ err: error, betId: String(bet.id) }, 'crash settlement call failed');
        }
      });
      if ((await repo.selectUnfinishedBets(db, round.id)).length > 0) await this.pause(1_000);
    }
  }
}
