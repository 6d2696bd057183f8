import type { Banner } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { createApiClient } from '../../lib/api';
import { createFakeFetch } from '../../test/fake-server';
import { prefetch } from './home-route';

const welcome: Banner = {
  id: 'b1',
  url: '/content/banner-welcome.svg',
  linkageType: 'NONE',
  linkageValue: null,
  groupName: 'w_home',
  title: 'Welcome bonus',
};

/** Records the pictures the prefetch decodes instead of loading them. */
function stubImages(outcome: 'decoded' | 'broken') {
  const sources: string[] = [];
  class RecordingImage {
    fetchPriority = 'auto';
    set src(value: string) {
      sources.push(value);
    }
    decode() {
      return outcome === 'decoded' ? Promise.resolve() : Promise.reject(new Error('broken picture'));
    }
  }
  vi.stubGlobal('Image', RecordingImage);
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

describe("home's prefetch", () => {
  it('reads the notices and the w_home banners, loads the strings and decodes the first banner', async () => {
    const decoded = stubImages('decoded');
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
    const decoded = stubImages('broken');
    await expect(boot({ '/wps/relay/banner_list': { value: [] } }).run()).resolves.toBeUndefined();
    await expect(
      boot({ '/wps/relay/banner_list': { status: 400, body: { success: false, message: 'refused' } } }).run(),
    ).resolves.toBeUndefined();
    expect(decoded).toEqual([]);
    await expect(boot({ '/wps/relay/banner_list': { value: [welcome] } }).run()).resolves.toBeUndefined();
    expect(decoded).toEqual([welcome.url]);
  });
});
