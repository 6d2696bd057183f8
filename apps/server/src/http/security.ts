import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The Content-Security-Policy allows only our own origin for scripts and styles (no
 * inline script at all), which is the portal's main defence against XSS; the web build is made to fit it.
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // Game windows of other vendors open in frames and popups; isolation headers would break them.
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
};

/**
 * The headers helmet would set, worked out once. `@fastify/helmet` rebuilds helmet's configuration on
 * every request (a fifth of the CPU of a config read, measured by bench/config.bench.ts); our policy is
 * static, so the result is computed at start and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The game popup frames vendors' game pages (launchGame answers their address), so frame-src also lists
 * the game origins given (https: in general; the local vendor simulator outside production).
 */
function withGameFrames(sources: readonly string[]): HelmetOptions {
  if (sources.length === 0 || typeof helmetOptions.contentSecurityPolicy !== 'object') return helmetOptions;
  const policy = helmetOptions.contentSecurityPolicy;
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      ...policy,
      directives: { ...policy.directives, frameSrc: ["'self'", ...sources] },
    },
  };
}

/**
 * API replies are JSON that no browser renders, so they carry the OWASP REST set instead of the page
 * set: nothing may load or frame them, they are never sniffed as HTML, and HSTS and the referrer policy
 * still apply. Fewer header bytes on the hottest calls (measured by bench/config.bench.ts).
 */
export const apiSecurityHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Sets the security headers on every reply: the API set on API paths, the page set on everything else.
 * A route may still override one (the API viewer at /docs sets its own policy).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  isApiPath: (url: string) => boolean,
  gameFrameSources: readonly string[] = [],
): void {
  const pageHeaders = securityHeaders(withGameFrames(gameFrameSources));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiSecurityHeaders : pageHeaders);
    done();
  });
}
