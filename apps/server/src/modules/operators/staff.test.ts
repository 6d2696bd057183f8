import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorCode, enrolledSecretOf, testOperatorToken } from '../../test/operator-login';
import { startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from './operators.service';

/**
 * Staff accounts and their security (issue 16): mandatory authenticator, forced password changes, the
 * merchant's IP allow-list, the last-owner rule, role and disabled switches that act on the next call,
 * and the session's idle and absolute ends.
 */
let kit: PaymentsKit;
let owner: string;
const ownerIp = '198.51.100.7';
let serial = 0;

beforeAll(async () => {
  // Addresses come from X-Forwarded-For, so one test can be the owner and a stranger at once.
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  owner = await testOperatorToken(kit.testApp, 'admin', 'Admin1234', ownerIp);
}, 30_000);
afterAll(async () => kit.close());

function asOwner(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  return kit.call(method, url, { token: owner, ip: ownerIp, ...(body === undefined ? {} : { body }) });
}

function login(username: string, password: string, ip = '198.51.100.40', otp?: string) {
  return kit.call('POST', '/ops/session', { body: { username, password, ...(otp ? { otp } : {}) }, ip });
}

/** A staff account made as seeds make them (no password to change), not yet enrolled. */
async function plainStaff(role: 'finance' | 'support' | 'risk' = 'finance') {
  serial += 1;
  const username = `staff${serial}`;
  await createOperator(kit.testApp.database.db, {
    merchantId: kit.merchantId,
    username,
    password: 'Staff12345',
    role,
  });
  return { username, password: 'Staff12345' };
}

/** The current code of an enrolled account's authenticator. */
async function codeOf(username: string): Promise<string> {
  const secret = await enrolledSecretOf(kit.testApp.database.db, kit.merchantId, username);
  if (!secret) throw new Error(`${username} has no authenticator`);
  return authenticatorCode(secret);
}

async function idOf(username: string): Promise<number> {
  const list = await asOwner('GET', `/ops/staff?search=${username}`);
  return (list.body.value.items as { id: number; username: string }[]).find(
    (item) => item.username === username,
  )!.id;
}

describe('mandatory authenticator', () => {
  it('gives an account without one a session that may only enrol, then the full session', async () => {
    const staff = await plainStaff();
    const first = await login(staff.username, staff.password);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ mustEnrolTotp: true, mustChangePassword: false });
    const token = first.body.value.token as string;

    const refused = await kit.call('GET', '/ops/payments/deposits', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('operator_totp_enrolment_required');
    const me = await kit.call('GET', '/ops/session', { token });
    expect(me.body.value).toMatchObject({ username: staff.username, mustEnrolTotp: true });

    const enrolment = await kit.call('POST', '/ops/session/totp', { token });
    expect(enrolment.status).toBe(200);
    const secret = enrolment.body.value.secret as string;
    const confirmed = await kit.call('PUT', '/ops/session/totp', {
      token,
      body: { code: authenticatorCode(secret) },
    });
    expect(confirmed.status).toBe(200);
    // The same session is whole now.
    expect((await kit.call('GET', '/ops/payments/deposits', { token })).status).toBe(200);
    expect((await kit.call('GET', '/ops/session', { token })).body.value.mustEnrolTotp).toBe(false);
  });

  it("resets an account's authenticator: its sessions end and its next login enrols again", async () => {
    const staff = await plainStaff();
    const token = await testOperatorToken(kit.testApp, staff.username, staff.password);
    const reset = await asOwner('POST', `/ops/staff/${await idOf(staff.username)}/totp/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.value.totpEnrolled).toBe(false);
    expect((await kit.call('GET', '/ops/session', { token })).status).toBe(401);
    const again = await login(staff.username, staff.password);
    expect(again.body.value.mustEnrolTotp).toBe(true);
  });
});

describe('staff accounts the owner makes', () => {
  it('creates an account that changes its password, then enrols, before anything else', async () => {
    const created = await asOwner('POST', '/ops/staff', {
      username: 'newsupport',
      password: 'Initial1234',
      role: 'support',
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      username: 'newsupport',
      role: 'support',
      totpEnrolled: false,
      mustChangePassword: true,
      disabled: false,
      lastLoginAt: null,
    });
    const taken = await asOwner('POST', '/ops/staff', {
      username: 'NewSupport',
      password: 'Initial1234',
      role: 'finance',
    });
    expect(taken.body.code).toBe('operator_username_taken');
    const weak = await asOwner('POST', '/ops/staff', {
      username: 'weak1',
      password: 'short1',
      role: 'support',
    });
    expect(weak.body.code).toBe('validation_failed');

    const session = await login('newsupport', 'Initial1234', '198.51.100.41');
    expect(session.body.value).toMatchObject({ mustChangePassword: true, mustEnrolTotp: true });
    const token = session.body.value.token as string;
    for (const [method, url] of [
      ['GET', '/ops/payments/deposits'],
      ['POST', '/ops/session/totp'],
    ] as const) {
      const refused = await kit.call(method, url, { token });
      expect(refused.status, url).toBe(403);
      expect(refused.body.code, url).toBe('operator_password_change_required');
    }
    const wrong = await kit.call('PUT', '/ops/session/password', {
      token,
      body: { currentPassword: 'nope', newPassword: 'Chosen12345' },
    });
    expect(wrong.status).toBe(400);
    const same = await kit.call('PUT', '/ops/session/password', {
      token,
      body: { currentPassword: 'Initial1234', newPassword: 'Initial1234' },
    });
    expect(same.status).toBe(400);
    const changed = await kit.call('PUT', '/ops/session/password', {
      token,
      body: { currentPassword: 'Initial1234', newPassword: 'Chosen12345' },
    });
    expect(changed.status).toBe(200);
    const next = await kit.call('GET', '/ops/payments/deposits', { token });
    expect(next.body.code).toBe('operator_totp_enrolment_required');

    const list = await asOwner('GET', '/ops/staff?search=newsup');
    expect(list.body.value.items).toHaveLength(1);
    expect(list.body.value.items[0]).toMatchObject({
      mustChangePassword: false,
      lastLoginIp: '198.51.100.41',
    });
    expect(list.body.value.items[0].lastLoginAt).not.toBeNull();
  });

  it('resets a password: sessions end, the next login must change it', async () => {
    const staff = await plainStaff();
    const token = await testOperatorToken(kit.testApp, staff.username, staff.password);
    const reset = await asOwner('POST', `/ops/staff/${await idOf(staff.username)}/password`, {
      password: 'Temporary123',
    });
    expect(reset.body.value.mustChangePassword).toBe(true);
    expect((await kit.call('GET', '/ops/session', { token })).status).toBe(401);
    const code = await codeOf(staff.username);
    expect((await login(staff.username, staff.password, undefined, code)).body.code).toBe(
      'invalid_credentials',
    );
    const session = await login(staff.username, 'Temporary123', undefined, code);
    expect(session.body.value).toMatchObject({ mustChangePassword: true, mustEnrolTotp: false });
  });

  it('lists staff a page at a time, filtered and sorted on the server', async () => {
    const page = await asOwner('GET', '/ops/staff?pageSize=2&sort=username&direction=desc');
    expect(page.body.value.items).toHaveLength(2);
    expect(page.body.value.total).toBeGreaterThan(2);
    const names = (page.body.value.items as { username: string }[]).map((item) => item.username);
    expect(names).toEqual([...names].sort().reverse());
    const owners = await asOwner('GET', '/ops/staff?role=owner');
    expect(owners.body.value.items.map((item: { username: string }) => item.username)).toContain('admin');
    expect(owners.body.value.items.every((item: { role: string }) => item.role === 'owner')).toBe(true);
    expect((await asOwner('GET', '/ops/staff?sort=password')).status).toBe(400);
  });
});

describe('roles and switches act on the next call', () => {
  it("changes a role: the account's next call has the new role's rights", async () => {
    const staff = await plainStaff('support');
    const token = await testOperatorToken(kit.testApp, staff.username, staff.password);
    // A deposit that does not exist: finance may decide it (404), support may not (403).
    const approve = () => kit.call('POST', '/ops/payments/deposits/999999999/approve', { token });
    expect((await approve()).body.code).toBe('operator_role_forbidden');
    const changed = await asOwner('PUT', `/ops/staff/${await idOf(staff.username)}`, { role: 'finance' });
    expect(changed.body.value.role).toBe('finance');
    expect((await approve()).status).toBe(404);
    expect((await kit.call('GET', '/ops/session', { token })).body.value.role).toBe('finance');
  });

  it('disables an account: its sessions end at once and it cannot log in until enabled', async () => {
    const staff = await plainStaff('support');
    const token = await testOperatorToken(kit.testApp, staff.username, staff.password);
    const id = await idOf(staff.username);
    expect((await asOwner('PUT', `/ops/staff/${id}`, { disabled: true })).body.value.disabled).toBe(true);
    expect((await kit.call('GET', '/ops/payments/deposits', { token })).status).toBe(401);
    const refused = await login(staff.username, staff.password, undefined, await codeOf(staff.username));
    expect(refused.body.code).toBe('account_disabled');
    await asOwner('PUT', `/ops/staff/${id}`, { disabled: false });
    expect(await testOperatorToken(kit.testApp, staff.username, staff.password)).toMatch(/^[\w-]{43}$/);
  });

  it('never leaves the merchant without an enabled owner', async () => {
    const adminId = await idOf('admin');
    for (const change of [{ role: 'finance' }, { disabled: true }]) {
      const refused = await asOwner('PUT', `/ops/staff/${adminId}`, change);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.code).toBe('operator_last_owner');
    }
    expect((await asOwner('GET', '/ops/session')).body.value.role).toBe('owner');
    // With a second enabled owner, either may step down.
    const second = await asOwner('POST', '/ops/staff', {
      username: 'owner2',
      password: 'Owner123456',
      role: 'owner',
    });
    const demoted = await asOwner('PUT', `/ops/staff/${second.body.value.id}`, { role: 'finance' });
    expect(demoted.body.value.role).toBe('finance');
    expect((await asOwner('PUT', `/ops/staff/${adminId}`, { disabled: true })).body.code).toBe(
      'operator_last_owner',
    );
    expect((await asOwner('PUT', '/ops/staff/999999', { role: 'risk' })).body.code).toBe(
      'operator_not_found',
    );
  });
});

describe('the staff IP allow-list', () => {
  it("refuses a list without the owner's own address, and then refuses logins and calls from elsewhere", async () => {
    const current = await asOwner('GET', '/ops/security/staff-access');
    expect(current.body.value).toMatchObject({ ipAllowList: [], yourAddress: ownerIp, idleMinutes: null });

    const staff = await plainStaff('support');
    const stranger = '203.0.113.9';
    const strangerToken = await testOperatorToken(kit.testApp, staff.username, staff.password, stranger);

    const lockout = await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: ['10.0.0.0/8'],
      idleMinutes: null,
      absoluteHours: null,
    });
    expect(lockout.status).toBe(409);
    expect(lockout.body.code).toBe('operator_ip_self_lockout');
    const invalid = await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: ['198.51.100.0/33'],
      idleMinutes: null,
      absoluteHours: null,
    });
    expect(invalid.body.code).toBe('validation_failed');
    expect((await asOwner('GET', '/ops/security/staff-access')).body.value.ipAllowList).toEqual([]);

    const saved = await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: ['198.51.100.0/24', '2001:db8::/32'],
      idleMinutes: null,
      absoluteHours: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.ipAllowList).toEqual(['198.51.100.0/24', '2001:db8::/32']);

    const call = await kit.call('GET', '/ops/payments/deposits', { token: strangerToken, ip: stranger });
    expect(call.status).toBe(403);
    expect(call.body.code).toBe('operator_ip_not_allowed');
    const refusedLogin = await login(staff.username, staff.password, stranger);
    expect(refusedLogin.body.code).toBe('operator_ip_not_allowed');
    // From inside the list the same account works.
    const inside = await kit.call('GET', '/ops/payments/deposits', {
      token: strangerToken,
      ip: '198.51.100.99',
    });
    expect(inside.status).toBe(200);

    const cleared = await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: [],
      idleMinutes: null,
      absoluteHours: null,
    });
    expect(cleared.body.value.ipAllowList).toEqual([]);
    const again = await login(staff.username, staff.password, stranger, await codeOf(staff.username));
    expect(again.status).toBe(200);
  });
});

describe('session ends', () => {
  it("answers the idle and absolute ends at login, on each check and in each call's headers", async () => {
    const saved = await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: [],
      idleMinutes: 10,
      absoluteHours: 2,
    });
    expect(saved.body.value).toMatchObject({ idleMinutes: 10, absoluteHours: 2 });
    const staff = await plainStaff();
    const before = Date.now();
    const first = await login(staff.username, staff.password);
    const answer = first.body.value as { expiresAt: string; idleExpiresAt: string };
    expect(Date.parse(answer.expiresAt) - before).toBeGreaterThan(2 * 3_600_000 - 5_000);
    expect(Date.parse(answer.expiresAt) - before).toBeLessThanOrEqual(2 * 3_600_000 + 5_000);
    expect(Date.parse(answer.idleExpiresAt) - before).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(Date.parse(answer.idleExpiresAt) - before).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const check = await kit.call('GET', '/ops/session', { token: first.body.value.token });
    expect(check.body.value.expiresAt).toBe(answer.expiresAt);
    expect(
      Math.abs(Date.parse(check.body.value.idleExpiresAt) - Date.parse(answer.idleExpiresAt)),
    ).toBeLessThan(5_000);
    expect(check.headers['x-session-expires-at']).toBe(answer.expiresAt);
    expect(check.headers['x-session-idle-expires-at']).toBe(check.body.value.idleExpiresAt);

    await asOwner('PUT', '/ops/security/staff-access', {
      ipAllowList: [],
      idleMinutes: null,
      absoluteHours: null,
    });
  });

  it('ends a session past its idle limit', async () => {
    const staff = await plainStaff();
    const token = await testOperatorToken(kit.testApp, staff.username, staff.password);
    await kit.testApp.database.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: new Date(Date.now() - 24 * 3_600_000) })
      .where('operator_id', '=', await idOf(staff.username))
      .execute();
    expect((await kit.call('GET', '/ops/session', { token })).status).toBe(401);
  });
});
