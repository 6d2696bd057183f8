import { describe, it, expect } from 'vitest';
import { formatMinor, formatMoneyDisplay, maskMoney, moneyMinorLimit, parseMinor } from './money';

describe('parseMinor', () => {
  it.each([
    ['12', 2, 1200n],
    ['12.5', 2, 1250n],
    ['12.50', 2, 1250n],
    ['1234.50', 2, 123450n],
    ['0', 2, 0n],
    ['0.00', 2, 0n],
    ['-0', 2, 0n],
    ['-0.00', 2, 0n],
    ['0.01', 2, 1n],
    ['-3.10', 2, -310n],
    ['-0.05', 2, -5n],
    ['12', 0, 12n],
    ['-12', 0, -12n],
    ['1.234', 3, 1234n],
    ['0.000000000000000001', 18, 1n],
    ['9999999999999999.99', 2, 999999999999999999n],
    ['-9999999999999999.99', 2, -999999999999999999n],
    ['999999999999999999', 0, 999999999999999999n],
  ] as const)('parses %j with %i decimals as %s', (text, decimals, minor) => {
    expect(parseMinor(text, decimals)).toBe(minor);
  });

  it.each([
    ['', 'empty'],
    ['-', 'a sign alone'],
    ['.5', 'no integer part'],
    ['-.5', 'no integer part after the sign'],
    ['12.', 'a point without fraction digits'],
    ['12.345', 'more fraction digits than decimals'],
    ['12.500', 'extra fraction zeros'],
    ['1e3', 'an exponent'],
    ['1.5E2', 'an exponent'],
    [' 12', 'a leading space'],
    ['12 ', 'a trailing space'],
    ['1 234.50', 'a space separator'],
    ['1,234.50', 'a thousands separator'],
    ['1234,50', 'a decimal comma'],
    ['+12', 'a plus sign'],
    ['--12', 'two signs'],
    ['012', 'a leading zero'],
    ['00.50', 'leading zeros'],
    ['0x10', 'hexadecimal'],
    ['NaN', 'not a number'],
    ['Infinity', 'infinity'],
    ['١٢', 'non-ASCII digits'],
    ['１２', 'full-width digits'],
    ['12.5\n', 'a trailing newline'],
    ['10000000000000000.00', '10^18 minor units'],
    ['-10000000000000000', '-10^18 minor units'],
    ['100000000000000000000', '10^20'],
    ['9'.repeat(1000), 'a very long string'],
  ])('refuses %j (%s)', (text) => {
    expect(parseMinor(text, 2)).toBeNull();
  });

  it('refuses any fraction when decimals is 0', () => {
    expect(parseMinor('12.0', 0)).toBeNull();
    expect(parseMinor('12.5', 0)).toBeNull();
  });

  it('refuses 10^18 minor units whatever the decimals', () => {
    expect(parseMinor('1000000000000000000', 0)).toBeNull();
    expect(parseMinor('1', 18)).toBeNull();
    expect(parseMinor('0.999999999999999999', 18)).toBe(moneyMinorLimit - 1n);
  });

  it.each([-1, 1.5, 19, Number.NaN])('throws on invalid decimals %s', (decimals) => {
    expect(() => parseMinor('1', decimals)).toThrow(RangeError);
  });
});

describe('formatMinor', () => {
  it.each([
    [123450n, 2, '1234.50'],
    [-5n, 2, '-0.05'],
    [0n, 2, '0.00'],
    [1n, 2, '0.01'],
    [100n, 2, '1.00'],
    [-310n, 2, '-3.10'],
    [12n, 0, '12'],
    [-12n, 0, '-12'],
    [0n, 0, '0'],
    [1234n, 3, '1.234'],
    [1n, 18, '0.000000000000000001'],
    [999999999999999999n, 2, '9999999999999999.99'],
    [10n ** 20n, 2, '1000000000000000000.00'],
  ] as const)('formats %s with %i decimals as %j', (minor, decimals, text) => {
    expect(formatMinor(minor, decimals)).toBe(text);
  });

  it.each([
    [0n, 2],
    [1n, 2],
    [-1n, 2],
    [123450n, 2],
    [-123450n, 2],
    [moneyMinorLimit - 1n, 2],
    [-(moneyMinorLimit - 1n), 2],
    [42n, 0],
    [-42n, 0],
    [987654321n, 8],
    [moneyMinorLimit - 1n, 18],
  ] as const)('round-trips %s with %i decimals through parseMinor', (minor, decimals) => {
    expect(parseMinor(formatMinor(minor, decimals), decimals)).toBe(minor);
  });

  it.each(['0.00', '0.01', '-0.05', '1234.50', '-3.10', '9999999999999999.99'])(
    'round-trips the canonical text %j through formatMinor',
    (text) => {
      const minor = parseMinor(text, 2);
      expect(minor).not.toBeNull();
      expect(formatMinor(minor ?? 0n, 2)).toBe(text);
    },
  );

  it('formats 10^20 but parseMinor refuses the result, which is over the limit', () => {
    expect(parseMinor(formatMinor(10n ** 20n, 2), 2)).toBeNull();
  });

  it('throws on invalid decimals', () => {
    expect(() => formatMinor(1n, -1)).toThrow(RangeError);
    expect(() => formatMinor(1n, 19)).toThrow(RangeError);
  });
});

describe('formatMoneyDisplay', () => {
  it.each([
    [123456789n, 2, undefined, '1,234,567.89'],
    [123456789n, 2, '฿', '฿1,234,567.89'],
    [-100n, 2, '฿', '-฿1.00'],
    [-123456789n, 2, undefined, '-1,234,567.89'],
    [0n, 2, undefined, '0.00'],
    [0n, 2, '$', '$0.00'],
    [5n, 2, undefined, '0.05'],
    [-5n, 2, '₫', '-₫0.05'],
    [99999n, 2, undefined, '999.99'],
    [100000n, 2, undefined, '1,000.00'],
    [123456n, 0, undefined, '123,456'],
    [1234n, 0, '₩', '₩1,234'],
    [1234567n, 3, undefined, '1,234.567'],
    [moneyMinorLimit - 1n, 2, undefined, '9,999,999,999,999,999.99'],
    [10n ** 20n, 2, undefined, '1,000,000,000,000,000,000.00'],
  ] as const)('shows %s with %i decimals and symbol %j as %j', (minor, decimals, symbol, text) => {
    expect(formatMoneyDisplay(minor, decimals, symbol)).toBe(text);
  });

  it('throws on invalid decimals', () => {
    expect(() => formatMoneyDisplay(1n, 2.5)).toThrow(RangeError);
  });
});

describe('maskMoney', () => {
  it.each(['0.00', '1,234,567.89', '฿9,999,999,999,999,999.99', '-฿1.00'])(
    'masks %j as six asterisks whatever its length',
    (display) => {
      expect(maskMoney(display)).toBe('******');
    },
  );

  it('leaves an empty display empty', () => {
    expect(maskMoney('')).toBe('');
  });
});
