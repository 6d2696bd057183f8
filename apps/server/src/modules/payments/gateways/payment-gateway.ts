/**
 * What the portal needs from a payment gateway (docs/payments.md, "Adding a real gateway"): start a
 * checkout, then trust a callback only when its signature verifies. Adapters translate one provider's API
 * into this; the deposit rules (exactly once, amount checks) stay in deposits.service.ts.
 */
export interface CheckoutRequest {
  /** Our reference for this deposit (random, unique); the callback names it. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  decimals: number;
  /** Where the provider sends the signed callback (absolute URL of our webhook). */
  callbackUrl: string;
  /** Where the browser goes when the payment is over (absolute URL of the member centre). */
  returnUrl: string;
}

export interface GatewayCallback {
  reference: string;
  status: 'paid' | 'failed';
  /** The amount the provider says was paid, as a decimal string. */
  amount: string;
  currency: string;
}

/** Headers as Node gives them. */
export type CallbackHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  /** The code a gateway channel names in payment_channels.gateway_code, and the webhook path segment. */
  readonly code: string;
  /** Starts a payment at the provider; returns where the browser pays. */
  createCheckout(request: CheckoutRequest): Promise<{ redirectUrl: string }>;
  /** Whether the callback's signature is valid for its exact raw body. */
  verifyCallback(headers: CallbackHeaders, rawBody: string): boolean;
  /** Reads a verified callback; undefined when the body is not one this gateway sends. */
  parseCallback(rawBody: string): GatewayCallback | undefined;
}

/** The gateways this server runs, by code. */
export type GatewayRegistry = ReadonlyMap<string, PaymentGateway>;
