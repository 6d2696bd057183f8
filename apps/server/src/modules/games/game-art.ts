import { createHash } from 'node:crypto';
import { gameArtIcons, type GameArtIconName } from './game-art-icons';

/**
 * Game tiles and vendor logos composed from Game Icons shapes (game-art-icons.ts, CC BY 3.0): a
 * gradient backdrop with a pattern per category, a glow and the game's motif in a metallic fill. The
 * motif and colours come from the game's name when it is known (the demo catalogue names games
 * "<Adjective> <Noun> <Kind>": the noun picks the picture, the adjective the palette), otherwise from the
 * SHA-256 of the code, so any game a vendor syncs in still gets a distinct, deterministic picture.
 */

export type ArtCategory =
  'BGS' | 'RNG' | 'FISH' | 'LIVE' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'LOTT' | 'ELOTT';

type Pattern = 'rays' | 'waves' | 'felt' | 'stripes' | 'pitch' | 'grid' | 'dots';

interface CategoryTheme {
  /** Motifs in the order of the demo nouns (Dragon, Tiger, Phoenix, Fortune, Treasure, Koi, Lotus, Empire, Temple, Comet). */
  motifs: readonly GameArtIconName[];
  badge: GameArtIconName;
  pattern: Pattern;
}

const themes: Readonly<Record<ArtCategory, CategoryTheme>> = {
  BGS: { motifs: ['cherry', 'rolling-dices', 'land-mine', 'rocket-flight'], badge: 'crown', pattern: 'rays' },
  RNG: {
    motifs: [
      'dragon-head',
      'tiger-head',
      'eagle-emblem',
      'clover',
      'open-treasure-chest',
      'double-fish',
      'lotus-flower',
      'imperial-crown',
      'pagoda',
      'comet-spark',
    ],
    badge: 'cherry',
    pattern: 'rays',
  },
  FISH: {
    motifs: [
      'sea-dragon',
      'shark-jaws',
      'angler-fish',
      'clownfish',
      'sea-turtle',
      'double-fish',
      'octopus',
      'sperm-whale',
      'giant-squid',
      'crab',
    ],
    badge: 'fishing-hook',
    pattern: 'waves',
  },
  LIVE: {
    motifs: [
      'card-ace-spades',
      'card-king-hearts',
      'card-queen-diamonds',
      'card-jack-clubs',
      'poker-hand',
      'card-ace-hearts',
      'card-king-spades',
      'card-random',
      'rolling-dice-cup',
      'diamonds',
    ],
    badge: 'card-ace-spades',
    pattern: 'felt',
  },
  PVP: {
    motifs: [
      'crossed-swords',
      'chess-knight',
      'card-joker',
      'dice-fire',
      'chess-queen',
      'poker-hand',
      'skull-crossed-bones',
      'chess-king',
      'sword-clash',
      'rolling-dices',
    ],
    badge: 'crossed-swords',
    pattern: 'stripes',
  },
  SPORTS: {
    motifs: [
      'soccer-ball',
      'basketball-ball',
      'tennis-ball',
      'american-football-helmet',
      'volleyball-ball',
      'hockey',
      'trophy-cup',
      'whistle',
      'laurels-trophy',
      'soccer-ball',
    ],
    badge: 'trophy-cup',
    pattern: 'pitch',
  },
  ESPORTS: {
    motifs: [
      'console-controller',
      'retro-controller',
      'joystick',
      'vr-headset',
      'laser-blast',
      'diamond-trophy',
      'console-controller',
      'joystick',
      'retro-controller',
      'laser-blast',
    ],
    badge: 'console-controller',
    pattern: 'grid',
  },
  COCKFIGHT: { motifs: ['rooster', 'feathered-wing', 'laurels-trophy'], badge: 'rooster', pattern: 'rays' },
  LOTT: { motifs: ['clover', 'ticket', 'coins', 'two-coins'], badge: 'ticket', pattern: 'dots' },
  ELOTT: { motifs: ['ticket', 'coins', 'clover'], badge: 'ticket', pattern: 'dots' },
};

/** Backdrop (from, to), glow and the motif's metal (top, bottom). */
interface Palette {
  from: string;
  to: string;
  glow: string;
  metalTop: string;
  metalBottom: string;
}

const gold = { metalTop: '#fff6c8', metalBottom: '#f0a020' };
/** One palette per demo adjective (Golden, Lucky, Mystic, Royal, Wild, Crystal, Thunder, Jade, Neon, Lunar). */
const palettes: readonly Palette[] = [
  { from: '#9a5a00', to: '#2a1200', glow: '#ffcf4a', ...gold },
  { from: '#c4142a', to: '#3d0309', glow: '#ffb347', ...gold },
  { from: '#6a2fc0', to: '#170733', glow: '#d59bff', metalTop: '#ffffff', metalBottom: '#d2b0ff' },
  { from: '#2842c4', to: '#0a0f3f', glow: '#8fb0ff', ...gold },
  { from: '#2c8a2a', to: '#06250c', glow: '#d4ff6b', metalTop: '#fbffd6', metalBottom: '#ffc934' },
  { from: '#1aa3c8', to: '#052a3a', glow: '#b8f3ff', metalTop: '#ffffff', metalBottom: '#9fe6ff' },
  { from: '#343f96', to: '#090b24', glow: '#fff36b', metalTop: '#fffbd1', metalBottom: '#ffe135' },
  { from: '#0c9a72', to: '#022a20', glow: '#7dffd0', metalTop: '#f1fff8', metalBottom: '#6ff0bd' },
  { from: '#d3189a', to: '#2c0437', glow: '#5ff4ff', metalTop: '#ffffff', metalBottom: '#6ff3ff' },
  { from: '#56668c', to: '#10141f', glow: '#dfe8ff', metalTop: '#ffffff', metalBottom: '#b9c6e6' },
];
const adjectives = [
  'golden',
  'lucky',
  'mystic',
  'royal',
  'wild',
  'crystal',
  'thunder',
  'jade',
  'neon',
  'lunar',
];
const nouns = [
  'dragon',
  'tiger',
  'phoenix',
  'fortune',
  'treasure',
  'koi',
  'lotus',
  'empire',
  'temple',
  'comet',
];

/** Named motifs for games whose name says what they are. */
const namedMotifs: ReadonlyArray<[RegExp, GameArtIconName]> = [
  [/\bcrash\b/i, 'rocket-flight'],
  [/\bdice\b/i, 'rolling-dices'],
  [/\bmines?\b/i, 'land-mine'],
  [/\breels?\b/i, 'cherry'],
  [/\blobby\b/i, 'poker-hand'],
  [/\bsportsbook\b/i, 'soccer-ball'],
  [/\barena\b/i, 'console-controller'],
  [/\bcockfight\b/i, 'rooster'],
  [/\be-lottery\b/i, 'ticket'],
  [/\bvietnam\b/i, 'lotus-flower'],
  [/\bsea lottery\b/i, 'pagoda'],
  [/\blottery\b/i, 'clover'],
];

export interface GameArtInput {
  vendorCode: string;
  gameCode: string;
  category: ArtCategory | null;
  /** The game's display name when known (it picks the motif and the palette). */
  name: string | null;
}

function digestOf(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function byte(digest: Buffer, index: number): number {
  return digest[index] ?? 0;
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** The motif and palette of a game: from its name's words when they are the demo's, else from its code. */
function choose(input: GameArtInput): { motif: GameArtIconName; palette: Palette; theme: CategoryTheme } {
  const digest = digestOf(`${input.vendorCode}/${input.gameCode}`);
  const theme = themes[input.category ?? pick(Object.keys(themes) as ArtCategory[], byte(digest, 3))];
  const words = (input.name ?? '').toLowerCase().split(/\s+/);
  const adjectiveIndex = adjectives.findIndex((word) => words.includes(word));
  const nounIndex = nouns.findIndex((word) => words.includes(word));
  const named = namedMotifs.find(([pattern]) => pattern.test(input.name ?? ''))?.[1];
  // A name that says what the game is wins over the demo's noun ("BGS Fortune Reels" is a slot).
  const motif =
    named ?? (nounIndex >= 0 ? pick(theme.motifs, nounIndex) : pick(theme.motifs, byte(digest, 0)));
  const palette = pick(palettes, adjectiveIndex >= 0 ? adjectiveIndex : byte(digest, 1));
  return { motif, palette, theme };
}

function patternOf(pattern: Pattern, width: number, height: number): string {
  const centreX = width - height / 2;
  const centreY = height / 2;
  switch (pattern) {
    case 'rays': {
      const count = 18;
      const radius = width * 1.2;
      const wedges = Array.from({ length: count }, (_, index) => {
        const from = (Math.PI * 2 * index) / count;
        const to = from + Math.PI / count;
        const point = (angle: number) =>
          `${(centreX + Math.cos(angle) * radius).toFixed(0)},${(centreY + Math.sin(angle) * radius).toFixed(0)}`;
        return `M${centreX},${centreY}L${point(from)}L${point(to)}Z`;
      });
      return `<path d="${wedges.join('')}" fill="#fff" fill-opacity="0.07"/>`;
    }
    case 'waves': {
      const lines = [0.55, 0.7, 0.85].map((level, index) => {
        const y = height * level;
        const amplitude = 6 + index * 2;
        let d = `M0 ${y}`;
        for (let x = 0; x < width; x += 40) d += ` q10 ${-amplitude} 20 0 t20 0`;
        return `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${0.12 - index * 0.02}" stroke-width="3"/>`;
      });
      const bubbles = [0.15, 0.28, 0.8].map(
        (x, index) =>
          `<circle cx="${(width * x).toFixed(0)}" cy="${(height * (0.2 + index * 0.12)).toFixed(0)}" r="${4 + index * 2}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`,
      );
      return lines.join('') + bubbles.join('');
    }
    case 'felt':
      return `<ellipse cx="${width / 2}" cy="${height * 1.05}" rx="${width * 0.7}" ry="${height * 0.55}" fill="none" stroke="#fff" stroke-opacity="0.14" stroke-width="4"/><ellipse cx="${width / 2}" cy="${height * 1.05}" rx="${width * 0.55}" ry="${height * 0.4}" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="2"/>`;
    case 'stripes':
      return `<path d="${Array.from({ length: Math.ceil(width / 28) + 6 }, (_, index) => `M${index * 28 - height} ${height}l${height} ${-height}h12l${-height} ${height}z`).join('')}" fill="#fff" fill-opacity="0.06"/>`;
    case 'pitch':
      return `<g fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="3"><rect x="10" y="10" width="${width - 20}" height="${height - 20}" rx="4"/><line x1="${width / 2}" y1="10" x2="${width / 2}" y2="${height - 10}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.18}"/></g>`;
    case 'grid':
      return `<path d="${Array.from({ length: Math.ceil(width / 20) }, (_, index) => `M${index * 20} 0v${height}`).join('')}${Array.from({ length: Math.ceil(height / 20) }, (_, index) => `M0 ${index * 20}h${width}`).join('')}" stroke="#fff" stroke-opacity="0.08" stroke-width="1"/>`;
    case 'dots':
      return Array.from({ length: 7 }, (_, index) => {
        const x = ((index * 53) % width) + 12;
        const y = ((index * 37) % height) + 14;
        return `<circle cx="${x}" cy="${y}" r="${6 + (index % 3) * 3}" fill="#fff" fill-opacity="0.1"/>`;
      }).join('');
  }
}

/** An icon drawn twice through <use>: a dark shadow and the metal fill. */
function placed(id: string, x: number, y: number, size: number, fill: string): string {
  const scale = (size / 512).toFixed(4);
  const shadow = Math.max(2, Math.round(size * 0.035));
  return (
    `<use href="#${id}" transform="translate(${x + shadow} ${y + shadow}) scale(${scale})" fill="#000" fill-opacity="0.35"/>` +
    `<use href="#${id}" transform="translate(${x} ${y}) scale(${scale})" fill="${fill}"/>`
  );
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Up to three lines of about `perLine` characters. */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + word.length + 1 <= perLine)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

function frame(width: number, height: number, palette: Palette, body: string[], defs: string[]): string {
  const radius = Math.round(height * 0.1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<radialGradient id="l" cx="${width > height ? 0.72 : 0.5}" cy="0.45" r="${width > height ? 0.4 : 0.55}"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.6"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.metalTop}"/><stop offset="1" stop-color="${palette.metalBottom}"/></linearGradient>`,
    `<clipPath id="c"><rect width="${width}" height="${height}" rx="${radius}"/></clipPath>`,
    ...defs,
    '</defs>',
    `<g clip-path="url(#c)"><rect width="${width}" height="${height}" fill="url(#b)"/>`,
    ...body,
    '</g>',
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="${radius - 1}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="2"/>`,
    '</svg>',
  ].join('');
}

/** A game's tile: `size` square, or the wide lagerIcon (twice as wide, with the name lettered). */
export function renderGameArt(input: GameArtInput, options: { size: number; wide?: boolean }): string {
  const { motif, palette, theme } = choose(input);
  const height = options.size;
  const width = options.wide ? height * 2 : height;
  const defs = [`<g id="i">${gameArtIcons[motif]}</g>`];
  const body = [
    patternOf(theme.pattern, width, height),
    `<rect width="${width}" height="${height}" fill="url(#l)"/>`,
  ];
  if (options.wide) {
    const iconSize = Math.round(height * 0.78);
    body.push(placed('i', width - iconSize - height * 0.12, (height - iconSize) / 2, iconSize, 'url(#m)'));
    const lines = wrap(input.name ?? input.gameCode, 12);
    const fontSize = Math.round(height * 0.15);
    const top = height / 2 - ((lines.length - 1) * fontSize * 1.15) / 2;
    body.push(
      `<text font-family="system-ui, -apple-system, 'Segoe UI', Arial, sans-serif" font-weight="800" font-size="${fontSize}" fill="#fff">${lines
        .map(
          (line, index) =>
            `<tspan x="${Math.round(height * 0.12)}" y="${(top + index * fontSize * 1.15 + fontSize * 0.35).toFixed(0)}">${escapeXml(line)}</tspan>`,
        )
        .join('')}</text>`,
    );
  } else {
    const iconSize = Math.round(height * 0.66);
    body.push(placed('i', (width - iconSize) / 2, height * 0.14, iconSize, 'url(#m)'));
    if (theme.badge !== motif) {
      defs.push(`<g id="k">${gameArtIcons[theme.badge]}</g>`);
      const badge = Math.round(height * 0.2);
      const x = width - badge - height * 0.07;
      const y = height - badge - height * 0.07;
      body.push(
        `<circle cx="${x + badge / 2}" cy="${y + badge / 2}" r="${badge * 0.68}" fill="#000" fill-opacity="0.35"/>`,
        `<use href="#k" transform="translate(${x + badge * 0.15} ${y + badge * 0.15}) scale(${((badge * 0.7) / 512).toFixed(4)})" fill="#fff" fill-opacity="0.9"/>`,
      );
    }
  }
  return frame(width, height, palette, body, defs);
}

/** A vendor's logo: its emblem over its name, on a backdrop of its own colours. */
export function renderVendorLogo(
  input: { vendorCode: string; displayName: string | null; category: ArtCategory | null },
  options: { size: number },
): string {
  const digest = digestOf(`vendor/${input.vendorCode}`);
  const theme = themes[input.category ?? pick(Object.keys(themes) as ArtCategory[], byte(digest, 3))];
  const palette = pick(palettes, byte(digest, 1));
  const size = options.size;
  const name = (input.displayName ?? input.vendorCode).replace(/\s*\(demo\)\s*$/i, '');
  const lines = wrap(name.toUpperCase(), 10).slice(0, 2);
  const fontSize = Math.round(size * (lines.length > 1 ? 0.12 : 0.14));
  const iconSize = Math.round(size * 0.5);
  const body = [
    patternOf('rays', size, size),
    `<rect width="${size}" height="${size}" fill="url(#l)"/>`,
    placed('i', (size - iconSize) / 2, size * 0.08, iconSize, 'url(#m)'),
    `<text text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Arial, sans-serif" font-weight="900" font-size="${fontSize}" letter-spacing="0.04em" fill="#fff">${lines
      .map(
        (line, index) =>
          `<tspan x="${size / 2}" y="${(size * 0.74 + index * fontSize * 1.1).toFixed(0)}">${escapeXml(line)}</tspan>`,
      )
      .join('')}</text>`,
  ];
  return frame(size, size, palette, body, [`<g id="i">${gameArtIcons[theme.badge]}</g>`]);
}
