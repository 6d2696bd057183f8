import {
  drawMessage,
  formatLotteryResult,
  lotteryResultRange,
  numberFromHmac,
} from '@portal/contracts/rules';

/**
 * The browser's own check of a revealed draw (docs/lottery.md), with WebCrypto and the shared rules:
 * SHA-256 of the seed text must be the hash published before betting closed, and the first HMAC-SHA256
 * word (key = seed text, message = "<gameCode>:<drawNo>:<counter>") that passes rejection sampling,
 * modulo 1000, must be the published result. Nothing from the server's verify call is trusted here.
 */
export interface DrawCheck {
  hashMatches: boolean;
  recomputedResult: string;
  valid: boolean;
}

const maxCounters = 16;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Recomputes the commitment and the result of a draw from its revealed seed. */
export async function verifyDraw(draw: {
  gameCode: string;
  numero: string;
  seed: string;
  seedHash: string;
  result: string;
}): Promise<DrawCheck> {
  const encoder = new TextEncoder();
  const seedBytes = encoder.encode(draw.seed);
  const hashMatches = hex(await crypto.subtle.digest('SHA-256', seedBytes)) === draw.seedHash;
  const key = await crypto.subtle.importKey('raw', seedBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  let recomputedResult = '';
  for (let counter = 0; counter < maxCounters && !recomputedResult; counter += 1) {
    const mac = await crypto.subtle.sign(
      'HMAC',
      key,
      encoder.encode(drawMessage(draw.gameCode, draw.numero, counter)),
    );
    const value = numberFromHmac(new Uint8Array(mac), lotteryResultRange);
    if (value !== null) recomputedResult = formatLotteryResult(value);
  }
  return { hashMatches, recomputedResult, valid: hashMatches && recomputedResult === draw.result };
}
