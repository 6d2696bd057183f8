import { z } from 'zod';
import { signatureHeaders, signedHeaders, verifySignature } from './vendor-signature';
import {
  VendorUnavailableError,
  type TransferVendorAdapter,
  type VendorBalance,
  type VendorPlayer,
  type VendorTransferResult,
  type VendorTransferStatus,
} from './transfer-adapter';

/** A transfer-mode vendor's connection details (table vendors). */
export interface TransferVendorEndpoint {
  code: string;
  secret: string;
  apiUrl: string;
}

export interface HttpAdapterOptions {
  /** Limit on one vendor call; past it the outcome is unknown and reconciliation takes over. */
  timeoutMs: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Answers larger than this are not read: a vendor answer is a few hundred bytes. */
const maxAnswerBytes = 16 * 1024;
const minorText = z.string().regex(/^-?\d{1,19}$/);

const transferAnswer = z.object({
  status: z.enum(['done', 'failed']),
  code: z.string().max(64).nullish(),
});
const balanceAnswer = z.object({ balanceMinor: minorText, version: minorText });

type CallResult = { kind: 'answer'; body: unknown } | { kind: 'unknown'; reason: string };

/**
 * The transfer protocol over HTTP: JSON bodies signed both ways (vendor-signature.ts). Only a signed,
 * well-formed answer is definite; time-outs, resets and anything unsigned are `unknown`.
 */
export function httpTransferAdapter(
  endpoint: TransferVendorEndpoint,
  options: HttpAdapterOptions,
): TransferVendorAdapter {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = endpoint.apiUrl.replace(/\/+$/, '');

  async function call(path: string, payload: object): Promise<CallResult> {
    const body = JSON.stringify(payload);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(endpoint.secret, body) },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      return { kind: 'unknown', reason: name === 'TimeoutError' ? 'timeout' : 'network' };
    }
    if (text.length > maxAnswerBytes) return { kind: 'unknown', reason: 'answer_too_large' };
    const check = verifySignature(
      endpoint.secret,
      response.headers.get(signatureHeaders.timestamp) ?? undefined,
      response.headers.get(signatureHeaders.signature) ?? undefined,
      text,
    );
    if (check !== 'valid') return { kind: 'unknown', reason: `answer_signature_${check}` };
    try {
      return { kind: 'answer', body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'unknown', reason: 'answer_unreadable' };
    }
  }

  async function move(
    direction: 'in' | 'out',
    player: VendorPlayer,
    amountMinor: bigint,
    transferId: string,
  ): Promise<VendorTransferResult> {
    const result = await call(`/transfer/${direction}`, {
      transferId,
      playerId: player.playerId,
      currency: player.currency,
      amountMinor: amountMinor.toString(),
    });
    if (result.kind === 'unknown') return { status: 'unknown', code: result.reason };
    const parsed = transferAnswer.safeParse(result.body);
    if (!parsed.success) return { status: 'unknown', code: 'answer_unreadable' };
    return { status: parsed.data.status, code: parsed.data.code ?? null };
  }

  return {
    vendorCode: endpoint.code,
    transferIn: (player, amountMinor, transferId) => move('in', player, amountMinor, transferId),
    transferOut: (player, amountMinor, transferId) => move('out', player, amountMinor, transferId),
    async transferStatus(transferId): Promise<VendorTransferStatus> {
      const result = await call('/transfer/status', { transferId });
      if (result.kind === 'unknown') return 'unknown';
      const parsed = transferAnswer.safeParse(result.body);
      return parsed.success ? parsed.data.status : 'unknown';
    },
    async balance(player): Promise<VendorBalance> {
      const result = await call('/balance', { playerId: player.playerId, currency: player.currency });
      if (result.kind === 'unknown') throw new VendorUnavailableError(endpoint.code, result.reason);
      const parsed = balanceAnswer.safeParse(result.body);
      if (!parsed.success) throw new VendorUnavailableError(endpoint.code, 'answer_unreadable');
      return { balanceMinor: BigInt(parsed.data.balanceMinor), version: BigInt(parsed.data.version) };
    },
  };
}
