import { sql, type Kysely } from 'kysely';

/**
 * The merchant's brand for the operator console's settings (issue 16): a logo (an uploaded content
 * image's address) and the primary and accent colours the player side's themes take. The merchants
 * trigger of 0001 announces changes on `portal_config`, so every instance drops its settings snapshot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchants
    add column logo_url text check (logo_url ~ '^/wps/content/images/[A-Za-z0-9/_.-]+$'),
    add column primary_color text check (primary_color ~ '^#[0-9a-f]{6}$'),
    add column accent_color text check (accent_color ~ '^#[0-9a-f]{6}$')`.execute(db);
}
