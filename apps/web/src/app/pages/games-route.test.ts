import type { Banner } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { createApiClient } from '../../lib/api';
import { createFakeFetch } from '../../test/fake-server';
import { prefetch } from './games-route';

const hot: Banner = {
  id: 'g1',
  url: '/content/banner-game.svg',
  linkageType: 'ROUTE',
  linkageValue: '/rng',
  groupName: 'w_game',
  title: 'Hot this week',
};

/** Records the pictures the prefetch decodes instead of loading them. */
function stubImages(outcome: 'decoded' | 'broken') {
  const sources: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      set src(value: string) {
        sources.push(value);
      }
      decode() {
        return outcome === 'decoded' ? Promise.resolve() : Promise.reject(new Error('broken picture'));
      }
    },
  );
  return sources;
}

function boot(replies: Parameters<typeof createFakeFetch>[0]) {
  const server = createFakeFetch(replies);
  const queryClient = createQueryClient();
  const loadNamespaces = vi.fn(() => Promise.resolve());
  const api = createApiClient({ fetch: server.fetch });
  return {
    queryClient,
    loadNamespaces,
    requests: server.requests,
    run: () => prefetch({ queryClient, api, loadNamespaces }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("a games page's prefetch", () => {
  it('reads the w_game banners, loads the strings and decodes the first banner', async () => {
    const decoded = stubImages('decoded');
    const games = boot({ '/wps/relay/banner_list': { value: [hot] } });
    await games.run();
    expect(games.queryClient.getQueryData(['content', 'banners', 'w_game'])).toEqual([hot]);
    expect(games.loadNamespaces).toHaveBeenCalledWith(['games', 'content']);
    expect(decoded).toEqual([hot.url]);
    expect(games.requests.map((request) => request.url.search)).toEqual(['?groupName=w_game']);
  });

  it('resolves without a picture when there is no banner, and when the read or the picture fails', async () => {
    const decoded = stubImages('broken');
    await expect(boot({ '/wps/relay/banner_list': { value: [] } }).run()).resolves.toBeUndefined();
    await expect(
      boot({ '/wps/relay/banner_list': { status: 400, body: { success: false, message: 'refused' } } }).run(),
    ).resolves.toBeUndefined();
    expect(decoded).toEqual([]);
    await expect(boot({ '/wps/relay/banner_list': { value: [hot] } }).run()).resolves.toBeUndefined();
    expect(decoded).toEqual([hot.url]);
  });
});
