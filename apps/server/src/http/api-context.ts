import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { headers } from '@portal/contracts/calls';
import { normaliseIp } from '../lib/ip';
import { locate, type MerchantConfig, type Visitor } from '../modules/system';
import { sendFailure } from './errors';
import { refuseUnknownHost } from './unknown-host';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant this request belongs to (white-label tenant); set for every API route. */
    merchant: MerchantConfig;
    /** The client's address (proxy headers only when TRUST_PROXY says so) and its GeoIP country. */
    visitor: Visitor;
  }
}

/**
 * The options of every route registered in a merchant scope: they can answer the scope's own failures
 * (404 merchant_not_found, or 421 unknown_host), which the OpenAPI document lists (openapi-transform.ts).
 */
export const merchantScopedRoutes = new WeakSet<object>();

/** Resolves the merchant and the visitor for every route registered in this scope. */
export function registerApiContext(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => void merchantScopedRoutes.add(route));
  app.decorateRequest('merchant', null as unknown as MerchantConfig);
  app.decorateRequest('visitor', null as unknown as Visitor);
  // Callback style with a synchronous fast path: this hook runs on every API request. No closure is
  // created per request (tsx's keep-names helper makes each one cost a function-name definition).
  app.addHook('onRequest', (request, reply, done) => {
    const codeHeader = request.headers[headers.merchantCode];
    const code = typeof codeHeader === 'string' ? codeHeader : undefined;
    const merchant = app.deps.merchants.resolveNow(request.headers.host, code);
    if (merchant !== null) return attach(app, request, reply, done, merchant);
    app.deps.merchants
      .resolve(request.headers.host, code)
      .then((loaded) => attach(app, request, reply, done, loaded), done);
  });
}

function attach(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  merchant: MerchantConfig | undefined,
): void {
  if (!merchant && app.deps.config.unknownHost === 'refuse') {
    void refuseUnknownHost(reply);
    return;
  }
  if (!merchant) {
    void sendFailure(reply, {
      status: 404,
      code: 'merchant_not_found',
      message: 'No merchant serves this domain',
      value: null,
    });
    return;
  }
  request.merchant = merchant;
  request.visitor = locate(app.deps.geoIp, normaliseIp(request.ip));
  done();
}
