import { headers as headerNames, operatorCalls, type OperatorCallName } from '@portal/contracts/calls';
import { depositStatuses, withdrawalStatuses } from '@portal/contracts';
import { listQuery, needId, needReason, UsageError, type CommandResult, type Parsed } from './cli-arguments';
import { commandGroups, groupOf } from './command-groups';
import { isContentUsageError } from './content-commands';
import { linesOf, terminalLines } from './terminal-text';

/**
 * `npm run operator -- <command>`: an HTTP client of the operator API (/ops/...), so it works against any
 * running portal, local or remote, with the same rules and audit as the coming console. It logs in,
 * runs one command and logs out. Exit codes: 0 done, 1 refused or unreachable, 2 usage error.
 */
export const usage = `Usage: npm run operator -- <command> [options]

Commands:
  deposits [--status pending|approved|rejected] [--page N]
  approve-deposit <id>
  reject-deposit <id> --reason "<text>"
  withdrawals [--status pending|disbursed|not_received|...] [--page N]
  approve-withdrawal <id>          the payout was made (disbursed)
  reject-withdrawal <id> --reason "<text>"
  return-withdrawal <id>           return the missing part of a not-received or partially-received payout
  alerts                           attacks seen (failed-login pile-ups, suspicious vendor wins), newest first
  help

Options:
  --url <base>        portal address (PORTAL_URL; default http://localhost:<PORT>, the server's PORT, 8080)
  --user <name>       operator username (OPERATOR_USER)
  --password <pass>   operator password (OPERATOR_PASSWORD)
  --otp <code>        the authenticator app's current code (OPERATOR_OTP); every staff account has one,
                      enrolled at its first login at /operator
  --merchant <code>   merchant code sent as X-Merchant-Code (PORTAL_MERCHANT; default: the portal's default)
  --json              print the raw JSON answer
${commandGroups.map((group) => group.usage).join('')}`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  fetch: typeof fetch;
}

const valueOptions = new Set([
  'url',
  'user',
  'password',
  'otp',
  'merchant',
  'status',
  'reason',
  'page',
  'file',
  'image',
  'activity',
]);

function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  let json = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--json') {
      json = true;
    } else if (argument.startsWith('--')) {
      const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!valueOptions.has(name)) throw new UsageError(`unknown option --${name}`);
      const value = inline ?? argv[(index += 1)];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else {
      positional.push(argument);
    }
  }
  const [command = 'help', ...rest] = positional;
  return { command, positional: rest, options, json };
}

interface Envelope {
  success: boolean;
  value: unknown;
  message: string;
  code?: string;
}

class ApiFailure extends Error {}

/** One call of the operator API; throws ApiFailure with the server's code and message on refusal. */
/** Where the portal is and what said so: --url, PORTAL_URL, or the server's own PORT (default 8080). */
export function portalAddress(
  url: string | undefined,
  env: Record<string, string | undefined>,
): { baseUrl: string; source: string } {
  const [address, source] = url
    ? [url, '--url']
    : env.PORTAL_URL
      ? [env.PORTAL_URL, 'PORTAL_URL']
      : env.PORT
        ? [`http://localhost:${env.PORT}`, "the server's PORT"]
        : ['http://localhost:8080', 'the default port, PORT unset'];
  return { baseUrl: address.replace(/\/+$/, ''), source };
}

/** Why a request never got an answer, with the network error's code when there is one (ECONNREFUSED). */
function unreachable(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const detail =
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${message} (${detail})` : message;
}

function client(io: CliIo, portal: { baseUrl: string; source: string }, merchant: string | undefined) {
  const { baseUrl } = portal;
  let token: string | undefined;
  const send = async (
    name: OperatorCallName,
    options: { id?: string; body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const definition = operatorCalls[name];
    const path = definition.path.replace(':id', encodeURIComponent(options.id ?? ''));
    const search = new URLSearchParams(options.query ?? {}).toString();
    const requestHeaders: Record<string, string> = {
      accept: 'application/json',
      [headerNames.moduleId]: 'ops',
    };
    if (merchant) requestHeaders[headerNames.merchantCode] = merchant;
    if (token && definition.token) requestHeaders.authorization = `Bearer ${token}`;
    if (options.body !== undefined) requestHeaders['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await io.fetch(`${baseUrl}${path}${search ? `?${search}` : ''}`, {
        method: definition.method,
        headers: requestHeaders,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ApiFailure(
        `cannot reach the portal at ${baseUrl} (from ${portal.source}): ${unreachable(error)}. Is the server running? Give its address with --url or PORTAL_URL.`,
      );
    }
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    if (!envelope || !envelope.success) {
      const code = envelope?.code ?? `http_${response.status}`;
      throw new ApiFailure(`${code}: ${envelope?.message ?? response.statusText}`);
    }
    return envelope.value;
  };
  return {
    send,
    async login(username: string, password: string, otp: string | undefined) {
      const body = { username, password, ...(otp ? { otp } : {}) };
      const session = (await send('operatorLogin', { body })) as {
        token: string;
        mustChangePassword: boolean;
        mustEnrolTotp: boolean;
      };
      token = session.token;
      // Such a session may make no command's call: the console is where staff do both.
      if (session.mustChangePassword) {
        throw new ApiFailure(
          'operator_password_change_required: log in at /operator in a browser and choose a new password first',
        );
      }
      if (session.mustEnrolTotp) {
        throw new ApiFailure(
          'operator_totp_enrolment_required: log in at /operator in a browser and enrol an authenticator app first',
        );
      }
    },
    async logout() {
      if (token) await send('operatorLogout').catch(() => undefined);
    },
  };
}

interface Row {
  id: string;
  username: string;
  amount: string;
  status: string;
  createdAt: string;
  channelName?: string;
  reference?: string | null;
  hasProof?: boolean;
  bankName?: string;
  accountNumber?: string;
  holderName?: string;
  missingAmount?: string | null;
}

function table(rows: Row[], extra: (row: Row) => string): string[] {
  if (rows.length === 0) return ['(none)'];
  return rows.map((row) =>
    [
      row.id.padStart(6),
      row.status.padEnd(18),
      row.amount.padStart(12),
      row.username.padEnd(16),
      row.createdAt,
      extra(row),
    ]
      .join('  ')
      .trimEnd(),
  );
}

type Api = ReturnType<typeof client>;

/** Runs one parsed command against the API; returns the lines to print. */
async function execute(api: Api, parsed: Parsed): Promise<CommandResult> {
  const page = (value: unknown) => (value as { items: Row[]; total: number }).items;
  const decided = (value: unknown, key: 'deposit' | 'withdrawal') => {
    const result = value as Record<string, Row> & { replayed: boolean };
    const row = result[key]!;
    return [`${key} ${row.id}: ${row.status}${result.replayed ? ' (already)' : ''}`];
  };
  switch (parsed.command) {
    case 'deposits': {
      const value = await api.send('opsDeposits', { query: listQuery(parsed, depositStatuses) });
      return {
        value,
        lines: table(
          page(value),
          (row) => `${row.channelName ?? ''} ref=${row.reference ?? '-'}${row.hasProof ? ' proof' : ''}`,
        ),
      };
    }
    case 'withdrawals': {
      const value = await api.send('opsWithdrawals', { query: listQuery(parsed, withdrawalStatuses) });
      return {
        value,
        lines: table(
          page(value),
          (row) =>
            `${row.bankName ?? ''} ${row.accountNumber ?? ''} ${row.holderName ?? ''}${row.missingAmount ? ` missing=${row.missingAmount}` : ''}`,
        ),
      };
    }
    case 'approve-deposit': {
      const value = await api.send('opsDepositApprove', { id: needId(parsed) });
      return { value, lines: decided(value, 'deposit') };
    }
    case 'reject-deposit': {
      const id = needId(parsed);
      const value = await api.send('opsDepositReject', { id, body: { reason: needReason(parsed) } });
      return { value, lines: decided(value, 'deposit') };
    }
    case 'approve-withdrawal': {
      const value = await api.send('opsWithdrawalApprove', { id: needId(parsed) });
      return { value, lines: decided(value, 'withdrawal') };
    }
    case 'reject-withdrawal': {
      const id = needId(parsed);
      const value = await api.send('opsWithdrawalReject', { id, body: { reason: needReason(parsed) } });
      return { value, lines: decided(value, 'withdrawal') };
    }
    case 'return-withdrawal': {
      const value = await api.send('opsWithdrawalReturn', { id: needId(parsed) });
      return { value, lines: decided(value, 'withdrawal') };
    }
    case 'alerts': {
      const value = await api.send('opsSecurityAlerts');
      const alerts = value as { createdAt: string; kind: string; subject: string; detail: object }[];
      const lines = alerts.map((alert) =>
        [alert.createdAt, alert.kind.padEnd(22), alert.subject.padEnd(24), JSON.stringify(alert.detail)].join(
          '  ',
        ),
      );
      return { value, lines: lines.length > 0 ? lines : ['(none)'] };
    }
    default: {
      const group = groupOf(parsed.command);
      if (group) return group.execute(api.send, parsed);
      throw new UsageError(`unknown command ${parsed.command}`);
    }
  }
}

const commands = new Set([
  'deposits',
  'withdrawals',
  'approve-deposit',
  'reject-deposit',
  'approve-withdrawal',
  'reject-withdrawal',
  'return-withdrawal',
  'alerts',
]);

/** The CLI: parses argv (without node and script), runs the command, returns the exit code. */
export async function runOperatorCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  // The one place the CLI writes: every line escaped (see terminal-text.ts), whoever wrote its text.
  const print = {
    out: (lines: readonly string[]) => io.out(terminalLines(lines)),
    err: (lines: readonly string[]) => io.err(terminalLines(lines)),
  };
  let parsed: Parsed;
  try {
    parsed = parse(argv);
    if (parsed.command === 'help') {
      print.out(linesOf(usage));
      return 0;
    }
    const group = groupOf(parsed.command);
    if (!commands.has(parsed.command) && !group) throw new UsageError(`unknown command ${parsed.command}`);
    // Checked before any network call, so a usage mistake never logs in.
    const problem = group ? group.problem(parsed) : null;
    if (problem) throw new UsageError(problem);
    if (!group && parsed.command.includes('-')) needId(parsed);
    if (!group && parsed.command.startsWith('reject-')) needReason(parsed);
  } catch (error) {
    print.err([`operator: ${(error as Error).message}`, '', ...linesOf(usage)]);
    return 2;
  }
  const user = parsed.options.get('user') ?? env.OPERATOR_USER;
  const password = parsed.options.get('password') ?? env.OPERATOR_PASSWORD;
  if (!user || !password) {
    print.err([
      'operator: credentials needed: --user and --password, or OPERATOR_USER and OPERATOR_PASSWORD',
    ]);
    return 2;
  }
  const portal = portalAddress(parsed.options.get('url'), env);
  const api = client(io, portal, parsed.options.get('merchant') ?? env.PORTAL_MERCHANT);
  try {
    await api.login(user, password, parsed.options.get('otp') ?? env.OPERATOR_OTP);
    const { value, lines, exitCode } = await execute(api, parsed);
    print.out(parsed.json ? linesOf(JSON.stringify(value, null, 2)) : lines);
    return exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError || isContentUsageError(error)) {
      print.err([`operator: ${error.message}`]);
      return 2;
    }
    print.err([`operator: ${error instanceof Error ? error.message : String(error)}`]);
    return 1;
  } finally {
    await api.logout();
  }
}
