import type { ModuleFlags } from '@portal/contracts';

/** The agent menu of spec section 2, in its order; two entries depend on the merchant's modules. */
export const agentMenuPages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
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

/** The menu entries this merchant offers: dividends only with contract dividends, daily wages only with salary. */
export function agentMenu(
  modules: Pick<ModuleFlags, 'contractDividends' | 'salary'> | null,
): AgentMenuPage[] {
  return agentMenuPages.filter((page) => {
    if (page === 'agentDividendRecordCopy2') return modules?.contractDividends === true;
    if (page === 'agentDailyWages2') return modules?.salary === true;
    return true;
  });
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
