import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliKit } from '../test/operator-cli-kit';
import { loggedInMember, requestId, type PaymentsKit } from '../test/payments-kit';
import { pointsAccount, pointsCurrency, systemAccount, transfer } from '../modules/wallet/ledger.service';

/** `npm run operator -- points-settings | points-items | points-redeems | approve-redeem | ...` over HTTP. */
let kit: PaymentsKit;
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];
let jsonFile: Awaited<ReturnType<typeof startCliKit>>['jsonFile'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ kit, cli, jsonFile, close } = await startCliKit());
});
afterAll(async () => close());

describe('npm run operator -- points', () => {
  it('sets and shows the settings with the VIP tiers', async () => {
    const file = jsonFile('settings.json', {
      earningEnabled: true,
      rates: { live: '0.02', lottery: '0.01', poker: '0.01', slots: '0.01', sports: '0.01', deposit: '0' },
      convertRatio: '100',
      convertEnabled: false,
      autoApproveMax: null,
      vipBasis: 'valid_bet',
      vipTiers: [{ level: 1, name: 'Bronze', threshold: '1000.00', levelUpReward: '8.00' }],
    });
    const set = await cli('set-points-settings', '--file', file);
    expect(set.code, set.err).toBe(0);
    const shown = await cli('points-settings');
    expect(shown.out).toContain('earning on; points per 1.00: live 0.02, lottery 0.01');
    expect(shown.out).toMatch(/1 +Bronze +from 1000\.00 +reward 8\.00/);
  });

  it('creates and updates items, and decides a redeem from the queue once', async () => {
    const created = await cli(
      'create-points-item',
      '--file',
      jsonFile('item.json', { kind: 'voucher', name: 'Mug', pointsPerUnit: '10', maxUnits: 2 }),
    );
    expect(created.code, created.err).toBe(0);
    const id = /^\s*(\d+)/.exec(created.out)![1]!;
    const updated = await cli(
      'update-points-item',
      id,
      '--file',
      jsonFile('item2.json', {
        kind: 'voucher',
        name: 'Big mug',
        pointsPerUnit: '20',
        maxUnits: 2,
        stock: 5,
      }),
    );
    expect(updated.out).toMatch(/voucher +on +20\.00 pts +goods +units 1-2 +stock 5 +redeemed 0 +Big mug/);

    const member = await loggedInMember(kit);
    await transfer(kit.testApp.database.db, {
      debit: systemAccount(kit.merchantId, pointsCurrency, 'points_issuer', member.memberId),
      credit: pointsAccount(kit.merchantId, member.memberId),
      amountMinor: 5_000n,
      kind: 'points_deposit',
      idempotencyKey: `cli-points:${requestId()}`,
    });
    const made = await kit.call('POST', '/wps/relay/points_redeem', {
      token: member.token,
      body: {
        clientRequestId: requestId(),
        itemId: id,
        units: 2,
        receivingAddress: '1 Test Road',
        phone: '0812345678',
      },
    });
    const reference = made.body.value.redeem.reference as string;
    const queue = await cli('points-redeems', '--status', 'in_process');
    expect(queue.out).toContain(`2 x Big mug  40.00 pts  to 1 Test Road (0812345678)`);
    const noReason = await cli('reject-redeem', reference);
    expect(noReason.code).toBe(2);
    const approved = await cli('approve-redeem', reference, '--reason', 'shipped');
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toMatch(/approved .* shipped/);
    const rejected = await cli('reject-redeem', reference, '--reason', 'too late');
    expect(rejected.code).toBe(1);
    expect(rejected.err).toContain('points_redeem_decided');
  });
});
