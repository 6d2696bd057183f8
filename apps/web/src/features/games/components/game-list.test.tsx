import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { buildWhitelabel } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { buildGame, buildMenus, buildPage, buildVendor } from '../test-fixtures';

const slow = { timeout: 5000 };
const menus = {
  value: buildMenus([
    {
      gameType: 'RNG',
      vendors: [buildVendor({ vassalage: 'PGX', displayName: 'Pocket Slots', gameCount: 15 }), buildVendor()],
    },
    { gameType: 'SPORTS', vendors: [buildVendor({ vassalage: 'SIMSPORT', displayName: 'Sim Sports' })] },
  ]),
};
const fifteen = Array.from({ length: 15 }, (_, index) =>
  buildGame({ gameId: index + 1, isHot: index === 0 ? 1 : 0 }),
);

describe('game list pages', () => {
  it('lists a category with vendor tabs, the five filters, 12 games then more, and search by name', async () => {
    const queries: URLSearchParams[] = [];
    await renderApp('/rng', {
      replies: {
        '/lgw/games/game_menus': menus,
        '/wps/relay/games_list': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return { value: buildPage(fifteen) };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Games' }, slow);
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(within(list).getAllByText('Hot')).toHaveLength(1);
    const vendors = screen.getByRole('group', { name: 'Vendors' });
    expect(
      within(vendors)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All vendors', 'Pocket Slots', 'In-house']);
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['New', 'Favourites', 'All', 'Hot', 'Recent']);
    expect(queries[0]?.get('gameType')).toBe('RNG');
    expect(queries[0]?.get('clientType')).toBe('3');
    expect(queries[0]?.get('filter')).toBe('ALL');

    fireEvent.click(screen.getByRole('button', { name: 'More (12 of 15)' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(15));

    fireEvent.click(within(vendors).getByRole('button', { name: 'Pocket Slots' }));
    fireEvent.click(within(filters).getByRole('button', { name: 'Hot' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe('HOT'));
    expect(queries.at(-1)?.get('vassalage')).toBe('PGX');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games by name' }), {
      target: { value: 'fruit' },
    });
    await waitFor(() => expect(queries.at(-1)?.get('name')).toBe('fruit'), slow);
  });

  it("lays the list out in columns of two when the merchant chooses 'games chunked 2'", async () => {
    await renderApp('/rng', {
      replies: {
        '/wps/system/whitelabel': { value: buildWhitelabel({ gameListLayout: 'chunked2' }) },
        '/lgw/games/game_menus': menus,
        '/wps/relay/games_list': { value: buildPage(fifteen) },
      },
    });
    const list = await screen.findByRole('list', { name: 'Games' }, slow);
    await waitFor(() => expect(list.classList.contains('game-columns')).toBe(true), slow);
    const columns = [...list.children];
    expect(columns).toHaveLength(6);
    for (const column of columns)
      expect(within(column as HTMLElement).getAllByRole('article')).toHaveLength(2);
    expect(list.getAttribute('tabindex')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'More (12 of 15)' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(15));
    expect(list.children).toHaveLength(8);
  });

  it('asks a visitor to log in for the favourites and recent filters', async () => {
    const listCalls: string[] = [];
    await renderApp('/rng?filter=FAV', {
      replies: {
        '/lgw/games/game_menus': menus,
        '/wps/relay/games_list': (request: RecordedRequest) => {
          listCalls.push(request.url.search);
          return { value: buildPage([]) };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }, slow));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, slow)).toBeTruthy();
    expect(listCalls).toHaveLength(0);
  });

  it('shows a game centre of vendor tiles whose start button follows the menu', async () => {
    const launches: string[] = [];
    storeTestSession();
    await renderApp('/sports', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/lgw/games/game_menus': menus,
        '/wps/game/launchGame': (request: RecordedRequest) => {
          launches.push(request.body ?? '');
          return failure(503, 'game_maintenance', null, 'Sim Sports is upgrading until 12:00.');
        },
      },
    });
    const tile = await screen.findByRole('button', { name: 'Open Sim Sports' }, slow);
    expect(within(tile).getByText('Start')).toBeTruthy();
    fireEvent.click(tile);
    const notice = await screen.findByRole('alertdialog', { name: 'Game maintenance' }, slow);
    expect(within(notice).getByText('Sim Sports is upgrading until 12:00.')).toBeTruthy();
    expect(JSON.parse(launches[0] ?? '{}')).toMatchObject({ vassalage: 'SIMSPORT', platform: 'WEB' });
  });

  it('shows the error state with a retry when the list fails', async () => {
    let fail = true;
    await renderApp('/fish', {
      replies: {
        '/lgw/games/game_menus': menus,
        '/wps/relay/games_list': () =>
          fail ? failure(500, 'internal') : { value: buildPage([buildGame({ gameType: 'FISH' })]) },
      },
    });
    const retry = await screen.findByRole('button', { name: 'Retry' }, slow);
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('article', { name: 'Game 1' }, slow)).toBeTruthy();
  });
});
