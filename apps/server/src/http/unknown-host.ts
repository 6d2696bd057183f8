import type { FastifyInstance, FastifyReply } from 'fastify';
import { headers } from '@portal/contracts/calls';
import { sendFailure } from './errors';

/**
 * Paths that answer whatever the Host: the probes and metrics (a load balancer or scraper calls them by
 * address, and /metrics has its own guard) and the vendors' signed server-to-server calls, which name
 * their merchant in the signed body, not by host.
 */
function answersAnyHost(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === '/healthz' || path === '/readyz' || path === '/metrics' || path.startsWith('/vendor/');
}

/** API calls resolve their merchant in their own scope, which refuses an unknown host (api-context.ts). */
function resolvedByApiScope(url: string): boolean {
  return (
    url.startsWith('/wps/') || url.startsWith('/lgw/') || url.startsWith('/lotto/') || url.startsWith('/ops/')
  );
}

/** The refusal of a request whose host no merchant serves (decision 0025): 421 Misdirected Request. */
export function refuseUnknownHost(reply: FastifyReply) {
  return sendFailure(reply, {
    status: 421,
    code: 'unknown_host',
    message: 'This address is not served here: no merchant is configured for this host',
    value: null,
  });
}

/**
 * With UNKNOWN_HOST=refuse (the default of a production start), every request, API call or page, whose
 * Host names no merchant domain and which sends no known merchant code is refused before routing, instead
 * of being served as the default merchant. Off (nothing registered) with UNKNOWN_HOST=default, the demo.
 */
export function registerUnknownHostRefusal(app: FastifyInstance): void {
  if (app.deps.config.unknownHost !== 'refuse') return;
  app.addHook('onRequest', (request, reply, done) => {
    // The API's own scope refuses there (once per call, not twice); this hook covers pages and files.
    if (resolvedByApiScope(request.url) || answersAnyHost(request.url)) return done();
    const codeHeader = request.headers[headers.merchantCode];
    const code = typeof codeHeader === 'string' ? codeHeader : undefined;
    const decide = (merchant: unknown) => (merchant ? done() : void refuseUnknownHost(reply));
    const merchant = app.deps.merchants.resolveNow(request.headers.host, code);
    if (merchant !== null) return decide(merchant);
    app.deps.merchants.resolve(request.headers.host, code).then(decide, done);
  });
}
