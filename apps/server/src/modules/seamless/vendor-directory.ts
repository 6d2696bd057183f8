import type { Kysely } from 'kysely';
import type { DB, VendorWalletMode } from '../../db/schema';
import { databaseChannels, type ClusterBus } from '../../lib/cluster-bus';
import { selectVendors } from './seamless.repo';

export interface Vendor {
  code: string;
  name: string;
  walletMode: VendorWalletMode;
  secret: string;
  apiUrl: string | null;
}

/**
 * Vendors with their secrets, read from the database at most once per `ttlMs`: every vendor call needs
 * its vendor's secret, and a query per call would cost more than the signature check itself. Given the
 * instance's bus, any change to the vendors table, on any instance (the catalogue trigger announces it on
 * `portal_catalogue` with payload 0), drops the list at once; the TTL is the safety net behind it (a new
 * or rotated secret is in force within it, as docs/vendor-integration.md says).
 */
export class VendorDirectory {
  private vendors: Map<string, Vendor> | undefined;
  private loadedAt = 0;
  private loading: Promise<Map<string, Vendor>> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 30_000,
    bus?: ClusterBus,
  ) {
    bus?.subscribe(databaseChannels.catalogue, (payload) => payload === '0' && this.invalidate(), 'database');
    bus?.onReconnect(() => this.invalidate());
  }

  /** The vendor with this code, or undefined. */
  async find(code: string): Promise<Vendor | undefined> {
    const fresh = this.vendors && Date.now() - this.loadedAt < this.ttlMs ? this.vendors : undefined;
    return (fresh ?? (await this.load())).get(code);
  }

  /** Forgets the cached list, e.g. after an operator changed a vendor. */
  invalidate(): void {
    this.vendors = undefined;
  }

  private load(): Promise<Map<string, Vendor>> {
    this.loading ??= selectVendors(this.db)
      .then((rows) => {
        this.vendors = new Map(
          rows.map((row) => [
            row.code,
            {
              code: row.code,
              name: row.name,
              walletMode: row.wallet_mode,
              secret: row.secret,
              apiUrl: row.api_url,
            },
          ]),
        );
        this.loadedAt = Date.now();
        return this.vendors;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
