/** Pure provably fair rules of the in-house games (no zod: the game pages import this at little cost). */
export * from './fair-stream';
export * from './games';
export * from './crash';
