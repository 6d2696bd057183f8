import type { BgsPlayResult, BgsRound } from '@portal/contracts';
import { minesMaxCount, minesMinCount, minesTileCount } from '@portal/contracts/bgs';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { inhouseKeys, usePlay } from '../api/inhouse-queries';
import { BetInput, betValid } from './bet-input';
import { errorText, useGameEnv } from './game-env';
import { PlayRequests } from './play-request';

const columns = 5;
const mineCounts = Array.from(
  { length: minesMaxCount - minesMinCount + 1 },
  (_, index) => index + minesMinCount,
);

type TileState = 'hidden' | 'safe' | 'mine';

function tileStates(round: BgsRound | null): TileState[] {
  const mines = round?.outcome?.game === 'bgs-mines' ? new Set(round.outcome.mines) : new Set<number>();
  const revealed = new Set(round?.reveals ?? []);
  return Array.from({ length: minesTileCount }, (_, tile): TileState => {
    if (mines.has(tile)) return 'mine';
    return revealed.has(tile) ? 'safe' : 'hidden';
  });
}

/** Mines: choose the mine count and bet, start, open tiles, cash out; a mine ends the round. */
export function MinesGame() {
  const { t } = useTranslation('inhouse');
  const { api, token, info } = useGameEnv();
  const countId = useId();
  const [bet, setBet] = useState(info.limits['bgs-mines'].minBet);
  const [mineCount, setMineCount] = useState(3);
  const [played, setPlayed] = useState<BgsRound | null>(null);
  const requests = useRef(new PlayRequests());
  // A board left open (a reload, a closed popup) is resumed.
  const active = useQuery({
    queryKey: inhouseKeys.activeMines(token),
    queryFn: ({ signal }) => api('bgsMinesActive', { signal }),
    staleTime: Infinity,
  });
  const round = played ?? active.data?.round ?? null;
  const keep = (result: BgsPlayResult) => {
    setPlayed(result.round);
    return result;
  };
  const start = usePlay(token, async (amount: string) => {
    const requestId = requests.current.idFor(`mines:${amount}:${mineCount}`);
    try {
      const result = await api('bgsMinesStart', { body: { requestId, bet: amount, mineCount } });
      requests.current.settle(null);
      return keep(result);
    } catch (error) {
      requests.current.settle(error);
      throw error;
    }
  });
  const reveal = usePlay(token, async (move: { roundId: string; tile: number }) =>
    keep(await api('bgsMinesReveal', { body: move })),
  );
  const cashOut = usePlay(token, async (roundId: string) =>
    keep(await api('bgsMinesCashout', { body: { roundId } })),
  );

  const live = round?.status === 'open';
  const busy = start.isPending || reveal.isPending || cashOut.isPending;
  const failure = start.error ?? reveal.error ?? cashOut.error;
  const states = tileStates(round);
  const canStart = !live && !busy && betValid(bet, info.limits['bgs-mines'], info.currencyDecimals);
  const message = !round
    ? t('mines.startFirst')
    : live
      ? t('mines.pick')
      : Number(round.payout) > 0
        ? t('mines.cashedOut', { amount: `${round.payout} ${info.currency}` })
        : round.status === 'settled'
          ? t('mines.boom')
          : '';

  if (active.isPending) return <SkeletonLines count={6} className="bgs-game" />;
  return (
    <section className="bgs-game bgs-mines" aria-labelledby="bgs-game-title">
      <div className="bgs-mines-grid" role="group" aria-label={t('mines.board')}>
        {states.map((state, tile) => {
          const position = { row: Math.floor(tile / columns) + 1, column: (tile % columns) + 1 };
          const label =
            state === 'safe'
              ? t('mines.tileSafe', position)
              : state === 'mine'
                ? t('mines.tileMine', position)
                : t('mines.tile', position);
          return (
            <button
              key={tile}
              type="button"
              className={`bgs-tile bgs-tile--${state}`}
              aria-label={label}
              disabled={!live || busy || state !== 'hidden'}
              onClick={() => round && reveal.mutate({ roundId: round.roundId, tile })}
            >
              <span aria-hidden="true">{state === 'mine' ? '✹' : state === 'safe' ? '◆' : ''}</span>
            </button>
          );
        })}
      </div>
      <p className="bgs-result" role="status" aria-live="polite">
        {message}
      </p>
      {failure ? (
        <p className="bgs-error" role="alert">
          {errorText(t, failure)}
        </p>
      ) : null}
      {live ? (
        <div className="bgs-controls">
          <button
            type="button"
            className="button button--primary button--large bgs-play"
            disabled={busy || round.cashoutValue === null}
            onClick={() => cashOut.mutate(round.roundId)}
          >
            {cashOut.isPending
              ? t('mines.cashingOut')
              : t('mines.cashOut', { amount: `${round.cashoutValue ?? round.bet} ${info.currency}` })}
          </button>
        </div>
      ) : (
        <form
          className="bgs-controls"
          onSubmit={(event) => {
            event.preventDefault();
            if (canStart) start.mutate(bet);
          }}
        >
          <div className="bgs-field">
            <label htmlFor={countId}>{t('mines.mineCount')}</label>
            <select
              id={countId}
              className="bgs-input"
              value={mineCount}
              onChange={(event) => setMineCount(Number(event.target.value))}
            >
              {mineCounts.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
          <BetInput gameCode="bgs-mines" value={bet} onChange={setBet} disabled={busy} />
          <button
            type="submit"
            className="button button--primary button--large bgs-play"
            disabled={!canStart}
          >
            {start.isPending ? t('mines.starting') : t('mines.start')}
          </button>
        </form>
      )}
    </section>
  );
}
