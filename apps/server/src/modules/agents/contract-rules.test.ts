import { describe, expect, it } from 'vitest';
import { bpToRate, differentialPay, parseTiers, rateToBp, tierReached } from './contract-rules';

/** The pure contract rules, with docs/agents.md's worked example. */
describe('contract rules', () => {
  it('reads and writes rates as basis points', () => {
    expect(rateToBp('0.35')).toBe(35);
    expect(rateToBp('1.5')).toBe(150);
    expect(rateToBp('100')).toBe(10_000);
    expect(bpToRate(35)).toBe('0.35');
    expect(bpToRate(10_000)).toBe('100.00');
    expect(() => rateToBp('100.01')).toThrow();
    expect(() => rateToBp('0.001')).toThrow();
  });

  it('takes tiers that rise, and refuses tiers that overlap or go backwards', () => {
    const tiers = parseTiers(
      [
        { minValidBet: '0', minActiveMembers: 0, rate: '0.30' },
        { minValidBet: '1000', minActiveMembers: 2, rate: '0.50' },
      ],
      2,
    );
    expect(tiers).toEqual([
      { minValidBetMinor: '0', minActiveMembers: 0, rateBp: 30 },
      { minValidBetMinor: '100000', minActiveMembers: 2, rateBp: 50 },
    ]);
    expect(tierReached(tiers, 120_000n, 2)).toEqual({ index: 1, rateBp: 50 });
    expect(tierReached(tiers, 120_000n, 1)).toEqual({ index: 0, rateBp: 30 });
    expect(tierReached(tiers, -1n, 5)).toBeNull();
    const refused = [
      [
        { minValidBet: '10', minActiveMembers: 1, rate: '1' },
        { minValidBet: '10', minActiveMembers: 1, rate: '2' },
      ],
      [
        { minValidBet: '10', minActiveMembers: 1, rate: '1' },
        { minValidBet: '20', minActiveMembers: 0, rate: '2' },
      ],
      [
        { minValidBet: '10', minActiveMembers: 1, rate: '2' },
        { minValidBet: '20', minActiveMembers: 2, rate: '1' },
      ],
      [{ minValidBet: '1.001', minActiveMembers: 0, rate: '1' }],
    ];
    for (const tiersIn of refused) {
      expect(() => parseTiers(tiersIn, 2)).toThrow(expect.objectContaining({ code: 'tiers_invalid' }));
    }
  });

  it("pays docs/agents.md's worked example", () => {
    const shares = differentialPay([
      { agentId: 1, uplineId: null, rateBp: 100, figureMinor: 470_000n },
      { agentId: 2, uplineId: 1, rateBp: 80, figureMinor: 270_000n },
      { agentId: 3, uplineId: 2, rateBp: 50, figureMinor: 120_000n },
    ]);
    expect(Object.fromEntries(shares)).toEqual({
      1: { rateBp: 100, teamMinor: 4_700n, downlineMinor: 2_160n, amountMinor: 2_540n },
      2: { rateBp: 80, teamMinor: 2_160n, downlineMinor: 600n, amountMinor: 1_560n },
      3: { rateBp: 50, teamMinor: 600n, downlineMinor: 0n, amountMinor: 600n },
    });
  });

  it('caps a rate at its upline and shares out in proportion when the sub-teams claim more than the team', () => {
    const shares = differentialPay([
      // The top team as a whole won a little: its figure is 1,000 (minor) while two sub-teams lost more.
      { agentId: 1, uplineId: null, rateBp: 1_000, figureMinor: 1_000n },
      { agentId: 2, uplineId: 1, rateBp: 2_000, figureMinor: 3_000n },
      { agentId: 3, uplineId: 1, rateBp: 500, figureMinor: 1_000n },
      { agentId: 4, uplineId: 2, rateBp: 900, figureMinor: -50n },
    ]);
    // Claims: agent 2 at 10 % (capped) of 3,000 = 300, agent 3 at 5 % of 1,000 = 50; the team has 100.
    expect(shares.get(1)).toEqual({ rateBp: 1_000, teamMinor: 100n, downlineMinor: 99n, amountMinor: 1n });
    expect(shares.get(2)).toEqual({ rateBp: 1_000, teamMinor: 85n, downlineMinor: 0n, amountMinor: 85n });
    expect(shares.get(3)).toEqual({ rateBp: 500, teamMinor: 14n, downlineMinor: 0n, amountMinor: 14n });
    expect(shares.get(4)).toEqual({ rateBp: 900, teamMinor: 0n, downlineMinor: 0n, amountMinor: 0n });
  });
});
