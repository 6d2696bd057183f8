import type { FastifyInstance } from 'fastify';
import { headers } from '@portal/contracts/calls';
import { normaliseIp } from '../lib/ip';
import type { MerchantConfig } from '../modules/system/merchant-config';
import { locate, type Visitor } from '../modules/system/system.service';
import { sendFailure } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant this request belongs to (white-label tenant); set for every API route. */
    merchant: MerchantConfig;
    /** The client's address (proxy headers only when TRUST_PROXY says so) and its GeoIP country. */
    visitor: Visitor;
  }
}

/** Resolves the merchant and the visitor for every route registered in this scope. */
export function registerApiContext(app: FastifyInstance): void {
  app.decorateRequest('merchant', null as unknown as MerchantConfig);
  app.decorateRequest('visitor', null as unknown as Visitor);
  app.addHook('onRequest', async (request, reply) => {
    const codeHeader = request.headers[headers.merchantCode];
    const merchant = await app.deps.merchants.resolve(
      request.headers.host,
      typeof codeHeader === 'string' ? codeHeader : undefined,
    );
    if (!merchant) {
      return sendFailure(reply, {
        status: 404,
        code: 'merchant_not_found',
        message: 'No merchant serves this domain',
        value: null,
      });
    }
    request.merchant = merchant;
    request.visitor = locate(app.deps.geoIp, normaliseIp(request.ip));
  });
}
