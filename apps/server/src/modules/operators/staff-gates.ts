import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDefinition } from '@portal/contracts';
import { opsSessionCalls } from '@portal/contracts/calls';
import { AppError } from '../../http/errors';
import type { AuthenticatedOperator } from './operators.service';
import { addressAllowed } from './staff-access';

/**
 * What every /ops call checks after the session and before the role (issue 16): the merchant's staff IP
 * allow-list, then the account's pending duties. A session whose account must change its password may
 * make only that call; one without an authenticator may only enrol one (every staff account has one).
 * Both may ask who they are and log out. Each answer also says when the session ends (headers), so the
 * console can warn before the idle limit.
 */
const alwaysAllowed: readonly CallDefinition[] = [opsSessionCalls.operatorMe, opsSessionCalls.operatorLogout];
const passwordCalls: readonly CallDefinition[] = [...alwaysAllowed, opsSessionCalls.opsPasswordChange];
const enrolmentCalls: readonly CallDefinition[] = [
  ...alwaysAllowed,
  opsSessionCalls.opsTotpEnrol,
  opsSessionCalls.opsTotpConfirm,
];

/** Response headers with the session's absolute and idle end (ISO 8601). */
export const sessionHeaders = {
  expiresAt: 'x-session-expires-at',
  idleExpiresAt: 'x-session-idle-expires-at',
} as const;

function isOneOf(request: FastifyRequest, calls: readonly CallDefinition[]): boolean {
  const path = request.routeOptions.url;
  return calls.some((call) => call.path === path && call.method === request.method);
}

/** Throws unless this operator may make this call from this address now (roles aside). */
export function enforceStaffGates(
  request: FastifyRequest,
  reply: FastifyReply,
  operator: AuthenticatedOperator,
): void {
  if (!addressAllowed(operator.ipAllowList, request.visitor.ip)) {
    throw new AppError('operator_ip_not_allowed', 'Staff access is not allowed from this address');
  }
  void reply.header(sessionHeaders.expiresAt, operator.expiresAt.toISOString());
  void reply.header(sessionHeaders.idleExpiresAt, operator.idleExpiresAt.toISOString());
  if (operator.mustChangePassword && !isOneOf(request, passwordCalls)) {
    throw new AppError('operator_password_change_required', 'Change your password first');
  }
  if (!operator.mustChangePassword && operator.mustEnrolTotp && !isOneOf(request, enrolmentCalls)) {
    throw new AppError('operator_totp_enrolment_required', 'Enrol an authenticator first');
  }
}
