import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { captchaCharacters, glyphs, type Point } from './captcha-glyphs';

/**
 * Draws a captcha: each character from the stroke font (captcha-glyphs.ts), scaled, sheared, rotated and
 * jittered on its own, then every stroke bent by one sine warp across the image (so no two drawings of a
 * character match a template), over noise curves and dots in the same colours as the text. resvg renders
 * the SVG to a PNG. The answer is chosen with crypto.randomInt; the geometry's randomness reveals nothing
 * about it, so Math.random serves there.
 */
const width = 120;
const height = 44;
const renderWidth = 240;
const margin = 8;
const colours = ['#1f2937', '#7c2d12', '#1e3a8a', '#14532d', '#581c87', '#9f1239', '#0f766e'];

/** A random answer of `length` characters from the stroke font. */
export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let index = 0; index < length; index += 1)
    text += captchaCharacters[randomInt(captchaCharacters.length)];
  return text;
}

function between(low: number, high: number): number {
  return low + Math.random() * (high - low);
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

interface Warp {
  (point: Point): Point;
}

/** One smooth, non-affine bend for the whole image. */
function randomWarp(): Warp {
  const [amplitudeY, periodX, phaseX] = [between(1.5, 3), between(35, 70), between(0, 2 * Math.PI)];
  const [amplitudeX, periodY, phaseY] = [between(1, 2.5), between(25, 45), between(0, 2 * Math.PI)];
  return ([x, y]) => [
    x + amplitudeX * Math.sin((2 * Math.PI * y) / periodY + phaseY),
    y + amplitudeY * Math.sin((2 * Math.PI * x) / periodX + phaseX),
  ];
}

/** Points at most `step` apart along the polyline, so the warp bends straight strokes too. */
function densify(points: readonly Point[], step: number): Point[] {
  const dense: Point[] = [points[0]!];
  for (let index = 1; index < points.length; index += 1) {
    const [x0, y0] = points[index - 1]!;
    const [x1, y1] = points[index]!;
    const pieces = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let piece = 1; piece <= pieces; piece += 1) {
      dense.push([x0 + ((x1 - x0) * piece) / pieces, y0 + ((y1 - y0) * piece) / pieces]);
    }
  }
  return dense;
}

function pathData(points: readonly Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join('');
}

/** The strokes of one character placed in its cell, before the warp. */
function placeGlyph(character: string, index: number, count: number): Point[][] {
  const glyph = glyphs[character];
  if (!glyph) throw new Error(`no captcha glyph for ${character}`);
  const cell = (width - 2 * margin) / count;
  const centreX = margin + cell * (index + 0.5) + between(-2, 2);
  const centreY = height / 2 + between(-3, 3);
  const scaleX = between(1.5, 2);
  const scaleY = between(1.7, 2.05);
  const shear = between(-0.3, 0.3);
  const angle = between(-0.35, 0.35);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return glyph.map((stroke) =>
    stroke.map(([gridX, gridY]): Point => {
      const v = (gridY - 7 + between(-0.35, 0.35)) * scaleY;
      const u = (gridX - 5 + between(-0.35, 0.35)) * scaleX + shear * v;
      return [centreX + u * cos - v * sin, centreY + u * sin + v * cos];
    }),
  );
}

function noise(): string {
  const parts: string[] = [];
  for (let line = 0; line < 3; line += 1) {
    const points = [0, 40, 80, 120].map(
      (x) => `${(x + between(-4, 4)).toFixed(1)} ${between(4, height - 4).toFixed(1)}`,
    );
    parts.push(
      `<path d="M${points[0]} C${points.slice(1).join(' ')}" fill="none" stroke="${pick(colours)}" stroke-width="${between(1.2, 2).toFixed(1)}"/>`,
    );
  }
  for (let dot = 0; dot < 40; dot += 1) {
    parts.push(
      `<circle cx="${between(0, width).toFixed(1)}" cy="${between(0, height).toFixed(1)}" r="${between(0.5, 1.3).toFixed(1)}" fill="${pick(colours)}" fill-opacity="0.7"/>`,
    );
  }
  return parts.join('');
}

/** The captcha as SVG: the text as bent strokes only (no text element, no font). */
export function drawCaptchaSvg(text: string): string {
  const warp = randomWarp();
  const characters = [...text];
  const strokes = characters.map((character, index) => {
    const path = placeGlyph(character, index, characters.length)
      .map((stroke) => pathData(densify(stroke, 2).map(warp)))
      .join('');
    return `<path d="${path}" fill="none" stroke="${pick(colours)}" stroke-width="${between(2.1, 2.8).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f3f4f6"/>${noise()}${strokes.join('')}</svg>`
  );
}

/** The captcha as a PNG, twice the drawing's size for sharp display on dense screens. */
export function renderCaptchaPng(text: string): Buffer {
  const svg = drawCaptchaSvg(text);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: renderWidth },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
