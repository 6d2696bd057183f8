import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBackupCli } from '../cli/backup-cli';
import { signedHeaders } from '../modules/seamless/signature';
import { countInvariantViolations, selectBalanceSums } from '../modules/wallet/ledger.repo';
import { seedSeamlessPlayers, type SeamlessPlayer } from '../test/seamless-players';
import { buildTestApp, type TestApp } from '../test/test-app';
import { countArchiveObjects, dumpDatabase, findPgTool, urlOfDatabase } from './backup';
import { openDatabase, type Database } from './database';
import type { DB } from './schema';

/**
 * The operator's backup drill (issue 21, docs/operations.md): a live portal takes seamless bets and wins
 * from several vendor clients at once; a dump is taken in the middle of it, from a transaction's exported
 * snapshot; restored into a new database, every account balance, the whole ledger and its invariants are
 * exactly what that snapshot saw, while the live books had moved on. Runs on the embedded PostgreSQL and
 * on DATABASE_URL's (CI) alike; needs pg_dump and pg_restore on PATH.
 */
const toolsFound = findPgTool('pg_dump') !== undefined && findPgTool('pg_restore') !== undefined;
if (!toolsFound) {
  console.warn(
    'backup.test: pg_dump/pg_restore not on PATH; skipped (Debian: apt-get install postgresql-client)',
  );
}

const clientCount = 4;
const playerCount = 8;

let testApp: TestApp;
let secret: string;
let players: SeamlessPlayer[];
const dumpFile = path.join(os.tmpdir(), `portal-backup-test-${randomBytes(6).toString('hex')}.dump`);
// t_ as every test database: the suite's teardown drops it even if this file dies half-way.
const restoredName = `t_restore_${randomBytes(6).toString('hex')}`;
let restored: Database | undefined;

beforeAll(async () => {
  if (!toolsFound) return;
  testApp = await buildTestApp();
  const db = testApp.database.db;
  secret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  ({ players } = await seedSeamlessPlayers(db, {
    count: playerCount,
    fundsMinor: 1_000_000n,
    vendorCode: 'BGS',
    prefix: 'drill',
  }));
});

afterAll(async () => {
  if (!toolsFound) return;
  await restored?.close();
  const admin = new pg.Client({ connectionString: inject('databaseAdminUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`).finally(() => admin.end());
  fs.rmSync(dumpFile, { force: true });
  await testApp.close();
});

/** Everything the drill compares: each account, the ledger as a digest, and the invariants. */
async function ledgerState(db: Kysely<DB> | Transaction<DB>) {
  const accounts = await sql<{ id: string; key: string; balance_minor: string }>`
    select id::text, concat_ws(':', merchant_id, currency, kind, member_id, vendor_code, shard) as key,
      balance_minor::text
    from ledger_accounts order by id`.execute(db);
  const ledger = await sql<{ transfers: string; last_id: string; total_minor: string; digest: string }>`
    select count(*)::text as transfers, coalesce(max(id), 0)::text as last_id,
      coalesce(sum(amount_minor), 0)::text as total_minor,
      md5(coalesce(string_agg(concat_ws(':', id, debit_account_id, credit_account_id, amount_minor, kind,
        idempotency_key), ',' order by id), '')) as digest
    from ledger_transfers`.execute(db);
  const books = await selectBalanceSums(db);
  return {
    accounts: accounts.rows,
    ledger: ledger.rows[0]!,
    books: books.map((book) => `${book.merchant_id}:${book.currency}=${String(book.total)}`).sort(),
    violations: await countInvariantViolations(db),
  };
}

/** One vendor client: bets, and wins on about half of its rounds, until told to stop. */
async function vendorClient(client: number, stop: { now: boolean }, applied: { count: number }) {
  for (let round = 0; !stop.now; round += 1) {
    const who = players[(client + round) % players.length]!;
    const common = {
      merchantCode: 'demo',
      playerId: String(who.id),
      currency: 'THB',
      gameCode: 'drill-slot',
    };
    const roundId = `drill-c${client}-r${round}`;
    const calls: [string, Record<string, unknown>][] = [
      [
        'bet',
        {
          ...common,
          sessionToken: who.sessionToken,
          amount: `${1 + (round % 50)}.00`,
          transactionId: `${roundId}-bet`,
          roundId,
        },
      ],
    ];
    if (round % 2 === 0) {
      calls.push([
        'win',
        { ...common, amount: `${round % 120}.50`, transactionId: `${roundId}-win`, roundId },
      ]);
    }
    for (const [kind, body] of calls) {
      const payload = JSON.stringify(body);
      const reply = await testApp.app.inject({
        method: 'POST',
        url: `/vendor/v1/seamless/${kind}`,
        payload,
        headers: signedHeaders('BGS', secret, payload),
      });
      if (!reply.json<{ success: boolean }>().success) throw new Error(`${kind} refused: ${reply.body}`);
      applied.count += 1;
    }
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function cli(argv: string[]) {
  const output = { out: '', err: '' };
  const code = runBackupCli(
    argv,
    { NODE_ENV: 'test', DATABASE_URL: testApp.database.url },
    {
      out: (text) => (output.out += text),
      err: (text) => (output.err += text),
    },
  );
  return code.then((exitCode) => ({ exitCode, ...output }));
}

describe.skipIf(!toolsFound)('backup and restore of a live portal', () => {
  it(
    'restores exactly the snapshot the dump was taken from, while bets flowed',
    { timeout: 120_000 },
    async () => {
      const db = testApp.database.db;
      const before = await ledgerState(db);
      const stop = { now: false };
      const applied = { count: 0 };
      const clients = Array.from({ length: clientCount }, (_, client) => vendorClient(client, stop, applied));
      let atSnapshot: Awaited<ReturnType<typeof ledgerState>>;
      try {
        await until(() => applied.count >= 40, 60_000);
        // The exported snapshot is what pg_dump sees, and what this transaction reads: the moment of the dump.
        atSnapshot = await db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
            const state = await ledgerState(trx);
            const dump = await dumpDatabase({
              url: testApp.database.url,
              file: dumpFile,
              snapshot: rows[0]!.id,
            });
            expect(dump.objects).toBeGreaterThan(100);
            return state;
          });
        const afterDump = applied.count;
        await until(() => applied.count >= afterDump + 40, 60_000);
      } finally {
        stop.now = true;
        await Promise.all(clients);
      }
      // Bets were in the snapshot, and more came after it: the moment matters.
      expect(Number(atSnapshot.ledger.transfers)).toBeGreaterThan(Number(before.ledger.transfers));
      const live = await ledgerState(db);
      expect(Number(live.ledger.transfers)).toBeGreaterThan(Number(atSnapshot.ledger.transfers));
      expect(atSnapshot.violations).toEqual({ unbalanced: 0, negative: 0, drifting: 0 });

      const restore = await cli(['restore', dumpFile, '--into', restoredName]);
      expect(restore.err).toBe('');
      expect(restore.exitCode).toBe(0);
      expect(restore.out).toContain(`into database ${restoredName} (created)`);
      restored = openDatabase({
        url: urlOfDatabase(testApp.database.url, restoredName),
        poolMax: 2,
        statementTimeoutMs: 30_000,
      });
      expect(await ledgerState(restored.db)).toEqual(atSnapshot);
    },
  );

  it(
    'refuses to restore over a database that holds tables, and replaces one only when told',
    { timeout: 60_000 },
    async () => {
      const transfersBefore = (await ledgerState(testApp.database.db)).ledger;
      const refused = await cli(['restore', dumpFile]);
      expect(refused.exitCode).toBe(1);
      expect(refused.err).toMatch(
        /^restore: database t_\w+ is not empty \(\d+ tables, views and sequences\); /,
      );
      expect(refused.err.trim().split('\n')).toHaveLength(1);
      expect((await ledgerState(testApp.database.db)).ledger).toEqual(transfersBefore);

      // --replace never cuts off a connected user: the restored copy is still open here.
      const connected = await cli(['restore', dumpFile, '--into', restoredName, '--replace']);
      expect(connected.exitCode).toBe(1);
      expect(connected.err).toMatch(
        /^restore: cannot replace database t_restore_\w+: \d+ other connections to it \(stop the portal first\)$/m,
      );
      const expected = await ledgerState(restored!.db);
      await restored!.close();
      restored = undefined;
      const replaced = await cli(['restore', dumpFile, '--into', restoredName, '--replace']);
      expect(replaced.exitCode).toBe(0);
      expect(replaced.out).toContain(`into database ${restoredName} (replaced)`);
      restored = openDatabase({
        url: urlOfDatabase(testApp.database.url, restoredName),
        poolMax: 2,
        statementTimeoutMs: 30_000,
      });
      expect(await ledgerState(restored.db)).toEqual(expected);
    },
  );

  it('says what is wrong with a bad call, and writes nothing', async () => {
    const truncated = `${dumpFile}.truncated`;
    fs.writeFileSync(truncated, fs.readFileSync(dumpFile).subarray(0, 1000));
    try {
      await expect(countArchiveObjects(truncated)).rejects.toThrow(/pg_restore failed/);
      const broken = await cli(['restore', truncated, '--into', `${restoredName}_x`]);
      expect(broken.exitCode).toBe(1);
      expect(broken.err).toMatch(/is not a custom-format backup: pg_restore failed: .*end of file/);
    } finally {
      fs.rmSync(truncated, { force: true });
    }
    const named = await cli(['restore', dumpFile, '--into', 'Bad-Name']);
    expect(named.exitCode).toBe(1);
    expect(named.err).toContain('invalid database name "Bad-Name"');
    const usage = await cli(['restore']);
    expect(usage.exitCode).toBe(2);
    expect(usage.err).toContain('Usage:');
    const admin = new pg.Client({ connectionString: inject('databaseAdminUrl') });
    await admin.connect();
    const { rowCount } = await admin
      .query(`SELECT 1 FROM pg_database WHERE datname = $1`, [`${restoredName}_x`])
      .finally(() => admin.end());
    expect(rowCount).toBe(0);
  });
});
