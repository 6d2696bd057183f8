import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../test/factories';
import { startCliKit } from '../test/operator-cli-kit';
import type { PaymentsKit } from '../test/payments-kit';

/** `npm run operator -- referrals` against the real server over HTTP (decision 0032). */
let kit: PaymentsKit;
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];

beforeAll(async () => {
  ({ kit, cli } = await startCliKit());
});
afterAll(async () => kit.close());

describe('npm run operator -- referrals', () => {
  it('lists referrals with their refusals, filters them and checks its options', async () => {
    const { db } = kit.testApp.database;
    const referrer = await buildMember(db, { username: 'inviter01' });
    const counted = await buildMember(db, { username: 'goodfriend' });
    const refused = await buildMember(db, { username: 'samephone' });
    const row = (friendId: number, refusal: 'same_device' | null) => ({
      friend_id: friendId,
      merchant_id: kit.merchantId,
      referrer_id: referrer.id,
      code: 'ABCD2345',
      ip: '203.0.113.7',
      device: 'd'.repeat(32),
      refused: refusal,
      refused_at: refusal ? new Date() : null,
    });
    await db
      .insertInto('referrals')
      .values([row(counted.id, null), row(refused.id, 'same_device')])
      .execute();

    const all = await cli('referrals');
    expect(all.code, all.err).toBe(0);
    expect(all.out).toMatch(
      /goodfriend +by inviter01 +ABCD2345 +counted +ip 203\.0\.113\.7 +deposited 0\.00/,
    );
    expect(all.out).toMatch(/samephone +by inviter01 .*refused:same_device/);
    expect(all.out).toContain('2 in all');

    const onlyRefused = await cli('referrals', '--status', 'refused');
    expect(onlyRefused.out).toContain('samephone');
    expect(onlyRefused.out).not.toContain('goodfriend');
    expect(JSON.parse((await cli('referrals', '--json')).out).total).toBe(2);

    expect((await cli('referrals', '--status', 'paid')).code).toBe(2);
    expect((await cli('referrals', '--page', '0')).code).toBe(2);
  });
});
