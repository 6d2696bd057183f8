import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of installation secrets and security alerts. */

/** Stores a secret unless one of that name exists; answers the stored one either way. */
export async function insertOrSelectSecret(db: Kysely<DB>, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('installation_secrets')
    .values({ name, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('installation_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Records an alert once per merchant, kind, subject and window; answers whether this call recorded it. */
export async function insertAlertOnce(
  db: Kysely<DB>,
  alert: { merchantId: number; kind: string; subject: string; windowStart: Date; detail: object },
): Promise<boolean> {
  const row = await db
    .insertInto('security_alerts')
    .values({
      merchant_id: alert.merchantId,
      kind: alert.kind,
      subject: alert.subject,
      window_start: alert.windowStart,
      detail: JSON.stringify(alert.detail),
    })
    .onConflict((conflict) => conflict.constraint('security_alerts_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest alerts of a merchant, newest first. */
export function selectRecentAlerts(db: Kysely<DB>, merchantId: number, limit: number) {
  return db
    .selectFrom('security_alerts')
    .select(['id', 'kind', 'subject', 'window_start', 'detail', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
