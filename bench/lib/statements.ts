import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';

/**
 * Where a seamless call's time and writes go inside PostgreSQL (issue 19): pg_stat_statements, which
 * the portal's embedded PostgreSQL loads with EMBEDDED_PG_STATEMENT_STATS=true, tracking the statements
 * of functions and triggers too. Only this database's statements count (pgbench has its own).
 */
export async function resetStatementStats(db: Kysely<DB>): Promise<void> {
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
  await sql`select pg_stat_reset()`.execute(db);
}

interface StatementRow {
  calls: string;
  total_ms: string;
  mean_us: string;
  wal_bytes: string;
  text: string;
}

interface TableRow {
  relname: string;
  inserted: string;
  updated: string;
  hot: string;
}

/**
 * Lines for the reader: per seamless call (`seamless_apply_one`'s calls since the reset), each of the
 * heaviest statements' time and WAL bytes, the WAL of the whole call, and each written table's
 * inserts, updates and how many of those were heap-only (HOT: no index entry written).
 */
export async function statementReport(db: Kysely<DB>, limit = 15): Promise<string[]> {
  const here = sql`dbid = (select oid from pg_database where datname = current_database())`;
  const { rows: callRows } = await sql<{ calls: string | null }>`
    select sum(calls)::text as calls from pg_stat_statements
    where ${here} and not toplevel and query like '%from seamless_apply_one(%'`.execute(db);
  const calls = Number(callRows[0]?.calls ?? 0);
  if (calls === 0) return ['statements: no seamless call recorded'];
  const { rows: walRows } = await sql<{ wal_bytes: string }>`
    select coalesce(sum(wal_bytes), 0)::text as wal_bytes from pg_stat_statements
    where ${here} and toplevel`.execute(db);
  const { rows } = await sql<StatementRow>`
    select calls::text, total_exec_time::text as total_ms, (mean_exec_time * 1000)::text as mean_us,
      wal_bytes::text, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as text
    from pg_stat_statements where ${here}
    order by total_exec_time desc limit ${limit}`.execute(db);
  const { rows: tables } = await sql<TableRow>`
    select relname, n_tup_ins::text as inserted, n_tup_upd::text as updated, n_tup_hot_upd::text as hot
    from pg_stat_user_tables where n_tup_ins + n_tup_upd > ${Math.floor(calls / 10)}
    order by relname`.execute(db);
  const perCall = (value: string) => (Number(value) / calls).toFixed(1);
  return [
    `statements over ${calls} seamless calls: wal_bytes_per_call=${perCall(walRows[0]!.wal_bytes)} (top-level statements of this database)`,
    'calls_per_call  us_per_call  mean_us  wal_bytes_per_call  statement',
    ...rows.map(
      (row) =>
        `${perCall(row.calls).padStart(14)}  ${((Number(row.total_ms) * 1000) / calls).toFixed(1).padStart(11)}  ` +
        `${Number(row.mean_us).toFixed(1).padStart(7)}  ${perCall(row.wal_bytes).padStart(18)}  ${row.text}`,
    ),
    ...tables.map(
      (table) =>
        `table ${table.relname}: inserts=${table.inserted} updates=${table.updated} hot_updates=${table.hot}`,
    ),
  ];
}
