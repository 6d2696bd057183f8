import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | undefined, string>;

/** The staff audit log, hash-chained per merchant (migration 0032, decision 0035). Appended by audit_append. */
export interface AuditLogTable {
  id: Generated<bigint>;
  merchant_id: number;
  seq: bigint;
  at: Date;
  operator_id: number | null;
  operator_name: string;
  ip: string | null;
  action: string;
  target: Json;
  request: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  changes: Json;
  change_count: Generated<number>;
  outcome: string;
  prev_hash: Buffer;
  hash: Buffer;
}

/** Rows an operator's transaction changed, captured by trigger until audit_append folds them in. */
export interface AuditChangesTable {
  /** xid8 of the capturing transaction, as text. */
  xid: Generated<string>;
  seq: Generated<bigint>;
  table_name: string;
  op: string;
  old_row: Record<string, unknown> | null;
  new_row: Record<string, unknown> | null;
}
