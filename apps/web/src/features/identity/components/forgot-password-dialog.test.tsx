import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
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
});
