import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { apiClient } from '../../test/api-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { accountAlertPerHour } from './login.service';

let testApp: TestApp;
let key: PublicKey;
let ipSequence = 0;

/** Each test logs in from its own address, so failure counters per address do not leak across tests. */
function freshIp(): string {
  ipSequence += 1;
  return `203.0.113.${ipSequence}`;
}

const call = apiClient(() => testApp.app, '198.51.100.1');

function login(payload: Record<string, unknown>, ip: string) {
  return call('POST', '/wps/session/login', { body: encryptFor(key, { type: 'username', ...payload }), ip });
}

async function captchaAnswer(id: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.answer;
}

async function insertFailures(subject: string, count: number): Promise<void> {
  const { id: merchantId } = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  await testApp.database.db
    .insertInto('login_failures')
    .values(Array.from({ length: count }, () => ({ merchant_id: merchantId, subject })))
    .execute();
}

beforeAll(async () => {
  testApp = await buildTestApp({ TRUST_PROXY: 'true' });
  key = (await call('GET', '/wps/system/publicKey')).body.value;
});
afterAll(async () => testApp.close());

describe('captcha', () => {
  it('returns a PNG image with its id in a header, and stores the answer on the server only', async () => {
    const { status, body, headers } = await call('GET', '/wps/captcha');
    expect(status).toBe(200);
    const png = Buffer.from(body.value, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(headers['x-captcha-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toContain(await captchaAnswer(String(headers['x-captcha-id'])));
  });
});

describe('password login', () => {
  it('logs in, serves member info with the token, and logout revokes it', async () => {
    const member = await buildMember(testApp.database.db);
    const { status, body } = await login({ username: member.username, password: member.password }, freshIp());
    expect(status).toBe(200);
    expect(body.value).toMatchObject({
      firstTimeLogin: true,
      mustChangePassword: false,
      memberType: 0,
      secondFactor: null,
    });
    const token = body.value.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await call('GET', '/wps/member/info', { token });
    expect(info.body.value).toMatchObject({
      account: member.username,
      type: 0,
      balance: '0.00',
      currencySymbol: '฿',
    });
    const stored = await testApp.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash.toString('base64url') === token)).toBe(false);

    expect((await call('DELETE', '/wps/session/logout', { token })).status).toBe(200);
    const after = await call('GET', '/wps/member/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_expired');
    const second = await login({ username: member.username, password: member.password }, freshIp());
    expect(second.body.value.firstTimeLogin).toBe(false);
  });

  it('asks for a captcha after a failure and accepts the right answer only once', async () => {
    const member = await buildMember(testApp.database.db);
    const ip = freshIp();
    const wrong = await login({ username: member.username, password: 'nope' }, ip);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', value: { captcha: true } });

    const missing = await login({ username: member.username, password: member.password }, ip);
    expect(missing.body).toMatchObject({ code: 'captcha_required', value: { captcha: true } });

    const image = await call('GET', '/wps/captcha');
    const captchaId = String(image.headers['x-captcha-id']);
    const badAnswer = await login(
      { username: member.username, password: member.password, captchaId, captcha: 'ZZZZ' },
      ip,
    );
    expect(badAnswer.body.code).toBe('captcha_invalid');
    // A captcha is single use, even after a wrong answer.
    const reused = await login(
      {
        username: member.username,
        password: member.password,
        captchaId,
        captcha: await captchaAnswer(captchaId),
      },
      ip,
    );
    expect(reused.body.code).toBe('captcha_invalid');

    const fresh = await call('GET', '/wps/captcha');
    const freshId = String(fresh.headers['x-captcha-id']);
    const ok = await login(
      {
        username: member.username,
        password: member.password,
        captchaId: freshId,
        captcha: (await captchaAnswer(freshId)).toLowerCase(),
      },
      ip,
    );
    expect(ok.status).toBe(200);
  });

  it('refuses an expired captcha', async () => {
    const member = await buildMember(testApp.database.db);
    const ip = freshIp();
    await login({ username: member.username, password: 'nope' }, ip);
    const image = await call('GET', '/wps/captcha');
    const captchaId = String(image.headers['x-captcha-id']);
    await testApp.database.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', captchaId)
      .execute();
    const late = await login(
      {
        username: member.username,
        password: member.password,
        captchaId,
        captcha: await captchaAnswer(captchaId),
      },
      ip,
    );
    expect(late.body.code).toBe('captcha_invalid');
  });

  it('holds back the guessing address with 429, and an unknown account the same way', async () => {
    const member = await buildMember(testApp.database.db);
    const attacker = freshIp();
    // A brute-force run from one address: 100 failures on this account from it within the hour.
    await insertFailures(`account:${member.id}@ip:${attacker}`, 100);
    await insertFailures(`account:${member.id}`, 100);
    const locked = await login({ username: member.username, password: member.password }, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'too_many_attempts', value: { captcha: true } });
    expect(locked.body.value.retryAfterSeconds).toBeGreaterThan(0);

    const ip = freshIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const image = await call('GET', '/wps/captcha');
      const captchaId = String(image.headers['x-captcha-id']);
      await login(
        { username: 'nobody-here', password: 'x', captchaId, captcha: await captchaAnswer(captchaId) },
        ip,
      );
    }
    const delayed = await login({ username: 'nobody-here', password: 'x' }, ip);
    expect(delayed.status).toBe(429);
  });

  it('never locks the owner out: from another address the right password and a captcha get in', async () => {
    const member = await buildMember(testApp.database.db);
    const attacker = freshIp();
    // Real guesses first (each after solving the captcha), then the rest of a 2,000-guess run.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const image = await call('GET', '/wps/captcha');
      const captchaId = String(image.headers['x-captcha-id']);
      const guess = await login(
        {
          username: member.username,
          password: `guess-${attempt}`,
          captchaId,
          captcha: await captchaAnswer(captchaId),
        },
        attacker,
      );
      expect(guess.body.code).toBe('invalid_credentials');
    }
    await insertFailures(`account:${member.id}@ip:${attacker}`, 98);
    await insertFailures(`account:${member.id}`, 98);
    await insertFailures(`ip:${attacker}`, 98);
    expect((await login({ username: member.username, password: member.password }, attacker)).status).toBe(
      429,
    );

    const owner = freshIp();
    const withoutCaptcha = await login({ username: member.username, password: member.password }, owner);
    expect(withoutCaptcha.body.code).toBe('captcha_required');
    const image = await call('GET', '/wps/captcha');
    const captchaId = String(image.headers['x-captcha-id']);
    const ownerLogin = await login(
      {
        username: member.username,
        password: member.password,
        captchaId,
        captcha: await captchaAnswer(captchaId),
      },
      owner,
    );
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.body.value.token).toBeTruthy();
    // The attacker's address stays held back after the owner's login.
    expect((await login({ username: member.username, password: 'guess' }, attacker)).status).toBe(429);
  });

  it('raises one login_attack alert when failures on an account pile up from many addresses', async () => {
    const member = await buildMember(testApp.database.db);
    for (let attempt = 0; attempt < accountAlertPerHour; attempt += 1) {
      const ip = freshIp();
      const image = await call('GET', '/wps/captcha', { ip });
      const captchaId = String(image.headers['x-captcha-id']);
      const body = { username: member.username, password: `guess-${attempt}`, captchaId };
      await login({ ...body, captcha: await captchaAnswer(captchaId) }, ip);
    }
    const alerts = await testApp.database.db
      .selectFrom('security_alerts')
      .select(['kind', 'detail'])
      .where('subject', '=', `account:${member.id}`)
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.kind).toBe('login_attack');
    expect(alerts[0]!.detail.failuresLastHour).toBe(accountAlertPerHour);
  });

  it('keeps members and agents on their own side', async () => {
    const member = await buildMember(testApp.database.db);
    const agent = await buildMember(testApp.database.db, { type: 1 });
    const memberOnAgentSide = await login(
      { username: member.username, password: member.password, side: 'agent' },
      freshIp(),
    );
    expect(memberOnAgentSide).toMatchObject({ status: 403, body: { code: 'side_not_allowed' } });
    const agentOnMemberSide = await login({ username: agent.username, password: agent.password }, freshIp());
    expect(agentOnMemberSide.body.code).toBe('side_not_allowed');
    const agentOnAgentSide = await login(
      { username: agent.username, password: agent.password, side: 'agent' },
      freshIp(),
    );
    expect(agentOnAgentSide.body.value.memberType).toBe(1);
  });

  it('forces a password change for a default password, enforced by the server', async () => {
    const member = await buildMember(testApp.database.db, { passwordIsDefault: true });
    const { body } = await login({ username: member.username, password: member.password }, freshIp());
    expect(body.value.mustChangePassword).toBe(true);
    const token = body.value.token as string;
    const refused = await call('GET', '/wps/member/sessions', { token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'password_change_required' } });
    expect((await call('GET', '/wps/member/info', { token })).body.code).toBe('password_change_required');

    const change = await call('POST', '/wps/member/password', {
      token,
      body: encryptFor(key, { password: 'Fresh1234', confirmPassword: 'Fresh1234' }),
    });
    expect(change.status).toBe(200);
    expect((await call('GET', '/wps/member/sessions', { token })).status).toBe(200);
    const relogin = await login({ username: member.username, password: 'Fresh1234' }, freshIp());
    expect(relogin.body.value.mustChangePassword).toBe(false);
  });
});

describe('encrypted bodies', () => {
  it('refuses plain, tampered, stale and replayed bodies', async () => {
    const member = await buildMember(testApp.database.db);
    const payload = { type: 'username', username: member.username, password: member.password };
    const plain = await call('POST', '/wps/session/login', { body: payload, ip: freshIp() });
    expect(plain).toMatchObject({ status: 400, body: { code: 'encryption_invalid' } });

    const tampered = encryptFor(key, payload);
    tampered.data = Buffer.from(
      Buffer.from(tampered.data, 'base64').map((byte, index) => (index === 0 ? byte ^ 1 : byte)),
    ).toString('base64');
    expect((await call('POST', '/wps/session/login', { body: tampered, ip: freshIp() })).body.code).toBe(
      'encryption_invalid',
    );

    const stale = encryptFor(key, payload, { timestamp: Date.now() - 10 * 60_000 });
    expect((await call('POST', '/wps/session/login', { body: stale, ip: freshIp() })).body.code).toBe(
      'encryption_invalid',
    );

    const once = encryptFor(key, payload);
    expect((await call('POST', '/wps/session/login', { body: once, ip: freshIp() })).status).toBe(200);
    const replay = await call('POST', '/wps/session/login', { body: once, ip: freshIp() });
    expect(replay).toMatchObject({ status: 409, body: { code: 'replayed_request' } });
  });

  it('validates the decrypted payload and names the fields', async () => {
    const { status, body } = await call('POST', '/wps/session/login', {
      body: encryptFor(key, { type: 'username', username: 'x'.repeat(10_000), password: '' }),
      ip: freshIp(),
    });
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.value.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'password',
      'username',
    ]);
  });
});

describe('free play and roles', () => {
  it('creates a trial account that is kept out of real-account actions', async () => {
    const { status, body } = await call('POST', '/wps/session/login/freeplay', {
      body: { os: 'web', platform: 'W', gatewayVersion: 3 },
      ip: freshIp(),
    });
    expect(status).toBe(200);
    expect(body.value.memberType).toBe(4);
    const token = body.value.token as string;
    expect((await call('GET', '/wps/member/info', { token })).body.value.type).toBe(4);
    const refused = await call('GET', '/wps/member/sessions', { token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'in_need_true_account' } });
  });

  it('lists and revokes sessions of the caller only', async () => {
    const member = await buildMember(testApp.database.db);
    const first = (await login({ username: member.username, password: member.password }, freshIp())).body
      .value.token;
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const second = (
      await call('POST', '/wps/session/login', {
        body: encryptFor(key, { type: 'username', username: member.username, password: member.password }),
        ip: freshIp(),
        headers: { 'user-agent': chrome },
      })
    ).body.value.token;
    const listed = await call('GET', '/wps/member/sessions', { token: first });
    expect(listed.body.value).toHaveLength(2);
    // The security centre's readable device (ua-parser-js) beside the raw agent.
    expect(listed.body.value.find((session: { current: boolean }) => !session.current)).toMatchObject({
      userAgent: chrome,
      browser: 'Chrome 131',
      os: 'Windows 10',
      device: 'desktop',
    });
    const other = listed.body.value.find((session: { current: boolean }) => !session.current);
    expect((await call('DELETE', `/wps/member/sessions/${other.id}`, { token: first })).status).toBe(200);
    expect((await call('GET', '/wps/member/info', { token: second })).status).toBe(401);
    const stranger = await buildMember(testApp.database.db);
    const strangerToken = (
      await login({ username: stranger.username, password: stranger.password }, freshIp())
    ).body.value.token;
    const current = listed.body.value.find((session: { current: boolean }) => session.current);
    expect(
      (await call('DELETE', `/wps/member/sessions/${current.id}`, { token: strangerToken })).status,
    ).toBe(404);
  });

  it('refuses missing and malformed tokens', async () => {
    expect((await call('GET', '/wps/member/info')).body.code).toBe('unauthorized');
    expect((await call('GET', '/wps/member/info', { token: 'x'.repeat(43) })).body.code).toBe(
      'session_expired',
    );
  });
});
