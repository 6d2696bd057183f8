import type { BgsPlayResult } from '@portal/contracts';
import {
  diceMaxWinningOutcomes,
  diceMinWinningOutcomes,
  diceOutcomeCount,
  diceParamsValid,
  diceWinningOutcomes,
  type DiceDirection,
} from '@portal/contracts/bgs';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlay } from '../api/inhouse-queries';
import { BetInput, betValid } from './bet-input';
import { errorText, useGameEnv } from './game-env';
import { minimumAnimationMs, PlayRequests } from './play-request';

/** 5000 -> "50.00": dice numbers are hundredths. */
function hundredths(value: number): string {
  return (value / 100).toFixed(2);
}

/** The target range where the chance stays between 1% and 98% for the direction. */
function targetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: diceMinWinningOutcomes, max: diceMaxWinningOutcomes }
    : {
        min: diceOutcomeCount - 1 - diceMaxWinningOutcomes,
        max: diceOutcomeCount - 1 - diceMinWinningOutcomes,
      };
}

/** Dice: a target on a slider, over or under, the chance and payout shown before the roll. */
export function DiceGame() {
  const { t } = useTranslation('inhouse');
  const { api, token, info } = useGameEnv();
  const sliderId = useId();
  const [bet, setBet] = useState(info.limits['bgs-dice'].minBet);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [last, setLast] = useState<BgsPlayResult | null>(null);
  const requests = useRef(new PlayRequests());
  const params = { target, direction };
  const winning = diceWinningOutcomes(params);
  const roll = usePlay(token, async (amount: string) => {
    const requestId = requests.current.idFor(`dice:${amount}:${target}:${direction}`);
    try {
      const [result] = await Promise.all([
        api('bgsDiceRoll', { body: { requestId, bet: amount, target, direction } }),
        minimumAnimationMs(400),
      ]);
      requests.current.settle(null);
      setLast(result);
      return result;
    } catch (error) {
      requests.current.settle(error);
      throw error;
    }
  });
  const canRoll =
    !roll.isPending &&
    diceParamsValid(params) &&
    betValid(bet, info.limits['bgs-dice'], info.currencyDecimals);
  const range = targetRange(direction);
  const outcome = last?.round.outcome?.game === 'bgs-dice' ? last.round.outcome : null;
  const lastParams = last?.round.params.game === 'bgs-dice' ? last.round.params : null;

  const changeDirection = (next: DiceDirection) => {
    const nextRange = targetRange(next);
    setDirection(next);
    setTarget((current) => Math.min(nextRange.max, Math.max(nextRange.min, current)));
  };

  return (
    <section className="bgs-game bgs-dice" aria-labelledby="bgs-game-title">
      <div
        className={roll.isPending ? 'bgs-dice-face bgs-dice-face--rolling' : 'bgs-dice-face'}
        aria-hidden="true"
      >
        {outcome ? hundredths(outcome.roll) : '--.--'}
      </div>
      <p className="bgs-result" role="status" aria-live="polite">
        {roll.isPending
          ? t('dice.rolling')
          : outcome && lastParams && last
            ? `${t('dice.result', { roll: hundredths(outcome.roll) })}. ${
                outcome.win
                  ? t('dice.won', { amount: `${last.round.payout} ${info.currency}` })
                  : t('dice.lost', {
                      direction: t(`dice.${lastParams.direction}`),
                      target: hundredths(lastParams.target),
                    })
              }`
            : ''}
      </p>
      {roll.isError ? (
        <p className="bgs-error" role="alert">
          {errorText(t, roll.error)}
        </p>
      ) : null}
      <form
        className="bgs-controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (canRoll) roll.mutate(bet);
        }}
      >
        <fieldset className="bgs-segmented">
          <legend>{t('dice.direction')}</legend>
          {(['under', 'over'] as const).map((option) => (
            <label key={option} className={direction === option ? 'is-active' : undefined}>
              <input
                type="radio"
                name="dice-direction"
                value={option}
                checked={direction === option}
                onChange={() => changeDirection(option)}
              />
              {t(`dice.${option}`)}
            </label>
          ))}
        </fieldset>
        <div className="bgs-field">
          <label htmlFor={sliderId}>
            {t('dice.target')}: <strong>{hundredths(target)}</strong>
          </label>
          <input
            id={sliderId}
            type="range"
            className="bgs-slider"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            aria-valuetext={hundredths(target)}
            onChange={(event) => setTarget(Number(event.target.value))}
          />
          <p className="bgs-hint">
            {t('dice.chance', { chance: (winning / 100).toFixed(2) })} ·{' '}
            {t('dice.multiplier', { multiplier: (9900 / winning).toFixed(4) })}
          </p>
        </div>
        <BetInput gameCode="bgs-dice" value={bet} onChange={setBet} disabled={roll.isPending} />
        <button type="submit" className="button button--primary button--large bgs-play" disabled={!canRoll}>
          {roll.isPending ? t('dice.rolling') : t('dice.roll')}
        </button>
      </form>
    </section>
  );
}
