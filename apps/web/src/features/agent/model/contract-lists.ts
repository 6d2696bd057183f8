import type {
  AgentPeriodPreset,
  ConsolidatedContractFlags,
  ContractEndReason,
  ContractKind,
  ContractState,
  CreateDownlinePayload,
  DownlineSort,
  PayoutStatus,
  SalaryKind,
  TeamTransactionType,
  contractFlagKinds as contractFlagKindsOfContracts,
  maxContractTiers as maxContractTiersOfContracts,
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

/** The contract kinds (contracts: contractKinds), in the order the pages offer them. */
export const contractKinds = [
  'dailySalary',
  'hourlySalary',
  'realtimeSalary',
  'dividend',
] as const satisfies readonly ContractKind[];
export type _ContractKindsListed = Holds<ListsEvery<ContractKind, (typeof contractKinds)[number]>>;

/** Which kind each consolidated contract flag reports (contracts: contractFlagKinds). */
export const contractFlagKinds = {
  dailysalreqtype: 'dailySalary',
  divtypereq: 'dividend',
  contracthoursalreq: 'hourlySalary',
  realtimesalreqtype: 'realtimeSalary',
} as const satisfies typeof contractFlagKindsOfContracts;
export type ContractFlagName = keyof ConsolidatedContractFlags;

/** The flag that reports each kind: the reverse of `contractFlagKinds`, checked against it. */
export const contractFlagOfKind = {
  dailySalary: 'dailysalreqtype',
  hourlySalary: 'contracthoursalreq',
  realtimeSalary: 'realtimesalreqtype',
  dividend: 'divtypereq',
} as const satisfies Record<ContractKind, ContractFlagName>;
export type _FlagOfKindReverses = Holds<
  {
    [Kind in ContractKind]: (typeof contractFlagKinds)[(typeof contractFlagOfKind)[Kind]] extends Kind
      ? true
      : false;
  }[ContractKind]
>;

/** The states of a contract (contracts: contractStates). */
export const contractStates = [
  'requested',
  'accepted',
  'rejected',
  'terminated',
  'finished',
] as const satisfies readonly ContractState[];
export type _ContractStatesListed = Holds<ListsEvery<ContractState, (typeof contractStates)[number]>>;

/** Why a contract stopped paying (contracts: contractEndReasons). */
export const contractEndReasons = [
  'terminated_by_upline',
  'terminated_by_downline',
  'replaced',
  'rate_rule',
  'upline_ended',
] as const satisfies readonly ContractEndReason[];
export type _EndReasonsListed = Holds<ListsEvery<ContractEndReason, (typeof contractEndReasons)[number]>>;

/** The salary kinds of the salary records (contracts: salaryKinds). */
export const salaryKinds = ['daily', 'hourly', 'realtime'] as const satisfies readonly SalaryKind[];
export type _SalaryKindsListed = Holds<ListsEvery<SalaryKind, (typeof salaryKinds)[number]>>;

/** What became of a period's payout (contracts: payoutStatuses). */
export const payoutStatuses = ['paid', 'scheduled', 'nothing_due'] as const satisfies readonly PayoutStatus[];
export type _PayoutStatusesListed = Holds<ListsEvery<PayoutStatus, (typeof payoutStatuses)[number]>>;

/** The most tiers a contract may have (contracts: maxContractTiers). */
export const maxContractTiers = 10 satisfies typeof maxContractTiersOfContracts;

/** The account types a contract may be offered to: a direct downline agent (1 is a top agent, never below). */
export const contractAgentTypes = [2, 41, 42] as const;
export type ContractAgentType = (typeof contractAgentTypes)[number];
