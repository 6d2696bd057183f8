import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, sendFailure } from './errors';

/** Paths owned by the API and operations: never answered with the web app's index.html. */
const apiPrefixes = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/ops/',
  '/metrics',
  '/docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

const hashedAsset = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** A request for a file (an asset or anything with an extension) is never a client route. */
function isFileRequest(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and every
 * client route answered with index.html (history-mode fallback). API paths get the 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.mjs); send what the browser accepts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          // A precompressed copy (.br, .gz) is cached like the asset it stands for.
          hashedAsset.test(filePath.replace(/\.(br|gz)$/, ''))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !isFileRequest(pathname);
    if (!wantsPage) return notFound(reply, request.method, pathname);
    if (!built) {
      return sendFailure(reply, {
        status: 503,
        code: 'service_unavailable',
        message: 'The web app is not built yet: run npm run build:web',
        value: null,
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
