import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { buildGame, buildMenus, buildPage, buildVendor, buildWinner } from '../test-fixtures';

const slow = { timeout: 5000 };

/** Observed elements, and a way to bring them into view (happy-dom never reports intersections). */
const observed = new Set<{ callback: IntersectionObserverCallback; element: Element }>();
function bringIntoView(): void {
  for (const entry of [...observed]) {
    entry.callback(
      [{ isIntersecting: true, target: entry.element } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
  }
}

class ManualIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element): void {
    observed.add({ callback: this.callback, element });
  }
  disconnect(): void {
    for (const entry of [...observed]) if (entry.callback === this.callback) observed.delete(entry);
  }
  unobserve(): void {}
}

function lobbyReplies(listCalls: URLSearchParams[] = []) {
  const hot = Array.from({ length: 7 }, (_, index) =>
    buildGame({ gameId: 100 + index, displayName: `Hot ${index + 1}`, isHot: 1 }),
  );
  return {
    '/lgw/games/game_menus': {
      value: buildMenus([
        { gameType: 'RNG', vendors: [buildVendor({ gameCount: 14 })] },
        { gameType: 'LIVE', vendors: [buildVendor({ vassalage: 'SIMLIVE', displayName: 'Sim Live' })] },
      ]),
    },
    '/wps/relay/games_hot': { value: { list: hot } },
    '/wps/relay/games_list': (request: RecordedRequest) => {
      listCalls.push(request.url.searchParams);
      const gameType = request.url.searchParams.get('gameType') ?? 'RNG';
      const count = gameType === 'RNG' ? 14 : gameType === 'LIVE' ? 5 : 0;
      return {
        value: buildPage(
          Array.from({ length: count }, (_, index) =>
            buildGame({
              gameId: index + 1,
              displayName: `${gameType} ${index + 1}`,
              gameType: gameType as 'RNG',
            }),
          ),
        ),
      };
    },
    '/wps/relay/games_winners': {
      value: {
        list: Array.from({ length: 20 }, (_, index) =>
          buildWinner({ customerName: `p***${index}`, winAmount: `${(index + 1) * 100}.00` }),
        ),
      },
    },
  };
}

describe('home lobby', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', ManualIntersectionObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    observed.clear();
  });

  it('reads the lower rows and the winner board only when they come near the viewport', async () => {
    const listCalls: URLSearchParams[] = [];
    let winnerReads = 0;
    await renderApp('/', {
      replies: {
        ...lobbyReplies(listCalls),
        '/wps/relay/games_winners': () => {
          winnerReads += 1;
          return { value: { list: [buildWinner()] } };
        },
      },
    });
    const hot = await screen.findByRole('region', { name: 'Hot games' }, slow);
    expect(await within(hot).findAllByRole('article', {}, slow)).toHaveLength(3);
    expect(listCalls).toHaveLength(0);
    expect(winnerReads).toBe(0);
    act(() => bringIntoView());
    await waitFor(() => expect(listCalls).toHaveLength(4));
    await waitFor(() => expect(winnerReads).toBe(1));
  });

  it('shows hot games in threes, the category rows, the jackpot and the 9 biggest winners', async () => {
    const listCalls: URLSearchParams[] = [];
    await renderApp('/', { replies: lobbyReplies(listCalls) });
    const hot = await screen.findByRole('region', { name: 'Hot games' }, slow);
    expect(await within(hot).findAllByRole('article', {}, slow)).toHaveLength(3);
    act(() => bringIntoView());
    expect(within(hot).getByText('1 / 3')).toBeTruthy();
    fireEvent.click(within(hot).getByRole('button', { name: 'Next hot games' }));
    expect(within(hot).getByRole('article', { name: 'Hot 4' })).toBeTruthy();

    const rng = screen.getByRole('region', { name: 'Slots' });
    expect(await within(rng).findAllByRole('article', {}, slow)).toHaveLength(14);
    // More than 12 games: the row has arrows; LIVE with 5 has none.
    expect(within(rng).getByRole('button', { name: 'Next games in Slots' })).toBeTruthy();
    const live = screen.getByRole('region', { name: 'Live casino' });
    expect(await within(live).findAllByRole('article', {}, slow)).toHaveLength(5);
    expect(within(live).queryByRole('button', { name: 'Next games in Live casino' })).toBeNull();
    expect(within(live).getByRole('link', { name: 'More Live casino' }).getAttribute('href')).toBe('/live');
    const fish = screen.getByRole('region', { name: 'Fishing' });
    expect(await within(fish).findByText('No games here', {}, slow)).toBeTruthy();
    expect(listCalls.every((query) => query.get('pageSize') === '20')).toBe(true);
    expect(listCalls.map((query) => query.get('gameType')).sort()).toEqual(['FISH', 'LIVE', 'PVP', 'RNG']);

    const jackpot = screen.getByRole('region', { name: 'Jackpot' });
    const amount = Number(
      (within(jackpot).getByText(/^\d{2},\d{3},\d{3}\.\d{2}$/).textContent ?? '').replace(/,/g, ''),
    );
    expect(amount).toBeGreaterThanOrEqual(20_000_000);
    expect(amount).toBeLessThanOrEqual(21_000_000);

    const board = screen.getByRole('region', { name: 'Biggest winners' });
    const rows = await within(board).findAllByRole('row', {}, slow);
    expect(rows).toHaveLength(10);
    expect(within(rows[1]!).getByText('2,000.00')).toBeTruthy();
    expect(within(rows[9]!).getByText('1,200.00')).toBeTruthy();
  });

  it('keeps the games menu and hot games for the session and refreshes them in the background', async () => {
    const first = await renderApp('/', { replies: lobbyReplies() });
    await screen.findAllByRole('article', {}, slow);
    await waitFor(() => expect(window.sessionStorage.getItem('hotGames')).toContain('Hot 1'));
    expect(window.sessionStorage.getItem('gameVendor')).toContain('SIMLIVE');
    first.unmount();

    // The next page load starts from the session's copy (no wait), then re-reads and replaces it.
    let menuReads = 0;
    await renderApp('/', {
      replies: {
        ...lobbyReplies(),
        '/lgw/games/game_menus': async () => {
          menuReads += 1;
          // Slow enough that the page shows the session's copy first.
          await new Promise((resolve) => setTimeout(resolve, 400));
          return {
            value: buildMenus([{ gameType: 'FISH', vendors: [buildVendor({ vassalage: 'SIMFISH' })] }]),
          };
        },
      },
    });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' }, slow);
    expect(within(navigation).getByRole('link', { name: 'Slots' })).toBeTruthy();
    await waitFor(() => expect(menuReads).toBe(1));
    await waitFor(() => expect(within(navigation).queryByRole('link', { name: 'Slots' })).toBeNull());
    expect(within(navigation).getByRole('link', { name: 'Fishing' })).toBeTruthy();
    expect(window.sessionStorage.getItem('gameVendor')).toContain('SIMFISH');
  });

  it('opens a header vendor menu in the large layout when a vendor has over 10 games', async () => {
    await renderApp('/', { replies: lobbyReplies() });
    const toggle = await screen.findByRole('button', { name: 'Vendors of Slots' }, slow);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.className).toContain('vendor-menu__panel--large');
    const link = within(panel!).getByRole('link', { name: /In-house/ });
    expect(link.getAttribute('href')).toBe('/rng?vassalage=BGS');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    const liveToggle = screen.getByRole('button', { name: 'Vendors of Live casino' });
    fireEvent.click(liveToggle);
    const livePanel = document.getElementById(liveToggle.getAttribute('aria-controls') ?? '');
    expect(livePanel?.className).not.toContain('vendor-menu__panel--large');
    // Live is a list category: its vendors filter the list.
    expect(
      within(livePanel!)
        .getByRole('link', { name: /Sim Live/ })
        .getAttribute('href'),
    ).toBe('/live?vassalage=SIMLIVE');
  });
});
