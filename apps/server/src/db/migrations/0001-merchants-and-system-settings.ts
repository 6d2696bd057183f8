import { sql, type Kysely } from 'kysely';

/**
 * The white-label foundation: merchants, their domains and the per-merchant settings the system calls
 * read. Every change to these tables is announced on the `portal_config` channel, so every server
 * instance drops its cached configuration at once (see modules/system/merchant-config-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (column) =>
      column
        .notNull()
        .unique()
        .check(sql`code ~ '^[a-z0-9_-]{2,32}$'`),
    )
    .addColumn('name', 'text', (column) => column.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('is_default', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('main_domain', 'text', (column) => column.notNull())
    .addColumn('currency_code', 'text', (column) => column.notNull().check(sql`currency_code ~ '^[A-Z]{3}$'`))
    .addColumn('currency_symbol', 'text', (column) => column.notNull())
    .addColumn('currency_decimals', 'smallint', (column) =>
      column.notNull().check(sql`currency_decimals between 0 and 4`),
    )
    .addColumn('default_language', 'text', (column) => column.notNull())
    .addColumn('languages', sql`text[]`, (column) => column.notNull())
    .addColumn('themes', sql`text[]`, (column) => column.notNull())
    .addColumn('default_theme', 'text', (column) => column.check(sql`default_theme in ('dark', 'light')`))
    .addColumn('modules', 'jsonb', (column) => column.notNull())
    .addColumn('maintenance_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('maintenance_message', 'text')
    .addColumn('maintenance_allow_ips', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('allowed_countries', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('blocked_countries', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('analytics_gtag_id', 'text')
    .addColumn('image_cdns', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('launch_game_cdns', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('merchants_default_language_enabled', sql`default_language = any(languages)`)
    .execute();
  // At most one default merchant: the one that answers requests no domain or code claims.
  await sql`create unique index merchants_one_default on merchants (is_default) where is_default`.execute(db);

  await db.schema
    .createTable('merchant_domains')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (column) =>
      column
        .notNull()
        .unique()
        .check(sql`domain = lower(domain) and length(domain) between 1 and 253`),
    )
    .addColumn('is_main', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('merchant_domains_merchant')
    .on('merchant_domains')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('register_settings')
    .addColumn('merchant_id', 'integer', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('field', 'text', (column) => column.notNull())
    .addColumn('shown', 'boolean', (column) => column.notNull())
    .addColumn('required', 'boolean', (column) => column.notNull())
    .addColumn('accepted_pattern', 'text', (column) => column.notNull().defaultTo('*'))
    .addColumn('min_length', 'smallint', (column) => column.notNull().check(sql`min_length >= 0`))
    .addColumn('max_length', 'smallint', (column) => column.notNull())
    .addColumn('pattern_id', 'smallint', (column) => column.notNull().check(sql`pattern_id between 0 and 19`))
    .addColumn('sequence', 'smallint', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('register_settings_pk', ['merchant_id', 'field'])
    .addCheckConstraint('register_settings_length_range', sql`max_length >= greatest(min_length, 1)`)
    .addCheckConstraint('register_settings_required_shown', sql`not required or shown`)
    .execute();

  await db.schema
    .createTable('customer_service_entries')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('cs_type', 'text', (column) => column.notNull().check(sql`cs_type = 'CS'`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('sequence', 'smallint', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('resource_type', 'text', (column) =>
      column
        .notNull()
        .check(
          sql`resource_type in ('FACEBOOK','TIKTOK','YOUTUBE','TWITTER','INSTAGRAM','TELEGRAM','WHATSAPP','Android','iOS')`,
        ),
    )
    .addColumn('url', 'text', (column) => column.notNull().check(sql`url ~ '^https?://'`))
    .addColumn('label_name_en', 'text', (column) => column.notNull())
    .addColumn('sequence', 'smallint', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('help_articles')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('device', 'text', (column) => column.notNull().defaultTo('WEB'))
    .addColumn('term', 'text', (column) => column.notNull().check(sql`term ~ '^[a-z0-9-]{1,64}$'`))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('sequence', 'smallint', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('help_articles_term', ['merchant_id', 'lang', 'device', 'term'])
    .execute();

  await sql`
    create function notify_config_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_config', coalesce(new.merchant_id, old.merchant_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_merchant_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_config', coalesce(new.id, old.id)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger merchants_changed after insert or update or delete on merchants
    for each row execute function notify_merchant_changed()`.execute(db);
  for (const table of [
    'merchant_domains',
    'register_settings',
    'customer_service_entries',
    'resources',
    'help_articles',
  ]) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_config_changed()`.execute(db);
  }
}
