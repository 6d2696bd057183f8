import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { ManualClock } from './clock';
import { defineJob, JobRunner, type JobContext, type JobSchedule } from './job-runner';

let database: TestDatabase;
/** A second pool on the same database: what another server instance would hold. */
let otherInstance: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  otherInstance = openDatabase({ url: database.url, poolMax: 2, statementTimeoutMs: 30_000 });
});
afterAll(async () => {
  await otherInstance.close();
  await database.drop();
});

/** Lock keys of this file's jobs: far from the registry's 7_000 block. */
const testLockKeys = { first: 990_001, second: 990_002 } as const;
type TestJob = keyof typeof testLockKeys;

interface Gate {
  promise: Promise<void>;
  open(): void;
}
function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A logger whose lines the test can read. */
function capturingLogger(): {
  log: FastifyBaseLogger;
  lines: { msg: string; job?: string; period?: string }[];
} {
  const lines: { msg: string; job?: string; period?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** A runner on a manual clock with one job that records its runs and does what `work` says. */
function runnerWith(
  schedule: JobSchedule,
  work: (context: JobContext, run: number) => Promise<void> = async () => undefined,
  options: { db?: Database; start?: Date | number; name?: TestJob } = {},
) {
  const clock = new ManualClock(options.start ?? Date.UTC(2026, 0, 5));
  const { log, lines } = capturingLogger();
  const runs: JobContext[] = [];
  const name = options.name ?? 'first';
  const runner = new JobRunner<TestJob>({
    db: (options.db ?? database).db,
    log,
    clock,
    lockKeys: testLockKeys,
  }).register(
    defineJob<TestJob>({
      name,
      schedule,
      async run(context) {
        runs.push(context);
        await work(context, runs.length);
      },
    }),
  );
  return { clock, runner, runs, lines, name };
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether any session holds the advisory lock `key` (one-key form). */
async function lockHeld(key: number): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    select exists (
      select 1 from pg_locks where locktype = 'advisory' and objsubid = 1 and objid = ${key}
    ) as held`.execute(database.db);
  return rows[0]!.held;
}

describe('interval schedules', () => {
  it('run at the fixed rate, and at start when asked', async () => {
    const { clock, runner, runs } = runnerWith({ everyMs: 1_000, runAtStart: true });
    runner.start();
    await clock.advance(0);
    await clock.advance(3_500);
    expect(runs.map((run) => run.now.getTime() - Date.UTC(2026, 0, 5))).toEqual([0, 1_000, 2_000, 3_000]);
    expect(runs.every((run) => run.period === undefined)).toBe(true);
    await runner.stop();
  });

  it('never overlap in one process: ticks during a run are skipped', async () => {
    const blocked = gate();
    const { clock, runner, runs } = runnerWith({ everyMs: 1_000 }, async (_context, run) => {
      if (run === 1) await blocked.promise;
    });
    runner.start();
    const first = runner.runNow('first');
    await until(() => runs.length === 1);
    expect(await runner.runNow('first')).toBe('running');
    await clock.advance(3_000); // three ticks while the first run holds on
    expect(runs).toHaveLength(1);
    blocked.open();
    expect(await first).toBe('ran');
    await clock.advance(1_000);
    expect(runs).toHaveLength(2);
    await runner.stop();
  });
});

describe('the advisory lock', () => {
  it('makes a second instance on the same database skip while the first runs', async () => {
    const blocked = gate();
    const one = runnerWith({ everyMs: 1_000 }, () => blocked.promise);
    const two = runnerWith({ everyMs: 1_000 }, async () => undefined, { db: otherInstance });
    two.runner.start();
    const first = one.runner.runNow('first');
    await until(() => one.runs.length === 1);
    expect(await lockHeld(testLockKeys.first)).toBe(true);
    expect(await two.runner.runNow('first')).toBe('locked');
    await two.clock.advance(2_000); // its schedule finds the lock taken too
    expect(two.runs).toHaveLength(0);
    blocked.open();
    expect(await first).toBe('ran');
    expect(await lockHeld(testLockKeys.first)).toBe(false);
    expect(await two.runner.runNow('first')).toBe('ran');
    await Promise.all([one.runner.stop(), two.runner.stop()]);
  });

  it('is released when a run throws; the failure is logged and the next run goes ahead', async () => {
    const { runner, runs, lines } = runnerWith({ everyMs: 60_000 }, async (_context, run) => {
      if (run === 1) throw new Error('vendor went away');
    });
    runner.start();
    expect(await runner.runNow('first')).toBe('failed');
    expect(await lockHeld(testLockKeys.first)).toBe(false);
    expect(lines).toContainEqual(
      expect.objectContaining({ job: 'first', msg: 'scheduled job failed; it runs again later' }),
    );
    expect(await runner.runNow('first')).toBe('ran');
    expect(runs).toHaveLength(2);
    await runner.stop();
  });
});

describe('stop', () => {
  it('cancels the schedules and waits for the run in flight', async () => {
    const blocked = gate();
    const { clock, runner, runs } = runnerWith({ everyMs: 1_000 }, () => blocked.promise);
    runner.start();
    const first = runner.runNow('first');
    await until(() => runs.length === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    blocked.open();
    await stopping;
    expect(await first).toBe('ran');
    expect(clock.pendingTimers).toBe(0);
    expect(await runner.runNow('first')).toBe('stopped');
    await clock.advance(10_000);
    expect(runs).toHaveLength(1);
  });
});

describe('calendar schedules', () => {
  it('run once per day at the local midnight, across the end of DST in New York', async () => {
    const { clock, runner, runs } = runnerWith(
      { every: 'day', timeZone: 'America/New_York' },
      async () => undefined,
      { start: Date.parse('2026-10-30T12:00:00Z') },
    );
    runner.start();
    await clock.advance(0);
    await clock.advance(5 * 86_400_000); // test time span, not calendar math
    expect(runs.map((run) => run.period?.key)).toEqual([
      'day:2026-10-30@America/New_York',
      'day:2026-10-31@America/New_York',
      'day:2026-11-01@America/New_York',
      'day:2026-11-02@America/New_York',
      'day:2026-11-03@America/New_York',
      'day:2026-11-04@America/New_York',
    ]);
    // Started mid-period it runs at once; after that, at each local midnight (EDT, then EST).
    expect(runs.map((run) => run.now.toISOString()).slice(0, 4)).toEqual([
      '2026-10-30T12:00:00.000Z',
      '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
    await runner.stop();
  });

  it('run once per half-month in a fixed-offset zone', async () => {
    const { clock, runner, runs } = runnerWith(
      { every: 'half-month', timeZone: 'UTC+7' },
      async () => undefined,
      {
        start: Date.parse('2026-01-20T00:00:00Z'),
      },
    );
    runner.start();
    await clock.advanceTo(Date.parse('2026-03-10T00:00:00Z'));
    expect(runs.map((run) => run.period?.key)).toEqual([
      'half-month:2026-01-2@UTC+7',
      'half-month:2026-02-1@UTC+7',
      'half-month:2026-02-2@UTC+7',
      'half-month:2026-03-1@UTC+7',
    ]);
    expect(runs[2]!.now.toISOString()).toBe('2026-02-15T17:00:00.000Z');
    await runner.stop();
  });

  it('retry a failed period within it, then wait for the next period', async () => {
    const { clock, runner, runs } = runnerWith(
      { every: 'hour', timeZone: 'Asia/Bangkok', retryMs: 60_000 },
      async (_context, run) => {
        if (run === 1) throw new Error('database restarting');
      },
      { start: Date.parse('2026-06-01T10:15:00Z') },
    );
    runner.start();
    await clock.advance(0);
    await clock.advance(59_000);
    expect(runs).toHaveLength(1);
    await clock.advance(1_000); // the retry
    await clock.advance(45 * 60_000);
    expect(runs.map((run) => [run.period?.key, run.now.toISOString()])).toEqual([
      ['hour:2026-06-01T17+07:00@Asia/Bangkok', '2026-06-01T10:15:00.000Z'],
      ['hour:2026-06-01T17+07:00@Asia/Bangkok', '2026-06-01T10:16:00.000Z'],
      ['hour:2026-06-01T18+07:00@Asia/Bangkok', '2026-06-01T11:00:00.000Z'],
    ]);
    await runner.stop();
  });

  it('find the lock taken, and try again until the other instance is done', async () => {
    const blocked = gate();
    const one = runnerWith({ everyMs: 3_600_000 }, () => blocked.promise);
    const two = runnerWith({ every: 'day', timeZone: 'UTC', retryMs: 10_000 }, async () => undefined, {
      db: otherInstance,
    });
    const first = one.runner.runNow('first');
    await until(() => one.runs.length === 1);
    two.runner.start();
    await two.clock.advance(25_000);
    expect(two.runs).toHaveLength(0);
    blocked.open();
    await first;
    await two.clock.advance(10_000);
    expect(two.runs).toHaveLength(1);
    await Promise.all([one.runner.stop(), two.runner.stop()]);
  });
});

describe('registration', () => {
  it('refuses a job without a lock key, a shared key, a second start and a bad schedule', () => {
    const { log } = capturingLogger();
    const runner = new JobRunner<TestJob>({ db: database.db, log, lockKeys: { first: 1, second: 1 } });
    const job = (name: TestJob) =>
      defineJob<TestJob>({ name, schedule: { everyMs: 1 }, run: async () => undefined });
    runner.register(job('first'));
    expect(() => runner.register(job('second'))).toThrow(/shares its advisory-lock key/);
    expect(() => runner.register(job('first'))).toThrow(/registered twice/);
    expect(() =>
      new JobRunner<TestJob>({
        db: database.db,
        log,
        lockKeys: { first: 1 } as Record<TestJob, number>,
      }).register(job('second')),
    ).toThrow(/no advisory-lock key/);
    runner.start();
    expect(() => runner.start()).toThrow();
    expect(() => defineJob({ name: 'first', schedule: { everyMs: 0 }, run: async () => undefined })).toThrow(
      RangeError,
    );
    expect(() =>
      defineJob({
        name: 'first',
        schedule: { every: 'day', timeZone: 'Nowhere/Else' },
        run: async () => undefined,
      }),
    ).toThrow(/unknown time zone/);
    return runner.stop();
  });
});
