import { createHash, createHmac } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LotteryBet, LotteryDraw, LotteryMenu } from '@portal/contracts';
import type { FakeReply, RecordedRequest } from '../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../test/fake-identity';
import { renderApp } from '../../test/render-app';

const slow = { timeout: 5000 };
const hour = 3_600_000;

function draw(overrides: Partial<LotteryDraw> = {}): LotteryDraw {
  return {
    gameCode: 'ELOTT',
    numero: '202611221805',
    status: 'open',
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + hour).toISOString(),
    drawsAt: new Date(Date.now() + hour + 30_000).toISOString(),
    seedHash: 'ab'.repeat(32),
    seed: null,
    result: null,
    ...overrides,
  };
}

const menuGame = (gameCode: 'LOTT' | 'ELOTT' | 'VN' | 'SEA', vassalage: string, gameName: string) => ({
  gameCode,
  gameName,
  vassalage,
  intervalSeconds: 300,
  closeBeforeSeconds: 30,
  minStake: '1.00',
  maxStake: '10000.00',
  currentDraw: null,
});
const menu: FakeReply<LotteryMenu> = {
  value: {
    prizeMode: 'ELOTT',
    games: [
      menuGame('LOTT', 'LOTT', 'Lotto 1 minute'),
      menuGame('ELOTT', 'LOTT', 'E-Lotto 5 minutes'),
      menuGame('VN', 'TCG_LOTTO_VN', 'Vietnam lottery'),
      menuGame('SEA', 'SEA_LOTTO', 'SEA lottery'),
    ],
    betTypes: [
      { betType: 'TWO_DIGIT', oddsHundredths: 9000, pickDigits: 2 },
      { betType: 'THREE_DIGIT', oddsHundredths: 90000, pickDigits: 3 },
      { betType: 'BIG', oddsHundredths: 195, pickDigits: 0 },
      { betType: 'SMALL', oddsHundredths: 195, pickDigits: 0 },
    ],
    serverTime: new Date().toISOString(),
  },
};
const emptyPage = { value: { items: [], page: 1, pageSize: 10, total: 0 } };

/** A revealed draw computed here the way docs/lottery.md says (independently of the page's code). */
function revealedDraw(seed: string, numero: string): LotteryDraw {
  let result = '';
  for (let counter = 0; !result; counter += 1) {
    const bytes = createHmac('sha256', seed).update(`VN:${numero}:${counter}`).digest();
    for (let offset = 0; offset < 32 && !result; offset += 4) {
      const word = bytes.readUInt32BE(offset);
      if (word < 4_294_967_000) result = String(word % 1000).padStart(3, '0');
    }
  }
  const seedHash = createHash('sha256').update(seed).digest('hex');
  return draw({ gameCode: 'VN', numero, status: 'settled', seed, seedHash, result });
}

describe('lottery pages', () => {
  it('shows the open draw with its committed hash and places a bet through the slip', async () => {
    storeTestSession();
    const sent: Record<string, unknown>[] = [];
    const placed: LotteryBet[] = [];
    let memberInfoReads = 0;
    await renderApp('/lottery?gameCode=ELOTT', {
      replies: {
        '/wps/member/info': () => {
          memberInfoReads += 1;
          return { value: buildMemberInfo({ balance: placed.length ? '990.00' : '1000.00' }) };
        },
        '/lgw/vn/games/game_menu': menu,
        '/lotto/lgw/games/opened/numero': {
          value: { current: draw(), previous: null, serverTime: new Date().toISOString() },
        },
        '/lgw/vn/numeros/opened/game': emptyPage,
        '/wps/relay/lottery_myBets': () => ({
          value: { items: placed, page: 1, pageSize: 10, total: placed.length },
        }),
        '/wps/relay/lottery_bet': (request: RecordedRequest) => {
          const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
          sent.push(body);
          const bet: LotteryBet = {
            id: '1',
            gameCode: 'ELOTT',
            numero: '202611221805',
            betType: 'TWO_DIGIT',
            pick: '42',
            amount: '10.00',
            oddsHundredths: 9000,
            status: 'placed',
            payout: null,
            result: null,
            createdAt: new Date().toISOString(),
          };
          placed.push(bet);
          return { value: { bet, balance: '990.00' } };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'E-Lotto 5 minutes', level: 1 }, slow)).toBeTruthy();
    expect(screen.getByText('Prize mode ELOTT')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'E-Lotto 5 minutes' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Draw 202611221805' })).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(await screen.findByText('No bets yet')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your number (2 digits)'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Stake (THB)'), { target: { value: '10.00' } });
    expect(screen.getByText(/Possible win/).textContent).toContain('฿900.00');
    const readsBefore = memberInfoReads;
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));

    expect(await screen.findByText('Bet placed on draw 202611221805. Balance: ฿990.00.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      gameCode: 'ELOTT',
      numero: '202611221805',
      betType: 'TWO_DIGIT',
      pick: '42',
      amount: '10.00',
    });
    expect(String(sent[0]!.requestId)).toMatch(/^[0-9a-f]{32}$/);
    const bets = await screen.findByRole('table');
    expect(within(bets).getByText('Waiting for draw')).toBeTruthy();
    await waitFor(() => expect(memberInfoReads).toBeGreaterThan(readsBefore));
  });

  it('names prize mode ZY when every lottery of the group is the in-house vendor', async () => {
    storeTestSession();
    const houseMenu: FakeReply<LotteryMenu> = {
      value: {
        ...menu.value,
        prizeMode: 'ZY',
        games: [menuGame('LOTT', 'BGS', 'House lotto'), menuGame('VN', 'BGS', 'House 5 minutes')],
      },
    };
    await renderApp('/lottery?gameCode=LOTT', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/lgw/vn/games/game_menu': houseMenu,
        '/lotto/lgw/games/opened/numero': {
          value: { current: null, previous: null, serverTime: new Date().toISOString() },
        },
        '/lgw/vn/numeros/opened/game': emptyPage,
        '/wps/relay/lottery_myBets': emptyPage,
      },
    });
    expect(await screen.findByRole('heading', { name: 'House lotto', level: 1 }, slow)).toBeTruthy();
    expect(screen.getByText('Prize mode ZY')).toBeTruthy();
    expect(screen.getByText('House-run lottery')).toBeTruthy();
  });

  it('explains a refused bet and checks the pick before sending', async () => {
    storeTestSession();
    let calls = 0;
    await renderApp('/seaLottery', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/lgw/vn/games/game_menu': menu,
        '/lotto/lgw/games/opened/numero': {
          value: { current: draw({ gameCode: 'SEA' }), previous: null, serverTime: new Date().toISOString() },
        },
        '/lgw/vn/numeros/opened/game': emptyPage,
        '/wps/relay/lottery_myBets': emptyPage,
        '/wps/relay/lottery_bet': () => {
          calls += 1;
          return failure(409, 'betting_closed');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'SEA lottery', level: 1 }, slow)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Your number (2 digits)'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Stake (THB)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByText('Enter exactly 2 digits.')).toBeTruthy();
    expect(calls).toBe(0);

    fireEvent.click(screen.getByRole('radio', { name: /Big \(50-99\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByText('Betting on this draw has closed. Bet on the next draw.')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('verifies a past draw in the browser from its revealed seed, and flags a forged result', async () => {
    storeTestSession();
    const honest = revealedDraw('11'.repeat(32), '202611221800');
    const forged = { ...revealedDraw('22'.repeat(32), '202611221755') };
    forged.result = forged.result === '000' ? '001' : '000';
    await renderApp('/vnLottery', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/lgw/vn/games/game_menu': menu,
        '/lotto/lgw/games/opened/numero': {
          value: { current: null, previous: honest, serverTime: new Date().toISOString() },
        },
        '/lgw/vn/numeros/opened/game': {
          value: { items: [honest, forged], page: 1, pageSize: 10, total: 2 },
        },
        '/wps/relay/lottery_myBets': emptyPage,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Vietnam lottery', level: 1 }, slow)).toBeTruthy();
    expect(await screen.findByText('No draw open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Betting closed' })).toHaveProperty('disabled', true);
    const results = await screen.findAllByRole('listitem');
    const honestItem = results.find((item) => item.textContent?.includes('Draw 202611221800'));
    const forgedItem = results.find((item) => item.textContent?.includes('Draw 202611221755'));
    if (!honestItem || !forgedItem) throw new Error('results not listed');
    fireEvent.click(within(honestItem).getByRole('button', { name: 'Verify' }));
    expect(
      await within(honestItem).findByText(`Verified in your browser: result ${honest.result} matches.`),
    ).toBeTruthy();
    fireEvent.click(within(forgedItem).getByRole('button', { name: 'Verify' }));
    expect(await within(forgedItem).findByText(/^Mismatch: this browser computes \d{3}\.$/)).toBeTruthy();
  });

  it('sends a visitor from /lottery to /login, and shows /lottert without the side menu', async () => {
    const guarded = await renderApp('/lottery');
    await waitFor(() => expect(guarded.router.state.location.pathname).toBe('/login'));
    guarded.unmount();

    await renderApp('/lottert', {
      replies: {
        '/lgw/vn/games/game_menu': menu,
        '/lotto/lgw/games/opened/numero': {
          value: {
            current: draw({ gameCode: 'LOTT' }),
            previous: null,
            serverTime: new Date().toISOString(),
          },
        },
        '/lgw/vn/numeros/opened/game': emptyPage,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Lotto 1 minute', level: 1 }, slow)).toBeTruthy();
    expect(screen.getByText('Log in to place bets and see your bets.')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
  });
});
