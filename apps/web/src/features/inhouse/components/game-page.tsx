import { crashGameCode, isBgsGameCode, type BgsGameCode } from '@portal/contracts/bgs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { createGameClient } from '../api/game-client';
import { CrashFairness } from '../crash/crash-fairness';
import { CrashGame } from '../crash/crash-game';
import { useGameSession } from '../api/inhouse-queries';
import { DiceGame } from './dice-game';
import { FairnessPanel } from './fairness-panel';
import { errorText, GameEnvContext } from './game-env';
import { MinesGame } from './mines-game';
import { SlotGame } from './slot-game';

/** The in-house games: the three per-player games and the shared-round crash game. */
type PageGameCode = BgsGameCode | typeof crashGameCode;

const games: Record<PageGameCode, () => React.ReactElement> = {
  'bgs-crash': () => <CrashGame />,
  'bgs-slot': () => <SlotGame />,
  'bgs-dice': () => <DiceGame />,
  'bgs-mines': () => <MinesGame />,
};

interface GamePageProps {
  gameCode: string;
  /** The game session token of the launch (null when the page was opened without one). */
  token: string | null;
  /** Tests pass a fake server's fetch; the network otherwise. */
  fetchImpl?: typeof fetch;
}

/** A BGS game inside the game popup: title, balance, the game and its fairness panel. */
export function GamePage({ gameCode, token, fetchImpl }: GamePageProps) {
  const { t } = useTranslation('inhouse');
  if (!isBgsGameCode(gameCode) && gameCode !== crashGameCode)
    return <ErrorState message={t('frame.unknownGame', { gameCode })} />;
  if (!token) return <ErrorState message={t('frame.noSession')} />;
  return <LoadedGame gameCode={gameCode} token={token} fetchImpl={fetchImpl} />;
}

function LoadedGame({
  gameCode,
  token,
  fetchImpl,
}: {
  gameCode: PageGameCode;
  token: string;
  fetchImpl?: typeof fetch | undefined;
}) {
  const { t } = useTranslation('inhouse');
  const api = useMemo(() => createGameClient(token, fetchImpl), [fetchImpl, token]);
  const session = useGameSession(api, token);
  const [showFairness, setShowFairness] = useState(false);
  const env = useMemo(
    () => (session.data ? { api, token, info: session.data } : null),
    [api, token, session.data],
  );
  // The catalogue's name (the tile's and the popup's), the one name a game has; its code until it loads.
  const gameName = session.data?.gameNames[gameCode] ?? gameCode;
  useEffect(() => {
    document.title = gameName;
  }, [gameName]);

  if (session.isPending) {
    return (
      <div className="bgs-page">
        <SkeletonLines count={8} className="bgs-loading" />
      </div>
    );
  }
  if (session.isError || !env) {
    return (
      <div className="bgs-page">
        <ErrorState message={errorText(t, session.error)} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return (
    <GameEnvContext.Provider value={env}>
      <div className={showFairness ? 'bgs-page bgs-page--fairness' : 'bgs-page'}>
        <header className="bgs-bar">
          <h1 id="bgs-game-title">{gameName}</h1>
          <p className="bgs-balance" aria-live="polite">
            <span>{t('frame.balance')}</span> <strong data-testid="bgs-balance">{env.info.balance}</strong>{' '}
            {env.info.currency}
          </p>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={showFairness}
            aria-controls="bgs-fairness-region"
            onClick={() => setShowFairness((shown) => !shown)}
          >
            {showFairness ? t('frame.hideFairness') : t('frame.fairness')}
          </button>
        </header>
        <main className="bgs-main">
          {games[gameCode]()}
          <div id="bgs-fairness-region" hidden={!showFairness}>
            {showFairness ? (
              gameCode === crashGameCode ? (
                <CrashFairness />
              ) : (
                <FairnessPanel gameCode={gameCode} />
              )
            ) : null}
          </div>
        </main>
      </div>
    </GameEnvContext.Provider>
  );
}
