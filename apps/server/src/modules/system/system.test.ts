import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelopeOf, systemStatus } from '@portal/contracts';
import { buildMerchant } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
const demo = { host: 'localhost:8080' };

async function get(url: string, headers: Record<string, string> = demo) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function updateDemo(columns: Record<string, unknown>) {
  await testApp.database.db.updateTable('merchants').set(columns).where('code', '=', 'demo').execute();
  testApp.app.deps.merchants.invalidate();
}

beforeAll(async () => {
  // Proxy headers are trusted here so tests can present public addresses from other countries.
  testApp = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => testApp.close());
beforeEach(async () =>
  updateDemo({
    maintenance_enabled: false,
    maintenance_message: null,
    maintenance_allow_ips: [],
    allowed_countries: [],
    blocked_countries: [],
  }),
);

describe('GET /wps/system/status', () => {
  it('is normal for the demo merchant, with the visitor address and no country for loopback', async () => {
    const { status, body } = await get('/wps/system/status');
    expect(status).toBe(200);
    expect(envelopeOf(systemStatus).strict().parse(body)).toEqual(body);
    expect(body).toEqual({
      success: true,
      message: '',
      value: { status: 0, ip: '127.0.0.1', country: null, maintenanceMessage: null },
    });
  });

  it('reports the GeoIP country of the forwarded address', async () => {
    const { body } = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '1.0.128.1' });
    expect(body.value).toMatchObject({ status: 0, ip: '1.0.128.1', country: 'TH' });
  });

  it('is 1 with the message during maintenance, except for allow-listed addresses', async () => {
    await updateDemo({
      maintenance_enabled: true,
      maintenance_message: 'Back at 10:00',
      maintenance_allow_ips: ['203.0.113.0/24'],
    });
    const visitor = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '8.8.8.8' });
    expect(visitor.body.value).toMatchObject({ status: 1, maintenanceMessage: 'Back at 10:00' });
    const staff = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '203.0.113.9' });
    expect(staff.body.value).toMatchObject({ status: 0, maintenanceMessage: null });
  });

  it('is 2 for a blocked country and for a country outside the allow-list', async () => {
    await updateDemo({ blocked_countries: ['TH'] });
    const blocked = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '1.0.128.1' });
    expect(blocked.body.value).toMatchObject({ status: 2, country: 'TH' });
    const other = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '8.8.8.8' });
    expect(other.body.value.status).toBe(0);

    await updateDemo({ allowed_countries: ['US'] });
    const outside = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '1.0.128.1' });
    expect(outside.body.value.status).toBe(2);
    const inside = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '8.8.8.8' });
    expect(inside.body.value.status).toBe(0);
    const internal = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '10.1.2.3' });
    expect(internal.body.value.status).toBe(0);
  });

  it('puts region restriction before maintenance', async () => {
    await updateDemo({ maintenance_enabled: true, blocked_countries: ['TH'] });
    const { body } = await get('/wps/system/status', { ...demo, 'x-forwarded-for': '1.0.128.1' });
    expect(body.value).toMatchObject({ status: 2, maintenanceMessage: null });
  });
});

describe('white-label settings', () => {
  it('returns the module flags, languages, themes and currency', async () => {
    const { body } = await get('/wps/system/whitelabel');
    expect(body.value).toMatchObject({
      merchantCode: 'demo',
      defaultLanguage: 'EN',
      languages: ['EN', 'TY', 'VN', 'CN', 'ID', 'MY', 'KR', 'JP'],
      themes: ['dark', 'light'],
      defaultTheme: null,
      currency: { code: 'THB', symbol: '฿', decimals: 2 },
    });
    expect(Object.keys(body.value.modules).sort()).toEqual(
      [
        'agentPolicy',
        'contractDividends',
        'forcedPasswordChange',
        'freePlay',
        'mobileCodeLogin',
        'mobilePasswordRegistration',
        'mobileRegistration',
        'referralPromotion',
        'salary',
        'smsVerification',
      ].sort(),
    );
  });

  it('serves the new settings after a change, not a stale serialized reply', async () => {
    expect((await get('/wps/system/whitelabel')).body.value.merchantName).toBe('Demo Portal');
    await updateDemo({ name: 'Renamed Portal' });
    expect((await get('/wps/system/whitelabel')).body.value.merchantName).toBe('Renamed Portal');
    await updateDemo({ name: 'Demo Portal' });
  });

  it('returns the permission response of spec section 3', async () => {
    const { body } = await get('/wps/system/permission');
    const { info, location, maintenance, regionRestriction } = body.value;
    expect(info.mainDomain).toBe('localhost');
    expect(info.domainRoute).toEqual([
      { domain: 'localhost', main: true },
      { domain: '127.0.0.1', main: false },
    ]);
    expect(info.customerService[0]).toMatchObject({ csType: 'CS', name: 'Live chat' });
    expect(info.resources.map((resource: { resourceType: string }) => resource.resourceType)).toEqual(
      expect.arrayContaining(['TELEGRAM', 'FACEBOOK', 'WHATSAPP', 'Android', 'iOS']),
    );
    expect(info.whitelabel.merchantCode).toBe('demo');
    expect(info.register.length).toBeGreaterThan(10);
    expect(info.analytics).toEqual({ gtagId: null });
    expect(info.imageCDNs).toEqual([]);
    expect(info.launchGameCDNs).toEqual([]);
    expect(location).toEqual({ ip: '127.0.0.1', country: null });
    expect(maintenance).toBe(false);
    expect(regionRestriction).toBe(false);
  });

  it('returns the register settings per field', async () => {
    const { body } = await get('/wps/system/setting/register');
    const username = body.value.find((setting: { field: string }) => setting.field === 'username');
    expect(username).toEqual({
      field: 'username',
      shown: true,
      required: true,
      acceptedPattern: '*',
      minLength: 4,
      maxLength: 16,
      patternId: 1,
    });
  });

  it('returns the domain routes', async () => {
    const { body } = await get('/wps/system/domainRoute');
    expect(body.value).toContainEqual({ domain: 'localhost', main: true });
  });
});

describe('help centre', () => {
  it('returns the articles of the requested language in order', async () => {
    const english = await get('/wps/system/helpCenter?lang=EN&device=WEB');
    expect(english.body.value.lang).toBe('EN');
    expect(english.body.value.articles[0]).toMatchObject({ term: 'about-us', title: 'About us' });
    const thai = await get('/wps/system/helpCenter?lang=TY&device=WEB');
    expect(thai.body.value.articles[0].title).toBe('เกี่ยวกับเรา');
  });

  it('falls back to the default language when the merchant has no articles in the one asked for', async () => {
    const { body } = await get('/wps/system/helpCenter?lang=JA');
    expect(body.value.lang).toBe('EN');
    expect(body.value.articles.length).toBeGreaterThan(0);
  });

  it('refuses a malformed language and device, naming the fields', async () => {
    const { status, body } = await get('/wps/system/helpCenter?lang=%3Cscript%3E&device=APP');
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.code).toBe('validation_failed');
    expect(body.value.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'device',
      'lang',
    ]);
  });
});

describe('merchant resolution', () => {
  it('uses the host, else the merchant-code header, else the default merchant', async () => {
    await buildMerchant(testApp.database.db, {
      code: 'acme',
      name: 'Acme Games',
      domains: ['play.acme.test'],
    });
    testApp.app.deps.merchants.invalidate();

    const byHost = await get('/wps/system/whitelabel', { host: 'PLAY.ACME.TEST:443' });
    expect(byHost.body.value.merchantCode).toBe('acme');
    const byHeader = await get('/wps/system/whitelabel', { host: 'unknown.test', 'x-merchant-code': 'acme' });
    expect(byHeader.body.value.merchantCode).toBe('acme');
    const hostWins = await get('/wps/system/whitelabel', { host: 'localhost', 'x-merchant-code': 'acme' });
    expect(hostWins.body.value.merchantCode).toBe('demo');
    const unknown = await get('/wps/system/whitelabel', { host: 'unknown.test', 'x-merchant-code': 'nope' });
    expect(unknown.body.value.merchantCode).toBe('demo');
  });

  it('sees configuration changes from another connection through PostgreSQL notifications', async () => {
    await testApp.app.deps.bus.listen(testApp.database.url);
    await get('/wps/system/status');
    await testApp.database.db
      .updateTable('merchants')
      .set({ maintenance_enabled: true })
      .where('code', '=', 'demo')
      .execute();
    await expect
      .poll(
        async () =>
          (await get('/wps/system/status', { ...demo, 'x-forwarded-for': '8.8.8.8' })).body.value.status,
      )
      .toBe(1);
  });
});
