/**
 * The provably fair random stream of the in-house games (docs/provably-fair.md). Pure and shared: the
 * server draws outcomes with it and the verify page recomputes them in the browser, each side passing its
 * own HMAC-SHA256 (node:crypto on the server, WebCrypto in the browser), so both run the same code.
 */

/** HMAC-SHA256 of a UTF-8 message under a raw key; async because WebCrypto is. */
export type HmacSha256 = (key: Uint8Array, message: string) => Promise<Uint8Array>;

/** Words drawn from one block of HMAC output (32 bytes = 8 big-endian 32-bit words). */
const wordsPerBlock = 8;
/** Rejection sampling gives up after this many draws; at 2^-32 odds per draw this never happens. */
export const maxDrawsPerInteger = 64;

/** The 64-character lowercase hex form of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Bytes of a hex string of even length (throws on anything else). */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

/**
 * A uniform integer in [0, n) from a source of uniform `wordBits`-bit words, without modulo bias: words at
 * or above the largest multiple of n that fits are rejected and another is drawn, so every residue is
 * produced by exactly the same number of accepted words. `wordBits` is 32 in play; tests use small widths
 * to check every possible word.
 */
export async function uniformInt(n: number, nextWord: () => Promise<number>, wordBits = 32): Promise<number> {
  const range = 2 ** wordBits;
  if (!Number.isInteger(n) || n < 1 || n > range)
    throw new RangeError(`n must be an integer in [1, ${range}]`);
  const limit = range - (range % n);
  for (let draw = 0; draw < maxDrawsPerInteger; draw += 1) {
    const word = await nextWord();
    if (word < limit) return word % n;
  }
  throw new Error('rejection sampling exhausted its draws');
}

/**
 * The stream of one round: blocks HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`) for cursor
 * 0, 1, 2, ..., each read as eight big-endian unsigned 32-bit words in order.
 */
export class FairStream {
  private block: Uint8Array | null = null;
  private cursor = 0;
  private wordIndex = wordsPerBlock;

  constructor(
    private readonly hmac: HmacSha256,
    private readonly serverSeed: Uint8Array,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  /** The next 32-bit word of the stream. */
  async nextWord(): Promise<number> {
    if (this.block === null || this.wordIndex >= wordsPerBlock) {
      this.block = await this.hmac(this.serverSeed, `${this.clientSeed}:${this.nonce}:${this.cursor}`);
      this.cursor += 1;
      this.wordIndex = 0;
    }
    const offset = this.wordIndex * 4;
    this.wordIndex += 1;
    const block = this.block;
    return (
      ((block[offset]! << 24) |
        (block[offset + 1]! << 16) |
        (block[offset + 2]! << 8) |
        block[offset + 3]!) >>>
      0
    );
  }

  /** A uniform integer in [0, n) (rejection sampling over the stream's words). */
  int(n: number): Promise<number> {
    return uniformInt(n, () => this.nextWord());
  }
}
