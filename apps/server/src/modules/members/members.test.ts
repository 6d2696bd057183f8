import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let key: PublicKey;
let sequence = 0;

let callSequence = 0;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const response = await testApp.app.inject({
    method,
    url,
    // Each call from its own address: the per-address rate limit of registration is not under test here.
    headers: { host: 'localhost', 'x-forwarded-for': `198.51.100.${(callSequence++ % 250) + 1}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function captcha(): Promise<{ captchaId: string; captcha: string }> {
  const response = await testApp.app.inject({ url: '/wps/captcha', headers: { host: 'localhost' } });
  const captchaId = String(response.headers['x-captcha-id']);
  const row = await testApp.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId, captcha: row.answer };
}

async function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    username: `newbie${sequence}x`,
    password: 'Passw0rd',
    confirmPassword: 'Passw0rd',
    termsAccepted: true,
    ...(await captcha()),
    ...overrides,
  };
}

function register(payload: Record<string, unknown>) {
  return call('PUT', '/wps/member/register', encryptFor(key, payload));
}

async function memberCount(): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  testApp = await buildTestApp({ TRUST_PROXY: 'true' });
  key = (await call('GET', '/wps/system/publicKey')).body.value;
});
afterAll(async () => testApp.close());

describe('registration', () => {
  it('creates the account and logs it in', async () => {
    const payload = await registration({ email: 'new@example.com', payeeName: 'สมชาย ใจดี' });
    const { status, body } = await register(payload);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ memberType: 0, firstTimeLogin: true, mustChangePassword: false });
    const row = await testApp.database.db
      .selectFrom('members')
      .select(['username', 'email', 'payee_name', 'password_hash'])
      .where('username', '=', payload.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'new@example.com', payee_name: 'สมชาย ใจดี' });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('names every failing field with its rule and writes nothing', async () => {
    const before = await memberCount();
    const { status, body } = await register(
      await registration({
        username: '<script>alert(1)</script>',
        password: "x' OR 1=1 --",
        confirmPassword: 'different',
        email: 'not-an-email',
      }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    const fields = Object.fromEntries(
      body.value.fields.map((field: { field: string; code: string }) => [field.field, field.code]),
    );
    expect(fields).toMatchObject({
      username: 'too_long',
      password: 'pattern',
      confirmPassword: 'inconsistent_twice',
      email: 'pattern',
    });
    expect(await memberCount()).toBe(before);
  });

  it('refuses HTML and SQL in every shown field and writes nothing', async () => {
    const before = await memberCount();
    const payloads = ['<img src=x onerror>', "' OR 1=1; --"];
    for (const hostile of payloads) {
      const { status, body } = await register(
        await registration({
          username: hostile,
          password: hostile,
          confirmPassword: hostile,
          email: hostile,
          payeeName: hostile,
          mobileNum: hostile,
          affiliateCode: hostile,
          referralCode: hostile,
        }),
      );
      expect(status).toBe(400);
      const failing = body.value.fields.map((field: { field: string }) => field.field).sort();
      expect(failing).toEqual([
        'affiliateCode',
        'email',
        'mobileNum',
        'password',
        'payeeName',
        'referralCode',
        'username',
      ]);
    }
    expect(await memberCount()).toBe(before);
  });

  it('refuses a 10 kB username, emoji and mixed scripts, and missing terms', async () => {
    const huge = await register(await registration({ username: 'a'.repeat(10_000) }));
    expect(huge.status).toBe(400);
    const emoji = await register(await registration({ username: 'ab😀cd' }));
    expect(emoji.body.value.fields[0]).toMatchObject({ field: 'username', code: 'pattern' });
    const mixed = await register(await registration({ username: 'abcдеф' }));
    expect(mixed.body.value.fields[0]).toMatchObject({ field: 'username', code: 'pattern' });
    const noTerms = await register(await registration({ termsAccepted: false }));
    expect(noTerms.body.value.fields.map((field: { field: string }) => field.field)).toContain(
      'termsAccepted',
    );
  });

  it('requires the captcha and uses it once', async () => {
    const wrong = await register(await registration({ captcha: 'QQQQ' }));
    expect(wrong.body.value.fields[0]).toMatchObject({ field: 'captcha', code: 'invalid' });
    const payload = await registration();
    expect((await register(payload)).status).toBe(200);
    const again = await register({ ...payload, username: `${payload.username}b` });
    expect(again.body.value.fields[0]).toMatchObject({ field: 'captcha', code: 'invalid' });
  });

  it('lets exactly one of two racing registrations of a username win', async () => {
    const first = await registration({ username: 'racer01' });
    const second = await registration({ username: 'RACER01' });
    const results = await Promise.all([register(first), register(second)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const loser = results.find((result) => result.status === 409)!;
    expect(loser.body.value.fields[0]).toMatchObject({ field: 'username', code: 'taken' });
  });

  it('checks the affiliate code and places the member under that agent', async () => {
    const agent = await buildMember(testApp.database.db, { type: 1, affiliateCode: 'AGENT42' });
    const check = await call('GET', '/wps/agent/affiliate?affiliateCode=AGENT42');
    expect(check.body.value).toEqual({ affiliateCode: 'AGENT42', agentNickname: agent.username });
    const unknown = await call('GET', '/wps/agent/affiliate?affiliateCode=NOPE1');
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invitation_code_error' } });

    const wrong = await register(await registration({ affiliateCode: 'NOPE1' }));
    expect(wrong.body.code).toBe('invitation_code_error');
    const payload = await registration({ affiliateCode: 'AGENT42' });
    expect((await register(payload)).status).toBe(200);
    const row = await testApp.database.db
      .selectFrom('members')
      .select('parent_agent_id')
      .where('username', '=', payload.username)
      .executeTakeFirstOrThrow();
    expect(row.parent_agent_id).toBe(agent.id);
  });
});

describe('password recovery', () => {
  async function outbox(recipient: string) {
    return testApp.database.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .execute();
  }

  it('answers in_been_out whatever the account, and mails a single-use link only to the right one', async () => {
    const member = await buildMember(testApp.database.db, { email: 'owner@example.com' });
    const form = (username: string, email: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: {
          host: 'localhost',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '192.0.2.10',
        },
        payload: new URLSearchParams({ username, email }).toString(),
      });
    for (const [username, email] of [
      ['nobody-at-all', 'owner@example.com'],
      [member.username, 'someone-else@example.com'],
      [member.username, 'OWNER@example.com'],
    ] as const) {
      const response = await form(username, email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, value: null, message: 'in_been_out' });
    }
    await expect.poll(async () => (await outbox('owner@example.com')).length).toBe(1);
    expect(await outbox('someone-else@example.com')).toHaveLength(0);
    const [mail] = await outbox('owner@example.com');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;

    const resetWith = (password: string) =>
      call(
        'POST',
        '/wps/member/password/email/reset',
        encryptFor(key, { token, password, confirmPassword: password }),
      );
    const weak = await resetWith('short');
    expect(weak.body.code).toBe('validation_failed');
    const done = await resetWith('Brandnew123');
    expect(done.status).toBe(200);
    expect(done.body.value).toBeNull();
    const login = await call(
      'POST',
      '/wps/session/login',
      encryptFor(key, { type: 'username', username: member.username, password: 'Brandnew123' }),
    );
    expect(login.status).toBe(200);
    expect((await resetWith('Another123')).body.code).toBe('code-expired');
  });

  it('resets by phone with an SMS code and logs in', async () => {
    await buildMember(testApp.database.db, { mobile: '+66812345099' });
    await call('POST', '/wps/verification/sms/noLogin', {
      mobileNum: '812345099',
      countryDialingCode: '+66',
    });
    const [sms] = await outbox('+66812345099');
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const result = await call(
      'POST',
      '/wps/member/password/verification',
      encryptFor(key, {
        mobileNum: '812345099',
        countryDialingCode: '+66',
        verificationCode: code,
        password: 'Phone1234',
        confirmPassword: 'Phone1234',
      }),
    );
    expect(result.status).toBe(200);
    expect(result.body.value.mustChangePassword).toBe(false);
  });
});

describe('member icon', () => {
  it('is an SVG avatar of the account, the same each time', async () => {
    const payload = await registration();
    const token = (await register(payload)).body.value.token as string;
    const fetchIcon = () =>
      testApp.app.inject({
        url: '/wps/member/info/icon',
        headers: { host: 'localhost', authorization: `Bearer ${token}` },
      });
    const first = (await fetchIcon()).json().value.iconUrl as string;
    expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(first.split(',')[1]!, 'base64').toString()).toContain('>N</text>');
    expect((await fetchIcon()).json().value.iconUrl).toBe(first);
  });
});

describe('demo accounts', () => {
  it('are seeded with working passwords', async () => {
    const accounts = await testApp.database.db
      .selectFrom('members')
      .select(['username', 'type', 'password_is_default'])
      .where('username', 'in', ['player1', 'agent1', 'newbie1'])
      .orderBy('username')
      .execute();
    expect(accounts).toEqual([
      { username: 'agent1', type: 1, password_is_default: false },
      { username: 'newbie1', type: 0, password_is_default: true },
      { username: 'player1', type: 0, password_is_default: false },
    ]);
  });
});

describe('mobile registration', () => {
  it('registers with an SMS code, refuses the number twice, and logs in', async () => {
    await call('POST', '/wps/verification/sms/register', {
      mobileNum: '812349999',
      countryDialingCode: '+66',
    });
    const [sms] = await testApp.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', '+66812349999')
      .orderBy('id', 'desc')
      .execute();
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const payload = {
      mobileNum: '812349999',
      countryDialingCode: '+66',
      verificationCode: code,
      termsAccepted: true,
    };
    const wrong = await call(
      'PUT',
      '/wps/member/register/mobile',
      encryptFor(key, { ...payload, verificationCode: '000000' === code ? '111111' : '000000' }),
    );
    expect(wrong.body.code).toBe('invalid-verification-code');
    const created = await call('PUT', '/wps/member/register/mobile', encryptFor(key, payload));
    expect(created.status).toBe(200);
    expect(created.body.value.memberType).toBe(0);
    const row = await testApp.database.db
      .selectFrom('members')
      .select('username')
      .where('mobile', '=', '+66812349999')
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('m66812349999');
  });
});
