import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { httpTransferAdapter } from './http-transfer-adapter';
import type { TransferVendorAdapter } from './transfer-adapter';
import * as repo from './vendor-registry.repo';

/** A transfer-mode vendor as players see it. */
export interface TransferVendorInfo {
  code: string;
  name: string;
}

/** Where the services find transfer-mode vendors and the adapter that talks to each. */
export interface VendorRegistry {
  transferVendors(): Promise<TransferVendorInfo[]>;
  /** The vendor's adapter; 404 vendor_not_found, 409 vendor_not_transfer_mode, 503 vendor_unavailable. */
  transferAdapter(vendorCode: string): Promise<TransferVendorAdapter>;
}

export interface VendorRegistryOptions {
  /** Limit on each vendor call (VENDOR_TIMEOUT_MS). */
  timeoutMs: number;
  /** Tests may route the adapters through their own fetch. */
  fetch?: typeof fetch;
}

/**
 * Reads the vendors table on each use: one primary-key read is cheaper than a cache that would serve an
 * old secret or address after an operator changed it.
 */
export function createVendorRegistry(db: Kysely<DB>, options: VendorRegistryOptions): VendorRegistry {
  return {
    async transferVendors() {
      return repo.selectTransferVendors(db);
    },
    async transferAdapter(vendorCode) {
      const vendor = await repo.selectVendor(db, vendorCode);
      if (!vendor) throw new AppError('vendor_not_found', `No vendor ${vendorCode}`);
      if (vendor.wallet_mode !== 'transfer') {
        throw new AppError('vendor_not_transfer_mode', `${vendorCode} uses the seamless wallet`);
      }
      if (!vendor.api_url) {
        throw new AppError('vendor_unavailable', `${vendorCode} has no address configured`);
      }
      return httpTransferAdapter(
        { code: vendor.code, secret: vendor.secret, apiUrl: vendor.api_url },
        { timeoutMs: options.timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) },
      );
    },
  };
}
