import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { renderApp } from '../../../test/render-app';
import { buildGame, buildMenus, buildPage, buildVendor } from '../test-fixtures';

const slow = { timeout: 5000 };
const slot = buildGame({ gameId: 7, displayName: 'Lucky Slot', gameCode: 'bgs-slot' });
const launched = {
  value: {
    url: '/bgs/play/bgs-slot?session=abc',
    gameId: 7,
    gameCode: 'bgs-slot',
    vassalage: 'BGS',
    gameName: 'Lucky Slot',
    sessionExpiresAt: '2026-11-22T12:00:00.000Z',
  },
};

function baseReplies() {
  return {
    '/lgw/games/game_menus': { value: buildMenus([{ gameType: 'RNG', vendors: [buildVendor()] }]) },
    '/wps/relay/games_list': { value: buildPage([slot]) },
    '/wps/relay/games_favorites': { value: buildPage([]) },
  };
}

describe('launching a game', () => {
  it('opens the game popup, and closing it or a balance message re-reads the balance', async () => {
    storeTestSession();
    let infoReads = 0;
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': () => {
          infoReads += 1;
          return { value: buildMemberInfo() };
        },
        '/wps/game/launchGame': launched,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    const popup = await screen.findByRole('dialog', { name: 'Lucky Slot' }, slow);
    const frame = within(popup).getByTitle('Game: Lucky Slot');
    expect(frame.getAttribute('src')).toBe('/bgs/play/bgs-slot?session=abc');
    // The portal's own game page: no self-defeating sandbox (decision 0044).
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(frame.getAttribute('allow')).toBe('fullscreen');

    const beforeMessage = infoReads;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'balance' }, origin: window.location.origin }),
      );
    });
    await waitFor(() => expect(infoReads).toBeGreaterThan(beforeMessage));

    // A message from another origin is ignored.
    const afterMessage = infoReads;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'balance' }, origin: 'https://elsewhere.test' }),
      );
    });

    fireEvent.click(within(popup).getByRole('button', { name: 'Close the game' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lucky Slot' })).toBeNull());
    await waitFor(() => expect(infoReads).toBe(afterMessage + 1));
  });

  it('opens the game full page from the popup with the same game session, and back', async () => {
    storeTestSession();
    let launches = 0;
    const { router } = await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/game/launchGame': () => {
          launches += 1;
          return launched;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    const popup = await screen.findByRole('dialog', { name: 'Lucky Slot' }, slow);
    fireEvent.click(within(popup).getByRole('link', { name: 'Open full page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seamless'));
    expect(router.state.location.search).toBe('?gameId=7');
    const page = await screen.findByRole('region', { name: 'Lucky Slot' }, slow);
    expect(within(page).getByTitle('Game: Lucky Slot').getAttribute('src')).toBe(
      '/bgs/play/bgs-slot?session=abc',
    );
    expect(screen.queryByRole('dialog', { name: 'Lucky Slot' })).toBeNull();
    expect(launches).toBe(1);
    // No side menu; the header (and its balance) stays.
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
    fireEvent.click(within(page).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'));
  });

  it('launches the game /seamless names when opened directly, and says so when it names none', async () => {
    storeTestSession();
    const bodies: unknown[] = [];
    await renderApp('/seamless?gameId=7', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/game/launchGame': (request: RecordedRequest) => {
          bodies.push(JSON.parse(request.body ?? 'null'));
          return launched;
        },
      },
    });
    const page = await screen.findByRole('region', { name: 'Lucky Slot' }, slow);
    expect(within(page).getByTitle('Game: Lucky Slot')).toBeTruthy();
    expect(bodies).toEqual([{ gameId: 7, platform: 'WEB', language: 'EN' }]);
  });

  it('closes the game popup with Escape', async () => {
    storeTestSession();
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/game/launchGame': launched,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    const popup = await screen.findByRole('dialog', { name: 'Lucky Slot' }, slow);
    fireEvent.keyDown(popup, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lucky Slot' })).toBeNull());
  });

  it('gives a visitor the login popup without calling launch', async () => {
    const launches: RecordedRequest[] = [];
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/game/launchGame': (request: RecordedRequest) => {
          launches.push(request);
          return launched;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, slow)).toBeTruthy();
    expect(launches).toHaveLength(0);
  });

  it('tells a trial account that a real account is needed (in_need_true_account)', async () => {
    storeTestSession(4);
    const launches: RecordedRequest[] = [];
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo({ type: 4 }) },
        '/wps/game/launchGame': (request: RecordedRequest) => {
          launches.push(request);
          return failure(403, 'in_need_true_account');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    expect(
      await screen.findByText('A real account is needed for this. Trial accounts cannot use it.', {}, slow),
    ).toBeTruthy();
    expect(launches).toHaveLength(0);
  });

  it('shows the server refusal when the session became a trial one on the server', async () => {
    storeTestSession();
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/game/launchGame': failure(403, 'in_need_true_account'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lucky Slot' }, slow));
    const notice = await screen.findByRole('alertdialog', { name: 'A real account is needed' }, slow);
    expect(within(notice).getByText(/Trial accounts cannot launch games/)).toBeTruthy();
  });

  it('opens the popup game list of a vendor entry (isGame VASSALAGE)', async () => {
    const vendorEntry = buildGame({
      gameId: 90,
      displayName: 'Pocket Slots',
      vassalage: 'PGX',
      isGame: 'VASSALAGE',
    });
    const inside = buildGame({ gameId: 91, displayName: 'Pocket Fruit', vassalage: 'PGX' });
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/relay/games_list': (request: RecordedRequest) =>
          request.url.searchParams.get('vassalage') === 'PGX'
            ? { value: buildPage([inside]) }
            : { value: buildPage([vendorEntry]) },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the games of Pocket Slots' }, slow));
    const popup = await screen.findByRole('dialog', { name: 'Pocket Slots games' }, slow);
    expect(await within(popup).findByRole('article', { name: 'Pocket Fruit' }, slow)).toBeTruthy();
  });
});

describe('favourites', () => {
  it('shows a toggle at once, sends it once a second at most, and rolls back with a message when refused', async () => {
    storeTestSession();
    const adds: string[] = [];
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/games_favorite': async (request: RecordedRequest) => {
          adds.push(`${request.method} ${request.body ?? request.url.search}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return failure(409, 'favourite_limit', null, 'Too many favourites.');
        },
      },
    });
    const star = await screen.findByRole('button', { name: 'Add Lucky Slot to favourites' }, slow);
    fireEvent.click(star);
    // Shown at once, before the server answers.
    expect(star.getAttribute('aria-pressed')).toBe('true');
    // A second press within the second is throttled: no second call, no flip.
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');

    const notice = await screen.findByRole('alertdialog', { name: 'Favourite not saved' }, slow);
    expect(within(notice).getByText('Lucky Slot could not be changed: Too many favourites.')).toBeTruthy();
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
    expect(adds).toEqual(['POST {"gameId":7}']);
  });

  it('keeps an accepted favourite and removes it with DELETE', async () => {
    storeTestSession();
    let favourites = [] as ReturnType<typeof buildGame>[];
    const calls: string[] = [];
    await renderApp('/rng', {
      replies: {
        ...baseReplies(),
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/relay/games_favorites': () => ({ value: buildPage(favourites) }),
        '/wps/relay/games_favorite': (request: RecordedRequest) => {
          calls.push(`${request.method} ${request.url.search}`);
          favourites = request.method === 'POST' ? [slot] : [];
          return { value: { gameId: 7, favourite: request.method === 'POST' } };
        },
      },
    });
    const star = await screen.findByRole('button', { name: 'Add Lucky Slot to favourites' }, slow);
    fireEvent.click(star);
    await waitFor(() => expect(calls).toEqual(['POST ']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Lucky Slot from favourites' })).toBeTruthy(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1050));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lucky Slot from favourites' }));
    await waitFor(() => expect(calls).toEqual(['POST ', 'DELETE ?gameId=7']));
    expect(await screen.findByRole('button', { name: 'Add Lucky Slot to favourites' }, slow)).toBeTruthy();
  });
});
