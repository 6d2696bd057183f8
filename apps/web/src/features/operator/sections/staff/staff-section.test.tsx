import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember, StaffSecurity } from '@portal/contracts';
import { storeOperatorSession } from '../../api/operator-session';
import { buildOperatorSession, pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

function loggedIn(
  role: 'owner' | 'finance',
  duties: { mustChangePassword?: boolean; mustEnrolTotp?: boolean } = {},
  times?: { expiresAt: string; idleExpiresAt: string },
) {
  const session = buildOperatorSession(role);
  storeOperatorSession(session.token, { ...session.operator, ...duties }, times);
}

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 2,
    username: 'cashier',
    role: 'support',
    disabled: false,
    totpEnrolled: true,
    mustChangePassword: false,
    lastLoginAt: '2026-11-26T04:00:00.000Z',
    lastLoginIp: '203.0.113.7',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** GET /ops/session's answer for the fake operator, its duties as given. */
function sessionInfo(duties: { mustChangePassword: boolean; mustEnrolTotp: boolean }) {
  return {
    value: {
      id: 1,
      username: 'admin',
      role: 'owner',
      expiresAt: '2030-01-01T00:00:00.000Z',
      idleExpiresAt: '2030-01-01T00:00:00.000Z',
      ...duties,
    },
  };
}

describe('authenticator enrolment and the forced password change', () => {
  it('logs a new account in to the enrolment page: QR code, secret, code, then the console', async () => {
    let enrolled = false;
    const { requests } = await renderConsoleAt('/operator/login', {
      'POST /ops/session': { value: { ...buildOperatorSession('owner'), mustEnrolTotp: true } },
      'POST /ops/session/totp': {
        value: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Demo:admin?secret=JBSWY3DPEHPK3PXP',
        },
      },
      'PUT /ops/session/totp': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return { status: 400, code: 'second_factor_invalid' };
        }
        enrolled = true;
        return { value: null };
      },
      'GET /ops/session': () => sessionInfo({ mustChangePassword: false, mustEnrolTotp: !enrolled }),
    });
    await screen.findByRole('heading', { name: 'Staff login' }, slow);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Set up your authenticator app' }, slow);
    expect(await screen.findByRole('img', { name: 'QR code of your authenticator secret' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    // No menu, no queues: the session may only enrol.
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();

    const codeField = screen.getByLabelText('Code');
    fireEvent.change(codeField, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeTruthy();
    fireEvent.change(codeField, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Dashboard' }, slow);
    expect(
      requests.filter((request) => request.method === 'POST' && request.url.pathname === '/ops/session/totp'),
    ).toHaveLength(1);
  });

  it('asks for a new password first, checks it before sending, then goes on to the enrolment', async () => {
    loggedIn('owner', { mustChangePassword: true, mustEnrolTotp: true });
    let changed = false;
    const { requests } = await renderConsoleAt('/operator', {
      'PUT /ops/session/password': () => {
        changed = true;
        return { value: null };
      },
      'GET /ops/session': () => sessionInfo({ mustChangePassword: !changed, mustEnrolTotp: true }),
      'POST /ops/session/totp': { value: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' } },
    });
    await screen.findByRole('heading', { name: 'Choose a new password' }, slow);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Initial1234' } });
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'At least 10 characters with a letter and a digit.',
    );
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), {
      target: { value: 'Chosen12345' },
    });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'Chosen12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByRole('heading', { name: 'Set up your authenticator app' }, slow);
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      currentPassword: 'Initial1234',
      newPassword: 'Chosen12345',
    });
  });
});

describe('the staff section', () => {
  it('lists staff from the server and changes a role through its dialog', async () => {
    loggedIn('owner');
    const { requests } = await renderConsoleAt('/operator/staff', {
      'GET /ops/staff': { value: pageOf([member({ id: 1, username: 'admin', role: 'owner' }), member()]) },
      'PUT /ops/staff/2': { value: member({ role: 'finance' }) },
    });
    const table = await screen.findByRole('table', { name: 'Staff accounts' }, slow);
    expect(within(table).getByText('admin (you)')).toBeTruthy();
    expect(within(table).getAllByText(/ from 203\.0\.113\.7$/)).toHaveLength(2);
    fireEvent.click(within(table).getByRole('button', { name: 'Change role: cashier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of cashier' });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'finance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await screen.findByText('cashier is now Finance.');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ role: 'finance' });
    const list = requests.find((request) => request.url.pathname === '/ops/staff');
    expect(list?.url.searchParams.get('sort')).toBe('username');
  });

  it('creates an account after checking its password, and says a refusal in Thai', async () => {
    loggedIn('owner');
    const { requests } = await renderConsoleAt(
      '/operator/staff',
      {
        'GET /ops/staff': { value: pageOf([member({ id: 1, username: 'admin', role: 'owner' })]) },
        'POST /ops/staff': { status: 409, code: 'operator_username_taken' },
        'PUT /ops/staff/1': { status: 409, code: 'operator_last_owner' },
      },
      { language: 'TY' },
    );
    const table = await screen.findByRole('table', { name: 'บัญชีพนักงาน' }, slow);
    fireEvent.click(within(table).getByRole('button', { name: 'ปิดใช้งาน: admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิดใช้งาน admin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิดใช้งาน' }));
    expect(
      await within(dialog).findByText('ร้านค้าต้องมีเจ้าของที่ใช้งานได้อย่างน้อยหนึ่งคน การเปลี่ยนแปลงนี้จะทำให้ไม่เหลือเลย'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));

    fireEvent.click(screen.getByRole('button', { name: 'บัญชีพนักงานใหม่' }));
    const create = await screen.findByRole('dialog', { name: 'บัญชีพนักงานใหม่' });
    fireEvent.change(within(create).getByLabelText('ชื่อผู้ใช้'), { target: { value: 'cashier' } });
    fireEvent.change(within(create).getByLabelText('รหัสผ่านเริ่มต้น', { selector: 'input' }), {
      target: { value: 'weak' },
    });
    fireEvent.click(within(create).getByRole('button', { name: 'สร้างบัญชี' }));
    expect(
      await within(create).findByText('อย่างน้อย 10 ตัวอักษร มีตัวอักษรและตัวเลข', {
        selector: '[role="alert"] *, [role="alert"]',
      }),
    ).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(within(create).getByLabelText('รหัสผ่านเริ่มต้น', { selector: 'input' }), {
      target: { value: 'Initial1234' },
    });
    fireEvent.click(within(create).getByRole('button', { name: 'สร้างบัญชี' }));
    expect(await within(create).findByText('มีบัญชีพนักงานที่ใช้ชื่อผู้ใช้นี้อยู่แล้ว')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'cashier',
      password: 'Initial1234',
      role: 'support',
    });
  });

  it("refuses an allow-list without the owner's address before sending, then saves one with it", async () => {
    loggedIn('owner');
    const security: StaffSecurity = {
      ipAllowList: [],
      idleMinutes: null,
      absoluteHours: null,
      defaultIdleMinutes: 30,
      defaultAbsoluteHours: 12,
      yourAddress: '198.51.100.7',
    };
    const { requests } = await renderConsoleAt('/operator/staff/security', {
      'GET /ops/security/staff-access': { value: security },
      'PUT /ops/security/staff-access': (request) => ({
        value: { ...security, ...(request.body as object) },
      }),
    });
    const list = await screen.findByLabelText('IP allow-list', {}, slow);
    fireEvent.change(list, { target: { value: '10.0.0.0/8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Your own address 198.51.100.7 is not in the list: saving it would lock you out.',
      ),
    ).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add my address' }));
    fireEvent.change(screen.getByLabelText('Idle limit (minutes)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ipAllowList: ['10.0.0.0/8', '198.51.100.7'],
      idleMinutes: 15,
      absoluteHours: null,
    });
  });

  it('is in the menu for the owner only', async () => {
    loggedIn('finance');
    await renderConsoleAt('/operator', {});
    const menu = await screen.findByRole('navigation', { name: 'Console sections' }, slow);
    expect(within(menu).queryByRole('link', { name: 'Staff' })).toBeNull();
  });
});

describe('session ends in the top bar', () => {
  it('shows when the session ends and warns before the idle end; staying makes a cheap call', async () => {
    const soon = new Date(Date.now() + 30_000).toISOString();
    loggedIn('owner', {}, { expiresAt: '2030-01-01T10:30:00.000Z', idleExpiresAt: soon });
    const { requests } = await renderConsoleAt('/operator', {
      'GET /ops/session': sessionInfo({ mustChangePassword: false, mustEnrolTotp: false }),
    });
    expect(await screen.findByText(/^Session ends at /, {}, slow)).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Still there?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/ops/session')).toBe(true),
    );
  });
});
