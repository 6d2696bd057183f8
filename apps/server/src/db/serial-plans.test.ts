import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

describe('portal connections', () => {
  it('plan without parallel workers (decision 0053)', async () => {
    const { rows } = await sql<{ workers: string }>`
      select current_setting('max_parallel_workers_per_gather') as workers`.execute(database.db);
    expect(rows[0]!.workers).toBe('0');
  });
});
