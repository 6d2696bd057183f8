import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliKit } from '../test/operator-cli-kit';
import { operatorToken, type PaymentsKit } from '../test/payments-kit';

/** `npm run operator -- audit` and `audit-verify` against the real server over HTTP (decision 0035). */
let kit: PaymentsKit;
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];

beforeAll(async () => {
  ({ kit, cli } = await startCliKit());
});
afterAll(async () => kit.close());

describe('npm run operator -- audit-verify', () => {
  it('lists staff actions, passes an intact chain and names the row edited behind its back', async () => {
    const token = await operatorToken(kit);
    for (const title of ['One', 'Two', 'Three']) {
      const created = await kit.call('POST', '/ops/content/announcements', {
        token,
        body: { contentType: 'B', title, content: 'x' },
      });
      expect(created.body.success).toBe(true);
    }
    const listed = await cli('audit');
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toMatch(/opsAnnouncementCreate +\{\} +1 rows +ok/);

    const intact = await cli('audit-verify');
    expect(intact.code, intact.err).toBe(0);
    expect(intact.out).toMatch(/audit chain intact: \d+ rows checked/);

    const { rows } = await sql<{ seq: string }>`
      select seq::text from audit_log where action = 'opsAnnouncementCreate' order by seq limit 1 offset 1`.execute(
      kit.testApp.database.db,
    );
    const seq = rows[0]!.seq;
    await sql`update audit_log set request = '{"title":"Forged"}' where seq = ${seq}::bigint`.execute(
      kit.testApp.database.db,
    );
    const broken = await cli('audit-verify');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`audit chain BROKEN at row #${seq}`);
    expect(broken.out).toContain('hash mismatch');
    expect(JSON.parse((await cli('audit-verify', '--json')).out).brokenAt.seq).toBe(seq);

    expect((await cli('audit', '--page', '0')).code).toBe(2);
  });
});
