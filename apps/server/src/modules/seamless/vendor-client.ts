import http from 'node:http';
import https from 'node:https';
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

  /**
   * Node's http client with a keep-alive agent rather than fetch: a vendor sends thousands of small calls
   * a second, and fetch costs several times the CPU per call (it matters when the benchmark's vendors
   * share the machine with the portal).
   */
  private post(call: string, request: object): Promise<VendorReply> {
    const body = JSON.stringify(request);
    const url = new URL(`/vendor/v1/seamless/${call}`, this.baseUrl);
    const requester = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = requester.request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
          headers: {
            ...signedHeaders(this.vendorCode, this.secret, body),
            'content-length': Buffer.byteLength(body),
          },
          timeout: this.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                success: boolean;
                code?: string;
                value: SeamlessAnswer | null;
              };
              resolve({ status: response.statusCode ?? 0, ...envelope });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });
