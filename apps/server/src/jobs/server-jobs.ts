import type { FastifyInstance } from 'fastify';
import { agentContractsJob } from './agent-contracts.job';
import { agentRollupsJob } from './agent-rollups.job';
import { bgsRecoveryJob } from './bgs-rounds.job';
import { bonusWageringJob } from './bonus-wagering.job';
import { rewardDrawsJob } from './reward-draws.job';
import { rewardLeaderboardsJob } from './reward-leaderboards.job';
import { cleanupJob } from './cleanup.job';
import type { Clock } from './clock';
import { JobRunner } from './job-runner';
import { lotteryJob } from './lottery.job';
import { operatorReportsJob } from './operator-reports.job';
import { pointsEarningJob } from './points-earning.job';
import { rgLimitsJob } from './rg-limits.job';
import { vendorReconcileJob } from './vendor-transfers.job';
import { withdrawalReceiptJob } from './withdrawal-receipt.job';

/** Registers every scheduled job of the server in one runner and starts it; stop() it on close. */
export function startServerJobs(app: FastifyInstance, clock?: Clock): JobRunner {
  const { config, database, merchants, vendors } = app.deps;
  const runner = new JobRunner({ db: database.db, log: app.log, clock });
  runner
    // Short-lived identity rows.
    .register(cleanupJob(database.db))
    // Paid-out withdrawals the player did not answer become forced_received.
    .register(withdrawalReceiptJob(database.db))
    // Lottery draws: open with a committed seed, draw on time, settle once.
    .register(lotteryJob(database.db, merchants, app.log))
    // Transfers whose vendor answer was lost are posted or voided.
    .register(
      vendorReconcileJob(database.db, vendors, {
        intervalMs: config.vendors.reconcileIntervalMs,
        minAgeMs: config.vendors.reconcileAfterMs,
      }),
    )
    // In-house rounds whose bet or win answer was lost are finished (rolled back or paid) once.
    .register(bgsRecoveryJob(app))
    // Ledger movements become the agent centre's daily figures.
    .register(agentRollupsJob(database.db))
    // Salaries and dividends of closed periods are settled and paid once.
    .register(agentContractsJob(database.db))
    // Bonuses whose wagering is met are released to the main wallet once.
    .register(bonusWageringJob(database.db))
    // Leaderboard prizes of closed periods are paid once.
    .register(rewardLeaderboardsJob(database.db))
    // Raffles past their draw time are drawn and their prizes paid once.
    .register(rewardDrawsJob(database.db))
    // Bets and deposits earn points, rolled-back bets give them back, VIP levels rise.
    .register(pointsEarningJob(database.db))
    // Limit increases and removals past their 24-hour cooling-off apply (responsible gaming).
    .register(rgLimitsJob(database.db))
    // Ledger movements become the operator reports' merchant figures.
    .register(operatorReportsJob(database.db));
  runner.start();
  return runner;
}
