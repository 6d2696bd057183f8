import type { BannerGroup } from '@portal/contracts';
import { contentQueries } from '../../features/content/api/content-reads';
import type { PageBoot } from '../route-page';

/**
 * A place's banners and the first one's picture, fetched ahead of everything else and decoded, so its
 * <img> paints at once: the largest content of home and the game lists, whose prefetch (decisions 0021,
 * 0054) waits for it before the first render. Rejects when the read or the picture fails; the prefetch
 * then renders without it.
 */
export function prefetchFirstBanner(
  { queryClient, api }: Pick<PageBoot, 'queryClient' | 'api'>,
  group: BannerGroup,
): Promise<void> {
  return queryClient.fetchQuery(contentQueries.banners(api, group)).then((banners) => {
    if (!banners[0]) return undefined;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = banners[0].url;
    return image.decode();
  });
}
