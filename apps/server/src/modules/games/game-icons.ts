import { createHash } from 'node:crypto';

/**
 * Generated icons for games and vendors: colours and a shape drawn from the SHA-256 of the code, with
 * the code's initials. Deterministic (the same code always gives the same bytes, so the answer caches
 * well) and our own artwork (no vendor's trademarks).
 */

const shapes = [
  // circle, diamond, hexagon, star, rounded square, triangle
  (size: number, colour: string) =>
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.3}" fill="${colour}"/>`,
  (size: number, colour: string) =>
    `<polygon points="${size / 2},${size * 0.16} ${size * 0.84},${size / 2} ${size / 2},${size * 0.84} ${size * 0.16},${size / 2}" fill="${colour}"/>`,
  (size: number, colour: string) => polygon(size, 6, 0.32, colour),
  (size: number, colour: string) => star(size, colour),
  (size: number, colour: string) =>
    `<rect x="${size * 0.2}" y="${size * 0.2}" width="${size * 0.6}" height="${size * 0.6}" rx="${size * 0.12}" fill="${colour}"/>`,
  (size: number, colour: string) => polygon(size, 3, 0.34, colour),
];

function polygon(size: number, corners: number, radius: number, colour: string): string {
  const points = Array.from({ length: corners }, (_, index) => {
    const angle = (Math.PI * 2 * index) / corners - Math.PI / 2;
    return `${(size / 2 + Math.cos(angle) * size * radius).toFixed(1)},${(size / 2 + Math.sin(angle) * size * radius).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

function star(size: number, colour: string): string {
  const points = Array.from({ length: 10 }, (_, index) => {
    const angle = (Math.PI * index) / 5 - Math.PI / 2;
    const radius = size * (index % 2 === 0 ? 0.34 : 0.15);
    return `${(size / 2 + Math.cos(angle) * radius).toFixed(1)},${(size / 2 + Math.sin(angle) * radius).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

/** Up to three initials of a code: "simslot-012" -> "S12", "bgs-dice" -> "BD". */
export function initialsOf(code: string): string {
  const parts = code.split(/[-_.]/).filter(Boolean);
  const letters = parts
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : (part[0] ?? '').toUpperCase()))
    .join('');
  return letters.slice(0, 3) || '?';
}

/** The SVG of a game or vendor icon, `size` pixels square (a wide banner shape when `wide`). */
export function renderIcon(seed: string, label: string, options: { size: number; wide?: boolean }): string {
  const digest = createHash('sha256').update(seed).digest();
  const hue = Math.round(((digest[0] ?? 0) / 255) * 360);
  const hue2 = (hue + 40 + ((digest[1] ?? 0) % 120)) % 360;
  const shape = shapes[(digest[2] ?? 0) % shapes.length] ?? shapes[0];
  const size = options.size;
  const width = options.wide ? size * 2 : size;
  const text = label.replace(/[^A-Za-z0-9]/g, '').slice(0, 3);
  const fontSize = Math.round(size * (text.length > 2 ? 0.2 : 0.26));
  const offset = options.wide ? size / 2 : 0;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${size}" viewBox="0 0 ${width} ${size}" role="img">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 25%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="${width}" height="${size}" rx="${size * 0.12}" fill="url(#g)"/>`,
    `<g transform="translate(${offset} 0)">${shape ? shape(size, `hsl(${(hue + 180) % 360} 80% 70% / 0.55)`) : ''}</g>`,
    `<text x="${width / 2}" y="${size / 2}" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${text}</text>`,
    `</svg>`,
  ].join('');
}
