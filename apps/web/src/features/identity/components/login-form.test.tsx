import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import {
  buildLoginResult,
  buildMemberInfo,
  decryptPayload,
  failure,
  publicKeyReply,
} from '../../../test/fake-identity';
import { buildWhitelabel } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function loginDialog() {
  // The first open imports the dialogs chunk, which a cold test run transforms first.
  return screen.findByRole('dialog', { name: 'Log in' }, { timeout: 5000 });
}

function fillCredentials(dialog: HTMLElement, username = 'somchai01', password = 'secret-1') {
  fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: `  ${username} ` } });
  fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: password } });
}

describe('login popup', () => {
  it('opens over home on /login and switches to the register popup', async () => {
    await renderApp('/login', { replies: { '/wps/system/setting/register': { value: [] } } });
    const dialog = await loginDialog();
    expect(screen.getByRole('heading', { name: 'Welcome to Lucky Star', hidden: true })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeTruthy();
  });

  it('asks for username and password before calling the server', async () => {
    const { server } = await renderApp('/login');
    const dialog = await loginDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Please enter username and password.',
    );
    expect(server.requests.some((request) => request.url.pathname === '/wps/session/login')).toBe(false);
  });

  it('shows the captcha after a failure flagged captcha:true and sends its answer and id next time', async () => {
    const attempts: Record<string, unknown>[] = [];
    const { router } = await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/captcha': {
          value: pngBase64,
          headers: { 'X-Captcha-Id': '5d7c0a52-1111-4a1b-9c1d-2e3f4a5b6c7d' },
        },
        '/wps/session/login': async (request: RecordedRequest) => {
          attempts.push(await decryptPayload(request));
          return attempts.length === 1
            ? failure(401, 'invalid_credentials', { captcha: true })
            : { value: buildLoginResult() };
        },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    const dialog = await loginDialog();
    expect(within(dialog).queryByLabelText(/Verification code \(image\)/)).toBeNull();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Account or password incorrect.',
    );
    const image = await within(dialog).findByRole('img', { name: 'Verification code image' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${pngBase64}`);
    expect(attempts[0]).toEqual({
      type: 'username',
      username: 'somchai01',
      password: 'secret-1',
      side: 'member',
    });

    fireEvent.change(within(dialog).getByLabelText(/Verification code \(image\)/), {
      target: { value: 'x7k2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('token-123'));
    expect(attempts[1]).toMatchObject({ captcha: 'x7k2', captchaId: '5d7c0a52-1111-4a1b-9c1d-2e3f4a5b6c7d' });
    expect(window.sessionStorage.getItem('memberType')).toBe('0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The site header (home's lobby rows have headers of their own once they load).
    const header = screen.getAllByRole('banner').find((element) => element.classList.contains('site-header'));
    expect(await within(header!).findByText('Somchai')).toBeTruthy();
  });

  it('explains side_not_allowed and stays logged out', async () => {
    await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/session/login': failure(403, 'side_not_allowed', null),
      },
    });
    const dialog = await loginDialog();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This account cannot log in here.',
    );
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('shows the wait time of too_many_attempts', async () => {
    await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/captcha': {
          value: pngBase64,
          headers: { 'X-Captcha-Id': '5d7c0a52-1111-4a1b-9c1d-2e3f4a5b6c7d' },
        },
        '/wps/session/login': failure(429, 'too_many_attempts', { captcha: true, retryAfterSeconds: 90 }),
      },
    });
    const dialog = await loginDialog();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 90 seconds.',
    );
  });

  it('remembers the user name (never the password) in a one-day cookie', async () => {
    await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/session/login': { value: buildLoginResult() },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    const dialog = await loginDialog();
    fillCredentials(dialog, 'somchai01', 'do-not-store');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(document.cookie).toContain('lastUser=somchai01'));
    expect(document.cookie).toContain('rememberMe=1');
    expect(document.cookie).not.toContain('do-not-store');
    document.cookie = 'lastUser=; Max-Age=0; Path=/';
    document.cookie = 'rememberMe=; Max-Age=0; Path=/';
  });

  it('runs the 2FA step when the server asks for a second factor', async () => {
    const verifications: unknown[] = [];
    await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/session/login': {
          value: buildLoginResult({
            token: null,
            secondFactor: { challengeId: '0f8e5a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', methods: ['totp', 'email'] },
          }),
        },
        '/wps/session/login/verify': (request: RecordedRequest) => {
          verifications.push(JSON.parse(request.body ?? 'null'));
          return { value: buildLoginResult({ token: 'verified-token' }) };
        },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    const dialog = await loginDialog();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const code = await within(dialog).findByLabelText(/6-digit authenticator code/);
    expect(window.sessionStorage.getItem('token')).toBeNull();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('verified-token'));
    expect(verifications).toEqual([
      { challengeId: '0f8e5a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', method: 'totp', answer: '123456' },
    ]);
  });

  it('disables the SMS button with a countdown of resendAfterSeconds after a send', async () => {
    const sent: unknown[] = [];
    await renderApp('/login', {
      replies: {
        '/wps/system/whitelabel': {
          value: buildWhitelabel({
            modules: { ...buildWhitelabel().modules, mobileCodeLogin: true, smsVerification: true },
          }),
        },
        '/wps/verification/sms/noLogin': (request: RecordedRequest) => {
          sent.push(JSON.parse(request.body ?? 'null'));
          return { value: { expiryMinutes: 2, resendAfterSeconds: 120 } };
        },
      },
    });
    const dialog = await loginDialog();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'SMS code' }));
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    fireEvent.click(send);
    expect((await within(dialog).findByText(/Please enter a valid mobile number/)).textContent).toBeTruthy();
    expect(sent).toHaveLength(0);

    expect(
      within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Country dialing code' }).value,
    ).toBe('+66');
    fireEvent.change(within(dialog).getByLabelText(/^Mobile number/), { target: { value: '0812345678' } });
    fireEvent.click(send);
    const countdown = await within(dialog).findByRole('button', { name: 'Resend in 120 s' });
    expect(countdown.hasAttribute('disabled')).toBe(true);
    expect(sent).toEqual([{ mobileNum: '0812345678', countryDialingCode: '+66' }]);
    await waitFor(
      () => expect(within(dialog).getByRole('button', { name: 'Resend in 119 s' })).toBeTruthy(),
      {
        timeout: 2000,
      },
    );
  });

  it('shows a failed SMS send in a warning dialog with the server message and an OK button', async () => {
    await renderApp('/login', {
      replies: {
        '/wps/system/whitelabel': {
          value: buildWhitelabel({
            modules: { ...buildWhitelabel().modules, mobileCodeLogin: true, smsVerification: true },
          }),
        },
        '/wps/verification/sms/noLogin': failure(429, 'too-many-requests', null, 'Slow down'),
      },
    });
    const dialog = await loginDialog();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'SMS code' }));
    fireEvent.change(within(dialog).getByLabelText(/^Mobile number/), { target: { value: '0812345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(warning.textContent).toContain('Too many requests. Please try again after 5 minutes. (Slow down)');
    fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send code' }).disabled).toBe(false);
  });

  it('hides the SMS tab and its button when the merchant turns SMS verification off', async () => {
    await renderApp('/login', {
      replies: {
        '/wps/system/whitelabel': {
          value: buildWhitelabel({
            modules: { ...buildWhitelabel().modules, mobileCodeLogin: true, smsVerification: false },
          }),
        },
      },
    });
    const dialog = await loginDialog();
    await within(dialog).findByLabelText(/^Username/);
    expect(within(dialog).queryByRole('tab', { name: 'SMS code' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it("shows a 120 px QR code of the merchant's address in the login popup", async () => {
    await renderApp('/login');
    const dialog = await loginDialog();
    const address = `${window.location.origin}/`;
    const qr = await within(dialog).findByRole('img', { name: `QR code of ${address}` }, { timeout: 5000 });
    expect(qr.getAttribute('width')).toBe('120');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(within(dialog).getByText(/Scan with your phone's camera/)).toBeTruthy();
  });

  it('offers social login only for the providers the merchant configured', async () => {
    await renderApp('/login', {
      replies: { '/wps/system/whitelabel': { value: buildWhitelabel({ socialLogin: ['google'] }) } },
    });
    const dialog = await loginDialog();
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('shows no social login buttons when none is configured', async () => {
    await renderApp('/login');
    const dialog = await loginDialog();
    await within(dialog).findByLabelText(/^Username/);
    expect(within(dialog).queryByRole('group', { name: 'Sign in with another account' })).toBeNull();
  });

  it("trades the provider's one-time ticket for the session and clears it from the address", async () => {
    const ticket = 'T'.repeat(43);
    const exchanged: unknown[] = [];
    const { router } = await renderApp(`/?socialTicket=${ticket}`, {
      replies: {
        '/wps/session/oidc/exchange': (request: RecordedRequest) => {
          exchanged.push(JSON.parse(request.body ?? 'null'));
          return { value: buildLoginResult({ token: 'social-token' }) };
        },
        '/wps/member/info': { value: buildMemberInfo() },
      },
    });
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('social-token'));
    expect(exchanged).toEqual([{ ticket }]);
    expect(router.state.location.search).toBe('');
  });

  it('opens the login popup with the reason when the provider sent the visitor back with an error', async () => {
    await renderApp('/?socialError=denied');
    const dialog = await loginDialog();
    expect(within(dialog).getByText(/Signing in with that account did not work/)).toBeTruthy();
  });
});
