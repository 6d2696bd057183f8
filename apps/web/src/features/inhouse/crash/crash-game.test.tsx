import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BgsSessionInfo, CrashEvent, CrashRoundView, CrashState } from '@portal/contracts';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../../lib/push';
import { createFakeFetch } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-app';
import { GamePage } from '../components/game-page';

/** The push hooks the page registers, by event type (the socket itself is lib/push's business). */
const pushHandlers = new Map<string, { handler: (event: PushEvent) => void; topic: string | undefined }>();
vi.mock('../../../lib/push', () => ({
  usePush: (type: string, handler: (event: PushEvent) => void, topic?: string) => {
    pushHandlers.set(type, { handler, topic });
  },
}));

const slow = { timeout: 4000 };
const token = 'g'.repeat(43);
const limits = { minBet: '1.00', maxBet: '1000.00', betStep: '0.01' };
const info: BgsSessionInfo = {
  balance: '100.00',
  currency: 'THB',
  currencyDecimals: 2,
  limits: { 'bgs-slot': limits, 'bgs-dice': limits, 'bgs-mines': limits },
  seed: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'client-1', nonce: 0 },
  gameNames: { 'bgs-crash': 'BGS Crash' },
};
const roundId = `c${'1'.repeat(32)}`;
const now = Date.now();

function roundView(overrides: Partial<CrashRoundView>): CrashRoundView {
  return {
    roundId,
    roundNo: 7,
    chainHash: 'cd'.repeat(32),
    phase: 'betting',
    bettingEndsAt: new Date(now + 5_000).toISOString(),
    startedAt: null,
    crashPoint: null,
    crashedAt: null,
    seed: null,
    ...overrides,
  };
}

const state = (overrides: Partial<CrashState> = {}): CrashState => ({
  serverTime: new Date().toISOString(),
  growthPerMs: 0.00006,
  limits,
  chain: { hash: 'cd'.repeat(32), length: 10_000 },
  round: roundView({}),
  players: [{ betId: '40', player: 'pl***9', bet: '25.00', cashout: null, payout: null, mine: false }],
  myBet: null,
  history: [{ roundId: `c${'2'.repeat(32)}`, roundNo: 6, crashPoint: '3.41' }],
  ...overrides,
});

function push(event: CrashEvent) {
  act(() => pushHandlers.get(event.type)!.handler(event as unknown as PushEvent));
}

beforeAll(() => {
  // jsdom has no 2D canvas: the curve draws nothing, the multiplier text still updates.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('BGS Crash page', () => {
  it(
    'joins the round, bets with an auto cash-out, cashes out in flight and hears the others',
    { timeout: 20_000 },
    async () => {
      let current = state();
      const myBet = {
        betId: '41',
        roundId,
        bet: '2.00',
        autoCashout: '2.00',
        status: 'placed' as const,
        cashout: null,
        payout: '0.00',
        failureCode: null,
      };
      let balance = '100.00';
      const won = { ...myBet, status: 'won' as const, cashout: '1.50', payout: '3.00' };
      const server = createFakeFetch({
        '/wps/inhouse/session': () => ({ value: { ...info, balance } }),
        '/wps/inhouse/crash/state': () => ({ value: current }),
        '/wps/inhouse/crash/bet': () => {
          current = { ...current, myBet };
          return { value: { bet: myBet, balance: (balance = '98.00') } };
        },
        '/wps/inhouse/crash/cashout': () => {
          current = {
            ...current,
            round: roundView({ phase: 'flying', startedAt: new Date().toISOString() }),
            myBet: won,
          };
          return { value: { bet: won, balance: (balance = '101.00') } };
        },
      });
      await renderWithProviders(
        <MemoryRouter>
          <GamePage gameCode="bgs-crash" token={token} fetchImpl={server.fetch} />
        </MemoryRouter>,
      );
      expect(await screen.findByRole('heading', { name: 'BGS Crash' }, slow)).toBeTruthy();
      expect((await screen.findByTestId('crash-phase', {}, slow)).textContent).toMatch(/^Place your bets\./);
      expect(pushHandlers.get('crash.round')?.topic).toBe('game:bgs-crash');
      // The history links each crash point to its check on the verify page.
      const chip = screen.getByRole('link', { name: 'Round 6 crashed at 3.41×: verify it' });
      expect(chip.getAttribute('href')).toBe(`/bgs/verify?crash=c${'2'.repeat(32)}`);
      expect(within(screen.getByRole('table')).getByText('pl***9')).toBeTruthy();

      // A bad auto target disables the bet; a good one goes with it.
      fireEvent.change(screen.getByLabelText('Bet (THB)'), { target: { value: '2.00' } });
      fireEvent.change(screen.getByLabelText('Auto cash-out (optional)'), { target: { value: '1.00' } });
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Bet' }).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Auto cash-out (optional)'), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
      await waitFor(() => expect(screen.getByTestId('bgs-balance').textContent).toBe('98.00'), slow);
      const bet = server.requests.find((request) => request.url.pathname === '/wps/inhouse/crash/bet')!;
      expect(JSON.parse(bet.body!)).toMatchObject({ roundId, bet: '2.00', autoCashout: '2.00' });
      expect(bet.headers.get('authorization')).toBe(`Bearer ${token}`);
      expect(screen.getByTestId('crash-my-bet').textContent).toBe('Your bet of 2.00 THB is in the round.');

      // Take-off arrives pushed; the cash-out button shows and pays at the server's multiplier.
      current = { ...current, round: roundView({ phase: 'flying', startedAt: new Date().toISOString() }) };
      push({ type: 'crash.round', round: current.round! });
      await waitFor(
        () =>
          expect(screen.getByTestId('crash-phase').textContent).toBe(
            'In flight: cash out before it crashes!',
          ),
        slow,
      );
      fireEvent.click(screen.getByRole('button', { name: /^Cash out / }));
      await waitFor(() => expect(screen.getByTestId('bgs-balance').textContent).toBe('101.00'), slow);
      expect(screen.getByTestId('crash-my-bet').textContent).toBe(
        'You cashed out at 1.50× and won 3.00 THB.',
      );

      // Another player's cash-out arrives pushed and lands in the list.
      push({
        type: 'crash.players',
        roundId,
        players: [{ betId: '40', player: 'pl***9', bet: '25.00', cashout: '1.62', payout: '40.50' }],
      });
      expect(await within(screen.getByRole('table')).findByText('1.62×', {}, slow)).toBeTruthy();

      // The crash: the point shows, and the page re-reads the state (history with this round).
      current = state({
        round: roundView({ phase: 'crashed', crashPoint: '1.87', seed: 'ef'.repeat(32) }),
        myBet: won,
        history: [{ roundId, roundNo: 7, crashPoint: '1.87' }],
      });
      push({
        type: 'crash.round',
        round: roundView({ phase: 'crashed', startedAt: new Date().toISOString(), crashPoint: '1.87' }),
      });
      await waitFor(
        () => expect(screen.getByTestId('crash-phase').textContent).toBe('Crashed at 1.87×'),
        slow,
      );
      expect(
        await screen.findByRole('link', { name: 'Round 7 crashed at 1.87×: verify it' }, slow),
      ).toBeTruthy();
    },
  );

  it('says why a bet was refused', async () => {
    const server = createFakeFetch({
      '/wps/inhouse/session': { value: info },
      '/wps/inhouse/crash/state': { value: state({ players: [], history: [] }) },
      '/wps/inhouse/crash/bet': {
        status: 409,
        body: { success: false, value: null, message: 'closed', code: 'crash_bet_placed' },
      },
    });
    await renderWithProviders(
      <MemoryRouter>
        <GamePage gameCode="bgs-crash" token={token} fetchImpl={server.fetch} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No bets in this round yet.', {}, slow)).toBeTruthy();
    expect(screen.getByText('No rounds yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'You already have a bet in this round.',
    );
  });
});
