import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BgsRound, BgsSessionInfo } from '@portal/contracts';
import { scoreSlot } from '@portal/contracts/bgs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeFetch, type FakeTable } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-app';
import { GamePage } from './game-page';

const slow = { timeout: 4000 };
const token = 'g'.repeat(43);
const limits = { minBet: '1.00', maxBet: '1000.00', betStep: '0.01' };
const info = (balance: string): BgsSessionInfo => ({
  balance,
  currency: 'THB',
  currencyDecimals: 2,
  limits: { 'bgs-slot': { ...limits, betStep: '0.10' }, 'bgs-dice': limits, 'bgs-mines': limits },
  seed: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'client-1', nonce: 4 },
  gameNames: { 'bgs-slot': 'BGS Fortune Reels', 'bgs-dice': 'BGS Dice', 'bgs-mines': 'BGS Mines' },
});
const emptyRounds = { value: { items: [], page: 1, pageSize: 10, total: 0 } };

function round(overrides: Partial<BgsRound>): BgsRound {
  return {
    roundId: `r${'1'.repeat(32)}`,
    gameCode: 'bgs-slot',
    status: 'settled',
    failureCode: null,
    bet: '1.00',
    payout: '0.00',
    currency: 'THB',
    serverSeedHash: 'ab'.repeat(32),
    serverSeed: null,
    clientSeed: 'client-1',
    nonce: 4,
    params: { game: 'bgs-slot' },
    outcome: null,
    reveals: [],
    cashoutValue: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

async function renderGame(gameCode: string, replies: FakeTable, gameToken: string | null = token) {
  const server = createFakeFetch(replies);
  await renderWithProviders(
    <MemoryRouter>
      <GamePage gameCode={gameCode} token={gameToken} fetchImpl={server.fetch} />
    </MemoryRouter>,
  );
  return server;
}

describe('BGS game page', () => {
  it('spins the slot with the game session token and shows the new balance and the line wins', async () => {
    const stops = [0, 0, 0, 0, 0];
    const outcome = scoreSlot(stops);
    let balance = '100.00';
    const server = await renderGame('bgs-slot', {
      '/wps/inhouse/session': () => ({ value: info(balance) }),
      '/wps/inhouse/rounds': emptyRounds,
      '/wps/inhouse/slot/spin': () => {
        balance = '99.50';
        return { value: { round: round({ outcome, payout: '0.50', bet: '1.00' }), balance } };
      },
    });
    // The catalogue's name, the one the tile and the popup show.
    expect(await screen.findByRole('heading', { name: 'BGS Fortune Reels' }, slow)).toBeTruthy();
    expect(document.title).toBe('BGS Fortune Reels');
    expect(screen.getByTestId('bgs-balance').textContent).toBe('100.00');
    fireEvent.change(screen.getByLabelText('Bet (THB)'), { target: { value: '1.05' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Spin' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Bet (THB)'), { target: { value: '1.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(screen.getByTestId('bgs-balance').textContent).toBe('99.50'), slow);
    expect(screen.getByRole('status').textContent).toBe('Win 0.50 THB');
    const spin = server.requests.find((request) => request.url.pathname === '/wps/inhouse/slot/spin')!;
    expect(spin.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(spin.body!)).toMatchObject({
      bet: '1.00',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(within(screen.getByRole('group', { name: 'Reels' })).getAllByRole('list')).toHaveLength(5);
  });

  it('says why a bet was refused', async () => {
    await renderGame('bgs-dice', {
      '/wps/inhouse/session': { value: info('0.50') },
      '/wps/inhouse/dice/roll': {
        status: 409,
        body: { success: false, value: null, message: 'low', code: 'insufficient_funds' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Roll' }, slow));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Your balance is too low for this bet.',
    );
  });

  it('rolls the dice over a target chosen on the slider', async () => {
    let balance = '50.00';
    const server = await renderGame('bgs-dice', {
      '/wps/inhouse/session': () => ({ value: info(balance) }),
      '/wps/inhouse/dice/roll': (request) => {
        const body = JSON.parse(request.body!) as { target: number; direction: 'over' | 'under' };
        return {
          value: {
            round: round({
              gameCode: 'bgs-dice',
              params: { game: 'bgs-dice', target: body.target, direction: body.direction },
              outcome: { game: 'bgs-dice', roll: 9000, win: true },
              payout: '1.98',
            }),
            balance: (balance = '50.98'),
          },
        };
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Over' }, slow));
    fireEvent.change(screen.getByRole('slider'), { target: { value: '5000' } });
    expect(screen.getByText(/Chance 49.99%/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Roll' }));
    await waitFor(() => expect(screen.getByTestId('bgs-balance').textContent).toBe('50.98'), slow);
    const sent = JSON.parse(server.requests.find((r) => r.url.pathname === '/wps/inhouse/dice/roll')!.body!);
    expect(sent).toMatchObject({ target: 5000, direction: 'over', bet: '1.00' });
    expect(screen.getByRole('status').textContent).toContain('You won 1.98 THB');
  });

  it('resumes a mines board, reveals a tile and cashes out', async () => {
    const open = round({
      gameCode: 'bgs-mines',
      status: 'open',
      params: { game: 'bgs-mines', mineCount: 3 },
      reveals: [],
    });
    let balance = '90.00';
    await renderGame('bgs-mines', {
      '/wps/inhouse/session': () => ({ value: info(balance) }),
      '/wps/inhouse/mines/active': { value: { round: open } },
      '/wps/inhouse/mines/reveal': {
        value: { round: { ...open, reveals: [7], cashoutValue: '1.12' }, balance: '90.00' },
      },
      '/wps/inhouse/mines/cashout': () => ({
        value: {
          round: {
            ...open,
            status: 'settled',
            reveals: [7],
            payout: '1.12',
            outcome: { game: 'bgs-mines', mines: [0, 1, 2] },
          },
          balance: (balance = '91.12'),
        },
      }),
    });
    const board = await screen.findByRole('group', { name: 'Mines board' }, slow);
    fireEvent.click(within(board).getByRole('button', { name: 'Tile row 2 column 3' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out 1.12 THB' }, slow));
    await waitFor(() => expect(screen.getByTestId('bgs-balance').textContent).toBe('91.12'), slow);
    expect(within(board).getByRole('button', { name: 'Tile row 1 column 1: mine' })).toBeTruthy();
    expect(within(board).getByRole('button', { name: 'Tile row 2 column 3: safe' })).toBeTruthy();
  });

  it('asks for a launch when opened without a game session', async () => {
    await renderGame('bgs-slot', {}, null);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(
      'This game opens from the portal',
    );
  });

  it('shows the fairness panel with the seed hash and saves a client seed', async () => {
    const server = await renderGame('bgs-slot', {
      '/wps/inhouse/session': { value: info('10.00') },
      '/wps/inhouse/rounds': emptyRounds,
      '/wps/inhouse/seed/client': {
        value: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'mine', nonce: 4 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fairness' }, slow));
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Client seed'), { target: { value: 'mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this client seed' }));
    expect(await screen.findByText('Client seed saved.', {}, slow)).toBeTruthy();
    const saved = server.requests.find((r) => r.url.pathname === '/wps/inhouse/seed/client')!;
    expect(JSON.parse(saved.body!)).toEqual({ clientSeed: 'mine' });
    expect(await screen.findByText('No rounds yet.', {}, slow)).toBeTruthy();
  });
});
