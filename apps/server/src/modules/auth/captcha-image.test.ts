import { describe, expect, it } from 'vitest';
import { captchaCharacters } from './captcha-glyphs';
import { drawCaptchaSvg, randomCaptchaText, renderCaptchaPng } from './captcha-image';

describe('captcha image', () => {
  it('draws answers of four characters from the whole alphabet', () => {
    const seen = new Set<string>();
    for (let draw = 0; draw < 200; draw += 1) {
      const text = randomCaptchaText();
      expect(text).toMatch(new RegExp(`^[${captchaCharacters}]{4}$`));
      for (const character of text) seen.add(character);
    }
    expect(seen.size).toBeGreaterThan(captchaCharacters.length - 3);
    expect(captchaCharacters).not.toMatch(/[01IOL]/);
  });

  it('draws every character as strokes, never as text, and differently each time', () => {
    for (let start = 0; start < captchaCharacters.length; start += 4) {
      const svg = drawCaptchaSvg(captchaCharacters.slice(start, start + 4));
      expect(svg).not.toMatch(/<text|font/);
      // Noise: three curves and forty dots, then one path per character.
      expect(svg.match(/<path /g)?.length).toBe(3 + Math.min(4, captchaCharacters.length - start));
    }
    expect(drawCaptchaSvg('AB23')).not.toBe(drawCaptchaSvg('AB23'));
  });

  it('renders a 240 x 88 PNG', () => {
    const png = renderCaptchaPng('K7MZ');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 88]);
  });
});
