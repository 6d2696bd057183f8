import type { Game } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isApiError, useApiClient } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { useFavouriteToggle } from '../api/games-mutations';
import { gamesQueryKeys } from '../api/games-queries';
import { GamesContext, targetKey, type GamesActions } from '../model/games-context';
import { fullPageHref } from '../model/full-page';
import { launchBody, launchTitle, type LaunchTarget } from '../model/launch-target';
import { GameNotice } from './game-notice';
import { GamePopup } from './game-popup';
import { VendorGamesPopup } from './vendor-games-popup';

interface GamesProviderProps {
  /**
   * The identity's gate: true for a real account; otherwise it opens the login popup (visitor) or the
   * trial notice (in_need_true_account) and answers false.
   */
  requireRealAccount: () => boolean;
  /** Opens the login popup when the server says the session is gone. */
  openLogin: () => void;
  children: ReactNode;
}

interface Notice {
  title: string;
  text: string;
}

/**
 * Launching and favourites for everything inside: game items, vendor tiles, the header menu. Owns the
 * game popup (closing it refreshes the balance), the vendor popup list and the launch messages.
 */
export function GamesProvider({ requireRealAccount, openLogin, children }: GamesProviderProps) {
  const { t, i18n } = useTranslation('games');
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<{ url: string; title: string; fullPageHref: string } | null>(null);
  const [vendorPopup, setVendorPopup] = useState<Game | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const describe = useCallback(
    (error: unknown) =>
      isApiError(error) && error.message && !error.isNetworkError
        ? error.message
        : t(errorMessageKey(error), { ns: 'translation' }),
    [t],
  );

  const favourites = useFavouriteToggle((game, error) => {
    setNotice({
      title: t('favourite.refusedTitle'),
      text: t('favourite.refused', { game: game.displayName, reason: describe(error) }),
    });
  });

  const launchMutation = useMutation({
    mutationFn: (target: LaunchTarget) => api('launchGame', { body: launchBody(target, i18n.language) }),
    onSuccess: (launched, target) => {
      setVendorPopup(null);
      setPopup({ url: launched.url, title: launchTitle(target), fullPageHref: fullPageHref(target) });
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.recent(null).slice(0, 2) });
    },
    onError: (error) => {
      if (isApiError(error) && (error.code === 'unauthorized' || error.code === 'session_expired')) {
        openLogin();
        return;
      }
      if (isApiError(error) && error.code === 'in_need_true_account') {
        setNotice({ title: t('notice.trialTitle'), text: t('notice.in_need_true_account') });
        return;
      }
      if (isApiError(error) && error.code === 'game_maintenance') {
        setNotice({ title: t('notice.maintenanceTitle'), text: error.message || t('notice.maintenance') });
        return;
      }
      setNotice({ title: t('notice.failedTitle'), text: describe(error) });
    },
  });

  const launch = useCallback(
    (target: LaunchTarget) => {
      if (target.kind === 'game' && target.game.isGame === 'VASSALAGE') {
        setVendorPopup(target.game);
        return;
      }
      if (!requireRealAccount()) return;
      launchMutation.mutate(target);
    },
    // The mutation object changes each render; its mutate function is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [requireRealAccount, launchMutation.mutate],
  );

  const launchingKey =
    launchMutation.isPending && launchMutation.variables ? targetKey(launchMutation.variables) : null;
  const actions = useMemo<GamesActions>(
    () => ({
      launch,
      launchingKey,
      isFavourite: favourites.isFavourite,
      toggleFavourite: (game) => {
        if (!favourites.signedIn) {
          requireRealAccount();
          return;
        }
        favourites.toggle(game);
      },
      signedIn: favourites.signedIn,
      requireAccount: requireRealAccount,
    }),
    [launch, launchingKey, favourites, requireRealAccount],
  );

  const closePopup = useCallback(() => {
    setPopup(null);
    void refreshBalance(queryClient);
  }, [queryClient]);
  const onBalanceMessage = useCallback(() => void refreshBalance(queryClient), [queryClient]);

  return (
    <GamesContext.Provider value={actions}>
      {children}
      {vendorPopup ? (
        <VendorGamesPopup vendorGame={vendorPopup} onClose={() => setVendorPopup(null)} />
      ) : null}
      {popup ? (
        <GamePopup
          url={popup.url}
          title={popup.title}
          onClose={closePopup}
          onBalanceMessage={onBalanceMessage}
          fullPageHref={popup.fullPageHref}
        />
      ) : null}
      {notice ? <GameNotice title={notice.title} text={notice.text} onClose={() => setNotice(null)} /> : null}
    </GamesContext.Provider>
  );
}
