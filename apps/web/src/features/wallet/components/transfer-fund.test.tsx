import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const wallets = (main: string, sim: string, pending = 0) => ({
  value: {
    currencyCode: 'THB',
    main,
    vendors: [{ vendorCode: 'SIM', name: 'Simulator Transfer', balance: sim, pending }],
  },
});
const emptyList = { value: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0 } };

describe('transfer funds page', () => {
  it('moves money to a game wallet with a request id, then refreshes the wallets and the header', async () => {
    storeTestSession();
    const sent: Record<string, string>[] = [];
    let moved = false;
    let memberInfoReads = 0;
    await renderApp('/member?tab=transferFund', {
      replies: {
        '/wps/member/info': () => {
          memberInfoReads += 1;
          return { value: buildMemberInfo({ balance: moved ? '700.00' : '1000.00' }) };
        },
        '/wps/relay/wallet_vendors': () => (moved ? wallets('700.00', '300.00') : wallets('1000.00', '0.00')),
        '/wps/relay/wallet_transfers': emptyList,
        '/wps/relay/wallet_transfer': (request: RecordedRequest) => {
          sent.push(JSON.parse(request.body ?? '{}') as Record<string, string>);
          moved = true;
          return {
            value: {
              requestId: sent[0]!.requestId ?? '',
              vendorCode: 'SIM',
              direction: 'in',
              amount: '300.00',
              state: 'done',
              failureCode: null,
              createdAt: '2026-03-01T10:00:00.000Z',
              updatedAt: '2026-03-01T10:00:00.000Z',
            },
          };
        },
      },
    });
    const cards = await screen.findByRole('list', { name: 'Your wallets' }, slow);
    expect(within(cards).getByText('฿1,000.00')).toBeTruthy();
    expect(await screen.findByText('No transfers yet.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'SIM' } });
    fireEvent.change(screen.getByLabelText('Amount (THB)'), { target: { value: '300.00' } });
    const readsBefore = memberInfoReads;
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText('Transfer complete.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ vendorCode: 'SIM', direction: 'in', amount: '300.00' });
    expect(sent[0]!.requestId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(within(cards).getByText('฿300.00')).toBeTruthy());
    await waitFor(() => expect(memberInfoReads).toBeGreaterThan(readsBefore));
  });

  it('shows a pending transfer as processing and a refused one with its reason', async () => {
    storeTestSession();
    let calls = 0;
    await renderApp('/member?tab=transferFund', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/wallet_vendors': wallets('500.00', '200.00', 1),
        '/wps/relay/wallet_transfers': emptyList,
        '/wps/relay/wallet_transfer': () => {
          calls += 1;
          return calls === 1
            ? {
                value: {
                  requestId: 'r1',
                  vendorCode: 'SIM',
                  direction: 'out',
                  amount: '50.00',
                  state: 'pending',
                  failureCode: null,
                  createdAt: '2026-03-01T10:00:00.000Z',
                  updatedAt: '2026-03-01T10:00:00.000Z',
                },
              }
            : failure(409, 'vendor_transfer_failed');
        },
      },
    });
    expect(await screen.findByText('1 processing', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'SIM' } });
    fireEvent.change(screen.getByLabelText('Amount (THB)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText(/Processing: the game vendor has not confirmed yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('The game provider refused the transfer. Nothing was moved.'),
    ).toBeTruthy();
  });

  it('checks the form before sending and offers a retry when the wallets cannot load', async () => {
    storeTestSession();
    let failing = true;
    await renderApp('/member?tab=transferFund', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/wallet_vendors': () =>
          failing ? failure(500, 'internal_error') : wallets('10.00', '0.00'),
        '/wps/relay/wallet_transfers': emptyList,
      },
    });
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 8000 });
    failing = false;
    fireEvent.click(retry);
    await screen.findByRole('list', { name: 'Your wallets' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfer between the main wallet and one game wallet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'SIM' } });
    fireEvent.change(screen.getByLabelText('Amount (THB)'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter a positive amount with at most 2 decimals.')).toBeTruthy();
  });
});
