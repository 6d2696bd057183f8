import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import * as repo from './security.repo';

/**
 * A secret this installation makes for itself on first use (256 random bits, base64url) and keeps in the
 * database, so every instance shares it and no copy of it is in the source. Two instances asking at
 * once both get the one that was stored first.
 */
export function installationSecret(db: Kysely<DB>, name: string): Promise<string> {
  return repo.insertOrSelectSecret(db, name, randomBytes(32).toString('base64url'));
}

const alertWindowMs = 3_600_000;

export interface SecurityAlert {
  merchantId: number;
  /** What was seen, e.g. `login_attack` or `operator_login_attack`. */
  kind: string;
  /** What it was aimed at, e.g. `account:42` or `operator:finance`. */
  subject: string;
  detail: Record<string, unknown>;
}

/**
 * Raises an alert: one row per kind and subject an hour (operators read them; docs/security.md) and a
 * warn log line the first time in that hour, so an attack is visible instead of locking anyone out.
 */
export async function raiseAlert(
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  alert: SecurityAlert,
): Promise<void> {
  const windowStart = new Date(Math.floor(Date.now() / alertWindowMs) * alertWindowMs);
  const recorded = await repo.insertAlertOnce(db, { ...alert, windowStart });
  if (recorded) log.warn({ securityAlert: alert }, `security alert: ${alert.kind} on ${alert.subject}`);
}

/** The merchant's newest alerts (at most 200). */
export async function recentAlerts(db: Kysely<DB>, merchantId: number, limit = 50) {
  const rows = await repo.selectRecentAlerts(db, merchantId, Math.min(Math.max(limit, 1), 200));
  return rows.map((row) => ({
    id: row.id.toString(),
    kind: row.kind,
    subject: row.subject,
    windowStart: row.window_start.toISOString(),
    detail: row.detail,
    createdAt: row.created_at.toISOString(),
  }));
}
