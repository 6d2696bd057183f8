import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as merchantsAndSystemSettings from './migrations/0001-merchants-and-system-settings';
import * as identity from './migrations/0002-identity';
import * as ledger from './migrations/0003-ledger';
import * as vendorsAndSeamlessWallet from './migrations/0004-vendors-and-seamless-wallet';
import * as payments from './migrations/0005-payments';
import * as vendorTransfersAndHistory from './migrations/0006-vendor-transfers-and-history';
import * as inHouseGames from './migrations/0008-in-house-games';
import * as gamesCatalogue from './migrations/0007-games-catalogue';
import * as lotteries from './migrations/0009-lotteries';
import * as contentMessagesFeedback from './migrations/0010-content-messages-feedback';
import * as security from './migrations/0011-security';
import * as seamlessWinPolicy from './migrations/0012-seamless-win-policy';
import * as agentTeamAndRollups from './migrations/0013-agent-team-and-rollups';
import * as agentContracts from './migrations/0014-agent-contracts';
import * as rewards from './migrations/0015-rewards';
import * as missionsAndLeaderboards from './migrations/0016-missions-and-leaderboards';
import * as referrals from './migrations/0018-referrals';
import * as activityComments from './migrations/0019-activity-comments';
import * as points from './migrations/0020-points';
import * as activityVipLevel from './migrations/0021-activity-vip-level';
import * as pointsEarnings from './migrations/0022-points-earnings';
import * as bonusSpending from './migrations/0023-bonus-spending';
import * as staffRoles from './migrations/0024-staff-roles';
import * as staffSecurity from './migrations/0026-staff-security';
import * as operatorReports from './migrations/0031-operator-reports';
import * as operatorSettings from './migrations/0027-operator-settings';
import * as rgOneStatement from './migrations/0033-rg-one-statement';
import * as auditLog from './migrations/0032-audit-log';
import * as crashGame from './migrations/0035-crash-game';
import * as merchantCountries from './migrations/0034-merchant-countries';
import * as gameListLayout from './migrations/0036-game-list-layout';
import * as socialLogin from './migrations/0037-social-login';
import * as auditSocialLogin from './migrations/0038-audit-social-login';
import * as rgWindowsOnWallet from './migrations/0039-rg-windows-on-wallet';
import * as memberRoundDays from './migrations/0040-member-round-days';
import * as gameRoundsHotUpdates from './migrations/0041-game-rounds-hot-updates';
import * as operatorPlayers from './migrations/0028-operator-players';
import * as redEnvelopesAndRaffles from './migrations/0017-red-envelopes-and-raffles';
import * as operatorContent from './migrations/0030-operator-content';
import * as responsibleGaming from './migrations/0029-responsible-gaming';

/**
 * Forward-only migrations, listed explicitly (not read from the file system) so they work the same under
 * tsx, in tests and in any bundle. Add a new file and one line here; never edit a released migration.
 */
const migrations: Record<string, Migration> = {
  '0001-merchants-and-system-settings': merchantsAndSystemSettings,
  '0002-identity': identity,
  '0003-ledger': ledger,
  '0004-vendors-and-seamless-wallet': vendorsAndSeamlessWallet,
  '0005-payments': payments,
  '0006-vendor-transfers-and-history': vendorTransfersAndHistory,
  '0008-in-house-games': inHouseGames,
  '0007-games-catalogue': gamesCatalogue,
  '0009-lotteries': lotteries,
  '0010-content-messages-feedback': contentMessagesFeedback,
  '0011-security': security,
  '0012-seamless-win-policy': seamlessWinPolicy,
  '0013-agent-team-and-rollups': agentTeamAndRollups,
  '0014-agent-contracts': agentContracts,
  '0015-rewards': rewards,
  '0016-missions-and-leaderboards': missionsAndLeaderboards,
  '0018-referrals': referrals,
  '0019-activity-comments': activityComments,
  '0020-points': points,
  '0021-activity-vip-level': activityVipLevel,
  '0022-points-earnings': pointsEarnings,
  '0023-bonus-spending': bonusSpending,
  '0024-staff-roles': staffRoles,
  '0026-staff-security': staffSecurity,
  '0032-audit-log': auditLog,
  '0035-crash-game': crashGame,
  '0033-rg-one-statement': rgOneStatement,
  '0017-red-envelopes-and-raffles': redEnvelopesAndRaffles,
  '0028-operator-players': operatorPlayers,
  '0030-operator-content': operatorContent,
  '0031-operator-reports': operatorReports,
  '0027-operator-settings': operatorSettings,
  '0029-responsible-gaming': responsibleGaming,
  '0034-merchant-countries': merchantCountries,
  '0036-game-list-layout': gameListLayout,
  '0037-social-login': socialLogin,
  '0038-audit-social-login': auditSocialLogin,
  '0039-rg-windows-on-wallet': rgWindowsOnWallet,
  '0040-member-round-days': memberRoundDays,
  '0041-game-rounds-hot-updates': gameRoundsHotUpdates,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Applies every pending migration; throws with the failing migration's name and reason. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  // Numbers were handed out to parallel work (0007-0010) and landed out of order; a database that already
  // ran a later one still takes an earlier newcomer, since each migration touches only its own tables.
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
