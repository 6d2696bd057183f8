import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/fake-server';
import {
  buildLoginResult,
  buildMemberInfo,
  decryptPayload,
  failure,
  publicKeyReply,
  storeTestSession,
} from '../../test/fake-identity';
import { renderApp } from '../../test/render-app';

const slow = { timeout: 5000 };

describe('logged-in header', () => {
  it('shows the nickname and the balance with separators, and masks it on request', async () => {
    storeTestSession();
    await renderApp('/', { replies: { '/wps/member/info': { value: buildMemberInfo() } } });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Somchai')).toBeTruthy();
    expect(within(header).getByText('฿1,234,567.89')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: 'Hide balance' }));
    expect(within(header).getByText('******')).toBeTruthy();
    expect(within(header).queryByText('฿1,234,567.89')).toBeNull();
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');
    expect(within(header).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?tab=depositv2',
    );
    expect(within(header).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/member?tab=withdraw',
    );
  });

  it('tells a trial account that deposits need a real account', async () => {
    storeTestSession(4);
    const { router } = await renderApp('/', {
      replies: { '/wps/member/info': { value: buildMemberInfo({ type: 4, nickname: null }) } },
    });
    const header = await screen.findByRole('banner');
    fireEvent.click(await within(header).findByRole('link', { name: 'Deposit' }));
    const notice = await screen.findByRole('dialog', { name: 'Real account needed' }, slow);
    expect(notice.textContent).toContain('A real account is needed for this.');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('logout', () => {
  it('asks first, calls logout, clears the session but keeps the merchant code, and goes home', async () => {
    storeTestSession();
    window.sessionStorage.setItem('merchantCode', 'LUCKY');
    window.sessionStorage.setItem('welcomeShown', '1');
    const { server, router } = await renderApp('/promotions', {
      replies: { '/wps/member/info': { value: buildMemberInfo() }, '/wps/session/logout': { value: null } },
    });
    const header = await screen.findByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: 'Account menu' }));
    fireEvent.click(within(header).getByRole('button', { name: 'Log out' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Log out' }, slow);
    expect(confirm.textContent).toContain('Are you sure you want to log out?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBeNull());
    const logout = server.requests.find((request) => request.url.pathname === '/wps/session/logout');
    expect(logout?.method).toBe('DELETE');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-123');
    expect(window.sessionStorage.getItem('memberType')).toBeNull();
    expect(window.sessionStorage.getItem('welcomeShown')).toBeNull();
    expect(window.sessionStorage.getItem('merchantCode')).toBe('LUCKY');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await within(header).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('sends an agent to /agent after logout', async () => {
    storeTestSession(41);
    const { router } = await renderApp('/agentHome', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ type: 41 }) },
        '/wps/session/logout': { value: null },
      },
    });
    const main = await screen.findByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Log out' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Log out' }, slow);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
  });
});

describe('forced password change', () => {
  it('opens after a login with mustChangePassword, cannot be dismissed, and lifts after the change', async () => {
    let changePayload: Record<string, unknown> | null = null;
    await renderApp('/login', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/session/login': { value: buildLoginResult({ mustChangePassword: true }) },
        '/wps/member/info': failure(403, 'password_change_required'),
        '/wps/member/password': async (request: RecordedRequest) => {
          changePayload = await decryptPayload(request);
          return { value: null };
        },
      },
    });
    const login = await screen.findByRole('dialog', { name: 'Log in' }, slow);
    fireEvent.change(within(login).getByLabelText(/^Username/), { target: { value: 'somchai01' } });
    fireEvent.change(within(login).getByLabelText(/^Password/), { target: { value: 'Default123' } });
    fireEvent.click(within(login).getByRole('button', { name: 'Log in' }));

    const forced = await screen.findByRole('dialog', { name: 'Change your password' }, slow);
    expect(within(forced).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent(forced, new Event('cancel', { cancelable: true }));
    fireEvent.keyDown(forced, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBe(forced);
    // The password just typed is known, so the form does not ask for it again.
    expect(within(forced).queryByLabelText(/Current password/)).toBeNull();

    fireEvent.change(within(forced).getByLabelText(/^New password/), { target: { value: 'Better456' } });
    fireEvent.change(within(forced).getByLabelText(/^Confirm password/), { target: { value: 'Better457' } });
    fireEvent.click(within(forced).getByRole('button', { name: 'Change password' }));
    expect(
      await within(forced).findByText('Inconsistent twice: the two passwords do not match.'),
    ).toBeTruthy();

    fireEvent.change(within(forced).getByLabelText(/^Confirm password/), { target: { value: 'Better456' } });
    fireEvent.click(within(forced).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).toBeNull());
    expect(changePayload).toEqual({
      oldPassword: 'Default123',
      password: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(window.sessionStorage.getItem('mustChangePassword')).toBeNull();
  });

  it('comes back after a reload while the server still refuses with password_change_required', async () => {
    storeTestSession();
    await renderApp('/', { replies: { '/wps/member/info': failure(403, 'password_change_required') } });
    const forced = await screen.findByRole('dialog', { name: 'Change your password' }, slow);
    expect(within(forced).getByLabelText(/^Current password/)).toBeTruthy();
    expect(within(forced).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

describe('session expiry', () => {
  it('clears the session and opens the login popup on 401 session_expired', async () => {
    storeTestSession();
    window.sessionStorage.setItem('merchantCode', 'LUCKY');
    await renderApp('/', { replies: { '/wps/member/info': failure(401, 'session_expired') } });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' }, slow);
    expect(within(dialog).getByRole('status').textContent).toContain('Your session has expired.');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('merchantCode')).toBe('LUCKY');
  });
});

describe('agent side', () => {
  it('logs an agent in on /agent with side agent and lands on /agentHome with the merchant clock', async () => {
    let payload: Record<string, unknown> | null = null;
    const { router } = await renderApp('/agent', {
      replies: {
        '/wps/system/publicKey': publicKeyReply,
        '/wps/session/login': async (request: RecordedRequest) => {
          payload = await decryptPayload(request);
          return { value: buildLoginResult({ memberType: 41 }) };
        },
        '/wps/member/info': {
          value: buildMemberInfo({ type: 41, nickname: 'Agent Nok', gmtOffsetMinutes: 420 }),
        },
      },
    });
    const form = await screen.findByRole('region', { name: 'Agent log in' });
    fireEvent.change(within(form).getByLabelText(/^Username/), { target: { value: 'agent01' } });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    expect(payload).toMatchObject({ type: 'username', username: 'agent01', side: 'agent' });
    expect(window.sessionStorage.getItem('memberType')).toBe('41');
    expect(await screen.findByRole('heading', { name: 'Hello, Agent Nok' }, slow)).toBeTruthy();
    expect(screen.getByText('GMT+07:00')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Agent menu' });
    expect(within(menu).getByRole('link', { name: 'Team overview' })).toBeTruthy();
    // Dividends and daily salary depend on modules the test merchant has off.
    expect(within(menu).queryByRole('link', { name: 'Dividend records' })).toBeNull();
  });

  it('keeps members out of /agentHome and lets agents in', async () => {
    storeTestSession(0);
    const member = await renderApp('/agentHome', {
      replies: { '/wps/member/info': { value: buildMemberInfo() } },
    });
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/agent'));
    member.unmount();

    storeTestSession(2);
    const agent = await renderApp('/agentHome', {
      replies: { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } },
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' }, slow)).toBeTruthy();
    expect(agent.router.state.location.pathname).toBe('/agentHome');
  });
});
