import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { demoCatalogue } from '../../db/seed-demo-games';
import { renderGameArt, renderVendorLogo, type ArtCategory } from './game-art';

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
  vary: 'accept-encoding',
};

/** A drawn picture, plain and gzipped once (the tiles are 4-7 KB of path data that gzip halves). */
interface RenderedSvg {
  plain: string;
  gzipped: Buffer;
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: RenderedSvg) {
  reply.headers(svgHeaders);
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(svg.gzipped);
  }
  return reply.send(svg.plain);
}

/** Names and categories of the demo catalogue's vendors and games: they choose each picture's motif and colours. */
const demoVendors = new Map(
  demoCatalogue.map((vendor) => [
    vendor.code,
    {
      displayName: vendor.displayName,
      category: (vendor.launchKind === 'inhouse' ? 'BGS' : vendor.categories[0]) as ArtCategory | undefined,
      games: new Map(vendor.games.map((game) => [game.code, game])),
    },
  ]),
);

function gameArtInputOf(vendorCode: string, gameCode: string) {
  const vendor = demoVendors.get(vendorCode);
  const game = vendor?.games.get(gameCode);
  const category: ArtCategory | null =
    vendor?.category === 'BGS' ? 'BGS' : (game?.type ?? vendor?.category ?? null);
  return { vendorCode, gameCode, category, name: game?.name ?? null };
}

/**
 * Game tiles and vendor logos composed from Game Icons shapes (game-art.ts):
 * `/media/games/<vendor>/<gameCode>.svg`, the large variant `<gameCode>.large.svg` (lagerIcon), and `/media/vendors/<vendor>.svg`. No database read: the
 * picture is drawn from the path (and the demo catalogue's names), so games a vendor syncs in later and
 * unknown codes get a deterministic picture too; each is drawn once per process and cached.
 */
export const gamesMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const rendered = new Map<string, RenderedSvg>();
  const cached = (key: string, render: () => string): RenderedSvg => {
    let svg = rendered.get(key);
    if (svg === undefined) {
      const plain = render();
      svg = { plain, gzipped: gzipSync(plain, { level: 9 }) };
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
        renderGameArt(gameArtInputOf(vendor, gameCode), { size: iconSize, wide: large }),
      );
      return sendSvg(request, reply, svg);
    },
  );

  app.get(
    '/media/vendors/:file',
    { schema: { hide: true, params: vendorIconParams } },
    async (request, reply) => {
      const vendor = request.params.file.slice(0, -'.svg'.length);
      const known = demoVendors.get(vendor);
      const svg = cached(`vendor/${vendor}`, () =>
        renderVendorLogo(
          { vendorCode: vendor, displayName: known?.displayName ?? null, category: known?.category ?? null },
          { size: iconSize },
        ),
      );
      return sendSvg(request, reply, svg);
    },
  );
};
