import type { ColumnType } from 'kysely';

/** Timestamps the database fills: written on insert only (CreatedAt) or also on update (UpdatedAt). */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
