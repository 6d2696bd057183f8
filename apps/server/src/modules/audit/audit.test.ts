import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from '../operators';
import { unauditedTables } from './unaudited-tables';

/**
 * The staff audit log (issue 16, decision 0035): an operator's write and its audit row commit together or
 * not at all, the row says who, when, from where, what and what changed, and an edit or a deletion behind
 * the application's back shows as a break at that row.
 */
let kit: PaymentsKit;
let owner: string;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  owner = await operatorToken(kit);
}, 30_000);
afterAll(async () => kit.close());

const db = () => kit.testApp.database.db;

async function createAnnouncement(title: string) {
  return kit.call('POST', '/ops/content/announcements', {
    token: owner,
    body: { contentType: 'B', title, content: '<p>Hello</p>' },
    ip: '203.0.113.7',
  });
}

async function auditRows() {
  const reply = await kit.call('GET', '/ops/audit?pageSize=100', { token: owner });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value.items as Array<{
    seq: string;
    action: string;
    operatorName: string;
    ip: string | null;
    target: Record<string, unknown>;
    outcome: string;
    changes: Array<{
      table: string;
      op: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>;
  }>;
}

async function verify() {
  const reply = await kit.call('GET', '/ops/audit/verify', { token: owner });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as {
    intact: boolean;
    checked: number;
    brokenAt: { seq: string; reason: string } | null;
  };
}

describe('the staff audit log', () => {
  it('records a write with who, when, from where, what and the rows before and after', async () => {
    const created = await createAnnouncement('Audited notice');
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const id = created.body.value.id as string;
    const published = await kit.call('POST', `/ops/content/announcements/${id}/publish`, {
      token: owner,
      ip: '203.0.113.7',
    });
    expect(published.body.success).toBe(true);

    const [publish, create] = (await auditRows()).filter((row) => row.action.startsWith('opsAnnouncement'));
    expect(create).toMatchObject({
      action: 'opsAnnouncementCreate',
      operatorName: 'admin',
      ip: '203.0.113.7',
      outcome: 'ok',
    });
    const inserted = create!.changes.find((change) => change.table === 'announcements');
    expect(inserted).toMatchObject({ op: 'insert', before: null, after: { title: 'Audited notice' } });

    expect(publish).toMatchObject({ action: 'opsAnnouncementPublish', target: { id }, outcome: 'ok' });
    const update = publish!.changes.find((change) => change.table === 'announcements');
    expect(update?.op).toBe('update');
    expect(update?.before?.published).toBe(false);
    expect(update?.after?.published).toBe(true);
  });

  it('keeps no secret: a password in a request or a row is not in the log', async () => {
    const text = JSON.stringify(await auditRows());
    expect(text).not.toMatch(/password_hash|totp_secret|token_hash/);
  });

  it('rolls the write back when its audit row cannot be written, and keeps the write when it can', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from announcements`.execute(db());
    await sql`alter table audit_log add constraint audit_test_refusal check (action <> 'opsAnnouncementCreate') not valid`.execute(
      db(),
    );
    try {
      const refused = await createAnnouncement('Never stored');
      expect(refused.status).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint audit_test_refusal`.execute(db());
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from announcements`.execute(db());
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const leftovers = await sql<{ n: number }>`select count(*)::int as n from audit_changes`.execute(db());
    expect(leftovers.rows[0]!.n).toBe(0);
  });

  it('writes a refused write down with its code and no change', async () => {
    const refused = await kit.call('POST', '/ops/content/announcements/999999999/publish', { token: owner });
    expect(refused.status).toBe(404);
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'opsAnnouncementPublish', target: { id: '999999999' }, changes: [] });
    expect(row!.outcome).not.toBe('ok');
  });

  it('writes down a write refused for its role, with the operator who tried', async () => {
    await createOperator(db(), {
      merchantId: kit.merchantId,
      username: 'helpdesk',
      password: 'Helpdesk1234',
      role: 'support',
    });
    const support = await operatorToken(kit, 'helpdesk', 'Helpdesk1234');
    const refused = await kit.call('POST', '/ops/payments/deposits/999999999/approve', {
      token: support,
      ip: '203.0.113.9',
    });
    expect(refused.status).toBe(403);
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'opsDepositApprove',
      operatorName: 'helpdesk',
      ip: '203.0.113.9',
      outcome: 'operator_role_forbidden',
      changes: [],
    });
  });

  it('does not record reads', async () => {
    const count = (await auditRows()).length;
    await kit.call('GET', '/ops/content/announcements', { token: owner });
    expect((await auditRows()).length).toBe(count);
  });

  it('verifies an intact chain, and names the row edited behind its back', async () => {
    for (const title of ['Chain one', 'Chain two', 'Chain three']) await createAnnouncement(title);
    const intact = await verify();
    expect(intact).toMatchObject({ intact: true, brokenAt: null });
    expect(intact.checked).toBeGreaterThanOrEqual(5);

    const rows = await auditRows();
    const victim = rows[2]!;
    await sql`update audit_log set operator_name = 'someone-else' where seq = ${victim.seq}::bigint`.execute(
      db(),
    );
    expect(await verify()).toMatchObject({
      intact: false,
      brokenAt: { seq: victim.seq, reason: 'hash_mismatch' },
    });
    await sql`update audit_log set operator_name = 'admin' where seq = ${victim.seq}::bigint`.execute(db());
    expect((await verify()).intact).toBe(true);

    // A forger who recomputes the row's own hash still breaks the next row's link.
    await sql`update audit_log set outcome = 'forged', hash = sha256(convert_to(audit_row_text(prev_hash, merchant_id, seq, at,
      operator_id, operator_name, ip, action, target, request, changes, change_count, 'forged'), 'UTF8'))
      where seq = ${victim.seq}::bigint`.execute(db());
    const next = (BigInt(victim.seq) + 1n).toString();
    expect(await verify()).toMatchObject({
      intact: false,
      brokenAt: { seq: next, reason: 'chain_mismatch' },
    });
  });

  it('names a deleted row as a gap in the sequence', async () => {
    await sql`delete from audit_log where seq = 2`.execute(db());
    const result = await verify();
    expect(result.intact).toBe(false);
    expect(result.brokenAt).toMatchObject({ reason: 'sequence_gap' });
  });
});

describe('which tables record changes', () => {
  it('puts every table on one side: the capture trigger, or the reviewed unaudited list', async () => {
    const { rows } = await sql<{ name: string; audited: boolean }>`
      select t.tablename as name, exists (
        select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where c.relname = t.tablename and g.tgname = 'audit_capture') as audited
      from pg_tables t where t.schemaname = current_schema() order by 1`.execute(db());
    const wrong = rows
      .filter((row) => row.audited === unauditedTables.includes(row.name))
      .map((row) => row.name);
    expect(wrong, 'audited although listed unaudited, or neither').toEqual([]);
    expect(rows.filter((row) => row.audited).length).toBeGreaterThan(40);
  });
});
