import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, merchantCreateResult, operatorMerchantPage } from '@portal/contracts';
import { enrolledOperatorToken, enrolledSecretOf, type OpsSend } from '../../test/operator-login';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from '../operators';

/**
 * Merchants and domains (issue 16, decision 0036): the platform role lists and creates merchants with
 * their first owner, adds and removes host names (unique across merchants) and a request for a new host
 * resolves to its merchant at once; other roles and other merchants' platform accounts are refused.
 */
let kit: PaymentsKit;
let platform: string;
let owner: string;

const newMerchant = {
  code: 'luckystar',
  name: 'Lucky Star',
  currency: { code: 'VND', symbol: '₫', decimals: 0 },
  gmtOffsetMinutes: 420,
  defaultLanguage: 'EN',
  owner: { username: 'star-owner', password: 'StarOwner123' },
};

beforeAll(async () => {
  kit = await startPaymentsKit();
  await createOperator(kit.testApp.database.db, {
    merchantId: kit.merchantId,
    username: 'platform-ops',
    password: 'Platform1234',
    role: 'platform',
  });
  platform = await operatorToken(kit, 'platform-ops', 'Platform1234');
  owner = await operatorToken(kit);
}, 30_000);
afterAll(async () => kit.close());

/** A call as a browser on `host` makes it. */
function onHost(
  host: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  body?: unknown,
) {
  return kit.call(method, url, { headers: { host }, ...(token ? { token } : {}), ...(body ? { body } : {}) });
}

async function merchantCount(): Promise<number> {
  const rows = await kit.testApp.database.db.selectFrom('merchants').select('id').execute();
  return rows.length;
}

describe('merchants and domains', () => {
  it('lists the merchants with their domains, the home merchant marked', async () => {
    const reply = await kit.call('GET', '/ops/merchants', { token: platform });
    const page = envelopeOf(operatorMerchantPage).parse(reply.body).value;
    expect(page.items[0]).toMatchObject({
      code: 'demo',
      home: true,
      domains: [
        { domain: 'localhost', main: true },
        { domain: '127.0.0.1', main: false },
      ],
    });
    expect(page.items[0]!.staffCount).toBeGreaterThanOrEqual(2);
  });

  it('creates a merchant with its owner, who must change the initial password', async () => {
    const reply = await kit.call('POST', '/ops/merchants', { token: platform, body: newMerchant });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const created = envelopeOf(merchantCreateResult).parse(reply.body).value;
    expect(created.merchant).toMatchObject({
      code: 'luckystar',
      currency: { code: 'VND', decimals: 0 },
      gmtOffsetMinutes: 420,
      home: false,
      domains: [],
      staffCount: 1,
    });
    expect(created.owner).toEqual({ username: 'star-owner', mustChangePassword: true });

    // Reached by its code before it has a domain; the register form is the home merchant's.
    const byCode = { host: 'no-domain-yet.example', 'x-merchant-code': 'luckystar' };
    const whitelabel = await kit.call('GET', '/wps/system/whitelabel', { headers: byCode });
    expect(whitelabel.body.value).toMatchObject({ merchantCode: 'luckystar', currency: { code: 'VND' } });
    const register = await kit.call('GET', '/wps/system/setting/register', { headers: byCode });
    expect(register.body.value.length).toBeGreaterThan(10);
  });

  it('refuses a taken code and bad input, creating nothing', async () => {
    const before = await merchantCount();
    const cases: Array<[unknown, string]> = [
      [newMerchant, 'merchant_code_taken'],
      [{ ...newMerchant, code: 'Bad Code!' }, 'validation_failed'],
      [
        { ...newMerchant, code: 'other', currency: { code: 'thb', symbol: '฿', decimals: 2 } },
        'validation_failed',
      ],
      [{ ...newMerchant, code: 'other', gmtOffsetMinutes: 425 }, 'validation_failed'],
      [{ ...newMerchant, code: 'other', owner: { username: 'ab', password: 'short' } }, 'validation_failed'],
      [{ ...newMerchant, code: 'other', defaultLanguage: 'english' }, 'validation_failed'],
    ];
    for (const [body, code] of cases) {
      const reply = await kit.call('POST', '/ops/merchants', { token: platform, body });
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await merchantCount()).toBe(before);
  });

  it('adds domains: a request on the new host resolves to the merchant at once', async () => {
    expect(
      (await onHost('play.luckystar.example', 'GET', '/wps/system/whitelabel')).body.value.merchantCode,
    ).toBe('demo');
    const added = await kit.call('POST', '/ops/merchants/luckystar/domains', {
      token: platform,
      body: { domain: 'Play.LuckyStar.example' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.value.domains).toEqual([{ domain: 'play.luckystar.example', main: true }]);
    const second = await kit.call('POST', '/ops/merchants/luckystar/domains', {
      token: platform,
      body: { domain: 'm.luckystar.example', main: true },
    });
    expect(second.body.value.domains).toEqual([
      { domain: 'm.luckystar.example', main: true },
      { domain: 'play.luckystar.example', main: false },
    ]);
    expect(
      (await onHost('play.luckystar.example', 'GET', '/wps/system/whitelabel')).body.value.merchantCode,
    ).toBe('luckystar');
    const permission = await onHost('play.luckystar.example', 'GET', '/wps/system/permission');
    expect(permission.body.value.info.mainDomain).toBe('m.luckystar.example');

    // The new owner logs in on the merchant's own host and must first change the password.
    const login = await onHost(
      'play.luckystar.example',
      'POST',
      '/ops/session',
      undefined,
      newMerchant.owner,
    );
    expect(login.body.value).toMatchObject({ mustChangePassword: true });
  });

  it('refuses a domain another merchant holds, a bad host name or an unknown merchant', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/ops/merchants/luckystar/domains', { domain: 'localhost' }, 'domain_taken'],
      ['/ops/merchants/demo/domains', { domain: 'play.luckystar.example' }, 'domain_taken'],
      ['/ops/merchants/luckystar/domains', { domain: 'https://x.example/' }, 'validation_failed'],
      ['/ops/merchants/luckystar/domains', { domain: 'bad_host.example' }, 'validation_failed'],
      ['/ops/merchants/luckystar/domains', { domain: '-x.example' }, 'validation_failed'],
      ['/ops/merchants/nobody/domains', { domain: 'free.example' }, 'merchant_not_found'],
    ];
    for (const [url, body, code] of cases) {
      expect(
        (await kit.call('POST', url, { token: platform, body })).body.code,
        url + JSON.stringify(body),
      ).toBe(code);
    }
    const listed = await kit.call('GET', '/ops/merchants?search=luckystar', { token: platform });
    expect(listed.body.value.items[0].domains).toHaveLength(2);
  });

  it('removes a domain: its requests are an unknown host again, the main domain hands over', async () => {
    const removed = await kit.call('DELETE', '/ops/merchants/luckystar/domains/m.luckystar.example', {
      token: platform,
    });
    expect(removed.body.value.domains).toEqual([{ domain: 'play.luckystar.example', main: true }]);
    expect(
      (await onHost('m.luckystar.example', 'GET', '/wps/system/whitelabel')).body.value.merchantCode,
    ).toBe('demo');
    const again = await kit.call('DELETE', '/ops/merchants/luckystar/domains/m.luckystar.example', {
      token: platform,
    });
    expect(again.body.code).toBe('domain_not_found');
    const other = await kit.call('DELETE', '/ops/merchants/luckystar/domains/127.0.0.1', { token: platform });
    expect(other.body.code).toBe('domain_not_found');
    const own = await kit.call('DELETE', '/ops/merchants/demo/domains/localhost', { token: platform });
    expect(own.body.code).toBe('domain_in_use');
  });

  it("is the platform role's, and only on the platform's home merchant", async () => {
    expect((await kit.call('GET', '/ops/merchants', { token: owner })).body.code).toBe(
      'operator_role_forbidden',
    );
    const refused = await kit.call('POST', '/ops/merchants', {
      token: owner,
      body: { ...newMerchant, code: 'byowner' },
    });
    expect(refused.status).toBe(403);

    // A platform account of another merchant, on that merchant's host, can do nothing with merchants.
    const db = kit.testApp.database.db;
    const star = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'luckystar')
      .executeTakeFirstOrThrow();
    await createOperator(db, {
      merchantId: star.id,
      username: 'star-platform',
      password: 'Platform1234',
      role: 'platform',
    });
    const send: OpsSend = async (method, path, options) =>
      (await onHost('play.luckystar.example', method, path, options.token, options.body)).body;
    const token = await enrolledOperatorToken(
      send,
      { username: 'star-platform', password: 'Platform1234' },
      () => enrolledSecretOf(db, star.id, 'star-platform'),
    );
    const listed = await onHost('play.luckystar.example', 'GET', '/ops/merchants', token);
    expect(listed.status).toBe(403);
    expect(listed.body.code).toBe('platform_home_only');
    const created = await onHost('play.luckystar.example', 'POST', '/ops/merchants', token, {
      ...newMerchant,
      code: 'sneaky',
    });
    expect(created.body.code).toBe('platform_home_only');
    expect(
      await db.selectFrom('merchants').select('id').where('code', '=', 'sneaky').executeTakeFirst(),
    ).toBeUndefined();
  });
});
