import type { FastifyInstance } from 'fastify';
import { crashGameCode } from '@portal/contracts/bgs';
import { gameTopic } from '../../push';
import type { CrashPublish } from './crash.service';

/**
 * Crash events go through the app's one push hub (decision 0042) to the merchant's game topic of
 * bgs-crash (`g:<merchantId>:bgs-crash`), which every crash page of the merchant hears, on every instance.
 * A publish that fails is logged: the pages also re-read the state at each phase, so a lost event costs a
 * moment, never money.
 */
export function crashPublisher(app: FastifyInstance): CrashPublish {
  return (merchantId, event) => {
    try {
      app.deps.push.publish(gameTopic(merchantId, crashGameCode), event);
    } catch (error) {
      app.log.warn({ err: error, type: event.type }, 'crash event not published');
    }
  };
}
