import { useTranslation } from 'react-i18next';
import { GamesProvider, GamesSection } from '../../features/games';
import { useIdentity } from '../../features/identity';
import { ContentSlot, preloadBannerSlot } from '../layout/lazy-content';
import type { PageBoot } from '../route-page';
import { prefetchFirstBanner } from './first-banner';
import type { PageProps } from './page-props';

/**
 * Called by the boot when a games page is the first page (decision 0021): the game pages' banners
 * (w_game, the top of every games page and usually its largest content), their chunks and strings,
 * and the first banner's picture, fetched and decoded, start now rather than one after another as the
 * components mount; the first render then shows the banner at once. Never rejects.
 */
export function prefetch({ queryClient, api, loadNamespaces }: PageBoot): Promise<void> {
  return Promise.all([
    preloadBannerSlot(),
    loadNamespaces(['games', 'content']),
    prefetchFirstBanner({ queryClient, api }, 'w_game'),
  ]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The games routes: /live, /fish, /rng, /pvp, /bgs lists, the /sports, /esports, /lott, /elott and
 * /cockfight centres, /favorite and /recent. Launching asks the identity for a real account first
 * (login popup for visitors, in_need_true_account for trial accounts).
 */
export default function GamesRoute({ route }: PageProps) {
  const { t } = useTranslation();
  const identity = useIdentity();
  return (
    <GamesProvider
      requireRealAccount={identity.requireRealAccount}
      openLogin={() => identity.openDialog('login')}
    >
      <ContentSlot kind="banner" group="w_game" />
      <GamesSection
        path={route.path}
        title={t(route.titleKey)}
        listLayout={identity.whitelabel?.gameListLayout ?? 'grid'}
      />
    </GamesProvider>
  );
}
