import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../db/seed-demo-games';
import { renderGameArt, renderVendorLogo, type ArtCategory } from './game-art';

function categoryOf(vendor: (typeof demoCatalogue)[number], type: string): ArtCategory {
  return vendor.launchKind === 'inhouse' ? 'BGS' : (type as ArtCategory);
}

describe('game art', () => {
  it('draws every demo game a small, distinct tile from a Game Icons shape', () => {
    const tiles = new Set<string>();
    let games = 0;
    for (const vendor of demoCatalogue) {
      for (const game of vendor.games) {
        games += 1;
        const svg = renderGameArt(
          {
            vendorCode: vendor.code,
            gameCode: game.code,
            category: categoryOf(vendor, game.type),
            name: game.name,
          },
          { size: 160 },
        );
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="160" height="160"/);
        expect(svg).toMatch(/<g id="i"><(path|g)\b[^>]*>/);
        // Small enough to list a page of them: the largest shapes stay under 10 KB before gzip.
        expect(svg.length).toBeLessThan(10_000);
        tiles.add(svg);
      }
    }
    expect(tiles.size).toBe(games);
  });

  it('gives neighbours in a list different motifs, not ten colours of one picture', () => {
    const slots = demoCatalogue.find((vendor) => vendor.code === 'SIMSLOT')!;
    const motifs = slots.games.slice(0, 10).map((game) => {
      const svg = renderGameArt(
        { vendorCode: 'SIMSLOT', gameCode: game.code, category: 'RNG', name: game.name },
        { size: 160 },
      );
      return /<g id="i">(.*?)<\/g>/.exec(svg)?.[1];
    });
    expect(new Set(motifs).size).toBe(10);
  });

  it('draws games it does not know (a vendor sync) deterministically, and escapes the lettered name', () => {
    const input = { vendorCode: 'NEWVENDOR', gameCode: 'x-1', category: null, name: 'Cats & <Dogs>' };
    const wide = renderGameArt(input, { size: 160, wide: true });
    expect(wide).toBe(renderGameArt(input, { size: 160, wide: true }));
    expect(wide).toMatch(/width="320" height="160"/);
    expect(wide).toContain('Cats &amp;');
    expect(wide).not.toContain('<Dogs>');
  });

  it('letters a vendor logo with its name, without the "(demo)" mark', () => {
    const logo = renderVendorLogo(
      { vendorCode: 'DS88', displayName: 'DS88 Cockfight (demo)', category: 'COCKFIGHT' },
      { size: 160 },
    );
    expect(logo).toContain('>DS88<');
    expect(logo).toContain('>COCKFIGHT<');
    expect(logo).not.toContain('DEMO');
  });
});
