import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns';

/** Secrets this installation generated for itself (migration 0011); never in the source. */
export interface InstallationSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** Attacks seen, one row per kind, subject and window (docs/security.md). */
export interface SecurityAlertsTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: string;
  subject: string;
  window_start: Date;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}
