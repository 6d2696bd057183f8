import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { initialsOf, renderIcon } from './game-icons';

const gameIconParams = z.object({
  vendor: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}\.svg$/),
});
const vendorIconParams = z.object({ file: z.string().regex(/^[A-Z0-9_]{2,32}\.svg$/) });

/** A day: icons are a pure function of their path, so the only reason to re-fetch is a changed design. */
const cacheControl = 'public, max-age=86400, stale-while-revalidate=604800';
const iconSize = 160;
const svgHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': cacheControl,
  // An SVG opened directly must not run anything.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};

/**
 * Generated game and vendor icons (game-icons.ts): `/media/games/<vendor>/<gameCode>.svg`, the large
 * variant `<gameCode>.large.svg` (lagerIcon), and `/media/vendors/<vendor>.svg`. No database read: the
 * picture is drawn from the path, so unknown codes get a picture too, which costs nothing to serve.
 */
export const gamesMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const rendered = new Map<string, string>();
  const cached = (key: string, render: () => string) => {
    let svg = rendered.get(key);
    if (svg === undefined) {
      svg = render();
      if (rendered.size >= 5_000) rendered.clear();
      rendered.set(key, svg);
    }
    return svg;
  };

  app.get(
    '/media/games/:vendor/:file',
    { schema: { hide: true, params: gameIconParams } },
    async (request, reply) => {
      const { vendor, file } = request.params;
      const large = file.endsWith('.large.svg');
      const gameCode = file.slice(0, large ? -'.large.svg'.length : -'.svg'.length);
      if (gameCode.length === 0) throw new AppError('not_found', 'No such icon');
      const svg = cached(`${vendor}/${file}`, () =>
        renderIcon(`${vendor}/${gameCode}`, initialsOf(gameCode), { size: iconSize, wide: large }),
      );
      return reply.headers(svgHeaders).send(svg);
    },
  );

  app.get(
    '/media/vendors/:file',
    { schema: { hide: true, params: vendorIconParams } },
    async (request, reply) => {
      const vendor = request.params.file.slice(0, -'.svg'.length);
      const svg = cached(`vendor/${vendor}`, () =>
        renderIcon(`vendor/${vendor}`, vendor.slice(0, 3), { size: iconSize }),
      );
      return reply.headers(svgHeaders).send(svg);
    },
  );
};
