/**
 * A stroke font for the captcha: each character is one or more polylines on a grid 10 units wide and 14
 * high (y grows downwards), written as "x,y x,y ...". Outlines drawn from points need no font file at
 * run time, and the drawing code can bend every stroke (captcha-image.ts). Characters that are easy to
 * confuse (0/O, 1/I/L) are left out.
 */
export type Point = readonly [number, number];
export type Glyph = readonly (readonly Point[])[];

const strokes: Readonly<Record<string, readonly string[]>> = {
  '2': ['0,3 2,0.5 6,0 9,2 9,5 6,8 0,14 10,14'],
  '3': ['0,1 9,1 5,6 8,7 10,10 8,13 4,14 0,12'],
  '4': ['7,14 7,0 0,10 10,10'],
  '5': ['9,0 1,0 0,6 5,5 9,7 10,10 8,13 4,14 0,12'],
  '6': ['8,0 3,3 0,8 1,12 4,14 8,13 10,10 8,7 4,6.5 0,8.5'],
  '7': ['0,0 10,0 4,14'],
  '8': ['5,6.5 8,5 9,2.5 7,0.3 3,0.3 1,2.5 2,5 5,6.5 9,9 9,12 6,14 4,14 1,12 1,9 5,6.5'],
  '9': ['10,5.5 6,7 2,6.5 0,4 1,1 5,0 9,1 10,5 9,10 6,13.5 2,14'],
  A: ['0,14 5,0 10,14', '2,9 8,9'],
  B: ['0,7 0,14 7,14 10,11.5 9,8 6,7 0,7 0,0 6,0 9,2 9,5 6,7'],
  C: ['10,2 7,0 3,0 0,4 0,10 3,14 7,14 10,12'],
  D: ['0,0 0,14 5,14 9,11 10,7 9,3 5,0 0,0'],
  E: ['10,0 0,0 0,14 10,14', '0,7 7,7'],
  F: ['10,0 0,0 0,14', '0,7 7,7'],
  G: ['10,2 7,0 3,0 0,4 0,10 3,14 7,14 10,11 10,8 6,8'],
  H: ['0,0 0,14', '10,0 10,14', '0,7 10,7'],
  J: ['10,0 10,10 8,13.5 4,14 1,12 0,10'],
  K: ['0,0 0,14', '10,0 0,8', '3,5.5 10,14'],
  M: ['0,14 0,0 5,8 10,0 10,14'],
  N: ['0,14 0,0 10,14 10,0'],
  P: ['0,14 0,0 7,0 10,2.5 10,5 7,7.5 0,7.5'],
  Q: ['5,0 1,2 0,7 1,12 5,14 9,12 10,7 9,2 5,0', '5,9 11,15.5'],
  R: ['0,14 0,0 7,0 10,2.5 10,5 7,7.5 0,7.5', '5,7.5 10,14'],
  S: ['10,2 7,0 3,0 0,2.5 1,5.5 5,7 9,8.5 10,11.5 7,14 3,14 0,12'],
  T: ['0,0 10,0', '5,0 5,14'],
  U: ['0,0 0,10 3,14 7,14 10,10 10,0'],
  V: ['0,0 5,14 10,0'],
  W: ['0,0 2.5,14 5,5 7.5,14 10,0'],
  X: ['0,0 10,14', '10,0 0,14'],
  Y: ['0,0 5,7 10,0', '5,7 5,14'],
  Z: ['0,0 10,0 0,14 10,14'],
};

function parseStroke(stroke: string): Point[] {
  return stroke.split(' ').map((pair) => {
    const [x, y] = pair.split(',').map(Number);
    return [x!, y!] as const;
  });
}

/** Every character's strokes as points. */
export const glyphs: Readonly<Record<string, Glyph>> = Object.fromEntries(
  Object.entries(strokes).map(([character, lines]) => [character, lines.map(parseStroke)]),
);

/** The characters a captcha is drawn from: every glyph above. */
export const captchaCharacters = Object.keys(glyphs).join('');
