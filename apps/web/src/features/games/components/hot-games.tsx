import type { Game } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLangOf } from '../../../i18n/languages';
import { Icon } from '../../../components/ui/icon';
import { chunk, formatHundredths, hotCounterAfter, type Hundredths } from '../model/counters';
import { lobbyConstants } from '../model/lobby-constants';
import { useReducedMotion } from '../model/use-reduced-motion';
import { useTicker } from '../model/use-ticker';
import { GameItem } from './game-item';

/**
 * The spec gives the hot counter's step (165.11 every 3 s) but not its start; it starts from a random
 * value between 1,000,000 and 1,100,000 so two visitors never see the same number.
 */
function hotCounterStart(): Hundredths {
  return 100_000_000 + Math.floor(Math.random() * 10_000_000);
}

const nextHotValue = (value: Hundredths) => ({
  value: hotCounterAfter(value, 1),
  delayMs: lobbyConstants.hotCounterIntervalMs,
});

/** The hot-game counter: grows by 165.11 every 3 seconds (still under reduced motion). */
function HotCounter() {
  const { t, i18n } = useTranslation('games');
  const value = useTicker(hotCounterStart, nextHotValue, lobbyConstants.hotCounterIntervalMs);
  return (
    <p className="hot-games__counter">
      <span className="hot-games__counter-label">{t('home.hotCounter')}</span>
      <span className="hot-games__counter-value">{formatHundredths(value, htmlLangOf(i18n.language))}</span>
    </p>
  );
}

/**
 * Hot games in slides of 3 that advance every 1200 ms. Autoplay pauses while the pointer or focus is
 * inside, and never runs for visitors who prefer reduced motion; the arrows move by hand.
 */
export function HotGames({ games }: { games: readonly Game[] }) {
  const { t } = useTranslation('games');
  const slides = chunk(games, lobbyConstants.hotChunkSize);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  const count = slides.length;
  const autoplay = !reduced && !paused && count > 1;
  useEffect(() => {
    if (!autoplay) return undefined;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % count),
      lobbyConstants.hotAutoplayMs,
    );
    return () => clearInterval(timer);
  }, [autoplay, count]);
  const current = slides[Math.min(index, Math.max(count - 1, 0))] ?? [];
  const move = (step: number) => setIndex((value) => (value + step + count) % count);
  return (
    <div
      className="hot-games"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <HotCounter />
      <div
        className="hot-games__viewport"
        role="group"
        aria-roledescription={t('home.carousel')}
        aria-label={t('home.slide', { index: Math.min(index, count - 1) + 1, count })}
      >
        <ul className="hot-games__slide" aria-live={autoplay ? 'off' : 'polite'}>
          {current.map((game) => (
            <li key={game.gameId}>
              <GameItem game={game} />
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <div className="hot-games__controls">
          <button
            type="button"
            className="icon-button"
            onClick={() => move(-1)}
            aria-label={t('home.previous')}
          >
            <Icon name="chevronLeft" />
          </button>
          <span className="hot-games__position">
            {Math.min(index, count - 1) + 1} / {count}
          </span>
          <button type="button" className="icon-button" onClick={() => move(1)} aria-label={t('home.next')}>
            <Icon name="chevronRight" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
