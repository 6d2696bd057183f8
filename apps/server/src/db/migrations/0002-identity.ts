import { sql, type Kysely } from 'kysely';

/**
 * Accounts, sessions and everything that proves who someone is: captchas, SMS codes, login failures
 * (for limits), reset tokens, known IPs, second-factor challenges, the encryption key pair and used
 * nonces, and the outbox that stands in for the SMS gateway and the mail server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchants
    add column sms_expiry_minutes smallint not null default 5 check (sms_expiry_minutes between 1 and 30),
    add column password_expiry_days smallint check (password_expiry_days between 1 and 3650),
    add column unregistered_ip_check boolean not null default false,
    add column gmt_offset_minutes smallint not null default 420 check (gmt_offset_minutes between -720 and 840)`.execute(
    db,
  );

  await db.schema
    .createTable('members')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) => column.notNull().references('merchants.id'))
    .addColumn('username', 'text', (column) => column.notNull().check(sql`length(username) between 1 and 64`))
    .addColumn('username_key', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('password_is_default', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('password_changed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('type', 'smallint', (column) => column.notNull().check(sql`type in (0, 1, 2, 4, 41, 42)`))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'disabled')`),
    )
    .addColumn('nickname', 'text')
    .addColumn('email', 'text')
    .addColumn('mobile', 'text', (column) => column.check(sql`mobile ~ '^\\+[1-9][0-9]{6,14}$'`))
    .addColumn('payee_name', 'text')
    .addColumn('profile', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('parent_agent_id', 'integer', (column) => column.references('members.id'))
    .addColumn('affiliate_code', 'text')
    .addColumn('vip_level', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('first_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('members_username', ['merchant_id', 'username_key'])
    .addUniqueConstraint('members_mobile', ['merchant_id', 'mobile'])
    .addUniqueConstraint('members_affiliate_code', ['merchant_id', 'affiliate_code'])
    .execute();
  await db.schema.createIndex('members_parent').on('members').column('parent_agent_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'integer', (column) => column.notNull().references('members.id'))
    .addColumn('token_hash', 'bytea', (column) => column.notNull().unique())
    .addColumn('login_method', 'text', (column) => column.notNull())
    .addColumn('must_change_password', 'boolean', (column) => column.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sessions_member')
    .on('sessions')
    .columns(['member_id', 'revoked_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('answer', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_subject')
    .on('login_failures')
    .columns(['merchant_id', 'subject', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) => column.notNull().references('merchants.id'))
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose in ('login', 'register', 'challenge')`),
    )
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('wrong_tries', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sms_codes_lookup')
    .on('sms_codes')
    .columns(['merchant_id', 'purpose', 'mobile', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (column) => column.notNull().references('merchants.id'))
    .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'created_at']).execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'bytea', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) => column.notNull().references('members.id'))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('member_known_ips')
    .addColumn('member_id', 'integer', (column) => column.notNull().references('members.id'))
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('first_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_known_ips_pk', ['member_id', 'ip'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) => column.notNull().references('members.id'))
    .addColumn('methods', sql`text[]`, (column) => column.notNull())
    .addColumn('login_method', 'text', (column) => column.notNull())
    .addColumn('email_code_hash', 'text')
    .addColumn('wrong_tries', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('private_key_pem', 'text', (column) => column.notNull())
    .addColumn('public_key_spki', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('used_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
}
