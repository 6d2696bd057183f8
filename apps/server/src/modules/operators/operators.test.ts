import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator, operatorAlertFailures } from './operators.service';

let kit: PaymentsKit;

beforeAll(async () => {
  // Addresses come from X-Forwarded-For here, so one test can be an attacker and the owner at once.
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
});
afterAll(async () => kit.close());

async function newOperator(username: string, password: string) {
  await createOperator(kit.testApp.database.db, {
    merchantId: kit.merchantId,
    username,
    password,
    role: 'finance',
  });
}

function login(body: Record<string, unknown>, ip: string) {
  return kit.call('POST', '/ops/session', { body, ip });
}

function totpOf(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

function codeFor(secret: string): string {
  return totpOf(secret).generate();
}

/** A six-digit code the server's window (the step before, now and after) does not accept. */
function notACode(secret: string): string {
  const now = Date.now();
  const accepted = [-30_000, 0, 30_000].map((offset) => totpOf(secret).generate({ timestamp: now + offset }));
  let candidate = 0;
  while (accepted.includes(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

describe('operator login limits', () => {
  it('holds back the guessing address only: the owner logs in from another address', async () => {
    await newOperator('finance1', 'Finance123');
    const attacker = '203.0.113.50';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await login({ username: 'finance1', password: 'nope' }, attacker);
      expect(wrong.body.code).toBe('invalid_credentials');
    }
    // The guessing address is held back, even with the right password.
    const held = await login({ username: 'finance1', password: 'Finance123' }, attacker);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('too_many_attempts');
    expect(held.body.value.retryAfterSeconds).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out.
    const owner = await login({ username: 'finance1', password: 'Finance123' }, '198.51.100.20');
    expect(owner.status).toBe(200);
    expect(owner.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('raises one alert when failures pile up from many addresses, and still lets the owner in', async () => {
    await newOperator('finance2', 'Finance123');
    for (let attempt = 0; attempt < operatorAlertFailures + 3; attempt += 1) {
      const ip = `203.0.113.${100 + (attempt % 40)}`;
      expect((await login({ username: 'finance2', password: `guess${attempt}` }, ip)).status).toBe(401);
    }
    const owner = await login({ username: 'finance2', password: 'Finance123' }, '198.51.100.21');
    expect(owner.status).toBe(200);

    const admin = await operatorToken(kit);
    const alerts = await kit.call('GET', '/ops/security/alerts', { token: admin });
    expect(alerts.status).toBe(200);
    const mine = alerts.body.value.filter(
      (alert: { subject: string }) => alert.subject === 'operator:finance2',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'operator_login_attack' });
    expect(mine[0].detail.failuresLast15Minutes).toBeGreaterThanOrEqual(operatorAlertFailures);
    // Alerts are for owners and risk.
    const financeToken = await operatorToken(kit, 'finance2', 'Finance123');
    const finance = await kit.call('GET', '/ops/security/alerts', { token: financeToken });
    expect(finance.status).toBe(403);
    expect(finance.body.code).toBe('operator_role_forbidden');
  });
});

describe('operator authenticator', () => {
  it('once enrolled, a login needs the code; a missing or wrong code reads like a wrong password', async () => {
    await newOperator('finance3', 'Finance123');
    const ip = '198.51.100.30';
    const first = await login({ username: 'finance3', password: 'Finance123' }, ip);
    const token = first.body.value.token as string;
    const enrolment = await kit.call('POST', '/ops/session/totp', { token, ip });
    expect(enrolment.body.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const secret = enrolment.body.value.secret as string;
    const wrongConfirm = await kit.call('PUT', '/ops/session/totp', {
      token,
      ip,
      body: { code: notACode(secret) },
    });
    expect(wrongConfirm.body.code).toBe('second_factor_invalid');
    const confirmed = await kit.call('PUT', '/ops/session/totp', {
      token,
      ip,
      body: { code: codeFor(secret) },
    });
    expect(confirmed.status).toBe(200);

    const withoutCode = await login({ username: 'finance3', password: 'Finance123' }, ip);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.code).toBe('invalid_credentials');
    const withWrongCode = await login(
      { username: 'finance3', password: 'Finance123', otp: notACode(secret) },
      ip,
    );
    expect(withWrongCode.body.code).toBe('invalid_credentials');
    const withCode = await login({ username: 'finance3', password: 'Finance123', otp: codeFor(secret) }, ip);
    expect(withCode.status).toBe(200);
    // Enrolled once: a second enrolment cannot silently replace it.
    const again = await kit.call('POST', '/ops/session/totp', { token: withCode.body.value.token, ip });
    expect(again.status).toBe(409);
  });
});
