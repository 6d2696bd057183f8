import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPageSize, pageOffset, selectPage } from './paging';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A table of this test's own (in this file's database), so the helper is tested apart from any module. */
type ProbeTables = {
  paging_probe: { id: number; even: boolean };
};

let database: TestDatabase;
let db: Kysely<ProbeTables>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db.withTables<ProbeTables>();
  await db.schema
    .createTable('paging_probe')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('even', 'boolean', (column) => column.notNull())
    .execute();
  const ids = Array.from({ length: 45 }, (_, index) => index + 1);
  await db
    .insertInto('paging_probe')
    .values(ids.map((id) => ({ id, even: id % 2 === 0 })))
    .execute();
});
afterAll(async () => database.drop());

const newestFirst = () => db.selectFrom('paging_probe').select(['id']).orderBy('id', 'desc');

describe('selectPage', () => {
  it('reads each page in order with the total over every page', async () => {
    const first = await selectPage(newestFirst(), { page: 1, pageSize: 20 });
    expect(first.total).toBe(45);
    expect(first.rows.map((row) => row.id)).toEqual(Array.from({ length: 20 }, (_, index) => 45 - index));

    const last = await selectPage(newestFirst(), { page: 3, pageSize: 20 });
    expect(last).toEqual({ rows: [5, 4, 3, 2, 1].map((id) => ({ id })), total: 45 });
  });

  it('answers past the last page with no rows and still the total', async () => {
    expect(await selectPage(newestFirst(), { page: 10, pageSize: 20 })).toEqual({ rows: [], total: 45 });
  });

  it('counts with the filters of the query, and with the counted query when one is given', async () => {
    const evens = await selectPage(newestFirst().where('even', '=', true), { page: 2, pageSize: 5 });
    expect(evens.total).toBe(22);
    expect(evens.rows.map((row) => row.id)).toEqual([34, 32, 30, 28, 26]);

    const counted = db.selectFrom('paging_probe').where('id', '<=', 10);
    const page = await selectPage(newestFirst().where('id', '<=', 10), { page: 1, pageSize: 3 }, counted);
    expect(page).toEqual({ rows: [10, 9, 8].map((id) => ({ id })), total: 10 });
  });

  it('refuses a page or page size outside the bounds before reading anything', async () => {
    await expect(selectPage(newestFirst(), { page: 0, pageSize: 20 })).rejects.toThrow(RangeError);
    await expect(selectPage(newestFirst(), { page: 1, pageSize: 0 })).rejects.toThrow(RangeError);
    await expect(selectPage(newestFirst(), { page: 1, pageSize: maxPageSize + 1 })).rejects.toThrow(
      /pageSize/,
    );
    await expect(selectPage(newestFirst(), { page: 1.5, pageSize: 20 })).rejects.toThrow(/page must/);
    expect(pageOffset({ page: 3, pageSize: maxPageSize })).toBe(2 * maxPageSize);
  });
});
