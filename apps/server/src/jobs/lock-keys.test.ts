import { describe, expect, it } from 'vitest';
import { jobLockKeys, leaderLockKeys } from './lock-keys';

describe('the advisory-lock key registry', () => {
  it('gives every job its own key, a positive integer PostgreSQL takes as bigint', () => {
    const keys = Object.values(jobLockKeys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => Number.isSafeInteger(key) && key > 0)).toBe(true);
  });

  it('gives the leaders (crash rounds) keys no job uses', () => {
    const all = [...Object.values(jobLockKeys), ...Object.values(leaderLockKeys)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps the keys the jobs had before the runner (old and new instances must agree)', () => {
    expect(jobLockKeys).toMatchObject({
      cleanup: 7_001,
      'vendor-reconcile': 7_002,
      'withdrawal-receipt': 7_005,
      'bgs-recovery': 7_008,
      lottery: 7_009,
    });
  });
});
