import type { BannerGroup } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiCall } from '../../../lib/api';

/** Content changes when operators publish; a few minutes of staleness is fine for every list here. */
export const contentStaleMs = 3 * 60_000;

/**
 * The home page's first reads as query options, shared by the hooks (content-queries.ts) and the home
 * route's prefetch; a module of its own so the home route's chunk does not carry the rest of the hooks.
 */
export const contentQueries = {
  /** Player notices (PL) for the marquee. */
  notices: (api: ApiCall) =>
    queryOptions({
      queryKey: ['content', 'notices'] as const,
      queryFn: ({ signal }) => api('announcementNotices', { signal }),
      staleTime: contentStaleMs,
    }),
  /** Banners of one place. */
  banners: (api: ApiCall, groupName: BannerGroup) =>
    queryOptions({
      queryKey: ['content', 'banners', groupName] as const,
      queryFn: ({ signal }) => api('bannerList', { query: { groupName }, signal }),
      staleTime: contentStaleMs,
    }),
};
