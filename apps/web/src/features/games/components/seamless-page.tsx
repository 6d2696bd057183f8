import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icon';
import { errorMessageKey, isApiError, useApiClient } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { fullPageStateOf, launchBodyOfSearch, type FullPageState } from '../model/full-page';
import { framePolicyOf, isBalanceMessage } from './game-popup';

/**
 * /seamless: a launch's game in the whole window below the header (whose balance stays on screen and is
 * re-read after every bet or win the game reports, and on leaving), with a way back. The game popup's
 * "Open full page" hands over its game session; an address opened directly (a reload, a shared link)
 * launches the game it names (?gameId=, or ?vassalage=&gameCode=).
 */
export function SeamlessPage() {
  const { t, i18n } = useTranslation('games');
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const handed = fullPageStateOf(location.state);
  const body = launchBodyOfSearch(search, i18n.language);
  const launch = useMutation({
    mutationFn: async (): Promise<FullPageState> => {
      if (!body) throw new Error('no game named');
      const launched = await api('launchGame', { body });
      return { url: launched.url, title: launched.gameName };
    },
  });
  const { mutate } = launch;
  const bodyKey = JSON.stringify(body);
  const launchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (handed || body === null || launchedFor.current === bodyKey) return;
    launchedFor.current = bodyKey;
    mutate();
  }, [handed, body, bodyKey, mutate]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (isBalanceMessage(event, window.location.origin)) void refreshBalance(queryClient);
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      void refreshBalance(queryClient);
    };
  }, [queryClient]);

  const game = handed ?? launch.data ?? null;
  useEffect(() => {
    if (game) document.title = game.title;
  }, [game]);

  // Back where the player came from inside the portal, else the lobby.
  // (The first entry of a visit has the key 'default': nothing of ours to go back to.)
  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  let content;
  if (game) {
    const policy = framePolicyOf(game.url, window.location.origin);
    content = (
      <iframe
        className="seamless-page__frame"
        src={game.url}
        title={t('popup.frameTitle', { game: game.title })}
        allow={policy.allow}
        sandbox={policy.sandbox}
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  } else if (body === null) {
    content = (
      <div className="page page--centered">
        <ErrorState message={t('seamless.noGame')} />
        <Link className="button button--primary" to="/">
          {t('seamless.lobby')}
        </Link>
      </div>
    );
  } else if (launch.isError) {
    const error = launch.error;
    const message =
      isApiError(error) && error.message && !error.isNetworkError
        ? error.message
        : t(errorMessageKey(error), { ns: 'translation' });
    content = (
      <div className="page page--centered">
        <ErrorState message={message} onRetry={() => mutate()} />
      </div>
    );
  } else {
    content = (
      <p className="seamless-page__loading" role="status">
        {t('seamless.loading')}
      </p>
    );
  }

  return (
    <section className="seamless-page" aria-labelledby="seamless-title">
      <div className="seamless-page__bar">
        <button type="button" className="button button--ghost" onClick={back}>
          <Icon name="chevronLeft" size={18} />
          {t('seamless.back')}
        </button>
        <h1 id="seamless-title" className="seamless-page__title">
          {game?.title ?? t('seamless.title')}
        </h1>
      </div>
      {content}
    </section>
  );
}
