import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { trialType } from '@portal/contracts';
import { findSession, type AuthenticatedSession, type SessionPolicy } from '../modules/auth';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set by requireSession on the routes that use it. */
    session: AuthenticatedSession;
  }
}

export interface GuardOptions {
  /** Trial (free-play) accounts may call it; otherwise they get in_need_true_account. */
  allowTrial?: boolean;
  /** Allowed while the session must change its password (change password, logout, member info). */
  duringForcedChange?: boolean;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}

/**
 * The role check of every protected call, on the server (spec section 6): a live session of this
 * merchant, the forced password change enforced, trial accounts kept out of real-account actions.
 */
export function requireSession(
  policy: () => SessionPolicy,
  options: GuardOptions = {},
): preHandlerAsyncHookHandler {
  return async function sessionGuard(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Please log in');
    const session = await findSession(request.server.deps.database.db, policy(), token);
    // A token of another merchant is as good as none here: no call crosses merchants.
    if (!session || session.merchantId !== request.merchant.id) {
      throw new AppError('session_expired', 'Your session has ended; please log in again');
    }
    if (session.mustChangePassword && !options.duringForcedChange) {
      throw new AppError('password_change_required', 'Change your password first');
    }
    if (session.memberType === trialType && !options.allowTrial) {
      throw new AppError('in_need_true_account', 'A real account is needed for this');
    }
    request.session = session;
  };
}
