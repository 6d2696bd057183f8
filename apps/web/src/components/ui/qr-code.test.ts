import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-code';

/** Redraws the path's runs into a grid, to compare with the encoder's modules. */
function modulesOf(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, width] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let column = x; column < x + width; column += 1) {
      const row = grid[y];
      if (row) row[column] = true;
    }
  }
  return grid;
}

describe('qrPath', () => {
  it('draws exactly the dark modules of the encoded URL', () => {
    const url = 'https://lucky.example.test/download/android.apk';
    const { path, size } = qrPath(url);
    const expected = encode(url, { ecc: 'M', border: 2 });
    expect(size).toBe(expected.size);
    expect(modulesOf(path, size)).toEqual(expected.data);
  });
});
