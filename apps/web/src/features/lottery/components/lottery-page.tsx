import type { Currency, LotteryGameCode } from '@portal/contracts';
import { prizeModeOf } from '@portal/contracts/rules';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useLotteryMenu, useOpenedNumero } from '../api/lottery-queries';
import { chooseLottery } from '../model/lottery-routes';
import { BetSlip } from './bet-slip';
import { CurrentDraw } from './current-draw';
import { DrawResults } from './draw-results';
import { MyBets } from './my-bets';
import { useServerNow } from './use-server-clock';

interface LotteryPageProps {
  /** The lottery this route opens when the query names none. */
  defaultGameCode: LotteryGameCode;
  /** The merchant's currency; a skeleton shows until it is known. */
  currency: Currency | undefined;
  /** Whether a session token is stored: betting and my bets need one (the twins without a side menu do not). */
  signedIn: boolean;
}

/** Placeholder with the page's final proportions, so nothing shifts when the data arrives. */
function LotterySkeleton() {
  return (
    <div className="lottery-page">
      <Skeleton className="skeleton--title lottery-skeleton__title" />
      <div className="lottery-page__grid">
        <SkeletonLines count={6} className="lottery-skeleton__block" />
        <SkeletonLines count={6} className="lottery-skeleton__block" />
      </div>
    </div>
  );
}

/** A lottery page: the lottery tabs, the current draw, the bet slip, my bets and the verifiable results. */
export function LotteryPage({ defaultGameCode, currency, signedIn }: LotteryPageProps) {
  const { t } = useTranslation('lottery');
  const [search, setSearch] = useSearchParams();
  const menu = useLotteryMenu();
  if (menu.isPending || !currency) return <LotterySkeleton />;
  if (menu.isError) {
    return (
      <div className="lottery-page">
        <ErrorState message={t(errorMessageKey(menu.error))} onRetry={() => void menu.refetch()} />
      </div>
    );
  }
  const game = chooseLottery(menu.data.games, search.get('gameCode'), defaultGameCode);
  if (!game) {
    return (
      <div className="lottery-page">
        <EmptyState icon="ticket" title={t('page.none')} text={t('page.noneText')} />
      </div>
    );
  }
  // The shared rule decides the prize mode from the lottery vendor group, as the server does.
  const prizeMode = prizeModeOf(menu.data.games.map((entry) => entry.vassalage));
  return (
    <div className="lottery-page">
      <header className="lottery-page__header">
        <h1 className="lottery-page__title">{game.gameName}</h1>
        <span className="lottery-badge">{t('page.prizeMode', { mode: prizeMode })}</span>
        <span className="lottery-page__mode-name">{t(`page.prizeModes.${prizeMode}`)}</span>
      </header>
      <div className="lottery-tabs" role="tablist" aria-label={t('page.tabs')}>
        {menu.data.games.map((entry) => (
          <button
            key={entry.gameCode}
            type="button"
            role="tab"
            aria-selected={entry.gameCode === game.gameCode}
            className="lottery-tab"
            onClick={() => setSearch({ gameCode: entry.gameCode }, { replace: true })}
          >
            {entry.gameName}
          </button>
        ))}
      </div>
      <LotteryGamePanel
        key={game.gameCode}
        game={game}
        betTypes={menu.data.betTypes}
        currency={currency}
        signedIn={signedIn}
      />
    </div>
  );
}

function LotteryGamePanel({
  game,
  betTypes,
  currency,
  signedIn,
}: {
  signedIn: boolean;
  game: Parameters<typeof BetSlip>[0]['game'];
  betTypes: Parameters<typeof BetSlip>[0]['betTypes'];
  currency: Currency;
}) {
  const { t } = useTranslation('lottery');
  const opened = useOpenedNumero(game.gameCode);
  const now = useServerNow(opened.data?.serverTime, opened.dataUpdatedAt);
  const current = opened.data?.current ?? null;
  const open = current !== null && Date.parse(current.closesAt) > now;
  return (
    <div className="lottery-page__grid" role="tabpanel" aria-label={game.gameName}>
      <div className="lottery-page__column">
        <CurrentDraw query={opened} now={now} />
        {signedIn ? (
          <BetSlip game={game} draw={current} betTypes={betTypes} currency={currency} open={open} />
        ) : (
          <div className="lottery-slip">
            <p className="lottery-draw__hint">{t('page.loginToBet')}</p>
            <Link className="button button--primary" to="/login">
              {t('page.login')}
            </Link>
          </div>
        )}
        <p className="lottery-draw__hint">
          {t('page.schedule', { minutes: game.intervalSeconds / 60, seconds: game.closeBeforeSeconds })}
        </p>
      </div>
      <div className="lottery-page__column">
        {signedIn ? <MyBets gameCode={game.gameCode} currency={currency} /> : null}
        <DrawResults gameCode={game.gameCode} />
      </div>
    </div>
  );
}
