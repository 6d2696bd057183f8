import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { GamePage, VerifyPage } from '../../features/inhouse/pages';

/**
 * /bgs/play/<gameCode>?session=<game session token>: a BGS game in the game popup, without the shell;
 * /bgs/verify[?round=&session=&game=]: recompute a BGS round in the browser. Any other /bgs/... path is
 * an unknown game.
 */
export default function BgsRoute() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { t } = useTranslation('inhouse');
  const verify = pathname === '/bgs/verify';
  const play = /^\/bgs\/play\/([^/]+)\/?$/.exec(pathname);
  const gameCode = play ? decodeURIComponent(play[1]!) : pathname.slice('/bgs/'.length);
  // A game page titles itself with the catalogue's name once its session loads.
  useEffect(() => {
    if (verify) document.title = t('verify.title');
  }, [t, verify]);
  return verify ? (
    <VerifyPage roundId={search.get('round')} token={search.get('session')} backGame={search.get('game')} />
  ) : (
    <GamePage gameCode={gameCode} token={search.get('session')} />
  );
}
