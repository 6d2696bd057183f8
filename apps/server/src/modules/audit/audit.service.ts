import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditBreak, AuditEntry, AuditQuery, AuditVerification } from '@portal/contracts';
import type { Page } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { chainRows, listAudit } from './audit.repo';

const genesis = '0'.repeat(64);

/**
 * Walks the merchant's chain from its first row and names the first row that is not what the chain says:
 * a sequence number out of step (a row deleted or inserted), a link that is not the previous row's hash
 * (rows swapped or rewritten with a new chain), or a hash that does not cover the row's own fields (an
 * edit behind the application's back). The hash is recomputed here, apart from the database that wrote it.
 */
export async function verifyAuditChain(db: Kysely<DB>, merchantId: number): Promise<AuditVerification> {
  let expectedSeq = 1n;
  let expectedPrev = genesis;
  let checked = 0;
  for (;;) {
    const rows = await chainRows(db, merchantId, expectedSeq - 1n, 1000);
    for (const row of rows) {
      const brokenAt = (reason: AuditBreak['reason']): AuditVerification => ({
        intact: false,
        checked,
        brokenAt: { seq: row.seq.toString(), id: row.id.toString(), reason },
      });
      if (row.seq !== expectedSeq) return brokenAt('sequence_gap');
      if (row.prev !== expectedPrev) return brokenAt('chain_mismatch');
      if (createHash('sha256').update(row.text, 'utf8').digest('hex') !== row.hash) {
        return brokenAt('hash_mismatch');
      }
      checked += 1;
      expectedSeq += 1n;
      expectedPrev = row.hash;
    }
    if (rows.length < 1000) return { intact: true, checked, brokenAt: null };
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A page of the merchant's audit log for the console, newest first. */
export async function auditPage(
  db: Kysely<DB>,
  merchantId: number,
  query: AuditQuery,
): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAudit(
    db,
    merchantId,
    {
      operator: query.operator,
      action: query.action,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    query,
  );
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      seq: row.seq.toString(),
      at: row.at.toISOString(),
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      ip: row.ip,
      action: row.action,
      target: record(row.target),
      request: row.request ?? null,
      changes: Array.isArray(row.changes) ? (row.changes as AuditEntry['changes']) : [],
      changeCount: row.change_count,
      outcome: row.outcome,
      hash: row.hash,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

const secretKey = /pass|otp|secret|token/i;
/** An authenticator code sent as `code` (opsTotpConfirm): six digits. */
const oneTimeCode = /^\d{6}$/;
const longest = 2000;

/**
 * What an audit row keeps of a request: secrets replaced, long strings (an uploaded image) cut, the whole
 * at most 16 KB. Enough to say what was asked; the changed rows say what happened.
 */
export function redactRequest(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[nested]';
  if (typeof value === 'string') {
    return value.length > longest ? `${value.slice(0, 80)}… (${value.length} characters)` : value;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactRequest(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const secret =
        secretKey.test(key) || (key === 'code' && typeof item === 'string' && oneTimeCode.test(item));
      kept[key] = secret ? '[redacted]' : redactRequest(item, depth + 1);
    }
    if (depth === 0 && JSON.stringify(kept).length > 16_384)
      return { truncated: true, keys: Object.keys(kept) };
    return kept;
  }
  return value;
}
