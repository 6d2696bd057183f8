import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import {
  buildFieldSetting,
  buildLoginResult,
  buildMemberInfo,
  decryptPayload,
  failure,
  publicKeyReply,
} from '../../../test/fake-identity';
import { buildWhitelabel } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const settings = [
  buildFieldSetting('username', { minLength: 4, maxLength: 16, patternId: 1 }),
  buildFieldSetting('password', { minLength: 6, maxLength: 20, patternId: 5 }),
  buildFieldSetting('confirmPassword', { minLength: 6, maxLength: 20 }),
  buildFieldSetting('email', { required: false, patternId: 3, maxLength: 254 }),
  buildFieldSetting('affiliateCode', { required: false }),
  buildFieldSetting('qqNum', { shown: false }),
];

async function openRegister(replies: Parameters<typeof renderApp>[1] = {}) {
  const rendered = await renderApp('/register', {
    ...replies,
    replies: { '/wps/system/setting/register': { value: settings }, ...replies.replies },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5000 });
  await within(dialog).findByLabelText(/^Username/);
  return { ...rendered, dialog };
}

function type(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('registration', () => {
  it('builds the form from the register settings with * on required fields', async () => {
    const { dialog } = await openRegister();
    expect(within(dialog).getByText('Username').textContent).toBe('Username*');
    expect(within(dialog).getByText('E-mail').textContent).toBe('E-mail');
    expect(within(dialog).getByLabelText(/^Invitation code/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^QQ/)).toBeNull();
  });

  it('requires the terms box first, then shows the inline messages of each field', async () => {
    const { dialog, server } = await openRegister();
    type(dialog, /^Username/, '1abc');
    type(dialog, /^Password/, 'abc');
    type(dialog, /^Confirm password/, 'abd');
    type(dialog, /^E-mail/, 'not-an-email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('Please confirm that you are 18 or older and accept the terms.'),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am 18 or older/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const username = within(dialog).getByLabelText(/^Username/);
    const usernameError = await within(dialog).findByText(
      'Username: must start with a letter, then letters and digits, 4 to 16 characters.',
    );
    expect(username.getAttribute('aria-describedby')).toContain(usernameError.id);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Password with 6 - 20 characters.')).toBeTruthy();
    expect(within(dialog).getByText('E-mail: a valid e-mail address, 1 to 254 characters.')).toBeTruthy();

    type(dialog, /^Password/, 'abc123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('Inconsistent twice: the two passwords do not match.'),
    ).toBeTruthy();
    expect(server.requests.some((request) => request.url.pathname === '/wps/member/register')).toBe(false);
  });

  it("states each field's rule under it and checks it as the player types", async () => {
    const { dialog } = await openRegister();
    const username = within(dialog).getByLabelText(/^Username/);
    const rule = within(dialog).getByText(
      'Username: must start with a letter, then letters and digits, 4 to 16 characters.',
    );
    expect(username.getAttribute('aria-describedby')).toBe(rule.id);
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(
      within(dialog).getByText('Password: letters and digits combined, 6 to 20 characters.'),
    ).toBeTruthy();

    // Too short is not an error while typing; a wrong first character is, at once.
    type(dialog, /^Username/, 'ab');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    type(dialog, /^Username/, '1abc');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    const error = within(dialog).getByText(
      'Username: must start with a letter, then letters and digits, 4 to 16 characters.',
    );
    expect(username.getAttribute('aria-describedby')).toContain(error.id);
    type(dialog, /^Username/, 'ab12');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    // Leaving a field still too short names it.
    type(dialog, /^Username/, 'ab');
    fireEvent.blur(username);
    expect(username.getAttribute('aria-invalid')).toBe('true');

    // The confirmation is checked against the password as it is typed.
    type(dialog, /^Password/, 'abc123');
    const confirm = within(dialog).getByLabelText(/^Confirm password/);
    type(dialog, /^Confirm password/, 'abc');
    expect(confirm.getAttribute('aria-invalid')).toBeNull();
    type(dialog, /^Confirm password/, 'abd');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Inconsistent twice: the two passwords do not match.')).toBeTruthy();
    type(dialog, /^Confirm password/, 'abc123');
    expect(confirm.getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the affiliate code before registering and shows invitation_code_error', async () => {
    const { dialog, server } = await openRegister({
      replies: { '/wps/agent/affiliate': failure(404, 'invitation_code_error') },
    });
    type(dialog, /^Username/, 'somchai01');
    type(dialog, /^Password/, 'abc123');
    type(dialog, /^Confirm password/, 'abc123');
    type(dialog, /^Invitation code/, 'NOPE');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am 18 or older/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Invalid invitation code.')).toBeTruthy();
    const check = server.requests.find((request) => request.url.pathname === '/wps/agent/affiliate');
    expect(check?.url.searchParams.get('affiliateCode')).toBe('NOPE');
    expect(server.requests.some((request) => request.url.pathname === '/wps/member/register')).toBe(false);
  });

  it('registers, logs in and goes home; server field errors land on their fields', async () => {
    const payloads: Record<string, unknown>[] = [];
    const { dialog, router } = await openRegister({
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/agent/affiliate': { value: { affiliateCode: 'AG1', agentNickname: 'Nok' } },
        '/wps/member/register': async (request: RecordedRequest) => {
          payloads.push(await decryptPayload(request));
          return payloads.length === 1
            ? failure(400, 'validation_failed', {
                fields: [{ field: 'username', message: 'taken', code: 'taken' }],
              })
            : { value: buildLoginResult({ token: 'new-token', firstTimeLogin: true }) };
        },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    type(dialog, /^Username/, 'somchai01');
    type(dialog, /^Password/, 'abc123');
    type(dialog, /^Confirm password/, 'abc123');
    type(dialog, /^Invitation code/, 'AG1');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am 18 or older/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Username is already in use.')).toBeTruthy();

    type(dialog, /^Username/, 'somchai02');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('new-token'));
    expect(payloads[1]).toMatchObject({
      username: 'somchai02',
      password: 'abc123',
      confirmPassword: 'abc123',
      affiliateCode: 'AG1',
      registerMethod: 'WEB',
      termsAccepted: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // First login: the welcome notice shows once.
    expect(await screen.findByRole('dialog', { name: 'Welcome!' })).toBeTruthy();
  });

  it("offers the merchant's countries in the mobile picker, its first preselected", async () => {
    const whitelabel = buildWhitelabel({
      modules: { ...buildWhitelabel().modules, mobileRegistration: true, smsVerification: true },
      countries: [
        { countryCode: 'VN', countryDialingCode: '+84' },
        { countryCode: 'MY', countryDialingCode: '+60' },
      ],
    });
    const { dialog } = await openRegister({ replies: { '/wps/system/whitelabel': { value: whitelabel } } });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    const picker = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: 'Country dialing code',
    });
    expect([...picker.options].map((option) => option.value)).toEqual(['+84', '+60']);
    expect(picker.value).toBe('+84');
  });

  it('asks mobile registrants for no password unless mobile password registration is on', async () => {
    const payloads: Record<string, unknown>[] = [];
    const modules = { ...buildWhitelabel().modules, mobileRegistration: true, smsVerification: true };
    const { dialog } = await openRegister({
      replies: {
        '/wps/system/whitelabel': { value: buildWhitelabel({ modules }) },
        '/wps/system/publicKey': publicKeyReply,
        '/wps/member/register/mobile': async (request: RecordedRequest) => {
          payloads.push(await decryptPayload(request));
          return { value: buildLoginResult({ token: 'sms-token' }) };
        },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    await within(dialog).findByLabelText(/^SMS verification code/);
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    expect(within(dialog).queryByLabelText(/^Confirm password/)).toBeNull();
    expect(within(dialog).getByText(/You will sign in with a code sent to your mobile/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Mobile number/ }), {
      target: { value: '812345678' },
    });
    type(dialog, /^SMS verification code/, '123456');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am 18 or older/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('sms-token'));
    expect(payloads[0]).toMatchObject({ mobileNum: '812345678', verificationCode: '123456', password: '' });
  });

  it('asks for the password in mobile registration when the merchant turns it on', async () => {
    const modules = {
      ...buildWhitelabel().modules,
      mobileRegistration: true,
      smsVerification: true,
      mobilePasswordRegistration: true,
    };
    const { dialog } = await openRegister({
      replies: { '/wps/system/whitelabel': { value: buildWhitelabel({ modules }) } },
    });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    expect(await within(dialog).findByLabelText(/^Password/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Confirm password/)).toBeTruthy();
    expect(within(dialog).queryByText(/You will sign in with a code sent to your mobile/)).toBeNull();
  });

  it('drops the SMS code field and its button while SMS verification is off', async () => {
    const withCode = [...settings, buildFieldSetting('mobileNum'), buildFieldSetting('verificationCode')];
    for (const smsVerification of [true, false]) {
      const modules = { ...buildWhitelabel().modules, mobileRegistration: true, smsVerification };
      const { unmount } = await renderApp('/register', {
        replies: {
          '/wps/system/setting/register': { value: withCode },
          '/wps/system/whitelabel': { value: buildWhitelabel({ modules }) },
        },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5000 });
      await within(dialog).findByLabelText(/^Username/);
      if (smsVerification) {
        expect(await within(dialog).findByRole('button', { name: 'Send code' })).toBeTruthy();
        expect(within(dialog).getByRole('tab', { name: 'Mobile number' })).toBeTruthy();
      } else {
        expect(within(dialog).queryByLabelText(/^SMS verification code/)).toBeNull();
        expect(within(dialog).queryByRole('button', { name: 'Send code' })).toBeNull();
        expect(within(dialog).queryByRole('tab', { name: 'Mobile number' })).toBeNull();
      }
      unmount();
    }
  });
});
