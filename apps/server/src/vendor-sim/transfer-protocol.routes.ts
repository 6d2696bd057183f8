import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signatureHeaders, signedHeaders, verifySignature } from '../modules/vendors';
import type { Fault, Operation, SimulatorState, TransferDirection } from './simulator-state';

/** The simulator's view of its vendors: code -> HMAC secret. */
export type VendorSecrets = Map<string, string>;

export interface TransferProtocolOptions {
  state: SimulatorState;
  secrets: VendorSecrets;
  /** How long a planned time-out holds the answer before dropping the connection. */
  hangMs: number;
  /** Hung requests, released when the simulator closes. */
  hung: Set<() => void>;
}

const idText = z.string().min(1).max(100);
const transferBody = z.object({
  transferId: idText,
  playerId: idText,
  currency: z.string().regex(/^[A-Z]{3}$/),
  amountMinor: z.string().regex(/^[1-9]\d{0,17}$/),
});
const statusBody = z.object({ transferId: idText });
const balanceBody = z.object({ playerId: idText, currency: z.string().regex(/^[A-Z]{3}$/) });

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body text (the signature covers it); the same declaration as http/raw-body.ts. */
    rawBody?: string;
  }
}

/** Sends a signed JSON answer: the signature covers the exact bytes sent. */
function signed(reply: FastifyReply, secret: string, status: number, payload: object) {
  const body = JSON.stringify(payload);
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json', ...signedHeaders(secret, body) })
    .send(body);
}

/**
 * The vendor side of the transfer protocol under /vendors/:vendorCode: transfer in and out, status and
 * balance, each signed both ways, with the faults a test planned (fail, time out, drop the answer).
 */
export function registerTransferProtocol(app: FastifyInstance, options: TransferProtocolOptions): void {
  const { state, secrets } = options;

  // Holds the answer past the caller's time-out, then drops the connection without a word.
  function hang(reply: FastifyReply): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        options.hung.delete(release);
        reply.raw.destroy();
        resolve();
      };
      const timer = setTimeout(release, options.hangMs);
      options.hung.add(release);
    });
  }

  async function handle(
    request: FastifyRequest<{ Params: { vendorCode: string } }>,
    reply: FastifyReply,
    operation: Operation,
    work: (secret: string, fault: Fault | undefined) => object | 'refused',
  ) {
    const secret = secrets.get(request.params.vendorCode);
    if (!secret) return reply.code(404).send({ status: 'failed', code: 'unknown_vendor' });
    const check = verifySignature(
      secret,
      request.headers[signatureHeaders.timestamp] as string | undefined,
      request.headers[signatureHeaders.signature] as string | undefined,
      request.rawBody ?? '',
    );
    if (check !== 'valid')
      return signed(reply, secret, 401, { status: 'failed', code: `signature_${check}` });
    const fault = state.takeFault(request.params.vendorCode, operation);
    if (fault?.fault === 'fail' && (operation === 'status' || operation === 'balance')) {
      return reply.code(503).send({ status: 'failed', code: 'simulated_outage' });
    }
    const answer = work(secret, fault);
    if (answer === 'refused') return reply.code(400).send({ status: 'failed', code: 'bad_request' });
    if (fault?.fault === 'timeout') return hang(reply);
    if (fault?.fault === 'drop') {
      reply.raw.destroy();
      return reply;
    }
    return signed(reply, secret, 200, answer);
  }

  function transferRoute(direction: TransferDirection) {
    app.post<{ Params: { vendorCode: string } }>(
      `/vendors/:vendorCode/transfer/${direction}`,
      async (request, reply) =>
        handle(request, reply, direction, (_secret, fault) => {
          const parsed = transferBody.safeParse(request.body);
          if (!parsed.success) return 'refused';
          const command = {
            vendorCode: request.params.vendorCode,
            direction,
            transferId: parsed.data.transferId,
            playerId: parsed.data.playerId,
            currency: parsed.data.currency,
            amountMinor: BigInt(parsed.data.amountMinor),
          };
          if (fault?.fault === 'fail') return state.refuse(command, 'simulated_failure');
          // A time-out or drop that does not apply: the request is lost before the vendor acts on it.
          if (fault && !fault.apply) return {};
          return state.transfer(command);
        }),
    );
  }
  transferRoute('in');
  transferRoute('out');

  app.post<{ Params: { vendorCode: string } }>(
    '/vendors/:vendorCode/transfer/status',
    async (request, reply) =>
      handle(request, reply, 'status', () => {
        const parsed = statusBody.safeParse(request.body);
        if (!parsed.success) return 'refused';
        return state.status(request.params.vendorCode, parsed.data.transferId);
      }),
  );

  app.post<{ Params: { vendorCode: string } }>('/vendors/:vendorCode/balance', async (request, reply) =>
    handle(request, reply, 'balance', () => {
      const parsed = balanceBody.safeParse(request.body);
      if (!parsed.success) return 'refused';
      const { balanceMinor, version } = state.balance(
        request.params.vendorCode,
        parsed.data.playerId,
        parsed.data.currency,
      );
      return { balanceMinor: balanceMinor.toString(), version: version.toString() };
    }),
  );
}
