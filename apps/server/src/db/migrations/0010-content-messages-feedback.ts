import { sql, type Kysely } from 'kysely';

/**
 * Content and service (decision 0017): announcements and promotions with their images and
 * popup views, banners, member messages with recipients and read marks, feedback; help articles gain a
 * published flag. Every authored row is scheduled (starts_at, ends_at) and published or not; players
 * only ever see published rows inside their window. HTML columns hold allow-list sanitized HTML.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table announcements (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      content_type text not null check (content_type in ('B', 'PL', 'PU', 'PR', 'H')),
      platform text not null default 'W' check (platform = 'W'),
      title text not null check (length(title) between 1 and 200),
      content text not null check (length(content) <= 100000),
      popup_execution text check (popup_execution in ('A', 'B', 'F')),
      sequence integer not null default 0,
      published boolean not null default false,
      starts_at timestamptz,
      ends_at timestamptz,
      created_by integer references operators (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint announcements_popup check ((content_type = 'PU') = (popup_execution is not null)),
      constraint announcements_window check (ends_at is null or starts_at is null or ends_at > starts_at)
    )`.execute(db);
  await sql`create index announcements_visible on announcements (merchant_id, content_type, sequence, id)
    where published`.execute(db);

  await sql`
    create table announcement_images (
      announcement_id bigint not null references announcements (id) on delete cascade,
      url text not null check (length(url) <= 500),
      sequence integer not null,
      primary key (announcement_id, sequence)
    )`.execute(db);

  await sql`
    create table announcement_popup_views (
      announcement_id bigint not null references announcements (id) on delete cascade,
      member_id integer not null references members (id) on delete cascade,
      seen_at timestamptz not null default now(),
      primary key (member_id, announcement_id)
    )`.execute(db);

  await sql`
    create table banners (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      group_name text not null
        check (group_name in ('w_login', 'w_register', 'w_forget', 'w_home', 'w_game', 'w_leftmenu')),
      url text not null check (length(url) <= 500),
      linkage_type text not null check (linkage_type in ('NONE', 'URL', 'GAME', 'PROMOTION', 'ROUTE')),
      linkage_value text check (length(linkage_value) <= 500),
      title text not null check (length(title) between 1 and 120),
      sequence integer not null default 0,
      published boolean not null default false,
      starts_at timestamptz,
      ends_at timestamptz,
      created_by integer references operators (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint banners_window check (ends_at is null or starts_at is null or ends_at > starts_at)
    )`.execute(db);
  await sql`create index banners_visible on banners (merchant_id, group_name, sequence, id)
    where published`.execute(db);

  await sql`
    create table messages (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      audience text not null check (audience in ('broadcast', 'members')),
      title text not null check (length(title) between 1 and 200),
      content text not null check (length(content) <= 100000),
      published boolean not null default false,
      starts_at timestamptz,
      ends_at timestamptz,
      created_by integer references operators (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint messages_window check (ends_at is null or starts_at is null or ends_at > starts_at)
    )`.execute(db);
  await sql`create index messages_visible on messages (merchant_id, id desc) where published`.execute(db);

  await sql`
    create table message_recipients (
      message_id bigint not null references messages (id) on delete cascade,
      member_id integer not null references members (id) on delete cascade,
      primary key (message_id, member_id)
    )`.execute(db);
  await sql`create index message_recipients_member on message_recipients (member_id, message_id)`.execute(db);

  await sql`
    create table message_reads (
      message_id bigint not null references messages (id) on delete cascade,
      member_id integer not null references members (id) on delete cascade,
      read_at timestamptz not null default now(),
      primary key (member_id, message_id)
    )`.execute(db);

  await sql`
    create table feedback (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      member_id integer references members (id) on delete set null,
      type smallint not null check (type in (0, 1, 2, 3, 4, 6)),
      content text not null check (length(content) between 20 and 200),
      sender text not null check (length(sender) between 1 and 200),
      image_keys text[] not null default '{}' check (cardinality(image_keys) <= 3),
      status text not null default 'new' check (status in ('new', 'handled')),
      ip text,
      handled_by integer references operators (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index feedback_merchant on feedback (merchant_id, id desc)`.execute(db);

  await sql`alter table help_articles add column published boolean not null default true`.execute(db);
}
