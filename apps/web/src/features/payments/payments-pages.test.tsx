import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankAccount, Deposit, PaymentChannel, Withdrawal } from '@portal/contracts';
import type { RecordedRequest } from '../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../test/fake-identity';
import { renderApp } from '../../test/render-app';
import { buildBonus, buildBonusWallet } from '../../test/reward-fixtures';

const slow = { timeout: 5000 };

const manual: PaymentChannel = {
  id: 1,
  type: 'manual_bank',
  name: 'Bank transfer',
  minAmount: '100.00',
  maxAmount: '50000.00',
  bankName: 'Kasikorn Bank',
  accountNumber: '1234567890',
  accountHolder: 'Demo Portal Co., Ltd.',
};
const gateway: PaymentChannel = {
  ...manual,
  id: 2,
  type: 'gateway',
  name: 'Online payment',
  bankName: null,
  accountNumber: null,
  accountHolder: null,
};

function deposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: '7',
    channelId: 1,
    channelName: 'Bank transfer',
    channelType: 'manual_bank',
    amount: '1500.00',
    reference: 'KB-1',
    hasProof: false,
    status: 'pending',
    rejectReason: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    decidedAt: null,
    checkoutUrl: null,
    ...overrides,
  };
}

function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: '31',
    amount: '300.00',
    bankName: 'SCB',
    accountNumberMasked: '******1234',
    holderName: 'Malee',
    status: 'disbursed',
    rejectReason: null,
    missingAmount: null,
    hasClaimProof: false,
    receiptDeadlineAt: '2026-01-02T04:00:00.000Z',
    createdAt: '2026-01-02T03:00:00.000Z',
    decidedAt: '2026-01-02T03:30:00.000Z',
    confirmedAt: null,
    ...overrides,
  };
}

const page = <T,>(items: T[]) => ({ value: { items, page: 1, pageSize: 20, total: items.length } });
const json = (request: RecordedRequest) => JSON.parse(request.body ?? 'null') as Record<string, unknown>;

describe('deposit page', () => {
  it('shows the receiving account, submits amount and reference once, and refreshes the balance', async () => {
    storeTestSession();
    const bodies: Record<string, unknown>[] = [];
    let infoCalls = 0;
    const { server } = await renderApp('/member?tab=depositv2', {
      replies: {
        '/wps/member/info': () => {
          infoCalls += 1;
          return { value: buildMemberInfo() };
        },
        '/wps/payments/channels': { value: [manual, gateway] },
        '/wps/payments/deposits': (request) => {
          if (request.method === 'GET') return page(bodies.length ? [deposit()] : []);
          bodies.push(json(request));
          return { value: deposit() };
        },
      },
    });
    expect(await screen.findByText('1234567890', {}, slow)).toBeTruthy();
    expect(screen.getByText('Kasikorn Bank')).toBeTruthy();
    expect(await screen.findByText('No deposits yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1500.00' } });
    fireEvent.change(screen.getByLabelText('Transfer reference'), { target: { value: 'KB-1' } });
    const infoBefore = infoCalls;
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Submitted; credited once checked.', {}, slow)).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ channelId: 1, amount: '1500.00', reference: 'KB-1' });
    expect(String(bodies[0]!.clientRequestId)).toMatch(/^[A-Za-z0-9]{32}$/);
    await waitFor(() => expect(infoCalls).toBeGreaterThan(infoBefore));
    const list = await screen.findByRole('region', { name: 'My deposits' });
    expect(await within(list).findByText('1,500.00')).toBeTruthy();
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(server.requests.some((request) => request.url.pathname === '/wps/payments/deposits')).toBe(true);
  });

  it('shows the server refusal in words', async () => {
    storeTestSession();
    await renderApp('/member?tab=depositv2', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/payments/channels': { value: [manual] },
        '/wps/payments/deposits': (request) =>
          request.method === 'GET'
            ? page([])
            : failure(400, 'amount_out_of_range', { min: '100.00', max: '50000.00' }),
      },
    });
    fireEvent.change(await screen.findByLabelText('Amount', {}, slow), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Transfer reference'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('outside the allowed range');
  });

  it('reports a load failure with a retry', async () => {
    storeTestSession();
    await renderApp('/member?tab=depositv2', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/payments/channels': failure(500, 'internal_error'),
      },
    });
    expect(await screen.findByRole('button', { name: 'Retry' }, slow)).toBeTruthy();
  });
});

describe('withdraw page', () => {
  it('asks for the security set-up first when there is no payment password', async () => {
    storeTestSession();
    await renderApp('/member?tab=withdraw', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/payment-password': { value: { isSet: false, lockedForSeconds: 0 } },
        '/wps/member/bank-accounts': { value: [] },
        '/wps/payments/withdrawals': page([]),
      },
    });
    expect(await screen.findByText('Set up withdrawals first', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the security centre' })).toBeTruthy();
  });

  it('requests a withdrawal and walks the confirmation flow: partially received with the remainder', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    const confirmations: Record<string, unknown>[] = [];
    let current = withdrawal();
    await renderApp('/member?tab=withdraw', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
        '/wps/member/bank-accounts': {
          value: [
            { id: 4, bankName: 'SCB', accountNumberMasked: '******1234', holderName: 'Malee', createdAt: '' },
          ],
        },
        '/wps/payments/withdrawals': (request) => {
          if (request.method === 'GET') return page([current]);
          sent.push(json(request));
          return {
            value: {
              withdrawal: withdrawal({ id: '32', status: 'pending' }),
              balance: '700.00',
              replayed: false,
            },
          };
        },
        '/wps/payments/withdrawals/31/confirm': (request) => {
          confirmations.push(json(request));
          current = withdrawal({ status: 'partially_received', missingAmount: '120.50' });
          return { value: current };
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Amount', {}, slow), { target: { value: '300.00' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Requested. Balance: 700.00.', {}, slow)).toBeTruthy();
    expect(sent[0]).toMatchObject({ bankAccountId: 4, amount: '300.00', paymentPassword: '135790' });

    const flow = await screen.findByRole('group', { name: 'Did the money arrive?' });
    fireEvent.click(within(flow).getByRole('button', { name: 'Partially received' }));
    fireEvent.change(within(flow).getByLabelText('Amount still missing'), { target: { value: '120.50' } });
    fireEvent.click(within(flow).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(confirmations).toEqual([{ outcome: 'partially_received', remainder: '120.50' }]),
    );
    expect(await screen.findByText('Reported missing: 120.50', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All received now' })).toBeTruthy();
  });
});

describe('withdraw page with bonuses', () => {
  const ready = {
    '/wps/member/info': { value: buildMemberInfo() },
    '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
    '/wps/member/bank-accounts': {
      value: [
        { id: 4, bankName: 'SCB', accountNumberMasked: '******1234', holderName: 'Malee', createdAt: '' },
      ],
    },
  };
  const created = {
    value: { withdrawal: withdrawal({ id: '32', status: 'pending' }), balance: '700.00', replayed: false },
  };

  it('refuses while wagering is unmet: says so with the progress and keeps submit off', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    await renderApp('/member?tab=withdraw', {
      replies: {
        ...ready,
        '/wps/rewards/bonuses': { value: buildBonusWallet() },
        '/wps/payments/withdrawals': (request) => {
          if (request.method === 'GET') return page([]);
          sent.push(json(request));
          return created;
        },
      },
    });
    const notice = await screen.findByRole('note', {}, slow);
    expect(notice.textContent).toContain('Withdrawing is refused until the wagering of your bonus is met.');
    const bar = within(notice).getByRole('progressbar', { name: 'Wagering of Welcome bonus' });
    expect(bar.getAttribute('aria-valuenow')).toBe('250');
    expect(bar.getAttribute('aria-valuemax')).toBe('1000');
    expect(bar.getAttribute('aria-valuetext')).toBe('Welcome bonus: ฿250.00 of ฿1,000.00 wagered');
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Request withdrawal' });
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe(notice.id);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '300.00' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.submit(submit.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(0);
  });

  it('asks the player to agree to forfeit the bonus, then sends forfeitBonus', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    let wallet = buildBonusWallet({
      withdrawal: 'forfeits',
      forfeitAmount: '100.00',
      bonuses: [buildBonus({ withdrawRule: 'forfeit' })],
    });
    await renderApp('/member?tab=withdraw', {
      replies: {
        ...ready,
        '/wps/rewards/bonuses': () => ({ value: wallet }),
        '/wps/payments/withdrawals': (request) => {
          if (request.method === 'GET') return page([]);
          sent.push(json(request));
          wallet = buildBonusWallet({ withdrawal: 'free', balance: '0.00', bonuses: [] });
          return created;
        },
      },
    });
    const notice = await screen.findByRole('note', {}, slow);
    expect(notice.textContent).toContain(
      'Your bonus wagering is not met yet: withdrawing now forfeits your bonus of ฿100.00.',
    );
    const box = within(notice).getByRole<HTMLInputElement>('checkbox', {
      name: 'I understand that withdrawing forfeits my bonus of ฿100.00',
    });
    expect(box.required).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '300.00' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await within(notice).findByText('Tick the box to confirm, or wait until the wagering is met.'),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(sent).toHaveLength(0);

    fireEvent.click(box);
    expect(
      within(notice).queryByText('Tick the box to confirm, or wait until the wagering is met.'),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Requested. Balance: 700.00.', {}, slow)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ bankAccountId: 4, amount: '300.00', forfeitBonus: true });
    // The bonus is gone: the wallet is read again and the notice leaves.
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });

  it('sends no forfeit when withdrawing is free, and explains a bonus refusal from the server', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    await renderApp('/member?tab=withdraw', {
      replies: {
        ...ready,
        '/wps/payments/withdrawals': (request) => {
          if (request.method === 'GET') return page([]);
          sent.push(json(request));
          return failure(409, 'wagering_unmet');
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Amount', {}, slow), { target: { value: '300.00' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(
      'You cannot withdraw until the wagering of your bonus is met.',
    );
    expect(sent[0]).not.toHaveProperty('forfeitBonus');
  });
});

describe('transfer to upline', () => {
  it('sends to the agent with the payment password and shows the new balance', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    await renderApp('/member?tab=transferUpline', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
        '/wps/member/transfer/upline': (request) => {
          if (request.method === 'GET')
            return { value: { upline: { id: 3, username: 'agent1', nickname: 'Demo Agent' } } };
          sent.push(json(request));
          return {
            value: {
              transferId: '9',
              amount: '50.00',
              recipient: 'agent1',
              balance: '950.00',
              replayed: false,
            },
          };
        },
      },
    });
    expect(await screen.findByText('To your agent Demo Agent', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '50.00' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Sent 50.00 to agent1. Balance: 950.00.', {}, slow)).toBeTruthy();
    expect(sent[0]).toMatchObject({ amount: '50.00', paymentPassword: '135790' });
  });

  it('says so when the account has no agent', async () => {
    storeTestSession();
    await renderApp('/member?tab=transferUpline', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
        '/wps/member/transfer/upline': { value: { upline: null } },
      },
    });
    expect(await screen.findByText('You have no agent to transfer to.', {}, slow)).toBeTruthy();
  });
});

describe('security centre payment sections', () => {
  it('sets the payment password and adds a bank account', async () => {
    storeTestSession();
    let isSet = false;
    const accounts: BankAccount[] = [];
    const added: Record<string, unknown>[] = [];
    await renderApp('/member?tab=securityCenter', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/member/sessions': { value: [] },
        '/wps/member/payment-password': (request) => {
          if (request.method === 'GET') return { value: { isSet, lockedForSeconds: 0 } };
          isSet = true;
          return { value: null };
        },
        '/wps/member/bank-accounts': (request) => {
          if (request.method === 'GET') return { value: accounts };
          added.push(json(request));
          const account = {
            id: 1,
            bankName: 'SCB',
            accountNumberMasked: '******3210',
            holderName: 'Malee',
            createdAt: '',
          };
          accounts.push(account);
          return { value: account };
        },
      },
    });
    const passwordSection = await screen.findByRole('region', { name: 'Payment password' }, slow);
    fireEvent.change(await within(passwordSection).findByLabelText('Payment password', {}, slow), {
      target: { value: '135790' },
    });
    fireEvent.change(within(passwordSection).getByLabelText('Repeat the payment password'), {
      target: { value: '135791' },
    });
    fireEvent.click(within(passwordSection).getByRole('button', { name: 'Set payment password' }));
    expect(await within(passwordSection).findByText('The two entries differ.')).toBeTruthy();
    fireEvent.change(within(passwordSection).getByLabelText('Repeat the payment password'), {
      target: { value: '135790' },
    });
    fireEvent.click(within(passwordSection).getByRole('button', { name: 'Set payment password' }));
    expect(await within(passwordSection).findByText('Your payment password is set.', {}, slow)).toBeTruthy();

    const bankSection = screen.getByRole('region', { name: 'Bank accounts' });
    fireEvent.change(await within(bankSection).findByLabelText('Bank name', {}, slow), {
      target: { value: 'SCB' },
    });
    fireEvent.change(within(bankSection).getByLabelText('Account number'), {
      target: { value: '9876543210' },
    });
    fireEvent.change(within(bankSection).getByLabelText('Account holder name'), {
      target: { value: 'Malee' },
    });
    fireEvent.change(within(bankSection).getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(within(bankSection).getByRole('button', { name: 'Add bank account' }));
    expect(await within(bankSection).findByText(/\*\*\*\*\*\*3210/, {}, slow)).toBeTruthy();
    expect(added[0]).toMatchObject({
      bankName: 'SCB',
      accountNumber: '9876543210',
      paymentPassword: '135790',
    });
    expect(within(bankSection).getByRole('button', { name: 'Remove SCB ******3210' })).toBeTruthy();
  });
});
