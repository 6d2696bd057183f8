import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import { familyOfUdt, readSchemaTypes, type SchemaTypes, type TableShapes } from './schema-types-reader';

/**
 * The Kysely table types (schema.ts, schema/*.ts) are written by hand beside the migrations; this test
 * holds them against the migrated database (decision 0023): every table and column on both sides, the
 * same nullability, the same family of value, and no column the types let an insert leave out unless the
 * database fills it.
 */

const schemaPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
// Kysely's own bookkeeping, not ours to type.
const untypedTables = new Set(['kysely_migration', 'kysely_migration_lock']);

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  fills_itself: boolean;
}

let database: TestDatabase;
let types: SchemaTypes;
let actual: TableShapes;

beforeAll(async () => {
  database = await createTestDatabase();
  types = readSchemaTypes(schemaPath);
  actual = await readDatabase(database);
});
afterAll(async () => database.drop());

async function readDatabase(target: TestDatabase): Promise<TableShapes> {
  const { rows } = await sql<DatabaseColumn>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as fills_itself
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(target.db);
  const tables: TableShapes = new Map();
  for (const row of rows) {
    if (untypedTables.has(row.table_name)) continue;
    const family = familyOfUdt(row.udt_name);
    if (!family) throw new Error(`${row.table_name}.${row.column_name}: no family for type ${row.udt_name}`);
    const columns = tables.get(row.table_name) ?? new Map();
    columns.set(row.column_name, {
      families: [family],
      nullable: row.is_nullable === 'YES',
      // Kysely makes a nullable column optional on insert, so a nullable column fills itself too.
      optionalOnInsert: row.fills_itself || row.is_nullable === 'YES',
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** Every difference, one line each, so a failure names them all at once. */
function differences(declared: TableShapes, migrated: TableShapes): string[] {
  const found: string[] = [];
  for (const table of migrated.keys()) {
    if (!declared.has(table)) found.push(`table ${table}: in the database, missing from DB in schema.ts`);
  }
  for (const [table, declaredColumns] of declared) {
    const migratedColumns = migrated.get(table);
    if (!migratedColumns) {
      found.push(`table ${table}: in schema.ts, not in the migrated database`);
      continue;
    }
    for (const column of migratedColumns.keys()) {
      if (!declaredColumns.has(column))
        found.push(`${table}.${column}: in the database, missing from the types`);
    }
    for (const [column, type] of declaredColumns) {
      const real = migratedColumns.get(column);
      const name = `${table}.${column}`;
      if (!real) {
        found.push(`${name}: in the types, not in the database`);
        continue;
      }
      if (type.families.join('|') !== real.families.join('|')) {
        found.push(
          `${name}: typed as ${type.families.join(' | ')}, the database holds ${real.families.join('')}`,
        );
      }
      if (type.nullable !== real.nullable) {
        found.push(`${name}: ${real.nullable ? 'nullable' : 'not null'} in the database, not in the types`);
      }
      if (type.optionalOnInsert && !real.optionalOnInsert) {
        found.push(`${name}: optional on insert in the types (Generated?), but the database has no default`);
      }
    }
  }
  return found;
}

describe('database types against the migrated schema', () => {
  it('compiles the schema files without errors (an unresolved type would match anything)', () => {
    expect(types.diagnostics).toEqual([]);
  });

  it('reads both sides (a reader that found nothing would pass every comparison)', () => {
    expect(types.tables.size).toBeGreaterThan(40);
    expect(actual.size).toBeGreaterThan(40);
    expect(types.tables.get('members')?.get('profile')).toEqual({
      families: ['json'],
      nullable: false,
      optionalOnInsert: true,
    });
    expect(actual.get('ledger_accounts')?.get('balance_minor')?.families).toEqual(['bigint']);
  });

  it('has the same tables, columns, nullability and value families as the database', () => {
    expect(differences(types.tables, actual)).toEqual([]);
  });
});
