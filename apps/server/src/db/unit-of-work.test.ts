import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The unit of work (db/unit-of-work.ts) on a probe table of this file's own database. */
type ProbeTables = { unit_probe: { id: number; note: string } };

let database: TestDatabase;
let db: Kysely<ProbeTables>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db.withTables<ProbeTables>();
  await db.schema
    .createTable('unit_probe')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('note', 'text', (column) => column.notNull())
    .execute();
});
afterAll(async () => database.drop());
beforeEach(async () => {
  await db.deleteFrom('unit_probe').execute();
});

const insert = async (id: number, into: Kysely<ProbeTables> = db): Promise<void> => {
  await into
    .insertInto('unit_probe')
    .values({ id, note: `row ${id}` })
    .execute();
};
const ids = async () =>
  (await db.selectFrom('unit_probe').select('id').orderBy('id').execute()).map((row) => row.id);
const nothing = async () => undefined;

describe('a unit of work', () => {
  it('commits the work, its inner transactions and the finishing step together', async () => {
    await database.runUnit(
      async () => {
        await insert(1);
        await db.transaction().execute((trx) => insert(2, trx));
      },
      () => insert(3),
    );
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('rolls everything back when the finishing step fails, inner commits included', async () => {
    await expect(
      database.runUnit(
        async () => {
          await insert(1);
          await db.transaction().execute((trx) => insert(2, trx));
        },
        () => insert(1),
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([]);
  });

  it('keeps the rest of the work when an inner transaction rolls back', async () => {
    await database.runUnit(async () => {
      await insert(1);
      await expect(
        db.transaction().execute(async (trx) => {
          await insert(2, trx);
          await insert(1, trx);
        }),
      ).rejects.toThrow(/duplicate key/);
      await insert(3);
    }, nothing);
    expect(await ids()).toEqual([1, 3]);
  });

  it('is invisible to other work until it commits, and other work runs beside it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const unit = database.runUnit(async () => {
      await insert(1);
      await held;
    }, nothing);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await insert(2); // outside the unit, on another connection
    expect(await ids()).toEqual([2]);
    release();
    await unit;
    expect(await ids()).toEqual([1, 2]);
  });

  it('sends work it left running after it ended back to the pool', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await database.runUnit(async () => {
      late = new Promise((resolve) => setTimeout(resolve, 30)).then(() => insert(5));
    }, nothing);
    await late;
    expect(await ids()).toEqual([5]);
  });
});
