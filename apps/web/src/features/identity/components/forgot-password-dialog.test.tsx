import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildWhitelabel } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('forgot password', () => {
  it('posts username and e-mail form-encoded and answers the same whether or not the account exists', async () => {
    const forms: { type: string | null; body: string | null }[] = [];
    await renderApp('/login', {
      replies: {
        '/wps/member/password/email': (request: RecordedRequest) => {
          forms.push({ type: request.headers.get('content-type'), body: request.body });
          return { value: null };
        },
      },
    });
    const login = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 5000 });
    fireEvent.click(within(login).getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Username cannot be empty.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'somchai01' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'som@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'If the account exists, a reset link has been sent',
    );
    expect(forms).toEqual([
      { type: 'application/x-www-form-urlencoded', body: 'username=somchai01&email=som%40example.com' },
    ]);
  });

  it('offers the reset by phone (and its SMS button) only while SMS verification is on', async () => {
    for (const smsVerification of [false, true]) {
      const modules = { ...buildWhitelabel().modules, smsVerification };
      const { unmount } = await renderApp('/login', {
        replies: { '/wps/system/whitelabel': { value: buildWhitelabel({ modules }) } },
      });
      const login = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 5000 });
      fireEvent.click(within(login).getByRole('button', { name: 'Forgot password?' }));
      const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
      expect(within(dialog).getByLabelText(/^E-mail/)).toBeTruthy();
      if (smsVerification) {
        fireEvent.click(await within(dialog).findByRole('tab', { name: 'By mobile' }));
        expect(await within(dialog).findByRole('button', { name: 'Send code' })).toBeTruthy();
        fireEvent.click(within(dialog).getByRole('tab', { name: 'By e-mail' }));
      } else {
        expect(within(dialog).queryByRole('tab', { name: 'By mobile' })).toBeNull();
      }
      expect(within(dialog).queryAllByRole('button', { name: 'Send code' })).toHaveLength(0);
      unmount();
    }
  });
});
