import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';

// The staff audit log (/ops/audit, issue 16): every operator write, hash-chained per merchant.

const isoInstant = z.string().datetime({ offset: true });

/** GET /ops/audit: newest first; filters by operator name, action (a call name) and time. */
export const auditQuery = pageQueryOf(100, 50).extend({
  operator: z.string().trim().min(1).max(64).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/)
    .optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One row a write changed: its table, the operation and the row before and after (secrets left out). */
export const auditChange = z.object({
  table: z.string(),
  op: z.enum(['insert', 'update', 'delete']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditChange = z.infer<typeof auditChange>;

/** One staff action: who, when, from where, what (the call, its target and request) and what changed. */
export const auditEntry = z.object({
  id: z.string(),
  seq: z.string(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.record(z.string(), z.unknown()),
  request: z.unknown(),
  changes: z.array(auditChange),
  /** Rows changed in all; `changes` keeps the first 200. */
  changeCount: z.number().int(),
  /** `ok`, or the code the action was refused with. */
  outcome: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);

/** Where the chain breaks: the first row whose hash, link or sequence number is not what it should be. */
export const auditBreak = z.object({
  seq: z.string(),
  id: z.string(),
  reason: z.enum(['hash_mismatch', 'chain_mismatch', 'sequence_gap']),
});
export type AuditBreak = z.infer<typeof auditBreak>;

/** GET /ops/audit/verify: the merchant's chain checked from its first row. */
export const auditVerification = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  brokenAt: auditBreak.nullable(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
