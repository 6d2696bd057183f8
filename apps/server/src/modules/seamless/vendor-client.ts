import type {
  SeamlessAnswer,
  SeamlessBalanceRequest,
  SeamlessBetRequest,
  SeamlessRollbackRequest,
  SeamlessWinRequest,
} from '@portal/contracts';
import { signedHeaders } from './signature';

/** What the portal answered: the HTTP status and the envelope. */
export interface VendorReply {
  status: number;
  success: boolean;
  code?: string;
  value: SeamlessAnswer | null;
}

/**
 * A game vendor's side of the seamless wallet API: signs each request with the vendor's secret and posts
 * it. Used by the outside-vendor simulator, the benchmarks and the crash test, so they all speak exactly
 * what docs/vendor-integration.md documents.
 */
export class SeamlessVendorClient {
  constructor(
    private readonly baseUrl: string,
    private readonly vendorCode: string,
    private readonly secret: string,
    private readonly timeoutMs = 10_000,
  ) {}

  balance(request: SeamlessBalanceRequest): Promise<VendorReply> {
    return this.post('balance', request);
  }

  bet(request: SeamlessBetRequest): Promise<VendorReply> {
    return this.post('bet', request);
  }

  win(request: SeamlessWinRequest): Promise<VendorReply> {
    return this.post('win', request);
  }

  rollback(request: SeamlessRollbackRequest): Promise<VendorReply> {
    return this.post('rollback', request);
  }

  private async post(call: string, request: object): Promise<VendorReply> {
    const body = JSON.stringify(request);
    const response = await fetch(`${this.baseUrl}/vendor/v1/seamless/${call}`, {
      method: 'POST',
      headers: signedHeaders(this.vendorCode, this.secret, body),
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const envelope = (await response.json()) as {
      success: boolean;
      code?: string;
      value: SeamlessAnswer | null;
    };
    return { status: response.status, ...envelope };
  }
}
