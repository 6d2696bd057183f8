import type { ConsolidatedContractFlags } from '@portal/contracts';

/**
 * The agent menu of spec section 2, in its order, with the contract requests screen (spec section 2's
 * "contract requests") beside the contract pages it leads to.
 */
export const agentMenuPages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'contractRequests',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'deposit',
  'withdraw',
  'messages',
  'customerService',
] as const;
export type AgentMenuPage = (typeof agentMenuPages)[number];

type FlagName = keyof ConsolidatedContractFlags;

/** The pages a consolidated contract flag switches (spec section 3), by page. */
const pageFlags: Partial<Record<AgentMenuPage, FlagName>> = {
  agentDividendRecordCopy2: 'divtypereq',
  agentDailyWages2: 'dailysalreqtype',
  agentHourSalary: 'contracthoursalreq',
  agentRealtimeSalary: 'realtimesalreqtype',
};

/**
 * What the frame knows of the consolidated contract flags: still reading, the read failed (with a retry),
 * or the flags.
 */
export type ContractFlagsState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; flags: ConsolidatedContractFlags };

/** Whether a page depends on the contract flags (the four payout pages and contract requests). */
export function isContractPage(page: AgentMenuPage): boolean {
  return page === 'contractRequests' || pageFlags[page] !== undefined;
}

/** Whether the flags switch a page on: its own flag, or for contract requests any kind. */
export function isPageEnabled(page: AgentMenuPage, flags: ConsolidatedContractFlags): boolean {
  const flag = pageFlags[page];
  if (flag) return flags[flag].enabled;
  if (page === 'contractRequests') return Object.values(flags).some((kind) => kind.enabled);
  return true;
}

/** Requests awaiting the caller's answer, over every kind (the contract requests entry's badge). */
export function pendingCount(flags: ConsolidatedContractFlags): number {
  return Object.values(flags).reduce((sum, kind) => sum + kind.pending, 0);
}

/** The menu entries to show: a contract page only once the flags are read and switch it on. */
export function agentMenu(contractFlags: ContractFlagsState): AgentMenuPage[] {
  return agentMenuPages.filter((page) => {
    if (!isContractPage(page)) return true;
    return contractFlags.status === 'ready' && isPageEnabled(page, contractFlags.flags);
  });
}

/**
 * The entry whose page shows: the asked one (a page the site does not enable says so, rather than
 * silently showing another), else the first.
 */
export function currentAgentPage(asked: AgentMenuPage | null): AgentMenuPage {
  return asked ?? agentMenuPages[0];
}

/** The wall-clock time at a fixed offset from UTC, as "YYYY-MM-DD HH:mm:ss". */
export function formatClock(nowMs: number, gmtOffsetMinutes: number): string {
  const shifted = new Date(nowMs + gmtOffsetMinutes * 60_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** "GMT+07:00" for an offset of 420 minutes. */
export function formatGmtOffset(gmtOffsetMinutes: number): string {
  const sign = gmtOffsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(gmtOffsetMinutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${minutes}`;
}
