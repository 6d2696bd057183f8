import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { apiClient } from '../../test/api-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let key: PublicKey;
let ipSequence = 0;

/** Each test logs in from its own address, so failure counters per address do not leak across tests. */
function freshIp(): string {
  ipSequence += 1;
  return `203.0.113.${ipSequence}`;
}

const call = apiClient(() => testApp.app, '198.51.100.1');

beforeAll(async () => {
  testApp = await buildTestApp({ TRUST_PROXY: 'true' });
  key = (await call('GET', '/wps/system/publicKey')).body.value;
});
afterAll(async () => testApp.close());

describe('SMS codes', () => {
  async function newestSms(mobile: string): Promise<string> {
    const row = await testApp.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.body)![1]!;
  }

  it('sends a code to the outbox, logs in with it once, and throttles resends', async () => {
    const member = await buildMember(testApp.database.db, { mobile: '+66812345001' });
    const sent = await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '0812345001', countryDialingCode: '+66' },
    });
    expect(sent.body.value).toEqual({ expiryMinutes: 5, resendAfterSeconds: 300 });
    const again = await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '812345001', countryDialingCode: '66' },
    });
    expect(again).toMatchObject({ status: 429, body: { code: 'too-many-requests' } });

    const code = await newestSms('+66812345001');
    const smsLogin = (verificationCode: string) =>
      call('POST', '/wps/session/login', {
        body: encryptFor(key, {
          type: 'sms',
          mobileNum: '812345001',
          countryDialingCode: '+66',
          verificationCode,
        }),
        ip: freshIp(),
      });
    const loggedIn = await smsLogin(code);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.value.mustChangePassword).toBe(false);
    const reused = await smsLogin(code);
    expect(reused.body.code).toBe('invalid-verification-code');
    expect(member.id).toBeGreaterThan(0);
  });

  it('stops accepting a code after 5 wrong tries, and refuses expired codes', async () => {
    await buildMember(testApp.database.db, { mobile: '+66812345002' });
    await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '812345002', countryDialingCode: '+66' },
    });
    const code = await newestSms('+66812345002');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const attempt = (verificationCode: string) =>
      call('POST', '/wps/session/login', {
        body: encryptFor(key, {
          type: 'sms',
          mobileNum: '812345002',
          countryDialingCode: '+66',
          verificationCode,
        }),
        ip: freshIp(),
      });
    for (let index = 0; index < 5; index += 1)
      expect((await attempt(wrongCode)).body.code).toBe('invalid-verification-code');
    expect((await attempt(code)).body.code).toBe('code-expired');

    await sql`update sms_codes set created_at = now() - interval '1 hour'`.execute(testApp.database.db);
    await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '812345002', countryDialingCode: '+66' },
    });
    const fresh = await newestSms('+66812345002');
    await testApp.database.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('mobile', '=', '+66812345002')
      .execute();
    expect((await attempt(fresh)).body.code).toBe('code-expired');
  });

  it('refuses malformed numbers with the phone error codes', async () => {
    const bad = await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '12', countryDialingCode: '+66' },
    });
    expect(bad.status).toBe(400);
    const invalid = await call('POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '0000000', countryDialingCode: '+66' },
    });
    expect(invalid.body.code).toBe('invalid-phone-number');
  });
});
