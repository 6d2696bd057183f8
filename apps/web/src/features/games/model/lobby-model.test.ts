import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dictionaryLanguages } from '../../../i18n';
import { htmlLangOf } from '../../../i18n/languages';
import { buildWinner } from '../test-fixtures';
import { chunk, formatHundredths, hotCounterAfter, jackpotStart, jackpotStep } from './counters';
import { filterNeedsSession, normaliseSearch, parseFilter, parseVassalage } from './list-filters';
import { KeyedThrottle } from './throttle';
import { biggestWins, displayWin } from './winners';

describe('lobby counters (spec section 9)', () => {
  it('starts the jackpot between 20,000,000.00 and 21,000,000.00', () => {
    expect(jackpotStart(() => 0)).toBe(2_000_000_000);
    expect(jackpotStart(() => 0.999_999_999)).toBe(2_100_000_000);
    for (let index = 0; index < 200; index += 1) {
      const start = jackpotStart();
      expect(start).toBeGreaterThanOrEqual(2_000_000_000);
      expect(start).toBeLessThanOrEqual(2_100_000_000);
    }
  });

  it('grows the jackpot by 100 to 500 every 3000, 4000 or 5000 ms', () => {
    expect(jackpotStep(() => 0)).toEqual({ add: 10_000, delayMs: 3000 });
    expect(jackpotStep(() => 0.999_999)).toEqual({ add: 50_000, delayMs: 5000 });
    const delays = new Set<number>();
    for (let index = 0; index < 300; index += 1) {
      const step = jackpotStep();
      expect(step.add % 100).toBe(0);
      expect(step.add).toBeGreaterThanOrEqual(10_000);
      expect(step.add).toBeLessThanOrEqual(50_000);
      delays.add(step.delayMs);
    }
    expect([...delays].sort()).toEqual([3000, 4000, 5000]);
  });

  it('adds exactly 165.11 per hot-counter tick, without floating-point drift', () => {
    expect(hotCounterAfter(0, 1)).toBe(16_511);
    expect(hotCounterAfter(100, 1000)).toBe(100 + 16_511_000);
    expect(formatHundredths(hotCounterAfter(0, 3), 'en-US')).toBe('495.33');
    expect(formatHundredths(2_012_345_678, 'en-US')).toBe('20,123,456.78');
  });

  it("formats hundredths as Intl does in every shipped language, without building Intl's format", () => {
    const tags = [...dictionaryLanguages.map(htmlLangOf), 'en-US', 'de-DE'];
    fc.assert(
      fc.property(fc.constantFrom(...tags), fc.integer({ min: -1e13, max: 1e13 }), (tag, value) => {
        const intl = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(formatHundredths(value, tag)).toBe(intl.format(value / 100));
      }),
      { numRuns: 2000 },
    );
    for (const tag of tags)
      expect(formatHundredths(5, tag)).toBe(
        new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(0.05),
      );
  });

  it('chunks hot games in threes', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow();
  });
});

describe('winner board', () => {
  it('shows the 9 biggest of the 20, biggest first, compared as exact decimals', () => {
    const entries = Array.from({ length: 20 }, (_, index) =>
      buildWinner({ winAmount: `${index * 10 + 1}.0${index % 10}`, gameCode: `g${index}` }),
    );
    entries.push(buildWinner({ winAmount: '191.10', gameCode: 'tie-breaker' }));
    const wins = biggestWins(entries);
    expect(wins).toHaveLength(9);
    expect(wins[0]?.gameCode).toBe('tie-breaker');
    expect(wins[1]?.winAmount).toBe('191.09');
    expect(wins.map((win) => win.gameCode)).not.toContain('g10');
  });

  it('formats prizes with separators and 2 decimals', () => {
    expect(displayWin('1234567.5')).toBe('1,234,567.50');
    expect(displayWin('12.3456')).toBe('12.34');
    expect(displayWin('not money')).toBe('not money');
  });
});

describe('list filters and throttle', () => {
  it('reads filters, vendors and search terms from the address defensively', () => {
    expect(parseFilter('HOT')).toBe('HOT');
    expect(parseFilter('hot')).toBe('ALL');
    expect(parseFilter(null)).toBe('ALL');
    expect(filterNeedsSession('FAV')).toBe(true);
    expect(filterNeedsSession('NEW')).toBe(false);
    expect(parseVassalage('PG')).toBe('PG');
    expect(parseVassalage('<script>')).toBeUndefined();
    expect(normaliseSearch('  fruit  ')).toBe('fruit');
    expect(normaliseSearch('   ')).toBeUndefined();
    expect(normaliseSearch('x'.repeat(80))).toHaveLength(50);
  });

  it('lets each key act once per second', () => {
    let now = 0;
    const throttle = new KeyedThrottle<number>(1000, () => now);
    expect(throttle.tryTake(1)).toBe(true);
    expect(throttle.tryTake(1)).toBe(false);
    expect(throttle.tryTake(2)).toBe(true);
    now = 999;
    expect(throttle.tryTake(1)).toBe(false);
    now = 1000;
    expect(throttle.tryTake(1)).toBe(true);
  });
});
