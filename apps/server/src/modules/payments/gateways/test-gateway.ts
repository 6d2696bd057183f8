import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatMinor } from '@portal/contracts';
import type { CallbackHeaders, GatewayCallback, PaymentGateway } from './payment-gateway';

/**
 * The built-in test gateway: a stand-in payment provider that runs inside this server so the whole
 * gateway flow works on one machine. It keeps no state of its own: the checkout address carries the
 * payment (reference, amount, currency, callback and return URLs) signed with the gateway secret, and the
 * callback it sends is signed the same way a real provider's would be (HMAC-SHA256 over timestamp and
 * body). It must stay off in production: whoever can open a checkout page can "pay".
 */
export const testGatewayCode = 'test-gateway';
export const signatureHeader = 'x-test-gateway-signature';
/** Callbacks older than this are refused (a captured callback cannot be replayed days later). */
const callbackMaxAgeMs = 5 * 60_000;

export interface CheckoutTicket {
  reference: string;
  amountMinor: bigint;
  currency: string;
  decimals: number;
  callbackUrl: string;
  returnUrl: string;
}

function hmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

function safeEqual(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signed, URL-safe form of a checkout: `<base64url json>.<base64url hmac>`. */
export function sealTicket(secret: string, ticket: CheckoutTicket): string {
  const json = JSON.stringify({ ...ticket, amountMinor: ticket.amountMinor.toString() });
  const body = Buffer.from(json).toString('base64url');
  return `${body}.${hmac(secret, `ticket.${body}`).toString('base64url')}`;
}

/** The checkout a sealed ticket describes, or undefined when it was not sealed with this secret. */
export function openTicket(secret: string, sealed: string): CheckoutTicket | undefined {
  const [body, mac, extra] = sealed.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  if (!safeEqual(Buffer.from(mac, 'base64url'), hmac(secret, `ticket.${body}`))) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    return {
      reference: String(parsed.reference),
      amountMinor: BigInt(String(parsed.amountMinor)),
      currency: String(parsed.currency),
      decimals: Number(parsed.decimals),
      callbackUrl: String(parsed.callbackUrl),
      returnUrl: String(parsed.returnUrl),
    };
  } catch {
    return undefined;
  }
}

/** The signature header value for a callback body: `t=<unix seconds>,v1=<hex hmac of "t.body">`. */
export function signCallback(secret: string, rawBody: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(secret, `${timestampSeconds}.${rawBody}`).toString('hex')}`;
}

/** The body the checkout page posts to the webhook when the payer presses Pay or Fail. */
export function callbackBody(ticket: CheckoutTicket, status: GatewayCallback['status']): string {
  const callback: GatewayCallback = {
    reference: ticket.reference,
    status,
    amount: formatMinor(ticket.amountMinor, ticket.decimals),
    currency: ticket.currency,
  };
  return JSON.stringify(callback);
}

/** The test gateway adapter for a secret (config TEST_GATEWAY_SECRET). */
export function createTestGateway(secret: string, now: () => number = Date.now): PaymentGateway {
  return {
    code: testGatewayCode,
    async createCheckout(request) {
      const sealed = sealTicket(secret, { ...request });
      // The seal travels in the query: path segments are limited to 100 characters by the router.
      return { redirectUrl: `/pay/test-gateway/checkout/${request.reference}?ticket=${sealed}` };
    },
    verifyCallback(headers: CallbackHeaders, rawBody: string) {
      const header = headers[signatureHeader];
      if (typeof header !== 'string') return false;
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) return false;
      const timestampSeconds = Number(match[1]);
      if (Math.abs(now() - timestampSeconds * 1000) > callbackMaxAgeMs) return false;
      const expected = hmac(secret, `${timestampSeconds}.${rawBody}`);
      return safeEqual(Buffer.from(match[2]!, 'hex'), expected);
    },
    parseCallback(rawBody: string) {
      try {
        const parsed = JSON.parse(rawBody) as Partial<GatewayCallback>;
        if (
          typeof parsed.reference !== 'string' ||
          (parsed.status !== 'paid' && parsed.status !== 'failed') ||
          typeof parsed.amount !== 'string' ||
          typeof parsed.currency !== 'string'
        ) {
          return undefined;
        }
        return {
          reference: parsed.reference,
          status: parsed.status,
          amount: parsed.amount,
          currency: parsed.currency,
        };
      } catch {
        return undefined;
      }
    },
  };
}
