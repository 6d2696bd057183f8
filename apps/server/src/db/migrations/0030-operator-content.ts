import { sql, type Kysely } from 'kysely';

/**
 * Feedback answers (issue 16): the operator's answer and when it was sent. A member's answer also reaches
 * their inbox as a message (messages module); visitors left no account, so their answer stays on the row.
 * The status filter of the feedback queue reads (merchant_id, status), newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feedback
    add column answer text check (answer is null or length(answer) between 1 and 1000),
    add column answered_at timestamptz,
    add column answer_message_id bigint references messages (id),
    add constraint feedback_answer_complete check ((answer is null) = (answered_at is null))`.execute(db);
  await sql`create index feedback_merchant_status on feedback (merchant_id, status, id desc)`.execute(db);
}
