import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { apiClient } from '../../test/api-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { totpFor } from './totp';

let testApp: TestApp;
let key: PublicKey;

const call = apiClient(() => testApp.app, '198.51.100.7');

function login(username: string, password: string, ip: string) {
  return call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username, password }),
    ip,
  });
}

async function lastMessage(recipient: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1]!;
}

beforeAll(async () => {
  testApp = await buildTestApp({ TRUST_PROXY: 'true' });
  await testApp.database.db
    .updateTable('merchants')
    .set({ unregistered_ip_check: true })
    .where('code', '=', 'demo')
    .execute();
  testApp.app.deps.merchants.invalidate();
  key = (await call('GET', '/wps/system/publicKey')).body.value;
});
afterAll(async () => testApp.close());

describe('login from a new address', () => {
  it('asks a second step by e-mail, SMS or bank-account name, and remembers the address afterwards', async () => {
    const member = await buildMember(testApp.database.db, {
      email: 'twofa@example.com',
      mobile: '+66812340001',
    });
    await testApp.database.db
      .updateTable('members')
      .set({ payee_name: 'Somchai Jaidee' })
      .where('id', '=', member.id)
      .execute();
    const first = await login(member.username, member.password, '192.0.2.1');
    expect(first.body.value.secondFactor).toBeNull();

    const fromElsewhere = await login(member.username, member.password, '192.0.2.2');
    expect(fromElsewhere.body.value.token).toBeNull();
    const { challengeId, methods } = fromElsewhere.body.value.secondFactor;
    expect(methods).toEqual(['mobile', 'email', 'bankAccountName']);

    const wrong = await call('POST', '/wps/session/login/verify', {
      body: { challengeId, method: 'email', answer: '000000' },
      ip: '192.0.2.2',
    });
    expect(wrong.body.code).toBe('second_factor_invalid');
    const emailCode = await lastMessage('twofa@example.com');
    const right = await call('POST', '/wps/session/login/verify', {
      body: { challengeId, method: 'email', answer: emailCode },
      ip: '192.0.2.2',
    });
    expect(right.status).toBe(200);
    expect(right.body.value.token).toBeTruthy();
    const reused = await call('POST', '/wps/session/login/verify', {
      body: { challengeId, method: 'email', answer: emailCode },
      ip: '192.0.2.2',
    });
    expect(reused.body.code).toBe('second_factor_invalid');

    expect((await login(member.username, member.password, '192.0.2.2')).body.value.secondFactor).toBeNull();

    const third = await login(member.username, member.password, '192.0.2.3');
    const byName = await call('POST', '/wps/session/login/verify', {
      body: {
        challengeId: third.body.value.secondFactor.challengeId,
        method: 'bankAccountName',
        answer: '  somchai   JAIDEE ',
      },
      ip: '192.0.2.3',
    });
    expect(byName.status).toBe(200);

    const fourth = await login(member.username, member.password, '192.0.2.4');
    const smsCode = await lastMessage('+66812340001');
    const bySms = await call('POST', '/wps/session/login/verify', {
      body: { challengeId: fourth.body.value.secondFactor.challengeId, method: 'mobile', answer: smsCode },
      ip: '192.0.2.4',
    });
    expect(bySms.status).toBe(200);
  });

  it('enrols an authenticator with a confirmed code and accepts it as the second step', async () => {
    const member = await buildMember(testApp.database.db);
    const token = (await login(member.username, member.password, '192.0.2.10')).body.value.token as string;
    const enrol = await call('POST', '/wps/member/totp/enrol', { token, ip: '192.0.2.10' });
    expect(enrol.body.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const totp = totpFor(enrol.body.value.secret, 'x', 'y');
    expect(
      (
        await call('POST', '/wps/member/totp/confirm', {
          token,
          body: { code: '000000' === totp.generate() ? '111111' : '000000' },
          ip: '192.0.2.10',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/wps/member/totp/confirm', {
          token,
          body: { code: totp.generate() },
          ip: '192.0.2.10',
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/wps/member/info', { token, ip: '192.0.2.10' })).body.value.totpEnabled).toBe(
      true,
    );

    const challenge = (await login(member.username, member.password, '192.0.2.11')).body.value.secondFactor;
    expect(challenge.methods).toEqual(['totp']);
    const verified = await call('POST', '/wps/session/login/verify', {
      body: { challengeId: challenge.challengeId, method: 'totp', answer: totp.generate() },
      ip: '192.0.2.11',
    });
    expect(verified.status).toBe(200);
    expect(
      (await call('DELETE', '/wps/member/totp', { token, body: { code: totp.generate() }, ip: '192.0.2.10' }))
        .status,
    ).toBe(200);
  });

  it('ends a challenge after 5 wrong answers', async () => {
    const member = await buildMember(testApp.database.db, { email: 'five@example.com' });
    await login(member.username, member.password, '192.0.2.20');
    const { challengeId } = (await login(member.username, member.password, '192.0.2.21')).body.value
      .secondFactor;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await call('POST', '/wps/session/login/verify', {
        body: { challengeId, method: 'email', answer: '999999' },
        ip: '192.0.2.21',
      });
    }
    const code = await lastMessage('five@example.com');
    const late = await call('POST', '/wps/session/login/verify', {
      body: { challengeId, method: 'email', answer: code },
      ip: '192.0.2.21',
    });
    expect(late.body.code).toBe('second_factor_invalid');
  });
});
