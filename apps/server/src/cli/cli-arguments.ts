import type { OperatorCallName } from '@portal/contracts/calls';

/** The operator CLI's parsed command line and the argument checks every command group shares. */

export class UsageError extends Error {}

export interface Parsed {
  command: string;
  positional: string[];
  options: Map<string, string>;
  json: boolean;
}

/** One call of the operator API by name (the CLI's client fills the path, headers and token). */
export type Send = (
  name: OperatorCallName,
  options?: { id?: string; body?: unknown; query?: Record<string, string> },
) => Promise<unknown>;

export interface CommandResult {
  value: unknown;
  lines: string[];
  /** The CLI's exit code when the command ran but found a fault (audit-verify on a broken chain). */
  exitCode?: number;
}

export function needId(parsed: Parsed): string {
  const id = parsed.positional[0];
  if (!id || !/^[1-9][0-9]{0,17}$/.test(id)) throw new UsageError(`${parsed.command} needs a numeric <id>`);
  return id;
}

export function needReason(parsed: Parsed): string {
  const reason = parsed.options.get('reason')?.trim();
  if (!reason) throw new UsageError(`${parsed.command} needs --reason "<text>"`);
  return reason;
}

/** `--status` (one of `statuses`) and `--page` as a list call's query. */
export function listQuery(parsed: Parsed, statuses: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  const status = parsed.options.get('status');
  if (status !== undefined) {
    if (!statuses.includes(status)) throw new UsageError(`--status must be one of ${statuses.join(', ')}`);
    query.status = status;
  }
  const page = parsed.options.get('page');
  if (page !== undefined) {
    if (!/^[1-9][0-9]{0,3}$/.test(page)) throw new UsageError('--page must be a positive number');
    query.page = page;
  }
  return query;
}
