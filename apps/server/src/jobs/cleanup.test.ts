import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { buildMember } from '../test/factories';
import { withAdvisoryLock } from './advisory-lock.repo';
import { deleteExpiredIdentityRows } from './cleanup.repo';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

describe('identity cleanup', () => {
  it('deletes only rows past their use', async () => {
    const { db } = database;
    await db
      .insertInto('captchas')
      .values([
        {
          id: '00000000-0000-4000-8000-000000000001',
          answer: 'OLD1',
          expires_at: new Date(Date.now() - 2 * 3_600_000),
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          answer: 'NEW1',
          expires_at: new Date(Date.now() + 60_000),
        },
      ])
      .execute();
    await db
      .insertInto('used_nonces')
      .values({ nonce: 'expired-nonce-0001', expires_at: new Date(Date.now() - 1000) })
      .execute();
    await db.insertInto('login_failures').values({ merchant_id: 1, subject: 'ip:x' }).execute();
    await sql`insert into login_failures (merchant_id, subject, created_at) values (1, 'ip:y', now() - interval '2 days')`.execute(
      db,
    );

    const member = await buildMember(db);
    for (const [token, ageMs] of [
      ['old-game-session', 2 * 86_400_000],
      ['ended-game-session', 60_000],
    ] as const) {
      await db
        .insertInto('game_sessions')
        .values({
          token_hash: token,
          merchant_id: 1,
          member_id: member.id,
          vendor_code: 'BGS',
          expires_at: new Date(Date.now() - ageMs),
        })
        .execute();
    }

    expect(await deleteExpiredIdentityRows(db)).toBe(4);
    // A session that just ended stays a day: late wins and rollbacks may still name it.
    expect(
      (await db.selectFrom('game_sessions').select('token_hash').execute()).map((row) => row.token_hash),
    ).toEqual(['ended-game-session']);
    expect((await db.selectFrom('captchas').select('answer').execute()).map((row) => row.answer)).toEqual([
      'NEW1',
    ]);
    expect(
      (await db.selectFrom('login_failures').select('subject').execute()).map((row) => row.subject),
    ).toEqual(['ip:x']);
  });

  it('lets one holder of the lock work at a time', async () => {
    let inner: boolean | undefined;
    const outer = await withAdvisoryLock(database.db, 99, async () => {
      inner = await withAdvisoryLock(database.db, 99, async () => undefined);
    });
    expect(outer).toBe(true);
    expect(inner).toBe(false);
  });
});
