import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, whitelabel, whitelabelSettings, type WhitelabelSettings } from '@portal/contracts';
import { operatorToken, pngBase64, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from '../operators';

/**
 * The console's white-label settings (issue 16): the owner reads and writes each area, bad input is
 * refused with the field named and changes nothing, and every change is what the player API answers
 * on its very next call (the test never drops the settings snapshot itself).
 */
let kit: PaymentsKit;
let owner: string;
let finance: string;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  owner = await operatorToken(kit);
  await createOperator(kit.testApp.database.db, {
    merchantId: kit.merchantId,
    username: 'settings-finance',
    password: 'Finance1234',
    role: 'finance',
  });
  finance = await operatorToken(kit, 'settings-finance', 'Finance1234');
}, 30_000);
afterAll(async () => kit.close());

async function settings(): Promise<WhitelabelSettings> {
  const reply = await kit.call('GET', '/ops/settings', { token: owner });
  expect(reply.status).toBe(200);
  return envelopeOf(whitelabelSettings).parse(reply.body).value;
}

async function put(area: string, body: unknown, token = owner) {
  return kit.call('PUT', `/ops/settings/${area}`, { token, body });
}

async function playerWhitelabel() {
  return envelopeOf(whitelabel).parse((await kit.call('GET', '/wps/system/whitelabel')).body).value;
}

/** A refused write: 400 validation_failed naming `field`, and the settings exactly as before. */
async function expectRefused(area: string, body: unknown, field: string) {
  const before = await settings();
  const reply = await put(area, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.code).toBe('validation_failed');
  expect(JSON.stringify(reply.body)).toContain(field);
  expect(await settings()).toEqual(before);
}

describe('white-label settings', () => {
  it('reads every area with the caller address', async () => {
    const read = await settings();
    expect(read).toMatchObject({
      merchantCode: 'demo',
      languages: { languages: ['EN', 'TY', 'VN', 'CN', 'ID', 'MY', 'KR', 'JP'], defaultLanguage: 'EN' },
      branding: { logoUrl: null, primaryColor: null, accentColor: null },
      status: { maintenanceEnabled: false, maintenanceAllowIps: [] },
      withdrawals: { autoReceiveMinutes: 30, minAmount: '100.00', maxAmount: '50000.00' },
      callerIp: '198.51.100.1',
    });
    expect(read.register.map((rule) => rule.field)).toContain('username');
  });

  it('switches a module off and the player API answers it on its next call', async () => {
    expect((await playerWhitelabel()).modules.referralPromotion).toBe(true);
    const { modules } = await settings();
    const reply = await put('modules', { ...modules, referralPromotion: false });
    expect(reply.body.value.modules.referralPromotion).toBe(false);
    expect((await playerWhitelabel()).modules.referralPromotion).toBe(false);
    await put('modules', modules);
    expect((await playerWhitelabel()).modules.referralPromotion).toBe(true);
  });

  it('refuses module switches that are not the contract, changing nothing', async () => {
    const { modules } = await settings();
    await expectRefused('modules', { ...modules, salary: 'no' }, 'salary');
    const { freePlay: _left, ...missing } = modules;
    await expectRefused('modules', missing, 'freePlay');
  });

  it('sets languages and themes; the defaults must be offered', async () => {
    const reply = await put('languages', {
      languages: ['TY', 'EN'],
      defaultLanguage: 'TY',
      themes: ['light'],
      defaultTheme: 'light',
    });
    expect(reply.status).toBe(200);
    expect(await playerWhitelabel()).toMatchObject({
      languages: ['TY', 'EN'],
      defaultLanguage: 'TY',
      themes: ['light'],
      defaultTheme: 'light',
    });
    const base = { languages: ['EN', 'TY'], themes: ['dark', 'light'], defaultTheme: null };
    await expectRefused('languages', { ...base, defaultLanguage: 'VI' }, 'defaultLanguage');
    await expectRefused(
      'languages',
      { ...base, defaultLanguage: 'EN', languages: ['EN', 'EN'] },
      'languages',
    );
    await expectRefused('languages', { ...base, defaultLanguage: 'en' }, 'defaultLanguage');
    await expectRefused(
      'languages',
      { ...base, defaultLanguage: 'EN', themes: ['dark'], defaultTheme: 'light' },
      'defaultTheme',
    );
    await put('languages', { ...base, defaultLanguage: 'EN' });
  });

  it('sets the logo from the content image upload and the colours; players get them', async () => {
    const upload = await kit.call('POST', '/ops/content/images', {
      token: owner,
      body: { image: pngBase64 },
    });
    expect(upload.status).toBe(200);
    const logoUrl = upload.body.value.url as string;
    const reply = await put('branding', { logoUrl, primaryColor: '#AA3300', accentColor: '#0055ff' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await playerWhitelabel()).branding).toEqual({
      logoUrl,
      primaryColor: '#aa3300',
      accentColor: '#0055ff',
    });
    const image = await kit.testApp.app.inject({ url: logoUrl, headers: { host: 'localhost' } });
    expect(image.headers['content-type']).toBe('image/png');
    await expectRefused(
      'branding',
      { logoUrl: 'https://evil.example/x.png', primaryColor: null, accentColor: null },
      'logoUrl',
    );
    await expectRefused(
      'branding',
      { logoUrl: null, primaryColor: 'red', accentColor: null },
      'primaryColor',
    );
    await put('branding', { logoUrl: null, primaryColor: null, accentColor: null });
  });

  it('replaces the register form; players read its fields and patterns', async () => {
    const { register } = await settings();
    const changed = register.map((rule) =>
      rule.field === 'username' ? { ...rule, minLength: 6, acceptedPattern: '[a-z][a-z0-9]*' } : rule,
    );
    expect((await put('register', { fields: changed })).status).toBe(200);
    const served = (await kit.call('GET', '/wps/system/setting/register')).body.value as typeof register;
    expect(served.find((rule) => rule.field === 'username')).toMatchObject({
      minLength: 6,
      acceptedPattern: '[a-z][a-z0-9]*',
    });
    const username = changed.find((rule) => rule.field === 'username')!;
    const others = changed.filter((rule) => rule.field !== 'username');
    await expectRefused('register', { fields: others }, 'username');
    await expectRefused('register', { fields: [...changed, username] }, 'each field once');
    await expectRefused(
      'register',
      { fields: changed.map((rule) => (rule === username ? { ...rule, acceptedPattern: '([a-z' } : rule)) },
      'acceptedPattern',
    );
    await expectRefused(
      'register',
      { fields: changed.map((rule) => (rule === username ? { ...rule, patternId: 20 } : rule)) },
      'patternId',
    );
    await expectRefused(
      'register',
      { fields: changed.map((rule) => (rule === username ? { ...rule, minLength: 9, maxLength: 8 } : rule)) },
      'maxLength',
    );
    await put('register', { fields: register });
  });

  it('replaces the mobile pickers countries; players read them in order, duplicates change nothing', async () => {
    const before = await settings();
    expect(before.countries[0]).toEqual({ countryCode: 'TH', countryDialingCode: '+66' });
    expect((await playerWhitelabel()).countries).toEqual(before.countries);
    const countries = [
      { countryCode: 'vn', countryDialingCode: '+84' },
      { countryCode: 'TH', countryDialingCode: '+66' },
    ];
    const reply = await put('countries', { countries });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const stored = [
      { countryCode: 'VN', countryDialingCode: '+84' },
      { countryCode: 'TH', countryDialingCode: '+66' },
    ];
    expect(reply.body.value.countries).toEqual(stored);
    expect((await playerWhitelabel()).countries).toEqual(stored);
    await expectRefused('countries', { countries: [...stored, stored[0]] }, 'countryCode');
    await expectRefused(
      'countries',
      { countries: [{ countryCode: 'TH', countryDialingCode: '66' }] },
      'countryDialingCode',
    );
    await expectRefused('countries', { countries: [] }, 'countries');
    await put('countries', { countries: before.countries });
    expect((await playerWhitelabel()).countries).toEqual(before.countries);
  });

  it('sets the game lists layout to columns of two; players read it, an unknown layout changes nothing', async () => {
    expect((await settings()).layout).toEqual({ gameListLayout: 'grid' });
    expect((await playerWhitelabel()).gameListLayout).toBe('grid');
    const reply = await put('layout', { gameListLayout: 'chunked2' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value.layout).toEqual({ gameListLayout: 'chunked2' });
    expect((await playerWhitelabel()).gameListLayout).toBe('chunked2');
    await expectRefused('layout', { gameListLayout: 'chunked3' }, 'gameListLayout');
    await put('layout', { gameListLayout: 'grid' });
    expect((await playerWhitelabel()).gameListLayout).toBe('grid');
  });

  it('turns maintenance on for everyone but the allow-listed addresses, and region rules', async () => {
    const status = {
      maintenanceEnabled: true,
      maintenanceMessage: 'Back at 10:00',
      maintenanceAllowIps: ['203.0.113.0/24', '2001:db8::1'],
      allowedCountries: [],
      blockedCountries: ['us'],
    };
    expect((await put('status', status)).status).toBe(200);
    const visitor = await kit.call('GET', '/wps/system/status', { ip: '1.0.128.1' });
    expect(visitor.body.value).toMatchObject({ status: 1, maintenanceMessage: 'Back at 10:00' });
    const staff = await kit.call('GET', '/wps/system/status', { ip: '203.0.113.9' });
    expect(staff.body.value.status).toBe(0);
    const blocked = await kit.call('GET', '/wps/system/status', { ip: '8.8.8.8' });
    expect(blocked.body.value.status).toBe(2);
    expect((await settings()).status.blockedCountries).toEqual(['US']);

    const off = { ...status, maintenanceEnabled: false, blockedCountries: [] };
    await expectRefused('status', { ...off, maintenanceAllowIps: ['not-an-ip'] }, 'maintenanceAllowIps');
    await expectRefused('status', { ...off, maintenanceAllowIps: ['10.0.0.0/33'] }, 'maintenanceAllowIps');
    await expectRefused(
      'status',
      { ...off, allowedCountries: ['TH'], blockedCountries: ['TH'] },
      'blockedCountries',
    );
    await expectRefused('status', { ...off, blockedCountries: ['THA'] }, 'blockedCountries');
    await put('status', off);
    expect((await kit.call('GET', '/wps/system/status', { ip: '1.0.128.1' })).body.value.status).toBe(0);
  });

  it('sets the withdrawal limits and auto-receive minutes; a reversed range changes nothing', async () => {
    const reply = await put('withdrawals', {
      autoReceiveMinutes: 90,
      minAmount: '200',
      maxAmount: '80000.50',
    });
    expect(reply.body.value.withdrawals).toEqual({
      autoReceiveMinutes: 90,
      minAmount: '200.00',
      maxAmount: '80000.50',
    });
    const row = await kit.testApp.database.db
      .selectFrom('merchants')
      .select(['withdrawal_min_minor', 'withdrawal_max_minor', 'withdrawal_forced_receipt_minutes'])
      .where('id', '=', kit.merchantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      withdrawal_min_minor: 20000n,
      withdrawal_max_minor: 8000050n,
      withdrawal_forced_receipt_minutes: 90,
    });
    for (const [body, code] of [
      [{ autoReceiveMinutes: 90, minAmount: '500.00', maxAmount: '100.00' }, 'limit_range_invalid'],
      [{ autoReceiveMinutes: 90, minAmount: '1.001', maxAmount: '100.00' }, 'invalid_amount'],
      [{ autoReceiveMinutes: 0, minAmount: '1.00', maxAmount: '100.00' }, 'validation_failed'],
    ] as const) {
      const refused = await put('withdrawals', body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
    }
    expect((await settings()).withdrawals.minAmount).toBe('200.00');
  });

  it('is the owner role only', async () => {
    expect((await kit.call('GET', '/ops/settings', { token: finance })).body.code).toBe(
      'operator_role_forbidden',
    );
    const { modules } = await settings();
    const refused = await put('modules', { ...modules, freePlay: false }, finance);
    expect(refused.status).toBe(403);
    expect((await playerWhitelabel()).modules.freePlay).toBe(true);
  });
});
