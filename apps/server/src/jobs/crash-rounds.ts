import type { FastifyInstance } from 'fastify';
import { CrashLeader, crashPublisher, injectedBgsWallet, type CrashTiming } from '../modules/inhouse';
import { VendorDirectory } from '../modules/seamless';
import { leaderLockKeys } from './lock-keys';

/**
 * Starts BGS Crash's round leader on this instance (decision 0046): it campaigns for the advisory lock
 * 7040 and, while it holds it, runs the rounds of every merchant whose crash page is open. stop() it on
 * close; another instance takes over within its poll interval.
 */
export function startCrashRounds(app: FastifyInstance, timing?: Partial<CrashTiming>): CrashLeader {
  const db = app.deps.database.db;
  const leader = new CrashLeader({
    db,
    wallet: injectedBgsWallet(app, new VendorDirectory(db, undefined, app.deps.bus)),
    publish: crashPublisher(app),
    log: app.log.child({ job: 'crash-rounds' }),
    merchantById: async (merchantId) => (await app.deps.merchants.current()).byId.get(merchantId),
    lockKey: leaderLockKeys['crash-rounds'],
    ...(timing ? { timing } : {}),
  });
  leader.start();
  return leader;
}
