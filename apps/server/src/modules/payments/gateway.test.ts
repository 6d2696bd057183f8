import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackBody, openTicket, signatureHeader, signCallback } from './gateways/test-gateway';
import { ConfigError } from '../../config';
import { testConfig } from '../../test/test-app';
import {
  assertBooksBalance,
  balanceOf,
  loggedInMember,
  operatorToken,
  requestId,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
let kit: PaymentsKit;
let gatewayChannelId: number;

beforeAll(async () => {
  kit = await startPaymentsKit({ TEST_GATEWAY_SECRET: secret });
  const { token } = await loggedInMember(kit);
  const channels = (await kit.call('GET', '/wps/payments/channels', { token })).body.value;
  gatewayChannelId = channels.find((channel: { type: string }) => channel.type === 'gateway').id;
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

async function gatewayDeposit(token: string, amount = '250.00') {
  const reply = await kit.call('POST', '/wps/payments/deposits', {
    token,
    body: { channelId: gatewayChannelId, amount, clientRequestId: requestId() },
  });
  expect(reply.status).toBe(200);
  const checkoutUrl = reply.body.value.checkoutUrl as string;
  const sealed = new URL(checkoutUrl, 'http://localhost').searchParams.get('ticket')!;
  return { id: reply.body.value.id as string, checkoutUrl, ticket: openTicket(secret, sealed)! };
}

function inject(method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) {
  return kit.testApp.app.inject({ method, url, headers: { host: 'localhost', ...headers }, payload });
}

function postCallback(body: string, signature = signCallback(secret, body, Math.floor(Date.now() / 1000))) {
  return inject('POST', '/wps/payments/callback/test-gateway', body, {
    'content-type': 'application/json',
    [signatureHeader]: signature,
  });
}

describe('test gateway deposits', () => {
  it('pay on the checkout page: signed callback, credited once, browser back in the member centre', async () => {
    const { token } = await loggedInMember(kit);
    const { id, checkoutUrl } = await gatewayDeposit(token);
    expect(checkoutUrl).toMatch(/^\/pay\/test-gateway\/checkout\//);

    const page = await inject('GET', checkoutUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('250.00 THB');
    expect(page.body).not.toMatch(/<script|style=/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const paid = await inject('POST', checkoutUrl, 'outcome=paid', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost/member?tab=depositv2&deposit=${id}&result=paid`);
    expect(await balanceOf(kit, token)).toBe('250.00');
    expect((await kit.call('GET', `/wps/payments/deposits/${id}`, { token })).body.value).toMatchObject({
      status: 'approved',
      checkoutUrl: null,
    });

    // Paying again (a double click, a replayed form) changes nothing.
    const again = await inject('POST', checkoutUrl, 'outcome=paid', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(again.statusCode).toBe(303);
    expect(await balanceOf(kit, token)).toBe('250.00');
  });

  it('fail on the checkout page rejects the deposit and moves nothing', async () => {
    const { token } = await loggedInMember(kit);
    const { id, checkoutUrl, ticket } = await gatewayDeposit(token);
    const failed = await inject('POST', checkoutUrl, 'outcome=failed', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(failed.headers.location).toContain('result=failed');
    expect((await kit.call('GET', `/wps/payments/deposits/${id}`, { token })).body.value.status).toBe(
      'rejected',
    );
    // A late "paid" for a failed payment is refused, not credited.
    const latePaid = await postCallback(callbackBody(ticket, 'paid'));
    expect(latePaid.statusCode).toBe(409);
    expect(latePaid.json().code).toBe('already_decided');
    expect(await balanceOf(kit, token)).toBe('0.00');
  });

  it('duplicate callbacks answer ok and credit once', async () => {
    const { token } = await loggedInMember(kit);
    const { ticket } = await gatewayDeposit(token, '1000.00');
    const body = callbackBody(ticket, 'paid');
    const replies = await Promise.all([postCallback(body), postCallback(body), postCallback(body)]);
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(replies.filter((reply) => reply.json().value.replayed === false)).toHaveLength(1);
    expect(await balanceOf(kit, token)).toBe('1000.00');
  });

  it('refuses forged, tampered, stale and mismatched callbacks; nothing moves', async () => {
    const { token } = await loggedInMember(kit);
    const { id, ticket, checkoutUrl } = await gatewayDeposit(token, '300.00');
    const body = callbackBody(ticket, 'paid');
    const now = Math.floor(Date.now() / 1000);

    const forged = await postCallback(
      body,
      signCallback('not-the-secret-but-long-enough-0123456789', body, now),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_signature');

    const tampered = body.replace('300.00', '30000.00');
    expect((await postCallback(tampered, signCallback(secret, body, now))).statusCode).toBe(401);
    expect((await postCallback(body, '')).statusCode).toBe(401);
    expect((await postCallback(body, signCallback(secret, body, now - 600))).statusCode).toBe(401);

    // Correctly signed but for another amount: the gateway and the deposit disagree.
    const otherAmount = JSON.stringify({ ...JSON.parse(body), amount: '299.99' });
    const mismatch = await postCallback(otherAmount);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('amount_mismatch');
    const otherCurrency = JSON.stringify({ ...JSON.parse(body), currency: 'USD' });
    expect((await postCallback(otherCurrency)).json().code).toBe('amount_mismatch');
    const unknown = JSON.stringify({ ...JSON.parse(body), reference: 'no-such-reference' });
    expect((await postCallback(unknown)).statusCode).toBe(404);

    // A checkout link with a forged seal is not a checkout.
    const forgedPage = await inject(
      'GET',
      `/pay/test-gateway/checkout/${ticket.reference}?ticket=eyJhIjoxfQ.bad`,
    );
    expect(forgedPage.statusCode).toBe(404);
    const otherReference = await inject('GET', checkoutUrl.replace(ticket.reference, 'other'));
    expect(otherReference.statusCode).toBe(404);

    expect(await balanceOf(kit, token)).toBe('0.00');
    expect((await kit.call('GET', `/wps/payments/deposits/${id}`, { token })).body.value.status).toBe(
      'pending',
    );
  });

  it('gateway deposits are decided by the gateway, not by operators', async () => {
    const { token } = await loggedInMember(kit);
    const { id } = await gatewayDeposit(token);
    const admin = await operatorToken(kit);
    const refused = await kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: admin });
    expect(refused.status).toBe(409);
    expect(await balanceOf(kit, token)).toBe('0.00');
  });

  it('is not offered when the test gateway is off', async () => {
    const off = await startPaymentsKit({ TEST_GATEWAY_ENABLED: 'false' });
    try {
      const { token } = await loggedInMember(off);
      const channels = (await off.call('GET', '/wps/payments/channels', { token })).body.value;
      expect(channels.map((channel: { type: string }) => channel.type)).toEqual(['manual_bank']);
      const create = await off.call('POST', '/wps/payments/deposits', {
        token,
        body: { channelId: gatewayChannelId, amount: '250.00', clientRequestId: requestId() },
      });
      expect(create.body.code).toBe('channel_unavailable');
      const page = await off.testApp.app.inject({
        method: 'GET',
        url: '/pay/test-gateway/checkout/x?ticket=y',
      });
      // Whatever answers (the web app's history fallback), it is no checkout page.
      expect(page.body).not.toContain('Test gateway checkout');
    } finally {
      await off.close();
    }
  });

  it('is off in a start that does not ask for it, and a production start refuses it', async () => {
    const plain = await startPaymentsKit({ TEST_GATEWAY_ENABLED: 'false' });
    try {
      expect(plain.testApp.app.deps.gateways.size).toBe(0);
    } finally {
      await plain.close();
    }
    expect(testConfig().testGateway.enabled).toBe(false);
    expect(() => testConfig({ TEST_GATEWAY_ENABLED: 'true', SEED_DEMO: 'false' })).toThrow(ConfigError);
    expect(() => testConfig({ TEST_GATEWAY_ENABLED: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
  });
});

describe('the test gateway secret', () => {
  // The secret every copy of the source used to carry (security finding: a player signed "paid" with it).
  const publishedSecret = 'development-only-test-gateway-secret-0123456789';

  it('is made per installation: a callback signed with the once-published secret credits nothing', async () => {
    const fresh = await startPaymentsKit({});
    try {
      const { token } = await loggedInMember(fresh);
      const channels = (await fresh.call('GET', '/wps/payments/channels', { token })).body.value;
      const channel = channels.find((entry: { type: string }) => entry.type === 'gateway');
      const created = await fresh.call('POST', '/wps/payments/deposits', {
        token,
        body: { channelId: channel.id, amount: '5000.00', clientRequestId: requestId() },
      });
      const sealed = new URL(created.body.value.checkoutUrl as string, 'http://localhost').searchParams.get(
        'ticket',
      )!;
      // The ticket is sealed with a secret nobody published, generated once and kept in the database
      // (a second instance on the same database uses the same one).
      expect(openTicket(publishedSecret, sealed)).toBeUndefined();
      const stored = await fresh.testApp.database.db
        .selectFrom('installation_secrets')
        .select('value')
        .where('name', '=', 'test-gateway')
        .executeTakeFirstOrThrow();
      expect(stored.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const ticket = openTicket(stored.value, sealed)!;
      expect(ticket.amountMinor).toBe(500_000n);

      const body = callbackBody(ticket, 'paid');
      const forged = await fresh.testApp.app.inject({
        method: 'POST',
        url: '/wps/payments/callback/test-gateway',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          [signatureHeader]: signCallback(publishedSecret, body, Math.floor(Date.now() / 1000)),
        },
        payload: body,
      });
      expect(forged.statusCode).toBe(401);
      expect(await balanceOf(fresh, token)).toBe('0.00');
    } finally {
      await fresh.close();
    }
  });
});
