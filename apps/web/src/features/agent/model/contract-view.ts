import type { AgentContract, ConsolidatedContractFlags, ContractFlag, ContractKind } from '@portal/contracts';
import { contractFlagOfKind, contractKinds } from './contract-lists';

/** What the caller may do with a contract row. */
export type ContractAction = 'accept' | 'reject' | 'withdraw' | 'terminate';

/** An offer or request the other side made, waiting for the caller's answer. */
export function isAwaitingMe(contract: AgentContract): boolean {
  return contract.state === 'requested' && contract.proposedBy !== contract.myRole;
}

/** The actions a row offers: answer what awaits the caller, withdraw its own, end what is in force. */
export function contractActions(contract: AgentContract): ContractAction[] {
  if (contract.state === 'requested') {
    return isAwaitingMe(contract) ? ['accept', 'reject'] : ['withdraw'];
  }
  // Once terminated, an accepted contract keeps paying to the end of its period (endsAt is set).
  if (contract.state === 'accepted' && contract.endsAt === null) return ['terminate'];
  return [];
}

/** The other party of a contract, seen from the caller. */
export function counterpartOf(contract: AgentContract): AgentContract['upline'] {
  return contract.myRole === 'upline' ? contract.downline : contract.upline;
}

/** The flag that reports a kind. */
export function flagOfKind(flags: ConsolidatedContractFlags, kind: ContractKind): ContractFlag {
  return flags[contractFlagOfKind[kind]];
}

/** The kinds the merchant has switched on, in the pages' order. */
export function enabledKinds(flags: ConsolidatedContractFlags | null | undefined): ContractKind[] {
  if (!flags) return [];
  return contractKinds.filter((kind) => flagOfKind(flags, kind).enabled);
}
