import type { PointsRedeemPayload } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../../i18n';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { FakeTable } from '../../../test/fake-server';
import {
  buildGoodsItem,
  buildPointsBalance,
  buildPointsConfig,
  buildPointsItem,
  buildPointsRedeem,
} from '../../../test/points-fixtures';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };

function mallReplies(overrides: FakeTable = {}): FakeTable {
  return {
    '/wps/member/info': { value: buildMemberInfo() },
    '/wps/relay/points_balance': { value: buildPointsBalance() },
    '/wps/relay/points_config': { value: buildPointsConfig() },
    '/wps/relay/points_reward': {
      value: {
        items: [
          buildPointsItem(),
          buildGoodsItem(),
          buildPointsItem({
            id: '3',
            kind: 'voucher',
            name: 'VIP voucher',
            minVipLevel: 3,
            amountPerUnit: null,
          }),
        ],
      },
    },
    ...overrides,
  };
}

async function openDialog(itemName: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Redeem ${itemName}` }, slow));
  return screen.findByRole('dialog', { name: `Redeem ${itemName}` });
}

function bodyOf(server: { requests: { url: URL; body: string | null }[] }): PointsRedeemPayload[] {
  return server.requests
    .filter((request) => request.url.pathname === '/wps/relay/points_redeem')
    .map((request) => JSON.parse(request.body ?? '{}') as PointsRedeemPayload);
}

describe('points mall: catalogue and redeem dialog', () => {
  it('lists each item with its kind, price, pay, stock and VIP floor; an item above my VIP level is locked', async () => {
    storeTestSession();
    await renderApp('/pointMall?view=mall', { replies: mallReplies() });
    const list = await screen.findByRole('list', { name: 'Redeem items' }, slow);
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Cash')).toBeTruthy();
    expect(within(cards[0]!).getByText('100 points per unit')).toBeTruthy();
    expect(within(cards[0]!).getByText('Pays ฿10.00 per unit')).toBeTruthy();
    expect(within(cards[1]!).getByText('Goods')).toBeTruthy();
    expect(within(cards[1]!).getByText('3 left')).toBeTruthy();
    expect(within(cards[2]!).getByText('For VIP 3 and above')).toBeTruthy();
    const locked = within(cards[2]!).getByRole<HTMLButtonElement>('button', { name: 'Redeem VIP voucher' });
    expect(locked.disabled).toBe(true);
  });

  it('asks a cash item for the quantity and the withdraw password only, computes points and amount, and redeems', async () => {
    storeTestSession();
    const { server } = await renderApp('/pointMall?view=mall', {
      replies: mallReplies({
        '/wps/relay/points_redeem': { value: { redeem: buildPointsRedeem({ units: 3 }), replayed: false } },
      }),
    });
    const dialog = await openDialog('Cash ฿10');
    expect(within(dialog).queryByLabelText(/Receiving address/)).toBeNull();
    expect(within(dialog).queryByLabelText(/Mobile number/)).toBeNull();
    const units = within(dialog).getByLabelText<HTMLInputElement>(/^Quantity/);
    expect(within(dialog).getByText('From 1 to 5')).toBeTruthy();
    fireEvent.change(units, { target: { value: '3' } });
    expect(within(dialog).getByText('Points requirement').nextElementSibling?.textContent).toBe('300');
    expect(within(dialog).getByText('Redeem amount').nextElementSibling?.textContent).toBe('฿30.00');
    expect(within(dialog).getByText('Points ratio').nextElementSibling?.textContent).toBe(
      '100 points = ฿10.00',
    );
    expect(within(dialog).getByText('Payment account').nextElementSibling?.textContent).toBe('Main wallet');

    // The withdraw password is required where cash leaves: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(within(dialog).getByText('Enter your six-digit withdraw password.')).toBeTruthy();
    expect(bodyOf(server)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Withdraw password/), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(
      await within(dialog).findByText('Redeemed 3 × Cash ฿10 for 200 points. Status: In Process.', {}, slow),
    ).toBeTruthy();
    const [sent] = bodyOf(server);
    expect(sent).toMatchObject({ itemId: '1', units: 3, paymentPassword: '135790' });
    expect(sent).not.toHaveProperty('receivingAddress');
    expect(sent?.clientRequestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('keeps the quantity within the item limits and its stock, and says when the points do not cover it', async () => {
    storeTestSession();
    const { server } = await renderApp('/pointMall?view=mall', {
      replies: mallReplies({
        '/wps/relay/points_balance': { value: buildPointsBalance({ balance: '350' }) },
        '/wps/relay/points_reward': {
          value: { items: [buildPointsItem({ minUnits: 2, maxUnits: 10, stock: 4 })] },
        },
      }),
    });
    const dialog = await openDialog('Cash ฿10');
    const units = within(dialog).getByLabelText<HTMLInputElement>(/^Quantity/);
    expect(units.value).toBe('2');
    expect(within(dialog).getByText('From 2 to 4')).toBeTruthy();
    fireEvent.change(units, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Withdraw password/), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(within(dialog).getByText('Choose a quantity from 2 to 4.')).toBeTruthy();
    fireEvent.change(units, { target: { value: '1' } });
    expect(within(dialog).getByText('Choose a quantity from 2 to 4.')).toBeTruthy();
    fireEvent.change(units, { target: { value: '4' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('You have 350 points; this needs 400.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(bodyOf(server)).toEqual([]);
  });

  it('asks goods for the receiving address and phone, not the password, with a fixed quantity', async () => {
    storeTestSession();
    const { server } = await renderApp('/pointMall?view=mall', {
      replies: mallReplies({
        '/wps/relay/points_redeem': {
          value: {
            redeem: buildPointsRedeem({
              itemId: '2',
              itemName: 'Team jersey',
              itemKind: 'physical',
              units: 1,
              pointsRequirement: '800',
              amountRequirement: null,
              paymentAccount: null,
            }),
            replayed: false,
          },
        },
      }),
    });
    const dialog = await openDialog('Team jersey');
    expect(within(dialog).queryByLabelText(/Withdraw password/)).toBeNull();
    expect(within(dialog).queryByLabelText(/^Quantity/)).toBeNull();
    expect(within(dialog).getByText('Quantity: 1')).toBeTruthy();
    expect(within(dialog).queryByText('Redeem amount')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(within(dialog).getByText('Enter the receiving address (5 to 200 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid mobile number.')).toBeTruthy();
    expect(bodyOf(server)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Receiving address/), {
      target: { value: '12 Sukhumvit Rd, Bangkok 10110' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Mobile number/), {
      target: { value: '+66 81 234 5678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await within(dialog).findByText('Redeemed 1 × Team jersey for 800 points. Status: In Process.', {}, slow);
    expect(bodyOf(server)[0]).toMatchObject({
      itemId: '2',
      units: 1,
      receivingAddress: '12 Sukhumvit Rd, Bangkok 10110',
      phone: '+66 81 234 5678',
    });
    expect(bodyOf(server)[0]).not.toHaveProperty('paymentPassword');
  });

  it('says a refusal in the player’s language: a wrong password, then a lock with its minutes', async () => {
    storeTestSession();
    let reply = failure(400, 'payment_password_wrong', { locked: false });
    await renderApp('/pointMall?view=mall', {
      replies: mallReplies({ '/wps/relay/points_redeem': () => reply }),
    });
    const dialog = await openDialog('Cash ฿10');
    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Withdraw password/);
    fireEvent.change(password, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect((await within(dialog).findByRole('alert', {}, slow)).textContent).toBe(
      'The payment password is incorrect.',
    );
    await waitFor(() => expect(password.value).toBe(''));
    reply = failure(429, 'payment_password_locked', { retryAfterSeconds: 890 });
    fireEvent.change(password, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await within(dialog).findByText('Too many wrong withdraw passwords. Try again in 15 min.', {}, slow);
  });

  it('shows the catalogue and a refusal in Thai', async () => {
    storeTestSession();
    // The stored choice keeps Thai over the merchant's default language.
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/pointMall?view=mall', {
      language: 'TY',
      replies: mallReplies({ '/wps/relay/points_redeem': failure(409, 'points_item_unavailable') }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'แลก Cash ฿10' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'แลก Cash ฿10' });
    fireEvent.change(within(dialog).getByLabelText(/^รหัสผ่านถอนเงิน/), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'แลก' }));
    const alert = await within(dialog).findByRole('alert', {}, slow);
    expect(alert.textContent).not.toMatch(/points_item_unavailable/);
    expect(alert.textContent).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('shows an empty mall', async () => {
    storeTestSession();
    await renderApp('/pointMall?view=mall', {
      replies: mallReplies({ '/wps/relay/points_reward': { value: { items: [] } } }),
    });
    expect(await screen.findByText('No items to redeem yet', {}, slow)).toBeTruthy();
  });
});
