import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bgsActiveMines,
  bgsDiceRequest,
  bgsMinesCashoutRequest,
  bgsMinesRevealRequest,
  bgsMinesStartRequest,
  bgsPlayResult,
  bgsRound,
  bgsRoundParams,
  bgsRoundsPage,
  bgsRoundsQuery,
  bgsSeedInfo,
  bgsSeedRotation,
  bgsSessionInfo,
  bgsSetClientSeed,
  bgsSpinRequest,
  bgsVendorCode,
  bgsVerifyRequest,
  bgsVerifyResult,
  envelopeOf,
} from '@portal/contracts';
import { errorResponses, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { VendorDirectory } from '../seamless/vendor-directory';
import { injectedBgsWallet } from './bgs-wallet';
import * as service from './inhouse.service';
import type { GameContext } from './inhouse.service';
import * as repo from './inhouse.repo';
import * as mines from './mines.service';
import * as play from './play.service';

const tags = ['in-house games (BGS)'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500, 503);
const sessionNote =
  'Authorization: Bearer <the game session token of the launch> (the ?session= of /bgs/play/<gameCode>), ' +
  'not the player session; an unknown or expired one gets 401 game_session_invalid.';

/** Game session tokens are 43 base64url characters; anything else is refused before a query. */
function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}

/**
 * The BGS game pages' calls (`/wps/inhouse/...`), authenticated by the game session token of the
 * launch. Bets and wins leave through the seamless wallet as signed vendor calls (bgs-wallet.ts).
 */
export const inhouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const wallet = injectedBgsWallet(app, new VendorDirectory(db));

  async function contextOf(request: FastifyRequest): Promise<GameContext> {
    const token = bearer(request);
    const session = token
      ? await repo.selectGameSession(db, createHash('sha256').update(token).digest('hex'), bgsVendorCode)
      : undefined;
    if (!token || !session || session.merchant_id !== request.merchant.id) {
      throw new AppError(
        401,
        'game_session_invalid',
        'The game session is unknown or has expired; relaunch the game',
      );
    }
    return { db, wallet, merchant: request.merchant, memberId: session.member_id, sessionToken: token };
  }

  const read = { tags, description: sessionNote };
  app.get(
    '/wps/inhouse/session',
    {
      schema: {
        ...read,
        summary: 'Balance, bet limits and the fairness state',
        response: { 200: envelopeOf(bgsSessionInfo), ...failures },
      },
    },
    async (request) => ok(await service.sessionInfo(await contextOf(request))),
  );
  app.get(
    '/wps/inhouse/seed',
    {
      schema: {
        ...read,
        summary: 'Server seed hash, client seed, next nonce',
        response: { 200: envelopeOf(bgsSeedInfo), ...failures },
      },
    },
    async (request) => ok(await service.currentSeed(await contextOf(request))),
  );
  app.post(
    '/wps/inhouse/seed/client',
    {
      schema: {
        ...read,
        summary: 'Set the client seed',
        body: bgsSetClientSeed,
        response: { 200: envelopeOf(bgsSeedInfo), ...failures },
      },
    },
    async (request) => ok(await service.setClientSeed(await contextOf(request), request.body.clientSeed)),
  );
  app.post(
    '/wps/inhouse/seed/rotate',
    {
      schema: {
        ...read,
        summary:
          'Reveal the server seed and start a new one (409 round_in_progress under a live mines board)',
        response: { 200: envelopeOf(bgsSeedRotation), ...failures },
      },
    },
    async (request) => ok(await service.rotateSeed(await contextOf(request))),
  );

  const playNote = `${sessionNote} requestId is the idempotency key: a repeat answers (and finishes) the same round.`;
  const playSchema = {
    tags,
    description: playNote,
    response: { 200: envelopeOf(bgsPlayResult), ...failures },
  };
  app.post(
    '/wps/inhouse/slot/spin',
    { schema: { ...playSchema, summary: 'Spin the 5x3 slot', body: bgsSpinRequest } },
    async (request) => ok(await play.spin(await contextOf(request), request.body)),
  );
  app.post(
    '/wps/inhouse/dice/roll',
    { schema: { ...playSchema, summary: 'Roll the dice over or under a target', body: bgsDiceRequest } },
    async (request) => ok(await play.roll(await contextOf(request), request.body)),
  );
  app.post(
    '/wps/inhouse/mines/start',
    {
      schema: {
        ...playSchema,
        summary: 'Start a mines round (the bet is taken now)',
        body: bgsMinesStartRequest,
      },
    },
    async (request) => ok(await play.startMines(await contextOf(request), request.body)),
  );
  app.post(
    '/wps/inhouse/mines/reveal',
    {
      schema: {
        ...playSchema,
        summary: 'Reveal a tile of the live mines round',
        body: bgsMinesRevealRequest,
      },
    },
    async (request) =>
      ok(await mines.reveal(await contextOf(request), request.body.roundId, request.body.tile)),
  );
  app.post(
    '/wps/inhouse/mines/cashout',
    { schema: { ...playSchema, summary: 'Cash out the live mines round', body: bgsMinesCashoutRequest } },
    async (request) => ok(await mines.cashOut(await contextOf(request), request.body.roundId)),
  );
  app.get(
    '/wps/inhouse/mines/active',
    {
      schema: {
        ...read,
        summary: 'The live mines round to resume, or null',
        response: { 200: envelopeOf(bgsActiveMines), ...failures },
      },
    },
    async (request) => ok(await mines.activeMines(await contextOf(request))),
  );

  app.get(
    '/wps/inhouse/rounds',
    {
      schema: {
        ...read,
        summary: "The player's rounds, newest first (pageSize at most 50)",
        querystring: bgsRoundsQuery,
        response: { 200: envelopeOf(bgsRoundsPage), ...failures },
      },
    },
    async (request) => ok(await service.rounds(await contextOf(request), request.query)),
  );
  app.get(
    '/wps/inhouse/rounds/:roundId',
    {
      schema: {
        ...read,
        summary: 'One round, with its server seed once revealed',
        params: bgsRoundParams,
        response: { 200: envelopeOf(bgsRound), ...failures },
      },
    },
    async (request) => ok(await service.round(await contextOf(request), request.params.roundId)),
  );
  app.post(
    '/wps/inhouse/verify',
    {
      schema: {
        tags,
        summary: 'Recompute an outcome from a revealed server seed, client seed, nonce and game parameters',
        description: 'No session needed: anyone may check a revealed seed.',
        body: bgsVerifyRequest,
        response: { 200: envelopeOf(bgsVerifyResult), ...failures },
      },
    },
    async (request) => ok(await service.verify(request.body)),
  );
};
