import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bgsVendorCode } from '@portal/contracts';
import { inhouseCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { VendorDirectory } from '../seamless';
import { injectedBgsWallet } from './bgs-wallet';
import * as service from './inhouse.service';
import type { GameContext } from './inhouse.service';
import * as repo from './inhouse.repo';
import * as mines from './mines.service';
import * as play from './play.service';
import { crashPublisher } from './crash/crash-push';
import * as crash from './crash/crash.service';

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

/** An in-house call's route, its schema with a note on how it authenticates. */
function described<const Call extends (typeof calls)[keyof typeof calls]>(call: Call, description: string) {
  const route = callRoute(call);
  return { ...route, schema: { ...route.schema, description } };
}

/**
 * The BGS game pages' calls (`/wps/inhouse/...`), authenticated by the game session token of the
 * launch. Bets and wins leave through the seamless wallet as signed vendor calls (bgs-wallet.ts).
 */
export const inhouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const wallet = injectedBgsWallet(app, new VendorDirectory(db, undefined, app.deps.bus));
  const crashDeps: crash.CrashDeps = { db, wallet, publish: crashPublisher(app) };

  async function contextOf(request: FastifyRequest): Promise<GameContext> {
    const token = bearer(request);
    const session = token
      ? await repo.selectGameSession(db, createHash('sha256').update(token).digest('hex'), bgsVendorCode)
      : undefined;
    if (!token || !session || session.merchant_id !== request.merchant.id) {
      throw new AppError(
        'game_session_invalid',
        'The game session is unknown or has expired; relaunch the game',
      );
    }
    return { db, wallet, merchant: request.merchant, memberId: session.member_id, sessionToken: token };
  }

  app.route({
    ...described(calls.bgsSession, sessionNote),
    handler: async (request) => ok(await service.sessionInfo(await contextOf(request))),
  });
  app.route({
    ...described(calls.bgsSeed, sessionNote),
    handler: async (request) => ok(await service.currentSeed(await contextOf(request))),
  });
  app.route({
    ...described(calls.bgsClientSeed, sessionNote),
    handler: async (request) =>
      ok(await service.setClientSeed(await contextOf(request), request.body.clientSeed)),
  });
  app.route({
    ...described(calls.bgsRotateSeed, sessionNote),
    handler: async (request) => ok(await service.rotateSeed(await contextOf(request))),
  });

  const playNote = `${sessionNote} requestId is the idempotency key: a repeat answers (and finishes) the same round.`;
  app.route({
    ...described(calls.bgsSlotSpin, playNote),
    handler: async (request) => ok(await play.spin(await contextOf(request), request.body)),
  });
  app.route({
    ...described(calls.bgsDiceRoll, playNote),
    handler: async (request) => ok(await play.roll(await contextOf(request), request.body)),
  });
  app.route({
    ...described(calls.bgsMinesStart, playNote),
    handler: async (request) => ok(await play.startMines(await contextOf(request), request.body)),
  });
  app.route({
    ...described(calls.bgsMinesReveal, playNote),
    handler: async (request) =>
      ok(await mines.reveal(await contextOf(request), request.body.roundId, request.body.tile)),
  });
  app.route({
    ...described(calls.bgsMinesCashout, playNote),
    handler: async (request) => ok(await mines.cashOut(await contextOf(request), request.body.roundId)),
  });
  app.route({
    ...described(calls.bgsMinesActive, sessionNote),
    handler: async (request) => ok(await mines.activeMines(await contextOf(request))),
  });

  app.route({
    ...described(calls.bgsRounds, sessionNote),
    handler: async (request) => ok(await service.rounds(await contextOf(request), request.query)),
  });
  app.route({
    ...described(calls.bgsRound, sessionNote),
    handler: async (request) => ok(await service.round(await contextOf(request), request.params.roundId)),
  });
  app.route({
    ...described(calls.bgsVerify, 'No session needed: anyone may check a revealed seed.'),
    handler: async (request) => ok(await service.verify(request.body)),
  });

  const crashNote = `${sessionNote} Crash (docs/provably-fair.md): shared rounds; rounds and cash-outs are also pushed.`;
  app.route({
    ...described(calls.crashState, crashNote),
    handler: async (request) => ok(await crash.state(await contextOf(request), crashDeps)),
  });
  app.route({
    ...described(calls.crashBet, `${crashNote} requestId is the bet's idempotency key.`),
    handler: async (request) => ok(await crash.placeBet(await contextOf(request), crashDeps, request.body)),
  });
  app.route({
    ...described(calls.crashCashout, `${crashNote} Server time decides; a repeat answers the same cash-out.`),
    handler: async (request) =>
      ok(await crash.cashOut(await contextOf(request), crashDeps, request.body.roundId)),
  });
  app.route({
    ...described(calls.crashRound, 'No session needed: anyone may check a crash round of this merchant.'),
    handler: async (request) => ok(await crash.roundRecord(db, request.merchant.id, request.params.roundId)),
  });
};
