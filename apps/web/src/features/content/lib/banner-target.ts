import type { Banner } from '@portal/contracts';

/** Where a banner click goes: an in-app path, an outside address (new tab), or nowhere. */
export type BannerTarget =
  { kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

/**
 * The click target of a banner (spec section 2: "click opens the banner's linked target"). GAME names a
 * vendor or vendor:gameCode and opens the in-house page or the vendor's game list with that game; the
 * server has already checked every value's shape.
 */
export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'linkageValue'>): BannerTarget {
  const value = banner.linkageValue ?? '';
  switch (banner.linkageType) {
    case 'URL':
      return /^https?:\/\//i.test(value) ? { kind: 'external', href: value } : { kind: 'none' };
    case 'ROUTE':
      return /^\/(?![/\\])/.test(value) ? { kind: 'route', to: value } : { kind: 'none' };
    case 'PROMOTION':
      return { kind: 'route', to: `/promotions#${encodeURIComponent(value)}` };
    case 'GAME': {
      const [vendor = '', gameCode] = value.split(':');
      const query = new URLSearchParams({ vassalage: vendor });
      if (gameCode) query.set('gameCode', gameCode);
      return { kind: 'route', to: `${vendor === 'BGS' ? '/bgs' : '/rng'}?${query.toString()}` };
    }
    case 'NONE':
      return { kind: 'none' };
  }
}
