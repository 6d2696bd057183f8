import { useTranslation } from 'react-i18next';
import { GamesProvider, GamesSection } from '../../features/games';
import { useIdentity } from '../../features/identity';
import { ContentSlot } from '../layout/lazy-content';
import type { PageProps } from './page-props';

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
