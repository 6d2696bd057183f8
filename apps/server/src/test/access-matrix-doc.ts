import { accessMatrix, roles, type Answer, type Role } from './access-matrix';
import { callGroups, type DefinedCallName } from './defined-calls';

/** One letter per refusal, so fifteen columns fit a page; the legend spells each out. */
const letters: Record<Exclude<Answer, 'allow'>, string> = {
  '401 unauthorized': 'U',
  '401 session_expired': 'S',
  '401 game_session_invalid': 'G',
  '401 unknown_vendor': 'V',
  '403 in_need_true_account': 'T',
  '403 not_agent': 'N',
  '403 forbidden': 'F',
  '403 operator_role_forbidden': 'R',
};

const headings: Record<Role, string> = {
  visitor: 'visitor',
  trial: 'trial',
  player: 'player',
  agent1: 'agent 1',
  agent2: 'agent 2',
  agent41: 'agent 41',
  agent42: 'agent 42',
  gameSession: 'game session',
  owner: 'owner',
  finance: 'finance',
  support: 'support',
  content: 'content',
  risk: 'risk',
  platform: 'platform',
  vendor: 'vendor',
};

function cell(answer: Answer): string {
  return answer === 'allow' ? 'yes' : letters[answer];
}

/**
 * docs/access-matrix.md: the reviewed table (test/access-matrix.ts) as one Markdown table per area group
 * of the call catalogue, a row per call, a column per kind of caller. Written by
 * `UPDATE_ACCESS_MATRIX=1` in access-matrix.test.ts, which otherwise fails when the file is stale.
 */
export function renderAccessMatrix(): string {
  const lines = [
    '# Authorization matrix',
    '',
    'Who may make each call of the API (issue 21). Generated from the reviewed table',
    "`apps/server/src/test/access-matrix.ts` (the /ops calls' staff columns from",
    "`apps/server/src/modules/operators/ops-access.ts`, the operator API's guard) by",
    '`UPDATE_ACCESS_MATRIX=1 npx vitest run --project server apps/server/src/http/access-matrix.test.ts`;',
    "do not edit by hand. The test sends every call as every caller with a request valid for the call's",
    'schemas and fails when an answer differs from the table, when a call has no row, or when this file is',
    'stale.',
    '',
    "`yes`: the call is the caller's to make (any answer but 401 or 403, or a refusal of the request's",
    'content after the caller was let in: a wrong password or payment password, a transfer outside the',
    'team, a switch that is off). Otherwise the exact refusal:',
    '',
    ...Object.entries(letters).map(([answer, letter]) => `- \`${letter}\`: ${answer}`),
    '',
    'Validation comes before the guards: a caller without the right who sends a malformed body gets 400',
    '(the schemas GET /openapi.json publishes anyway), not 401/403; the test sends valid bodies so the guard',
    'answers. Why the order is kept for now: the comment of access-matrix.test.ts.',
    '',
    'Callers: a visitor (no token); a free-play session (trial, member type 4); a player (type 0); each',
    'agent type (1 top agent, 2 agent, 41 and 42 sub-agents, decision 0028); the game session token of a',
    'BGS launch; each staff role; a vendor signing with its secret.',
    '',
  ];
  const header = `| Call | Method and path | ${roles.map((role) => headings[role]).join(' | ')} |`;
  const rule = `|---|---|${roles.map(() => ':-:').join('|')}|`;
  // The portal's and partners' calls first, the operator API's after.
  const groups = callGroups().sort(
    ([a], [b]) => Number(a.startsWith('ops')) - Number(b.startsWith('ops')) || a.localeCompare(b),
  );
  for (const [groupName, calls] of groups) {
    lines.push(`## ${groupName}`, '', header, rule);
    for (const [name, call] of calls) {
      const row = accessMatrix[name as DefinedCallName];
      const cells = roles.map((role) => cell(row[role])).join(' | ');
      lines.push(`| ${name} | ${call.method} \`${call.path}\` | ${cells} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
