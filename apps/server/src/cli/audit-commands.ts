import type { AuditEntry, AuditVerification } from '@portal/contracts';
import type { CommandResult, Send } from './cli-arguments';

/**
 * The audit commands of `npm run operator` (decision 0035): the staff actions, newest first, and the
 * verification of their hash chain, which exits 1 and names the row where the chain breaks.
 */
export const auditUsage = `
Audit commands (owner, risk):
  audit [--page N]                staff actions, newest first: when, who, from where, what, outcome
  audit-verify                    checks the audit hash chain; exit 1 and the first broken row if it breaks
`;

export const auditCommands = new Set(['audit', 'audit-verify']);

/** The usage mistake of an audit command (checked before logging in), or null. */
export function auditUsageProblem(page: string | undefined): string | null {
  return page !== undefined && !/^[1-9][0-9]{0,3}$/.test(page) ? '--page must be a positive number' : null;
}

function entryLine(entry: AuditEntry): string {
  return [
    `#${entry.seq}`.padEnd(7),
    entry.at.slice(0, 19),
    entry.operatorName.padEnd(16),
    (entry.ip ?? '-').padEnd(16),
    entry.action.padEnd(28),
    JSON.stringify(entry.target).padEnd(18),
    `${entry.changeCount} rows`.padEnd(9),
    entry.outcome,
  ].join('  ');
}

/** Runs an audit command; answers the API's value, the lines to print and, for a broken chain, exit 1. */
export async function executeAudit(
  send: Send,
  command: string,
  page: string | undefined,
): Promise<CommandResult> {
  if (command === 'audit-verify') {
    const value = (await send('opsAuditVerify')) as AuditVerification;
    if (value.intact) return { value, lines: [`audit chain intact: ${value.checked} rows checked`] };
    const broken = value.brokenAt!;
    return {
      value,
      lines: [
        `audit chain BROKEN at row #${broken.seq} (id ${broken.id}): ${broken.reason.replace('_', ' ')}`,
        `${value.checked} rows before it check out`,
      ],
      exitCode: 1,
    };
  }
  const value = (await send('opsAuditLog', { query: page ? { page } : {} })) as {
    items: AuditEntry[];
    total: number;
  };
  const lines = value.items.map(entryLine);
  return { value, lines: [...(lines.length > 0 ? lines : ['(none)']), `${value.total} in all`] };
}
