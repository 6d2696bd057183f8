import { describe, expect, it } from 'vitest';
import { checkTiers, rateBasisPoints, tiersPayload, tiersValid, type TierDraft } from './contract-tiers';

const tier = (minValidBet: string, minActiveMembers: string, rate: string): TierDraft => ({
  minValidBet,
  minActiveMembers,
  rate,
});

describe('contract tiers as the server checks them', () => {
  it('takes ascending tiers whose rates never go down, and sends them as the contract asks', () => {
    const tiers = [tier('0', '0', '0.20'), tier(' 10000.50 ', '5', '0.20'), tier('10000.50', '6', '0.35')];
    const problems = checkTiers(tiers, 2, '0.50');
    expect(tiersValid(problems)).toBe(true);
    expect(tiersPayload(tiers)).toEqual([
      { minValidBet: '0', minActiveMembers: 0, rate: '0.20' },
      { minValidBet: '10000.50', minActiveMembers: 5, rate: '0.20' },
      { minValidBet: '10000.50', minActiveMembers: 6, rate: '0.35' },
    ]);
  });

  it('needs each tier to start above the previous one, on at least one threshold', () => {
    const same = checkTiers([tier('100', '2', '0.10'), tier('100', '2', '0.20')], 2, null);
    expect(same.tiers[1]).toEqual({ minValidBet: 'thresholdsSame' });
    const lower = checkTiers([tier('100', '2', '0.10'), tier('200', '1', '0.20')], 2, null);
    expect(lower.tiers[1]).toEqual({ minActiveMembers: 'thresholdsDown' });
    const lowerBet = checkTiers([tier('100.00', '2', '0.10'), tier('99.99', '3', '0.20')], 2, null);
    expect(lowerBet.tiers[1]).toEqual({ minValidBet: 'thresholdsDown' });
    expect(tiersValid(same) || tiersValid(lower) || tiersValid(lowerBet)).toBe(false);
  });

  it('refuses a rate below the previous tier, above 100 %, with three decimals or above the upline', () => {
    expect(checkTiers([tier('0', '0', '0.30'), tier('1', '0', '0.29')], 2, null).tiers[1]).toEqual({
      rate: 'rateDown',
    });
    expect(checkTiers([tier('0', '0', '100.01')], 2, null).tiers[0]).toEqual({ rate: 'rate' });
    expect(checkTiers([tier('0', '0', '0.355')], 2, null).tiers[0]).toEqual({ rate: 'rate' });
    expect(checkTiers([tier('0', '0', '0.51')], 2, '0.50').tiers[0]).toEqual({ rate: 'aboveUpline' });
    expect(checkTiers([tier('0', '0', '0.50')], 2, '0.50').tiers[0]).toEqual({});
    expect(checkTiers([tier('0', '0', '100')], 2, null).tiers[0]).toEqual({});
  });

  it('refuses amounts the currency cannot hold and member counts that are not whole numbers', () => {
    expect(checkTiers([tier('10.123', '0', '1')], 2, null).tiers[0]).toEqual({ minValidBet: 'amount' });
    expect(checkTiers([tier('010', '0', '1')], 2, null).tiers[0]).toEqual({ minValidBet: 'amount' });
    expect(checkTiers([tier('-1', '1.5', '1')], 2, null).tiers[0]).toEqual({
      minValidBet: 'amount',
      minActiveMembers: 'members',
    });
    expect(checkTiers([tier('10', '1000001', '1')], 0, null).tiers[0]).toEqual({
      minActiveMembers: 'members',
    });
  });

  it('has one to ten tiers', () => {
    expect(checkTiers([], 2, null).list).toBe('none');
    const eleven = Array.from({ length: 11 }, (_, index) => tier(String(index), '0', '1'));
    expect(checkTiers(eleven, 2, null).list).toBe('tooMany');
    expect(tiersValid(checkTiers(eleven.slice(0, 10), 2, null))).toBe(true);
  });

  it('reads a rate as basis points without floating point', () => {
    expect([
      rateBasisPoints('0.35'),
      rateBasisPoints('0.3'),
      rateBasisPoints('12'),
      rateBasisPoints('100'),
    ]).toEqual([35, 30, 1200, 10_000]);
    expect([rateBasisPoints('.5'), rateBasisPoints('1e2'), rateBasisPoints('100.01')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
