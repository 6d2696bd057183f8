import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorRole } from '@portal/contracts';
import { AppError } from '../../http/errors';
import { sessionPolicy } from '../auth';
import { findOperatorSession, type AuthenticatedOperator } from './operators.service';
import { enforceStaffGates } from './staff-gates';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling operator; set by requireOperator on /ops routes. */
    operator: AuthenticatedOperator;
  }
}

/** Operators whose role may move money (approve or reject deposits and withdrawals). */
export const moneyRoles: readonly OperatorRole[] = ['owner', 'finance'];
/** Every operator role may read the queues. */
export const allRoles: readonly OperatorRole[] = [
  'owner',
  'finance',
  'support',
  'content',
  'risk',
  'platform',
];

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}

/**
 * The guard of /ops calls: a live operator session of this request's merchant, from an address its
 * staff allow-list holds, with no pending duty blocking the call (staff-gates.ts), with one of `roles`.
 * A player's token is no operator token (they live in different tables), so it gets 401.
 */
export function requireOperator(roles: readonly OperatorRole[]): preHandlerAsyncHookHandler {
  return async function operatorGuard(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Operator login required');
    const { database, config } = request.server.deps;
    const operator = await findOperatorSession(database.db, sessionPolicy(config), token);
    if (!operator || operator.merchantId !== request.merchant.id) {
      throw new AppError('session_expired', 'The operator session has ended; log in again');
    }
    // Known before the gates and the role are checked, so a refused write is audited with its operator.
    request.operator = operator;
    enforceStaffGates(request, reply, operator);
    if (!roles.includes(operator.role)) {
      throw new AppError('operator_role_forbidden', `The ${operator.role} role may not do this`);
    }
  };
}
