import type { FastifyInstance } from 'fastify';
import type { CrashEvent, CrashPlayerView } from '@portal/contracts';
import { crashGameCode } from '@portal/contracts/bgs';
import { gameTopic } from '../../push';
import { playersPerEvent, type CrashPublish } from './crash.service';

/** How long players (bets, cash-outs) wait to be sent together in one event. */
export const playersGatherMs = 50;

type Players = Omit<CrashPlayerView, 'mine'>[];

const publishers = new WeakMap<FastifyInstance, CrashPublish>();

/**
 * Crash events go through the app's one push hub (decision 0042) to the merchant's game topic of
 * bgs-crash (`g:<merchantId>:bgs-crash`), which every crash page of the merchant hears, on every instance.
 * A publish that fails is logged: the pages also re-read the state at each phase, so a lost event costs a
 * moment, never money.
 *
 * Players are gathered for up to 50 ms and sent `playersPerEvent` to an event: a burst of a thousand
 * cash-outs at take-off is a few dozen publications (each a NOTIFY or a Redis PUBLISH), not a thousand.
 * One publisher per app, shared by the routes and the round leader, so the players gathered are sent
 * before any round event of the same merchant: a page never hears a cash-out after the crash it beat.
 */
export function crashPublisher(app: FastifyInstance): CrashPublish {
  const existing = publishers.get(app);
  if (existing) return existing;

  const send = (merchantId: number, event: CrashEvent) => {
    try {
      app.deps.push.publish(gameTopic(merchantId, crashGameCode), event);
    } catch (error) {
      app.log.warn({ err: error, type: event.type }, 'crash event not published');
    }
  };
  const gathered = new Map<string, { merchantId: number; roundId: string; players: Players }>();
  let timer: NodeJS.Timeout | undefined;

  const sendPlayers = (merchantId: number, roundId: string, players: Players) => {
    for (let index = 0; index < players.length; index += playersPerEvent) {
      send(merchantId, {
        type: 'crash.players',
        roundId,
        players: players.slice(index, index + playersPerEvent),
      });
    }
  };
  const sendGathered = (merchantId?: number) => {
    for (const [key, batch] of gathered) {
      if (merchantId !== undefined && batch.merchantId !== merchantId) continue;
      gathered.delete(key);
      sendPlayers(batch.merchantId, batch.roundId, batch.players);
    }
  };

  const publish: CrashPublish = (merchantId, event) => {
    if (event.type !== 'crash.players') {
      sendGathered(merchantId);
      send(merchantId, event);
      return;
    }
    const key = `${merchantId} ${event.roundId}`;
    const batch = gathered.get(key) ?? { merchantId, roundId: event.roundId, players: [] };
    batch.players.push(...event.players);
    gathered.set(key, batch);
    // Full events leave at once; the rest waits for more players or the timer.
    const full = batch.players.length - (batch.players.length % playersPerEvent);
    if (full > 0) {
      sendPlayers(merchantId, event.roundId, batch.players.slice(0, full));
      batch.players = batch.players.slice(full);
      if (batch.players.length === 0) gathered.delete(key);
    }
    if (gathered.size > 0 && !timer) {
      timer = setTimeout(() => {
        timer = undefined;
        sendGathered();
      }, playersGatherMs);
      timer.unref();
    }
  };
  publishers.set(app, publish);
  return publish;
}
