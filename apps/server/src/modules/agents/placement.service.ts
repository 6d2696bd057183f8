import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './placement.repo';

/** Agents of type 1 and 2 may have agents below them; every agent type may have members (decision 0028). */
const agentTypes = new Set([1, 2, 41, 42]);
const teamLeaderTypes = new Set([1, 2]);

export interface MoveResult {
  id: number;
  account: string;
  uplineAccount: string;
  movedTeam: number;
}

/**
 * The operator's move of an account under another agent of its merchant (decision 0034): the account and,
 * for an agent, its whole team; the closure rows, the team rollups' history and the activity bits move
 * in this one transaction, so every agent's reports show the team as it now is, past periods included.
 * Refused: a trial account or a top agent (no upline by rule), an upline that is not an agent of the
 * merchant or may not have this account's type below it, the account's own team (a cycle), and an
 * account that is the downline of a live contract (its upline's contract would pay across the move).
 */
export async function moveAccount(
  trx: Transaction<DB>,
  merchantId: number,
  memberId: number,
  uplineAccount: string,
): Promise<MoveResult> {
  await repo.lockForMove(trx, memberId);
  const account = await repo.selectAccount(trx, merchantId, { id: memberId });
  if (!account) throw new AppError('not_found', 'No such account');
  const upline = await repo.selectAccount(trx, merchantId, {
    usernameKey: uplineAccount.normalize('NFC').toLowerCase(),
  });
  if (!upline) throw new AppError('placement_invalid', 'The new upline is not an account of this merchant');
  if (account.type === 4 || account.type === 1) {
    throw new AppError('placement_invalid', 'A trial account or a top agent has no upline');
  }
  if (await repo.isInSubtree(trx, account.id, upline.id)) {
    throw new AppError('placement_cycle', 'The new upline is this account or in its own team');
  }
  const allowed = agentTypes.has(account.type) ? teamLeaderTypes : agentTypes;
  if (!allowed.has(upline.type)) {
    throw new AppError('placement_invalid', 'The new upline may not have this kind of account below it');
  }
  if (account.parent_agent_id === upline.id) {
    throw new AppError('placement_invalid', 'The account is already under this upline');
  }
  if ((await repo.countLiveContractsAsDownline(trx, account.id)) > 0) {
    throw new AppError('contracts_live', 'End the contracts with its current upline first');
  }
  await repo.subtractHistory(trx, account.id);
  const activity = await repo.takeActivity(trx, account.id);
  await repo.moveClosure(trx, merchantId, account.id, upline.id);
  await repo.addHistory(trx, merchantId, account.id);
  await repo.putActivity(trx, account.id, activity);
  return {
    id: account.id,
    account: account.username,
    uplineAccount: upline.username,
    movedTeam: await repo.countTeam(trx, account.id),
  };
}

/** The account's place in the tree: its upline chain (top first) and the size of its team. */
export async function teamPlacement(db: Kysely<DB>, memberId: number) {
  const upline = await db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.ancestor_id')
    .select(['m.id', 'm.username', 'm.type'])
    .where('t.descendant_id', '=', memberId)
    .where('t.ancestor_id', '<>', memberId)
    .orderBy('t.depth', 'desc')
    .execute();
  const counts = await db
    .selectFrom('agent_tree')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('depth', '=', 1).as('direct'),
      eb.fn.countAll<string>().filterWhere('depth', '>', 0).as('team'),
    ])
    .where('ancestor_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    upline: upline.map((row) => ({ id: String(row.id), account: row.username, type: row.type })),
    directCount: Number(counts.direct),
    teamCount: Number(counts.team),
  };
}

/** The account's latest contracts (at most 20), on either side. */
export async function contractsOf(db: Kysely<DB>, memberId: number) {
  const rows = await db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as u', 'u.id', 'c.upline_id')
    .innerJoin('members as d', 'd.id', 'c.downline_id')
    .select([
      'c.id',
      'c.kind',
      'c.state',
      'c.upline_id',
      'c.created_at',
      'u.username as upline_account',
      'd.username as downline_account',
    ])
    .where((eb) => eb.or([eb('c.upline_id', '=', memberId), eb('c.downline_id', '=', memberId)]))
    .orderBy('c.created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => {
    const side = row.upline_id === memberId ? ('upline' as const) : ('downline' as const);
    return {
      id: String(row.id),
      kind: row.kind,
      state: row.state,
      side,
      counterpartAccount: side === 'upline' ? row.downline_account : row.upline_account,
      createdAt: row.created_at.toISOString(),
    };
  });
}
