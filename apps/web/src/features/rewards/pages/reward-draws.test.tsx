import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayerRaffle, PlayerRedEnvelope } from '@portal/contracts';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const info = { '/wps/member/info': { value: buildMemberInfo() } };
const hash = 'ab'.repeat(32);

function buildEnvelope(overrides: Partial<PlayerRedEnvelope> = {}): PlayerRedEnvelope {
  return {
    id: '7',
    title: 'Lunar new year envelope',
    startsAt: '2026-03-01T12:00:00.000Z',
    endsAt: '2026-04-01T12:00:00.000Z',
    state: 'open',
    pool: '888.00',
    shares: 88,
    sharesLeft: 80,
    seedHash: hash,
    seed: null,
    myAmount: null,
    wageringMultiplier: 0,
    ...overrides,
  };
}

function buildRaffle(overrides: Partial<PlayerRaffle> = {}): PlayerRaffle {
  return {
    id: '3',
    title: 'Songkran raffle',
    startsAt: '2026-03-01T12:00:00.000Z',
    endsAt: '2026-03-08T12:00:00.000Z',
    drawAt: '2026-03-08T13:00:00.000Z',
    state: 'drawn',
    tickets: { validBetPerTicket: '100.00', ticketsPerDeposit: 2, maxTicketsPerPlayer: 50 },
    prizes: ['1000.00', '500.00'],
    myTickets: 7,
    totalTickets: 58,
    seedHash: hash,
    seed: 'cd'.repeat(32),
    winners: [
      { rank: 1, player: 'pl***1', tickets: 50, prize: '1000.00', mine: false },
      { rank: 2, player: 'me***x', tickets: 7, prize: '500.00', mine: true },
    ],
    wageringMultiplier: 0,
    ...overrides,
  };
}

describe('red envelope popup', () => {
  it('invites the player, opens the popup on demand, claims and shows the amount won', async () => {
    storeTestSession();
    const claims: string[] = [];
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/red-envelopes': { value: { envelopes: [buildEnvelope()] } },
        '/wps/rewards/red-envelopes/7/claim': (request) => {
          claims.push(request.method);
          return {
            value: {
              amount: '12.34',
              shareIndex: 8,
              replayed: false,
              envelope: buildEnvelope({ sharesLeft: 79, myAmount: '12.34' }),
            },
          };
        },
      },
    });
    const banner = await screen.findByRole('region', { name: 'Red envelope' }, slow);
    expect(
      within(banner).getByText('A red envelope is waiting for you: Lunar new year envelope'),
    ).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Open the red envelope' }));
    const dialog = await screen.findByRole('dialog', { name: 'Red envelope' }, slow);
    expect(within(dialog).getByText('฿888.00 shared at random: 80 of 88 shares left')).toBeTruthy();
    expect(within(dialog).getByText(hash)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim my share' }));
    expect(await within(dialog).findByText('You got ฿12.34!', {}, slow)).toBeTruthy();
    expect(claims).toEqual(['POST']);
    expect(within(dialog).queryByRole('button', { name: 'Claim my share' })).toBeNull();
  });

  it('says plainly when the pool was emptied by others meanwhile', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/red-envelopes': { value: { envelopes: [buildEnvelope()] } },
        '/wps/rewards/red-envelopes/7/claim': failure(409, 'red_envelope_empty'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the red envelope' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Red envelope' }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim my share' }));
    expect(
      await within(dialog).findByText(/The pool is empty: every share has been claimed/, {}, slow),
    ).toBeTruthy();
  });

  it('stays out of the way when there is nothing to claim', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/red-envelopes': { value: { envelopes: [buildEnvelope({ myAmount: '3.00' })] } },
      },
    });
    await screen.findByRole('link', { name: 'Raffles' }, slow);
    expect(screen.queryByRole('button', { name: 'Open the red envelope' })).toBeNull();
  });
});

describe('raffle page', () => {
  it('lists a drawn raffle with my tickets, prizes, the commitment, the winners and the revealed seed', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: { ...info, '/wps/rewards/raffles': { value: { raffles: [buildRaffle()] } } },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Raffles' }, slow));
    const raffle = await screen.findByRole('listitem', { name: 'Songkran raffle' }, slow);
    expect(within(raffle).getByText('Drawn')).toBeTruthy();
    expect(within(raffle).getByText('7 of 58')).toBeTruthy();
    expect(
      within(raffle).getByText(
        '1 ticket per ฿100.00 of valid bets · 2 tickets per deposit · at most 50 tickets each',
      ),
    ).toBeTruthy();
    expect(within(raffle).getByText('1st ฿1,000.00, 2nd ฿500.00')).toBeTruthy();
    expect(within(raffle).getByText(hash)).toBeTruthy();
    expect(within(raffle).getByText('cd'.repeat(32))).toBeTruthy();
    const winners = within(raffle).getByRole('table', { name: 'Winners of Songkran raffle' });
    expect(within(winners).getByRole('row', { name: /me\*\*\*x \(you\)/ })).toBeTruthy();
  });

  it('shows an open raffle without winners, and an empty state when there is none', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter&view=raffles', {
      replies: {
        ...info,
        '/wps/rewards/raffles': {
          value: { raffles: [buildRaffle({ state: 'open', totalTickets: null, seed: null, winners: [] })] },
        },
      },
    });
    const raffle = await screen.findByRole('listitem', { name: 'Songkran raffle' }, slow);
    expect(within(raffle).getByText('Earning tickets')).toBeTruthy();
    expect(within(raffle).queryByRole('table')).toBeNull();
    expect(within(raffle).getByText('7')).toBeTruthy();
  });

  it('shows an empty state in Thai', async () => {
    storeTestSession();
    localStorage.setItem('language', 'TY');
    await renderApp('/member?tab=rewardCenter&view=raffles', { replies: info });
    expect(await screen.findByText('ยังไม่มีการจับรางวัลในขณะนี้', {}, slow)).toBeTruthy();
  });
});
