import type { CrashEvent, CrashMyBet, CrashPlayerView, CrashState } from '@portal/contracts';
import { crashMinAutoCashout, crashMultiplierAt, formatMultiplier } from '@portal/contracts/bgs';
import { parseMinor } from '@portal/contracts/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePush, type PushEvent } from '../../../lib/push';
import { usePlayFinished } from '../api/inhouse-queries';
import { betValid } from '../components/bet-input';
import { errorText, useGameEnv } from '../components/game-env';
import { PlayRequests } from '../components/play-request';
import { CrashCurve } from './crash-curve';

/** The page's view of the game: the state answer and the server clock's offset from this browser's. */
interface Live extends CrashState {
  offsetMs: number;
}

const crashKey = (token: string) => ['inhouse', 'crash', token] as const;
const pushTopic = 'game:bgs-crash';

/** "2.5" -> 250 hundredths, null when empty, NaN when not a multiplier this game takes. */
function autoHundredths(text: string): number | null {
  if (text.trim() === '') return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text.trim())) return Number.NaN;
  const value = Math.round(Number(text) * 100);
  return value >= crashMinAutoCashout && value <= 1_000_000 ? value : Number.NaN;
}

/** Merges pushed players into the list by bet id (a cash-out replaces the bet's row). */
function mergePlayers(
  current: CrashPlayerView[],
  incoming: Omit<CrashPlayerView, 'mine'>[],
  myBetId: string | undefined,
): CrashPlayerView[] {
  const byId = new Map(current.map((player) => [player.betId, player]));
  for (const player of incoming) byId.set(player.betId, { ...player, mine: player.betId === myBetId });
  return [...byId.values()];
}

/**
 * BGS Crash: one shared round per merchant. The state is read once (and again at each new round); then
 * rounds and players arrive through the push channel (topic game:bgs-crash) and the curve is animated
 * locally on the server's clock. Bets go in while the round takes bets; cash-out while it flies (the
 * server's time decides the multiplier).
 */
export function CrashGame() {
  const { t } = useTranslation('inhouse');
  const { api, token, info } = useGameEnv();
  const queryClient = useQueryClient();
  const finished = usePlayFinished(token);
  const betId = useId();
  const autoId = useId();
  const requests = useRef(new PlayRequests());
  // The bet typed; the game's minimum until the player types one.
  const [typedBet, setBet] = useState<string | null>(null);
  const [auto, setAuto] = useState('');

  const state = useQuery({
    queryKey: crashKey(token),
    queryFn: async ({ signal }): Promise<Live> => {
      const sent = Date.now();
      const answer = await api('crashState', { signal });
      const received = Date.now();
      return { ...answer, offsetMs: Date.parse(answer.serverTime) - (sent + received) / 2 };
    },
    // Push brings the rounds; this re-read only heals a page whose socket was down for a while.
    refetchInterval: 15_000,
  });
  const live = state.data;
  const limits = live?.limits;
  const bet = typedBet ?? limits?.minBet ?? '';

  const patch = (update: (current: Live) => Live) =>
    queryClient.setQueryData<Live>(crashKey(token), (current) => (current ? update(current) : current));

  /** An auto cash-out paid the player: the balance is re-read (the portal's header too). */
  const finishedRefresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['inhouse', 'session', token] });
    if (window.parent !== window) window.parent.postMessage({ type: 'balance' }, window.location.origin);
  };

  usePush(
    'crash.round',
    (event: PushEvent) => {
      const { round } = event as unknown as Extract<CrashEvent, { type: 'crash.round' }>;
      const current = queryClient.getQueryData<Live>(crashKey(token));
      if (round.phase === 'betting' && current?.round?.roundId !== round.roundId) {
        // A new round: nobody has bet yet.
        patch((live) => ({ ...live, round, players: [], myBet: null }));
        return;
      }
      patch((live) => ({ ...live, round }));
      // At the crash the page re-reads the state: its own bet's end and the history, exactly.
      if (round.phase === 'crashed') void queryClient.invalidateQueries({ queryKey: crashKey(token) });
    },
    pushTopic,
  );
  usePush(
    'crash.players',
    (event: PushEvent) => {
      const { roundId, players } = event as unknown as Extract<CrashEvent, { type: 'crash.players' }>;
      patch((live) => {
        if (live.round?.roundId !== roundId) return live;
        const mine = live.myBet ? players.find((player) => player.betId === live.myBet?.betId) : undefined;
        const myBet: CrashMyBet | null =
          live.myBet && mine?.cashout
            ? {
                ...live.myBet,
                status: 'won',
                cashout: mine.cashout,
                payout: mine.payout ?? live.myBet.payout,
              }
            : live.myBet;
        if (mine?.cashout && live.myBet?.status !== 'won') finishedRefresh();
        return { ...live, myBet, players: mergePlayers(live.players, players, live.myBet?.betId) };
      });
    },
    pushTopic,
  );

  const place = useMutation({
    mutationFn: async (input: { roundId: string; bet: string; autoCashout: string | null }) => {
      const requestId = requests.current.idFor(`${input.roundId}:${input.bet}:${input.autoCashout ?? ''}`);
      try {
        const result = await api('crashBet', { body: { requestId, ...input } });
        requests.current.settle(null);
        return result;
      } catch (error) {
        requests.current.settle(error);
        throw error;
      }
    },
    onSuccess: (result) => {
      finished(result);
      patch((live) => ({ ...live, myBet: result.bet }));
    },
  });
  const cashOut = useMutation({
    mutationFn: (roundId: string) => api('crashCashout', { body: { roundId } }),
    onSuccess: (result) => {
      finished(result);
      patch((live) => ({ ...live, myBet: result.bet }));
    },
  });

  if (state.isPending) return <p className="bgs-result">{t('crash.loading')}</p>;
  if (state.isError || !live || !limits) {
    return (
      <p className="bgs-error" role="alert">
        {errorText(t, state.error)}{' '}
        <button type="button" className="button button--secondary" onClick={() => void state.refetch()}>
          {t('crash.retry')}
        </button>
      </p>
    );
  }

  const round = live.round;
  const myBet = live.myBet && live.myBet.roundId === round?.roundId ? live.myBet : null;
  const autoValue = autoHundredths(auto);
  const betOk = betValid(bet, limits, info.currencyDecimals);
  const canBet =
    round?.phase === 'betting' && !myBet && betOk && !Number.isNaN(autoValue) && !place.isPending;
  const canCashOut = round?.phase === 'flying' && myBet?.status === 'placed' && !cashOut.isPending;
  const betMinor = myBet ? parseMinor(myBet.bet, info.currencyDecimals) : null;
  const phaseText =
    round === null
      ? t('crash.waiting')
      : round.phase === 'betting'
        ? t('crash.betting')
        : round.phase === 'flying'
          ? t('crash.flying')
          : t('crash.crashed', { point: round.crashPoint ?? '' });
  const failure = place.error ?? cashOut.error;

  return (
    <section className="bgs-game crash" aria-labelledby="bgs-game-title">
      <ol className="crash-history" aria-label={t('crash.history')}>
        {live.history.map((item) => (
          <li key={item.roundId}>
            <a
              className={Number(item.crashPoint) >= 2 ? 'crash-chip crash-chip--high' : 'crash-chip'}
              href={`/bgs/verify?crash=${encodeURIComponent(item.roundId)}`}
              target="_blank"
              rel="noreferrer"
              aria-label={t('crash.verifyRound', { number: item.roundNo, point: item.crashPoint })}
            >
              {item.crashPoint}×
            </a>
          </li>
        ))}
        {live.history.length === 0 ? <li className="bgs-hint">{t('crash.noHistory')}</li> : null}
      </ol>
      <CrashCurve round={round} offsetMs={live.offsetMs} label={phaseText} />
      <p className="bgs-result" role="status" aria-live="polite" data-testid="crash-phase">
        {phaseText}
        {round?.phase === 'betting' ? (
          <BettingCountdown endsAt={round.bettingEndsAt} offsetMs={live.offsetMs} />
        ) : null}
      </p>
      {myBet ? (
        <p className="bgs-result" data-testid="crash-my-bet">
          {myBet.status === 'won'
            ? t('crash.won', { point: myBet.cashout ?? '', amount: `${myBet.payout} ${info.currency}` })
            : myBet.status === 'lost'
              ? t('crash.lost', { amount: `${myBet.bet} ${info.currency}` })
              : myBet.status === 'void'
                ? t('crash.void')
                : t('crash.inRound', { amount: `${myBet.bet} ${info.currency}` })}
        </p>
      ) : null}
      {failure ? (
        <p className="bgs-error" role="alert">
          {errorText(t, failure)}
        </p>
      ) : null}
      <form
        className="bgs-controls crash-controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (canBet && round) {
            place.mutate({
              roundId: round.roundId,
              bet,
              autoCashout: autoValue === null ? null : formatMultiplier(autoValue),
            });
          }
        }}
      >
        <div className="bgs-field">
          <label htmlFor={betId}>{t('bet.label', { currency: info.currency })}</label>
          <input
            id={betId}
            className="bgs-input"
            inputMode="decimal"
            autoComplete="off"
            value={bet}
            aria-invalid={!betOk}
            aria-describedby={`${betId}-hint`}
            onChange={(event) => setBet(event.target.value.trim())}
          />
          <small id={`${betId}-hint`} className={betOk ? 'bgs-hint' : 'bgs-hint bgs-hint--error'}>
            {t(betOk ? 'bet.limits' : 'bet.invalid', {
              min: limits.minBet,
              max: limits.maxBet,
              step: limits.betStep,
            })}
          </small>
        </div>
        <div className="bgs-field">
          <label htmlFor={autoId}>{t('crash.auto')}</label>
          <input
            id={autoId}
            className="bgs-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2.00"
            value={auto}
            aria-invalid={Number.isNaN(autoValue)}
            aria-describedby={`${autoId}-hint`}
            onChange={(event) => setAuto(event.target.value.trim())}
          />
          <small
            id={`${autoId}-hint`}
            className={Number.isNaN(autoValue) ? 'bgs-hint bgs-hint--error' : 'bgs-hint'}
          >
            {t('crash.autoHint')}
          </small>
        </div>
        {round?.phase === 'flying' && myBet?.status === 'placed' ? (
          <button
            type="button"
            className="button button--primary button--large bgs-play crash-cashout"
            disabled={!canCashOut}
            onClick={() => round && cashOut.mutate(round.roundId)}
          >
            {cashOut.isPending ? (
              t('crash.cashingOut')
            ) : (
              <CashoutLabel
                round={round}
                offsetMs={live.offsetMs}
                betMinor={betMinor}
                decimals={info.currencyDecimals}
              />
            )}
          </button>
        ) : (
          <button type="submit" className="button button--primary button--large bgs-play" disabled={!canBet}>
            {place.isPending
              ? t('crash.placing')
              : round?.phase === 'betting'
                ? t('crash.bet')
                : t('crash.nextRound')}
          </button>
        )}
      </form>
      <section className="crash-players" aria-labelledby="crash-players-title">
        <h2 id="crash-players-title">{t('crash.players', { number: live.players.length })}</h2>
        {live.players.length === 0 ? (
          <p className="bgs-hint">{t('crash.noPlayers')}</p>
        ) : (
          <table className="crash-table">
            <thead>
              <tr>
                <th scope="col">{t('crash.player')}</th>
                <th scope="col">{t('crash.betColumn')}</th>
                <th scope="col">{t('crash.cashoutColumn')}</th>
                <th scope="col">{t('crash.payoutColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {live.players.map((player) => (
                <tr key={player.betId} className={player.mine ? 'crash-row crash-row--mine' : 'crash-row'}>
                  <td>{player.mine ? t('crash.you') : player.player}</td>
                  <td>{player.bet}</td>
                  <td>{player.cashout ? `${player.cashout}×` : '—'}</td>
                  <td>{player.payout ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

/** Seconds left to bet, on the server's clock. */
function BettingCountdown({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const { t } = useTranslation('inhouse');
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 250);
    return () => clearInterval(timer);
  }, [offsetMs]);
  const seconds = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
  return <span className="crash-countdown"> {t('crash.secondsLeft', { seconds })}</span>;
}

/** "Cash out 23.40" at the curve's multiplier now (the server's own time decides the real one). */
function CashoutLabel({
  round,
  offsetMs,
  betMinor,
  decimals,
}: {
  round: NonNullable<CrashState['round']>;
  offsetMs: number;
  betMinor: bigint | null;
  decimals: number;
}) {
  const { t } = useTranslation('inhouse');
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 100);
    return () => clearInterval(timer);
  }, [offsetMs]);
  const multiplier = round.startedAt ? crashMultiplierAt(now - Date.parse(round.startedAt)) : 100;
  const payout = betMinor === null ? 0n : (betMinor * BigInt(multiplier)) / 100n;
  const unit = 10n ** BigInt(decimals);
  const amount = `${payout / unit}.${String(payout % unit).padStart(decimals, '0')}`;
  return <>{t('crash.cashOut', { amount: decimals > 0 ? amount : String(payout) })}</>;
}
