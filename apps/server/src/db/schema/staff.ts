import type { ColumnType } from 'kysely';
import type { UpdatedAt } from './columns';

/** A merchant's staff IP allow-list and staff session limits (migration 0026; no row: no limits set). */
export interface MerchantStaffSecurityTable {
  merchant_id: number;
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  idle_minutes: number | null;
  absolute_hours: number | null;
  updated_at: UpdatedAt;
}
