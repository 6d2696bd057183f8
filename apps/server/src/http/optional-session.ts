import type { FastifyRequest } from 'fastify';
import { findSession, sessionPolicy, type AuthenticatedSession } from '../modules/auth';

/**
 * The caller's live session of this merchant when the request carries one, else undefined. For calls
 * that answer visitors and members differently (popups, feedback): an expired or foreign token is
 * treated as a visitor, never as an error.
 */
export async function optionalSession(request: FastifyRequest): Promise<AuthenticatedSession | undefined> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return undefined;
  const { database, config } = request.server.deps;
  const session = await findSession(database.db, sessionPolicy(config), token);
  return session && session.merchantId === request.merchant.id ? session : undefined;
}
