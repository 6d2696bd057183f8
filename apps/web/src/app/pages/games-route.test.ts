import type { Banner } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBoot, stubImageDecoding } from '../../test/fake-boot';
import type { FakeTable } from '../../test/fake-server';
import { prefetch } from './games-route';

const hot: Banner = {
  id: 'g1',
  url: '/content/banner-game.svg',
  linkageType: 'ROUTE',
  linkageValue: '/rng',
  groupName: 'w_game',
  title: 'Hot this week',
};

function boot(replies: FakeTable) {
  const fake = fakeBoot(replies);
  return { ...fake, run: () => prefetch(fake.boot) };
}

afterEach(() => vi.unstubAllGlobals());

describe("a games page's prefetch", () => {
  it('reads the w_game banners, loads the strings and decodes the first banner', async () => {
    const decoded = stubImageDecoding('decoded');
    const games = boot({ '/wps/relay/banner_list': { value: [hot] } });
    await games.run();
    expect(games.queryClient.getQueryData(['content', 'banners', 'w_game'])).toEqual([hot]);
    expect(games.loadNamespaces).toHaveBeenCalledWith(['games', 'content']);
    expect(decoded).toEqual([hot.url]);
    expect(games.requests.map((request) => request.url.search)).toEqual(['?groupName=w_game']);
  });

  it('resolves, without a picture, when the banner read fails', async () => {
    const decoded = stubImageDecoding('decoded');
    const refused = { status: 400, body: { success: false, message: 'refused' } };
    await expect(boot({ '/wps/relay/banner_list': refused }).run()).resolves.toBeUndefined();
    expect(decoded).toEqual([]);
  });
});
