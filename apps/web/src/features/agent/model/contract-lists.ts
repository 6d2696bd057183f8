import type {
  AgentPeriodPreset,
  CreateDownlinePayload,
  DownlineSort,
  TeamTransactionType,
} from '@portal/contracts';

/*
 * The agent contracts' value lists, written out here rather than imported: the contracts keep them beside
 * their zod schemas, and the web bundle never carries zod. Each list is checked against its contract type
 * both ways (`satisfies` for no extra value, `Holds<ListsEvery<...>>` for no missing one), so a value the
 * server adds fails to compile until the pages offer it.
 */

/** True when `Listed` names every member of `Contract`. */
type ListsEvery<Contract, Listed> = [Exclude<Contract, Listed>] extends [never] ? true : false;
type Holds<Check extends true> = Check;

/** The period shortcuts (contracts: agentPeriodPresets). */
export const periodPresets = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'last7',
  'last30',
  'next7',
  'next30',
] as const satisfies readonly AgentPeriodPreset[];
export type _PresetsListed = Holds<ListsEvery<AgentPeriodPreset, (typeof periodPresets)[number]>>;

/** The downline list's sorts (contracts: downlineSorts). */
export const downlineSorts = [
  'account',
  'registeredAt',
  'lastLoginAt',
  'level',
  'validBet',
] as const satisfies readonly DownlineSort[];
export type _SortsListed = Holds<ListsEvery<DownlineSort, (typeof downlineSorts)[number]>>;

/** The kinds of team movement (contracts: teamTransactionTypes). */
export const teamTransactionTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'bet',
  'win',
  'rollback',
] as const satisfies readonly TeamTransactionType[];
export type _TransactionTypesListed = Holds<
  ListsEvery<TeamTransactionType, (typeof teamTransactionTypes)[number]>
>;

/** What registerCenter may create (contracts: downlineAccountTypes). */
export type DownlineAccountType = CreateDownlinePayload['type'];
export const downlineAccountTypes = [0, 2, 41, 42] as const satisfies readonly DownlineAccountType[];
export type _AccountTypesListed = Holds<
  ListsEvery<DownlineAccountType, (typeof downlineAccountTypes)[number]>
>;

/** Account types the downline search filters by: a member (0) or an agent type (1, 2, 41, 42). */
export const memberTypeFilters = [0, 1, 2, 41, 42] as const;

/** Whether a number is a type registerCenter may create. */
export function isDownlineAccountType(value: number): value is DownlineAccountType {
  return downlineAccountTypes.some((type) => type === value);
}
