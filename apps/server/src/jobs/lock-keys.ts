/**
 * The one registry of the PostgreSQL advisory-lock keys of scheduled jobs (decision 0022): job name ->
 * key. A key is taken by the run of its job on every instance, so one instance at a time does the work.
 *
 * Keys are forever: never change or reuse one, since during a rolling deploy old and new instances must
 * agree on them. New jobs take the next free number of the 7_000 block. Other advisory locks in the
 * code use the two-key form or hashtext(...) and stay out of this registry.
 */
export const jobLockKeys = {
  cleanup: 7_001,
  'vendor-reconcile': 7_002,
  'withdrawal-receipt': 7_005,
  'bgs-recovery': 7_008,
  lottery: 7_009,
  'agent-rollups': 7_010,
  'agent-contracts': 7_011,
  'bonus-wagering': 7_012,
  'reward-leaderboards': 7_013,
  'reward-draws': 7_014,
  'points-earning': 7_015,
  'rg-limits': 7_020,
  'operator-reports': 7_031,
} as const satisfies Record<string, number>;

/** The name of a registered job. */
export type JobName = keyof typeof jobLockKeys;

/**
 * Keys of leaders that are not scheduled jobs: a long-running loop holds its key for as long as its
 * instance leads (same 7_000 block, never one of the jobs' keys).
 */
export const leaderLockKeys = {
  /** BGS Crash's round loop (modules/inhouse/crash/crash-leader.ts, decision 0046). */
  'crash-rounds': 7_040,
} as const satisfies Record<string, number>;
