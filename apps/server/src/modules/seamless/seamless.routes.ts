import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  envelopeOf,
  seamlessAnswer,
  seamlessBalanceRequest,
  seamlessBetRequest,
  seamlessRollbackRequest,
  seamlessWinRequest,
  vendorSignatureHeaders,
} from '@portal/contracts';
import { sendPlainJson } from '../../http/cached-reply';
import { AppError } from '../../http/errors';
import { registerRawJson } from '../../http/raw-body';
import type { MerchantConfig } from '../system/merchant-config';
import { SeamlessBatcher } from './seamless-batcher';
import * as service from './seamless.service';
import { verifySignature } from '../vendors/vendor-signature';
import { VendorDirectory, type Vendor } from './vendor-directory';
import { errorResponses } from '../../http/envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vendor whose signature this request carries (seamless routes only). */
    vendor?: Vendor;
  }
}

const tags = ['seamless wallet (vendors)'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);
const signedHeaders = {
  description:
    'Signed: X-Vendor-Code, X-Timestamp (ms since epoch, within 5 minutes) and X-Signature (hex HMAC-SHA256 of "<timestamp>.<body>" with the vendor secret). See docs/vendor-integration.md.',
};
/** Vendor traffic is machine traffic: limited per vendor, far above a player's limit. */
const vendorRateLimit = {
  max: 120_000,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    `vendor:${String(request.headers[vendorSignatureHeaders.vendor])}`,
};
const vendorBodyLimitBytes = 8 * 1024;

/**
 * The seamless wallet API for game vendors (`/vendor/v1/seamless/...`). Its own scope: the body is read
 * as text so the signature covers the exact bytes, and the vendor is authenticated before validation.
 */
export const seamlessRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendors = new VendorDirectory(app.deps.database.db);
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
      throw new AppError(401, 'unknown_vendor', 'Unknown vendor, or not a seamless-wallet vendor');
    }
    const check = verifySignature(
      vendor.secret,
      header(vendorSignatureHeaders.timestamp),
      header(vendorSignatureHeaders.signature),
      request.rawBody ?? '',
    );
    if (check === 'stale') {
      throw new AppError(401, 'stale_timestamp', 'X-Timestamp is more than 5 minutes away from our clock');
    }
    if (check !== 'valid') {
      throw new AppError(401, 'invalid_signature', 'X-Timestamp and a matching X-Signature are required');
    }
    request.vendor = vendor;
  });

  async function merchantOf(merchantCode: string): Promise<MerchantConfig> {
    const merchant = await app.deps.merchants.findByCode(merchantCode);
    if (!merchant) throw new AppError(404, 'unknown_merchant', 'No such merchant');
    return merchant;
  }

  app.post(
    '/vendor/v1/seamless/balance',
    {
      config: { rateLimit: vendorRateLimit },
      schema: {
        tags,
        summary: "The player's main-wallet balance",
        description: signedHeaders.description,
        body: seamlessBalanceRequest,
        response: { 200: envelopeOf(seamlessAnswer), ...failures },
      },
    },
    async (request, reply) =>
      sendPlainJson(
        reply,
        await service.balance(db, await merchantOf(request.body.merchantCode), request.body),
      ),
  );

  const moneyCalls = [
    [
      'bet',
      seamlessBetRequest,
      'Debit a bet (needs a live game session; insufficient_funds carries the balance)',
    ],
    ['win', seamlessWinRequest, 'Credit a win (accepted after the game session expired)'],
    [
      'rollback',
      seamlessRollbackRequest,
      'Refund a bet; a rollback of an unknown bet refuses that bet later',
    ],
  ] as const;
  for (const [kind, body, summary] of moneyCalls) {
    app.post(
      `/vendor/v1/seamless/${kind}`,
      {
        config: { rateLimit: vendorRateLimit },
        schema: {
          tags,
          summary,
          description: signedHeaders.description,
          body,
          response: { 200: envelopeOf(seamlessAnswer), ...failures },
        },
      },
      async (request, reply) => {
        const merchant = await merchantOf(request.body.merchantCode);
        // Every field of the answer is set by the service: the schema serializer is skipped on this hot path.
        return sendPlainJson(
          reply,
          await service.apply(batcher, merchant, request.vendor!.code, kind, request.body, request.log),
        );
      },
    );
  }
};
