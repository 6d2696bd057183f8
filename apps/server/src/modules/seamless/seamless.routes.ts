import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { vendorSignatureHeaders } from '@portal/contracts';
import { vendorCalls as calls } from '@portal/contracts/calls';
import { sendPlainJson } from '../../http/cached-reply';
import { callRoute } from '../../http/call-route';
import { AppError } from '../../http/errors';
import { registerRawJson } from '../../http/raw-body';
import type { MerchantConfig } from '../system';
import { SeamlessBatcher } from './seamless-batcher';
import * as service from './seamless.service';
import { verifySignature } from '../vendors';
import { VendorDirectory, type Vendor } from './vendor-directory';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vendor whose signature this request carries (seamless routes only). */
    vendor?: Vendor;
  }
}

const signedNote =
  'Signed: X-Vendor-Code, X-Timestamp (ms since epoch, within 5 minutes) and X-Signature (hex HMAC-SHA256 of "<timestamp>.<body>" with the vendor secret). See docs/vendor-integration.md.';
/** Vendor traffic is machine traffic: limited per vendor, far above a player's limit. */
const vendorRateLimit = {
  max: 120_000,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    `vendor:${String(request.headers[vendorSignatureHeaders.vendor])}`,
};
const vendorBodyLimitBytes = 8 * 1024;

/** A vendor call's route, its schema with the note on signing. */
function signedRoute<const Call extends (typeof calls)[keyof typeof calls]>(call: Call) {
  const route = callRoute(call);
  return { ...route, schema: { ...route.schema, description: signedNote } };
}

/**
 * The seamless wallet API for game vendors (`/vendor/v1/seamless/...`). Its own scope: the body is read
 * as text so the signature covers the exact bytes, and the vendor is authenticated before validation.
 */
export const seamlessRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendors = new VendorDirectory(app.deps.database.db, undefined, app.deps.bus);
  const db = app.deps.database.db;
  const batcher = new SeamlessBatcher(db);

  registerRawJson(app, vendorBodyLimitBytes);

  app.addHook('preValidation', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const vendor = await vendors.find(header(vendorSignatureHeaders.vendor));
    if (!vendor || vendor.walletMode !== 'seamless') {
      throw new AppError('unknown_vendor', 'Unknown vendor, or not a seamless-wallet vendor');
    }
    const check = verifySignature(
      vendor.secret,
      header(vendorSignatureHeaders.timestamp),
      header(vendorSignatureHeaders.signature),
      request.rawBody ?? '',
    );
    if (check === 'stale') {
      throw new AppError('stale_timestamp', 'X-Timestamp is more than 5 minutes away from our clock');
    }
    if (check !== 'valid') {
      throw new AppError('invalid_signature', 'X-Timestamp and a matching X-Signature are required');
    }
    request.vendor = vendor;
  });

  async function merchantOf(merchantCode: string): Promise<MerchantConfig> {
    const merchant = await app.deps.merchants.findByCode(merchantCode);
    if (!merchant) throw new AppError('unknown_merchant', 'No such merchant');
    return merchant;
  }

  app.route({
    ...signedRoute(calls.seamlessBalance),
    config: { rateLimit: vendorRateLimit },
    handler: async (request, reply) =>
      sendPlainJson(
        reply,
        await service.balance(db, await merchantOf(request.body.merchantCode), request.body),
      ),
  });

  const moneyCalls = [
    ['bet', calls.seamlessBet],
    ['win', calls.seamlessWin],
    ['rollback', calls.seamlessRollback],
  ] as const;
  for (const [kind, call] of moneyCalls) {
    app.route({
      ...signedRoute(call),
      config: { rateLimit: vendorRateLimit },
      handler: async (request, reply) => {
        const merchant = await merchantOf(request.body.merchantCode);
        // Every field of the answer is set by the service: the schema serializer is skipped on this hot path.
        return sendPlainJson(
          reply,
          await service.apply(batcher, merchant, request.vendor!.code, kind, request.body, request.log),
        );
      },
    });
  }
};
