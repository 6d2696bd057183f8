import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliKit } from '../test/operator-cli-kit';
import { createOperator } from '../modules/operators';

/**
 * `npm run operator` and a staff session with a duty (issue 16): an account that has not set up its
 * authenticator, or must choose a new password, is told to do it in the console first. Its own file: the
 * login route's rate limit counts per server, and operator-cli.test.ts logs in near it already.
 */
let cliKit: Awaited<ReturnType<typeof startCliKit>>;

beforeAll(async () => {
  cliKit = await startCliKit();
  await createOperator(cliKit.kit.testApp.database.db, {
    merchantId: cliKit.kit.merchantId,
    username: 'cli-new',
    password: 'Fresh123456',
    role: 'finance',
  });
});
afterAll(async () => cliKit.close());

describe('npm run operator with a staff session that has a duty', () => {
  it('tells an account without an authenticator, or with a password to change, to use the console first', async () => {
    const fresh = await cliKit.cli('deposits', '--user', 'cli-new', '--password', 'Fresh123456');
    expect(fresh.code).toBe(1);
    expect(fresh.err).toContain('operator_totp_enrolment_required');
    expect(fresh.err).toContain('/operator');
    await cliKit.kit.testApp.database.db
      .updateTable('operators')
      .set({ must_change_password: true })
      .where('username_key', '=', 'cli-new')
      .execute();
    const reset = await cliKit.cli('deposits', '--user', 'cli-new', '--password', 'Fresh123456');
    expect(reset.code).toBe(1);
    expect(reset.err).toContain('operator_password_change_required');
  });
});
