import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../test/test-app';
import { startDemoVendors } from '../vendor-sim/demo-vendor';
import type { VendorSimulator } from '../vendor-sim/simulator';
import { jobLockKeys } from './lock-keys';
import { runVendorReconcile } from './vendor-transfers.job';

let testApp: TestApp;
let simulator: VendorSimulator | undefined;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await simulator?.close();
  await testApp.close();
});

describe('the demo transfer vendor and the reconciliation job', () => {
  it('starts the simulator and points vendor SIM at it with a secret both sides share', async () => {
    const db = testApp.database.db;
    simulator = await startDemoVendors(db, testConfig({ VENDOR_SIM: 'true', VENDOR_SIM_PORT: '0' }));
    expect(simulator).toBeDefined();
    const adapter = await testApp.app.deps.vendors.transferAdapter('SIM');
    const player = { playerId: 'demo:job-test', currency: 'THB' };
    expect(await adapter.transferIn(player, 1_000n, 'job-test-1')).toEqual({ status: 'done', code: null });
    expect((await adapter.balance(player)).balanceMinor).toBe(1_000n);

    // A second start keeps the secret (transfers stay verifiable) and only re-points the address.
    const before = await db
      .selectFrom('vendors')
      .select(['secret', 'api_url'])
      .where('code', '=', 'SIM')
      .executeTakeFirstOrThrow();
    const second = await startDemoVendors(db, testConfig({ VENDOR_SIM: 'true' }));
    const after = await db
      .selectFrom('vendors')
      .select(['secret', 'api_url'])
      .where('code', '=', 'SIM')
      .executeTakeFirstOrThrow();
    await second?.close();
    expect(after.secret).toBe(before.secret);
    expect(after.api_url).not.toBe(before.api_url);
    // An outside simulator: nothing starts here, SIM points there.
    expect(await startDemoVendors(db, testConfig({ VENDOR_SIM_URL: simulator!.url }))).toBeUndefined();
    const outside = await db
      .selectFrom('vendors')
      .select('api_url')
      .where('code', '=', 'SIM')
      .executeTakeFirstOrThrow();
    expect(outside.api_url).toBe(`${simulator!.url}/vendors/SIM`);
  });

  it('starts nothing when the simulator is off', async () => {
    expect(await startDemoVendors(testApp.database.db, testConfig({ SEED_DEMO: 'false' }))).toBeUndefined();
  });

  it('runs reconciliation only where it holds the advisory lock', async () => {
    const { db } = testApp.database;
    expect(await runVendorReconcile(db, testApp.app.deps.vendors, 0)).toEqual({
      posted: 0,
      voided: 0,
      stillPending: 0,
    });
    await db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${jobLockKeys['vendor-reconcile']})`.execute(connection);
      try {
        expect(await runVendorReconcile(db, testApp.app.deps.vendors, 0)).toBeUndefined();
      } finally {
        await sql`select pg_advisory_unlock(${jobLockKeys['vendor-reconcile']})`.execute(connection);
      }
    });
  });
});
