/**
 * Time as the job runner sees it: what time it is and a way to be called back later. The system clock
 * uses real timers; tests drive a ManualClock instead, so schedules run deterministically.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once at or after `atMs`; the returned function cancels the call. */
  setTimer(atMs: number, callback: () => Promise<void>): () => void;
}

/** setTimeout's longest delay; the runner never sleeps that long, this only guards the call. */
const maxTimeoutMs = 2_147_483_647;

/** Real time and real timers (unref'd: a pending job never keeps the process alive). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(atMs, callback) {
    const delayMs = Math.min(Math.max(0, atMs - Date.now()), maxTimeoutMs);
    const timer = setTimeout(() => void callback(), delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface ManualTimer {
  atMs: number;
  order: number;
  callback: () => Promise<void>;
}

/** A bound on the timers one advance may fire: a schedule that keeps firing at one instant is a bug. */
const maxFiringsPerAdvance = 100_000;

/** A clock for tests: time stands still until advanced, and advancing fires what fell due, in order. */
export class ManualClock implements Clock {
  private currentMs: number;
  private timers: ManualTimer[] = [];
  private created = 0;

  constructor(start: Date | number) {
    this.currentMs = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.currentMs;
  }

  setTimer(atMs: number, callback: () => Promise<void>): () => void {
    const timer = { atMs, order: this.created++, callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Timers set and not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward by `ms`, one due timer at a time (earliest first, then in the order set): the
   * clock reads the timer's time while its callback runs, and the callback is awaited before the next.
   */
  async advance(ms: number): Promise<void> {
    const targetMs = this.currentMs + ms;
    for (let fired = 0; ; fired += 1) {
      if (fired > maxFiringsPerAdvance)
        throw new Error(`more than ${maxFiringsPerAdvance} timers in one advance`);
      const due = this.timers
        .filter((timer) => timer.atMs <= targetMs)
        .sort((a, b) => a.atMs - b.atMs || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.currentMs = Math.max(this.currentMs, due.atMs);
      await due.callback();
    }
    this.currentMs = targetMs;
  }

  /** Advances to the instant `at` (no-op when it is not in the future). */
  async advanceTo(at: Date | number): Promise<void> {
    const atMs = typeof at === 'number' ? at : at.getTime();
    await this.advance(Math.max(0, atMs - this.currentMs));
  }
}
