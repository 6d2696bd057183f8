import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, operatorPaymentChannelList } from '@portal/contracts';
import { loggedInMember, operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from '../operators';

/**
 * Deposit channels in the console (issue 16): owner and finance list, add, edit, switch and order them,
 * and the player's deposit page (GET /wps/payments/channels) follows at once; bad input changes nothing.
 */
let kit: PaymentsKit;
let finance: string;
let support: string;
let player: string;

const manual = {
  type: 'manual_bank',
  name: 'KBank transfer',
  minAmount: '50.00',
  maxAmount: '20000',
  enabled: true,
  bankName: 'KBank',
  accountNumber: '123-4-56789-0',
  accountHolder: 'Demo Portal Co.',
} as const;

beforeAll(async () => {
  kit = await startPaymentsKit();
  const db = kit.testApp.database.db;
  for (const role of ['finance', 'support'] as const) {
    await createOperator(db, {
      merchantId: kit.merchantId,
      username: `channels-${role}`,
      password: 'Channels1234',
      role,
    });
  }
  finance = await operatorToken(kit, 'channels-finance', 'Channels1234');
  support = await operatorToken(kit, 'channels-support', 'Channels1234');
  player = (await loggedInMember(kit)).token;
}, 30_000);
afterAll(async () => kit.close());

async function list(token = finance) {
  const reply = await kit.call('GET', '/ops/payments/channels', { token });
  expect(reply.status).toBe(200);
  return envelopeOf(operatorPaymentChannelList).parse(reply.body).value;
}

async function playerChannels(): Promise<Array<{ id: number; name: string; minAmount: string }>> {
  return (await kit.call('GET', '/wps/payments/channels', { token: player })).body.value;
}

describe('deposit channels in the console', () => {
  it('lists the demo channels, disabled ones included, and the gateways this server runs', async () => {
    const { channels, gateways } = await list();
    expect(channels.map((channel) => channel.type).sort()).toEqual(['gateway', 'manual_bank']);
    expect(gateways).toEqual(['test-gateway']);
    expect(channels.every((channel) => channel.usable)).toBe(true);
  });

  it('adds a manual bank channel that players see last, then edits and switches it off', async () => {
    const created = await kit.call('POST', '/ops/payments/channels', { token: finance, body: manual });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value).toMatchObject({
      name: 'KBank transfer',
      minAmount: '50.00',
      maxAmount: '20000.00',
    });
    const id = created.body.value.id as number;
    expect((await playerChannels()).at(-1)).toMatchObject({ id, name: 'KBank transfer' });

    const edited = await kit.call('PUT', `/ops/payments/channels/${id}`, {
      token: finance,
      body: { ...manual, minAmount: '75.50', enabled: false },
    });
    expect(edited.body.value).toMatchObject({ minAmount: '75.50', enabled: false });
    expect((await playerChannels()).map((channel) => channel.id)).not.toContain(id);
    expect((await list()).channels.find((channel) => channel.id === id)?.enabled).toBe(false);
  });

  it('adds a gateway channel only for a gateway this server runs', async () => {
    const body = {
      type: 'gateway',
      name: 'Card',
      minAmount: '10',
      maxAmount: '100',
      enabled: true,
      gatewayCode: 'test-gateway',
    };
    const created = await kit.call('POST', '/ops/payments/channels', { token: finance, body });
    expect(created.body.value).toMatchObject({ gatewayCode: 'test-gateway', usable: true, bankName: null });
    const unknown = await kit.call('POST', '/ops/payments/channels', {
      token: finance,
      body: { ...body, name: 'Other', gatewayCode: 'nope' },
    });
    expect(unknown.body.code).toBe('gateway_unknown');
    const retyped = await kit.call('PUT', `/ops/payments/channels/${created.body.value.id}`, {
      token: finance,
      body: manual,
    });
    expect(retyped.body.code).toBe('channel_type_fixed');
  });

  it('refuses bad channels with a clear error and adds nothing', async () => {
    const before = await list();
    const cases: Array<[unknown, string, number]> = [
      [{ ...manual, name: 'Reversed', minAmount: '500', maxAmount: '100' }, 'limit_range_invalid', 400],
      [{ ...manual, name: 'Fractions', minAmount: '1.005' }, 'invalid_amount', 400],
      [{ ...manual, name: 'No account', accountNumber: '' }, 'validation_failed', 400],
      [{ ...manual, name: 'Letters', accountNumber: 'abc-def' }, 'validation_failed', 400],
      [{ ...manual, type: 'crypto' }, 'validation_failed', 400],
      [{ ...manual, name: '' }, 'validation_failed', 400],
      [manual, 'channel_name_taken', 409],
    ];
    for (const [body, code, status] of cases) {
      const reply = await kit.call('POST', '/ops/payments/channels', { token: finance, body });
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      expect(reply.status).toBe(status);
    }
    expect(await list()).toEqual(before);
    const missing = await kit.call('PUT', '/ops/payments/channels/999999', { token: finance, body: manual });
    expect(missing.body.code).toBe('channel_not_found');
  });

  it('orders the channels as players see them; the order must name every channel once', async () => {
    const ids = (await list()).channels.map((channel) => channel.id);
    const reversed = [...ids].reverse();
    const reply = await kit.call('PUT', '/ops/payments/channels/order', {
      token: finance,
      body: { ids: reversed },
    });
    expect(reply.body.value.channels.map((channel: { id: number }) => channel.id)).toEqual(reversed);
    const enabled = new Set(
      (await list()).channels.filter((channel) => channel.enabled).map((channel) => channel.id),
    );
    expect((await playerChannels()).map((channel) => channel.id)).toEqual(
      reversed.filter((id) => enabled.has(id)),
    );
    for (const body of [{ ids: reversed.slice(1) }, { ids: [...reversed.slice(1), 999999] }]) {
      const refused = await kit.call('PUT', '/ops/payments/channels/order', { token: finance, body });
      expect(refused.body.code).toBe('channel_order_mismatch');
    }
    const twice = await kit.call('PUT', '/ops/payments/channels/order', {
      token: finance,
      body: { ids: [ids[0], ids[0]] },
    });
    expect(twice.body.code).toBe('validation_failed');
    expect((await list()).channels.map((channel) => channel.id)).toEqual(reversed);
  });

  it('is owner and finance only', async () => {
    expect((await kit.call('GET', '/ops/payments/channels', { token: support })).body.code).toBe(
      'operator_role_forbidden',
    );
    const refused = await kit.call('POST', '/ops/payments/channels', {
      token: support,
      body: { ...manual, name: 'Support' },
    });
    expect(refused.status).toBe(403);
    expect((await list(await operatorToken(kit))).channels.map((channel) => channel.name)).not.toContain(
      'Support',
    );
  });
});
