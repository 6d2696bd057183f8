import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStored } from '../../lib/storage';
import {
  buildOperatorDeposit,
  buildOperatorSession,
  pageOf,
  renderConsoleAt,
  signInAs,
} from './operator-test-server';

const slow = { timeout: 5000 };
const emptyPage = { value: pageOf([]) };

function fillLogin() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin1234' } });
}

describe('operator console login', () => {
  it('logs in without a code into a staff session apart from the player one', async () => {
    const { requests } = await renderConsoleAt('/operator', {
      'POST /ops/session': { value: buildOperatorSession('owner') },
      'GET /ops/payments/deposits': emptyPage,
      'GET /ops/payments/withdrawals': emptyPage,
      'GET /ops/rewards/claims': emptyPage,
      'GET /ops/points/redeems': emptyPage,
      'GET /ops/rewards/comments': emptyPage,
    });
    await screen.findByRole('heading', { name: 'Staff login' }, slow);
    fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Dashboard' }, slow);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'admin',
      password: 'Admin1234',
    });
    expect(readStored('sessionStorage', 'operatorToken')).toBe('operator-token-0123456789abcdef');
    expect(readStored('sessionStorage', 'token')).toBeNull();
    expect(screen.getByText('admin · Owner')).toBeTruthy();
  });

  it('offers the authenticator code after a refusal and sends it', async () => {
    const { requests } = await renderConsoleAt('/operator/login', {
      'POST /ops/session': (request) =>
        (request.body as { otp?: string }).otp === '123456'
          ? { value: buildOperatorSession('finance') }
          : { status: 401, code: 'invalid_credentials' },
      'GET /ops/payments/deposits': emptyPage,
      'GET /ops/payments/withdrawals': emptyPage,
      'GET /ops/rewards/claims': emptyPage,
      'GET /ops/points/redeems': emptyPage,
      'GET /ops/rewards/comments': emptyPage,
    });
    await screen.findByRole('heading', { name: 'Staff login' }, slow);
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Account or password incorrect.');
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Dashboard' }, slow);
    const logins = requests.filter((request) => request.method === 'POST');
    expect(logins.map((request) => (request.body as { otp?: string }).otp)).toEqual([undefined, '123456']);
  });

  it('returns to the login with a note when the server says the session ended', async () => {
    signInAs('owner');
    await renderConsoleAt('/operator/deposits', {
      'GET /ops/payments/deposits': { status: 401, code: 'session_expired' },
    });
    await screen.findByRole('heading', { name: 'Staff login' }, slow);
    expect(screen.getByText('Your staff session ended (idle or expired). Please log in again.')).toBeTruthy();
    expect(readStored('sessionStorage', 'operatorToken')).toBeNull();
  });
});

describe('operator queues', () => {
  it('lists pending deposits and approves one after the confirm dialog, then reads the queue again', async () => {
    signInAs('finance');
    let approved = false;
    const { requests } = await renderConsoleAt('/operator/deposits', {
      'GET /ops/payments/deposits': () => ({
        value: pageOf(approved ? [] : [buildOperatorDeposit()]),
      }),
      'POST /ops/payments/deposits/7/approve': () => {
        approved = true;
        return { value: { deposit: buildOperatorDeposit({ status: 'approved' }), replayed: false } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Deposits' }, slow);
    const row = within(table).getByText('malee').closest('tr');
    if (!row) throw new Error('no row for malee');
    const list = requests.find((request) => request.url.pathname === '/ops/payments/deposits');
    expect(list?.url.searchParams.get('status')).toBe('pending');
    expect(list?.url.searchParams.get('pageSize')).toBe('20');

    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    expect(dialog.textContent).toContain('Approve for malee, amount 250.00?');
    expect(dialog.textContent).toContain('This moves money and cannot be undone.');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await screen.findByText('Done: Approve for malee.', undefined, slow);
    await screen.findByText('Nothing here', undefined, slow);
    const approvals = requests.filter((request) => request.method === 'POST');
    expect(approvals.map((request) => request.url.pathname)).toEqual(['/ops/payments/deposits/7/approve']);
  });

  it('rejects only with a reason', async () => {
    signInAs('owner');
    const { requests } = await renderConsoleAt('/operator/deposits', {
      'GET /ops/payments/deposits': { value: pageOf([buildOperatorDeposit()]) },
      'POST /ops/payments/deposits/7/reject': {
        value: { deposit: buildOperatorDeposit({ status: 'rejected' }), replayed: false },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Reject?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('Enter a reason.');
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the player)'), {
      target: { value: 'No transfer found' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: 'No transfer found',
    });
  });

  it('hides the money buttons from support', async () => {
    signInAs('support');
    await renderConsoleAt('/operator/deposits', {
      'GET /ops/payments/deposits': { value: pageOf([buildOperatorDeposit()]) },
    });
    const table = await screen.findByRole('table', { name: 'Deposits' }, slow);
    expect(within(table).getByText('malee')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('lets support hide an activity comment', async () => {
    signInAs('support');
    const comment = {
      id: '31',
      player: 'ma***e',
      text: 'Spam link here',
      images: [],
      createdAt: '2026-01-02T03:04:05.000Z',
      activityId: '5',
      memberId: 42,
      account: 'malee',
      hidden: false,
    };
    const { requests } = await renderConsoleAt('/operator/comments', {
      'GET /ops/rewards/comments': { value: pageOf([comment]) },
      'POST /ops/rewards/comments/31/hide': { value: { comment: { ...comment, hidden: true } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Hide?' });
    expect(dialog.textContent).not.toContain('moves money');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await screen.findByText('Done: Hide for malee.', undefined, slow);
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual(['/ops/rewards/comments/31/hide']);
  });

  it('shows a refused action in the reader language (Thai)', async () => {
    signInAs('owner');
    await renderConsoleAt(
      '/operator/deposits',
      {
        'GET /ops/payments/deposits': { value: pageOf([buildOperatorDeposit()]) },
        'POST /ops/payments/deposits/7/approve': { status: 403, code: 'operator_role_forbidden' },
      },
      { language: 'TY' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'อนุมัติ' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'อนุมัติ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'อนุมัติ' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('บทบาทผู้ดูแลของคุณไม่มีสิทธิ์ทำรายการนี้');
  });
});
