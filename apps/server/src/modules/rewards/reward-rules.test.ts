import { describe, expect, it } from 'vitest';
import { periodOf } from '../../lib/periods';
import {
  activityStatus,
  claimKey,
  claimPeriod,
  percentOf,
  signInAmount,
  signInStreak,
  type StatusInput,
} from './reward-rules';

const zone = 'UTC+7';
const now = new Date('2026-11-25T10:00:00Z');

describe('percentOf', () => {
  it('rounds down and stops at the cap', () => {
    expect(percentOf(12_345n, '10.00', 100_000n)).toBe(1_234n);
    expect(percentOf(50_000n, '100.00', 100_000n)).toBe(50_000n);
    expect(percentOf(500_000n, '100.00', 100_000n)).toBe(100_000n);
    expect(percentOf(1n, '0.01', 100n)).toBe(0n);
    expect(percentOf(-5_000n, '10.00', 100n)).toBe(0n);
  });
});

describe('claim periods', () => {
  it('keys sign-ins by day, cashback by its previous period, first deposits once', () => {
    const signIn = claimPeriod({ rules: { kind: 'sign_in', amounts: ['1'] }, once: 'player' }, now, zone);
    expect(signIn!.key).toBe('day:2026-11-25@UTC+7');
    const cashback = claimPeriod(
      {
        rules: { kind: 'cashback', basis: 'net_loss', percent: '10.00', cap: '1', period: 'week' },
        once: 'period',
      },
      now,
      zone,
    );
    expect(cashback!.key).toBe('week:2026-W47@UTC+7');
    const first = {
      rules: { kind: 'first_deposit', percent: '1', cap: '1', minDeposit: '1' },
      once: 'period',
    } as const;
    expect(claimKey(claimPeriod(first, now, zone))).toBe('once');
    const reload = { rules: { kind: 'reload_deposit', percent: '1', cap: '1', minDeposit: '1' } } as const;
    expect(claimKey(claimPeriod({ ...reload, once: 'player' }, now, zone))).toBe('once');
    expect(claimKey(claimPeriod({ ...reload, once: 'period' }, now, zone))).toBe('day:2026-11-25@UTC+7');
  });
});

describe('sign-in streaks', () => {
  it('counts today and the unbroken days before it; the last amount repeats', () => {
    const today = periodOf('day', now, zone);
    expect(signInStreak(today, new Set())).toBe(1);
    const days = new Set(['day:2026-11-24@UTC+7', 'day:2026-11-23@UTC+7', 'day:2026-11-21@UTC+7']);
    expect(signInStreak(today, days)).toBe(3);
    expect(signInAmount(['1.00', '2.00', '5.00'], 2, 2)).toBe(200n);
    expect(signInAmount(['1.00', '2.00', '5.00'], 9, 2)).toBe(500n);
  });
});

describe('activity status', () => {
  const base: StatusInput = {
    now,
    startsAt: new Date('2026-11-01T00:00:00Z'),
    endsAt: null,
    closed: false,
    eligible: true,
    needsJoin: false,
    claim: null,
    claimableMinor: 0n,
    apply: false,
  };
  it('walks the spec statuses', () => {
    expect(activityStatus({ ...base, startsAt: new Date('2026-12-01T00:00:00Z') }).status).toBe(
      'coming_soon',
    );
    expect(activityStatus({ ...base, endsAt: now }).status).toBe('close');
    expect(activityStatus({ ...base, closed: true }).status).toBe('close');
    expect(activityStatus({ ...base, eligible: false }).status).toBe('close');
    expect(activityStatus({ ...base, needsJoin: true })).toEqual({ status: 'join', action: 'join' });
    expect(activityStatus(base)).toEqual({ status: 'signed', action: null });
    expect(activityStatus({ ...base, claimableMinor: 1n })).toEqual({ status: 'claim', action: 'claim' });
    expect(activityStatus({ ...base, claimableMinor: 1n, apply: true })).toEqual({
      status: 'claim',
      action: 'apply',
    });
    type Grant = NonNullable<StatusInput['claim']>['grant'];
    const claim = (status: 'applying' | 'issued' | 'rejected', grant: Grant) =>
      activityStatus({ ...base, claim: { status, grant } }).status;
    expect(claim('applying', null)).toBe('applying');
    expect(claim('rejected', null)).toBe('rejected');
    expect(claim('issued', { status: 'wagering', done: 0n })).toBe('issued');
    expect(claim('issued', { status: 'wagering', done: 5n })).toBe('process');
    expect(claim('issued', { status: 'released', done: 5n })).toBe('claimed');
    expect(claim('issued', { status: 'forfeited', done: 0n })).toBe('claimed');
  });
});
