import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { GamePage } from '../../features/inhouse/pages';

/** /bgs/play/:gameCode?session=<game session token>: a BGS game in the game popup, without the shell. */
export default function BgsPlayRoute() {
  const { gameCode = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('inhouse');
  useEffect(() => {
    document.title = t(`games.${gameCode}`, { defaultValue: gameCode });
  }, [t, gameCode]);
  return <GamePage gameCode={gameCode} token={search.get('session')} />;
}
