import type { Banner } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBoot, stubImageDecoding } from '../../test/fake-boot';
import type { FakeTable } from '../../test/fake-server';
import { prefetch } from './home-route';

function boot(replies: FakeTable) {
  const fake = fakeBoot(replies);
  return { ...fake, run: () => prefetch(fake.boot) };
}

const welcome: Banner = {
  id: 'b1',
  url: '/content/banner-welcome.svg',
  linkageType: 'NONE',
  linkageValue: null,
  groupName: 'w_home',
  title: 'Welcome bonus',
};

afterEach(() => vi.unstubAllGlobals());

describe("home's prefetch", () => {
  it('reads the notices and the w_home banners, loads the strings and decodes the first banner', async () => {
    const decoded = stubImageDecoding('decoded');
    const home = boot({
      '/wps/relay/banner_list': { value: [welcome] },
      '/wps/relay/announcement_notices': { value: [] },
    });
    await home.run();
    expect(home.queryClient.getQueryData(['content', 'banners', 'w_home'])).toEqual([welcome]);
    expect(home.loadNamespaces).toHaveBeenCalledWith(['content', 'games']);
    expect(decoded).toEqual([welcome.url]);
    expect(home.queryClient.getQueryData(['content', 'notices'])).toEqual([]);
    const paths = home.requests.map((request) => request.url.pathname);
    expect(paths).toContain('/wps/relay/banner_list');
    expect(
      home.requests.find((request) => request.url.pathname === '/wps/relay/banner_list')?.url.search,
    ).toBe('?groupName=w_home');
  });

  it('resolves without a picture when there is no banner, and when the banner read or picture fails', async () => {
    const decoded = stubImageDecoding('broken');
    await expect(boot({ '/wps/relay/banner_list': { value: [] } }).run()).resolves.toBeUndefined();
    await expect(
      boot({ '/wps/relay/banner_list': { status: 400, body: { success: false, message: 'refused' } } }).run(),
    ).resolves.toBeUndefined();
    expect(decoded).toEqual([]);
    await expect(boot({ '/wps/relay/banner_list': { value: [welcome] } }).run()).resolves.toBeUndefined();
    expect(decoded).toEqual([welcome.url]);
  });
});
