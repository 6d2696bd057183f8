import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { periodOf, type Period, type PeriodKind } from '../lib/periods';
import { withAdvisoryLock } from './advisory-lock.repo';
import { systemClock, type Clock } from './clock';
import { jobLockKeys, type JobName } from './lock-keys';

/** Every `everyMs` at a fixed rate, like setInterval; with `runAtStart`, also once when started. */
export interface IntervalSchedule {
  everyMs: number;
  runAtStart?: boolean;
}

/**
 * Once per calendar period of `every` in `timeZone`, at or after the period's start; started in the
 * middle of a period, at once for that period. A run that fails, or finds the lock taken, is tried again
 * every `retryMs` until the period ends.
 */
export interface CalendarSchedule {
  every: PeriodKind;
  timeZone: string;
  retryMs?: number;
}

export type JobSchedule = IntervalSchedule | CalendarSchedule;

export interface JobContext {
  /** The clock's time when the run started. */
  now: Date;
  /** Calendar schedules: the period this run is for (the one that has begun); intervals: undefined. */
  period: Period | undefined;
  /** The runner's logger with the job's name. */
  log: FastifyBaseLogger;
}

export interface JobDefinition<Name extends string = JobName> {
  name: Name;
  schedule: JobSchedule;
  /**
   * The work, run under the job's advisory lock. It must be idempotent: a restart runs a calendar job
   * again for the current period, and each instance runs it once per period (one after the other), so
   * whatever it pays is keyed by the period's key.
   */
  run(context: JobContext): Promise<void>;
}

/**
 * What became of one run: it ran; it threw (logged); another session holds the lock; this runner is
 * still running the job; the runner is stopped.
 */
export type RunOutcome = 'ran' | 'failed' | 'locked' | 'running' | 'stopped';

const defaultRetryMs = 60_000;
/** A calendar job wakes at least this often, so a clock that jumped or a timer that drifted is caught. */
const maxCalendarSleepMs = 15 * 60_000;

const isInterval = (schedule: JobSchedule): schedule is IntervalSchedule => 'everyMs' in schedule;

/** Checks a job's schedule once, when it is defined, and returns the job. */
export function defineJob<Name extends string = JobName>(job: JobDefinition<Name>): JobDefinition<Name> {
  const { schedule } = job;
  if (isInterval(schedule)) {
    if (!Number.isInteger(schedule.everyMs) || schedule.everyMs < 1) {
      throw new RangeError(`job ${job.name}: everyMs must be a positive integer`);
    }
  } else {
    periodOf(schedule.every, 0, schedule.timeZone); // throws on an unknown time zone
    if (schedule.retryMs !== undefined && !(schedule.retryMs >= 1)) {
      throw new RangeError(`job ${job.name}: retryMs must be positive`);
    }
  }
  return job;
}

interface JobState<Name extends string> {
  job: JobDefinition<Name>;
  lockKey: number;
  log: FastifyBaseLogger;
  /** The run in flight, if any: runs of one job never overlap in one process. */
  running: Promise<RunOutcome> | undefined;
  cancelTimer: (() => void) | undefined;
  /** Calendar schedules: the key of the last period whose run completed. */
  donePeriodKey: string | undefined;
}

export interface JobRunnerOptions<Name extends string> {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Job name -> advisory-lock key; the registry in lock-keys.ts unless a test brings its own. */
  lockKeys?: Readonly<Record<Name, number>>;
}

/**
 * Runs scheduled jobs (decision 0022): each run takes the job's PostgreSQL advisory lock (an instance
 * that finds it taken skips), never overlaps an earlier run of the same job in this process, and logs
 * a failure instead of throwing it; stop() cancels the schedules and waits for runs in flight.
 */
export class JobRunner<Name extends string = JobName> {
  private readonly db: Kysely<DB>;
  private readonly log: FastifyBaseLogger;
  private readonly clock: Clock;
  private readonly lockKeys: Readonly<Record<Name, number>>;
  private readonly states = new Map<Name, JobState<Name>>();
  private started = false;
  private stopped = false;

  constructor(options: JobRunnerOptions<Name>) {
    this.db = options.db;
    this.log = options.log;
    this.clock = options.clock ?? systemClock;
    // Without lockKeys, Name is JobName (the default), whose keys are the registry's.
    this.lockKeys = options.lockKeys ?? (jobLockKeys as Readonly<Record<string, number>>);
  }

  /** Adds a job; its name must have a lock key no other registered job uses. */
  register(job: JobDefinition<Name>): this {
    if (this.started || this.stopped) throw new Error('jobs are registered before the runner starts');
    if (this.states.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    const lockKey = this.lockKeys[job.name];
    if (!Number.isSafeInteger(lockKey)) throw new Error(`job ${job.name} has no advisory-lock key`);
    if ([...this.states.values()].some((state) => state.lockKey === lockKey)) {
      throw new Error(`job ${job.name} shares its advisory-lock key ${lockKey}`);
    }
    this.states.set(job.name, {
      job: defineJob(job),
      lockKey,
      log: this.log.child({ job: job.name }),
      running: undefined,
      cancelTimer: undefined,
      donePeriodKey: undefined,
    });
    return this;
  }

  /** Starts every registered job's schedule. */
  start(): void {
    if (this.started || this.stopped) throw new Error('a job runner starts once');
    this.started = true;
    for (const state of this.states.values()) {
      const { schedule } = state.job;
      if (isInterval(schedule)) this.startInterval(state, schedule);
      else this.startCalendar(state, schedule);
    }
  }

  /** Runs a job now, outside its schedule (a calendar job for the current period). */
  async runNow(name: Name): Promise<RunOutcome> {
    const state = this.states.get(name);
    if (!state) throw new Error(`no job ${name}`);
    const { schedule } = state.job;
    const period = isInterval(schedule)
      ? undefined
      : periodOf(schedule.every, this.clock.now(), schedule.timeZone);
    return this.trigger(state, period);
  }

  /** Cancels every schedule and resolves once the runs in flight have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const state of this.states.values()) {
      state.cancelTimer?.();
      state.cancelTimer = undefined;
    }
    const inFlight = [...this.states.values()].flatMap((state) => (state.running ? [state.running] : []));
    await Promise.all(inFlight);
  }

  private setTimer(state: JobState<Name>, atMs: number, fire: () => Promise<void>): void {
    if (this.stopped) return;
    state.cancelTimer = this.clock.setTimer(atMs, async () => {
      state.cancelTimer = undefined;
      await fire();
    });
  }

  private startInterval(state: JobState<Name>, schedule: IntervalSchedule): void {
    const tick = async (dueMs: number) => {
      // The next tick on the fixed-rate grid after now: a late timer (a busy or suspended process)
      // does not fire a burst of runs to catch up, and a long run makes the ticks it spans skip.
      const lateTicks = Math.floor((this.clock.now() - dueMs) / schedule.everyMs);
      const nextMs = dueMs + (Math.max(0, lateTicks) + 1) * schedule.everyMs;
      this.setTimer(state, nextMs, () => tick(nextMs));
      await this.trigger(state, undefined);
    };
    const firstMs = this.clock.now() + (schedule.runAtStart ? 0 : schedule.everyMs);
    this.setTimer(state, firstMs, () => tick(firstMs));
  }

  private startCalendar(state: JobState<Name>, schedule: CalendarSchedule): void {
    const retryMs = schedule.retryMs ?? defaultRetryMs;
    const check = async () => {
      const period = periodOf(schedule.every, this.clock.now(), schedule.timeZone);
      const done = state.donePeriodKey === period.key || (await this.trigger(state, period)) === 'ran';
      const waitMs = done ? maxCalendarSleepMs : retryMs;
      this.setTimer(state, Math.min(period.end.getTime(), this.clock.now() + waitMs), check);
    };
    this.setTimer(state, this.clock.now(), check);
  }

  private trigger(state: JobState<Name>, period: Period | undefined): Promise<RunOutcome> {
    if (this.stopped) return Promise.resolve('stopped');
    if (state.running) return Promise.resolve('running');
    const run = this.execute(state, period).finally(() => {
      state.running = undefined;
    });
    state.running = run;
    return run;
  }

  private async execute(state: JobState<Name>, period: Period | undefined): Promise<RunOutcome> {
    const context: JobContext = { now: new Date(this.clock.now()), period, log: state.log };
    try {
      const ran = await withAdvisoryLock(this.db, state.lockKey, () => state.job.run(context));
      if (!ran) return 'locked';
      if (period) state.donePeriodKey = period.key;
      return 'ran';
    } catch (error) {
      state.log.warn({ err: error, period: period?.key }, 'scheduled job failed; it runs again later');
      return 'failed';
    }
  }
}
