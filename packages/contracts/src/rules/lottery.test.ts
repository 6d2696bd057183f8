import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  drawMessage,
  formatLotteryResult,
  isValidPick,
  isWinningBet,
  lotteryBetTypes,
  lotteryPayoutMinor,
  numberFromHmac,
  prizeModeOf,
  returnToPlayerBasisPoints,
  winningResultsOf,
} from './lottery';

describe('prizeModeOf', () => {
  it('is ELOTT when the group holds TCG_LOTTO_VN or LOTT cards, else LOTT', () => {
    expect(prizeModeOf(['SEA_LOTTO', 'TCG_LOTTO_VN'])).toBe('ELOTT');
    expect(prizeModeOf(['LOTT'])).toBe('ELOTT');
    expect(prizeModeOf(['SEA_LOTTO'])).toBe('LOTT');
    expect(prizeModeOf([])).toBe('LOTT');
  });

  it('is ZY when every card of the group is the in-house vendor, the ELOTT rule first', () => {
    expect(prizeModeOf(['BGS'])).toBe('ZY');
    expect(prizeModeOf(['BGS', 'BGS'])).toBe('ZY');
    expect(prizeModeOf(['BGS', 'SEA_LOTTO'])).toBe('LOTT');
    expect(prizeModeOf(['BGS', 'LOTT'])).toBe('ELOTT');
  });
});

describe('prize model returns', () => {
  it('counts the winning results per bet type and the return to player in basis points', () => {
    expect(winningResultsOf('TWO_DIGIT')).toBe(10);
    expect(winningResultsOf('THREE_DIGIT')).toBe(1);
    expect(winningResultsOf('BIG')).toBe(500);
    expect(winningResultsOf('SMALL')).toBe(500);
    expect(returnToPlayerBasisPoints('TWO_DIGIT')).toBe(9000);
    expect(returnToPlayerBasisPoints('THREE_DIGIT')).toBe(9000);
    expect(returnToPlayerBasisPoints('BIG')).toBe(9750);
  });
});

describe('bets', () => {
  it('checks picks per bet type', () => {
    expect(isValidPick('TWO_DIGIT', '07')).toBe(true);
    expect(isValidPick('TWO_DIGIT', '7')).toBe(false);
    expect(isValidPick('THREE_DIGIT', '007')).toBe(true);
    expect(isValidPick('THREE_DIGIT', '07a')).toBe(false);
    expect(isValidPick('BIG', null)).toBe(true);
    expect(isValidPick('SMALL', '12')).toBe(false);
  });

  it('pays stake times odds on a win and nothing on a loss', () => {
    expect(isWinningBet('TWO_DIGIT', '42', '142')).toBe(true);
    expect(lotteryPayoutMinor('TWO_DIGIT', '42', '142', 1_000n)).toBe(90_000n);
    expect(lotteryPayoutMinor('THREE_DIGIT', '142', '142', 1_000n)).toBe(900_000n);
    expect(lotteryPayoutMinor('THREE_DIGIT', '143', '142', 1_000n)).toBe(0n);
    expect(lotteryPayoutMinor('BIG', null, '150', 101n)).toBe(196n); // 1.95 x 101 = 196.95, rounded down
    expect(lotteryPayoutMinor('SMALL', null, '150', 100n)).toBe(0n);
    expect(lotteryPayoutMinor('SMALL', null, '049', 100n)).toBe(195n);
  });

  it('documents a return to player of 90 % (digits) and 97.5 % (big/small) by exact enumeration', () => {
    const stake = 100n;
    const totals = { TWO_DIGIT: 0n, THREE_DIGIT: 0n, BIG: 0n, SMALL: 0n };
    for (let value = 0; value < 1000; value += 1) {
      const result = formatLotteryResult(value);
      totals.TWO_DIGIT += lotteryPayoutMinor('TWO_DIGIT', '42', result, stake);
      totals.THREE_DIGIT += lotteryPayoutMinor('THREE_DIGIT', '421', result, stake);
      totals.BIG += lotteryPayoutMinor('BIG', null, result, stake);
      totals.SMALL += lotteryPayoutMinor('SMALL', null, result, stake);
    }
    expect(totals.TWO_DIGIT).toBe(90_000n); // 1000 results x 100 stake x 0.90
    expect(totals.THREE_DIGIT).toBe(90_000n);
    expect(totals.BIG).toBe(97_500n);
    expect(totals.SMALL).toBe(97_500n);
    expect(lotteryBetTypes.BIG.oddsHundredths).toBe(195);
  });
});

describe('numberFromHmac', () => {
  it('takes the first 32-bit word below the largest multiple of the range', () => {
    const limit = Math.floor(2 ** 32 / 1000) * 1000; // 4294967000
    const rejected = [0xff, 0xff, 0xff, 0xff]; // 4294967295 >= limit
    const accepted = [0x00, 0x00, 0x03, 0xe9]; // 1001 -> 1
    expect(numberFromHmac(Uint8Array.from([...rejected, ...accepted]), 1000)).toBe(1);
    expect(limit % 1000).toBe(0);
    expect(numberFromHmac(Uint8Array.from([...rejected, ...rejected]), 1000)).toBeNull();
  });

  it('is spread evenly over many HMACs (chi-square of 10,000 results in 10 buckets)', () => {
    const buckets = new Array<number>(10).fill(0);
    for (let draw = 0; draw < 10_000; draw += 1) {
      const bytes = createHmac('sha256', 'seed')
        .update(drawMessage('LOTT', String(draw), 0))
        .digest();
      const value = numberFromHmac(bytes, 1000);
      if (value === null) throw new Error('rejected all words');
      buckets[Math.floor(value / 100)]! += 1;
    }
    const chiSquare = buckets.reduce((sum, count) => sum + (count - 1000) ** 2 / 1000, 0);
    expect(chiSquare).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });
});
