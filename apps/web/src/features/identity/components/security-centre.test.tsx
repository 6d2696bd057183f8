import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, buildSession, storeTestSession } from '../../../test/fake-identity';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };

describe('security centre', () => {
  it('sends a visitor from /member to the login popup', async () => {
    const { router } = await renderApp('/member?tab=securityCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, slow)).toBeTruthy();
  });

  it('lists active sessions, marks this device, and revokes another one', async () => {
    storeTestSession();
    const revoked: string[] = [];
    await renderApp('/member', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/sessions': {
          value: [
            buildSession(),
            buildSession({
              id: 9,
              current: false,
              userAgent:
                'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
              browser: 'Mobile Safari 17',
              os: 'iOS 17',
              device: 'mobile',
            }),
          ],
        },
        '/wps/member/sessions/9': (request: RecordedRequest) => {
          revoked.push(request.method);
          return { value: null };
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Active sessions' }, slow);
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    // Readable names, the raw user agent on hover and behind the disclosure.
    const name = within(items[1]!).getByText('Mobile Safari 17 on iOS 17');
    expect(name.getAttribute('title')).toContain('iPhone OS 17_5');
    expect(within(items[1]!).getByText(/iPhone OS 17_5/, { selector: 'code' })).toBeTruthy();
    expect(within(items[0]!).getByText('Firefox 133 on Linux')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(revoked).toEqual(['DELETE']);
  });

  it('enrols Google Authenticator with a QR code and the secret, then confirms with a code', async () => {
    storeTestSession();
    const confirmations: unknown[] = [];
    await renderApp('/member?tab=securityCenter', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/sessions': { value: [buildSession()] },
        '/wps/member/totp/enrol': {
          value: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Lucky:somchai01?secret=JBSWY3DPEHPK3PXP',
          },
        },
        '/wps/member/totp/confirm': (request: RecordedRequest) => {
          confirmations.push(JSON.parse(request.body ?? 'null'));
          return { value: null };
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Google Authenticator' }, slow);
    fireEvent.click(within(section).getByRole('button', { name: 'Set up Google Authenticator' }));
    expect(
      await within(section).findByRole('img', { name: 'QR code for Google Authenticator' }),
    ).toBeTruthy();
    expect(within(section).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText(/^Authenticator code/), { target: { value: '654321' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Google Authenticator is now on.')).toBeTruthy();
    expect(confirmations).toEqual([{ code: '654321' }]);
  });

  it('shows the not-open page for the referral tab of a merchant without the referral promotion', async () => {
    storeTestSession();
    // Every member centre tab has its page; the referral one only with the referral promotion (decision 0032).
    await renderApp('/member?tab=referral', {
      replies: { '/wps/member/info': { value: buildMemberInfo() } },
    });
    expect(await screen.findByText('Invite friends is not open yet', {}, slow)).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Member centre pages' });
    expect(within(tabs).getByRole('link', { name: 'Reward centre' })).toBeTruthy();
    expect(within(tabs).queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });
});
