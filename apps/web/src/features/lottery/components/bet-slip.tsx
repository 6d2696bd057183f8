import type { Currency, LotteryBetType, LotteryDraw, LotteryMenu, LotteryMenuGame } from '@portal/contracts';
import { isErrorCode, type ErrorCode } from '@portal/contracts/errors';
import { formatMinor, isValidPick, parseMinor } from '@portal/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isApiError } from '../../../lib/api';
import { displayMoney } from '../../../lib/money-display';
import { usePlaceLotteryBet } from '../api/lottery-queries';
import { newBetRequestId } from '../model/request-id';

// Codes this page words for a bet (lottery errors.*); every other code shows the error catalogue's text.
const betErrorCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'betting_closed',
  'insufficient_funds',
  'invalid_amount',
  'draw_not_found',
  'idempotency_conflict',
]);

interface BetSlipProps {
  game: LotteryMenuGame;
  draw: LotteryDraw | null;
  betTypes: LotteryMenu['betTypes'];
  currency: Currency;
  /** Whether betting on the draw is still open by the server's clock. */
  open: boolean;
}

/** The bet slip: bet type, pick, stake, the possible win, and one request id per bet across retries. */
export function BetSlip({ game, draw, betTypes, currency, open }: BetSlipProps) {
  const { t } = useTranslation('lottery');
  const place = usePlaceLotteryBet();
  const [betType, setBetType] = useState<LotteryBetType>('TWO_DIGIT');
  const [pick, setPick] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newBetRequestId);
  const formId = useId();
  const type = betTypes.find((entry) => entry.betType === betType);
  const stakeMinor = parseMinor(amount.trim(), currency.decimals);
  const possibleWin =
    type && stakeMinor !== null && stakeMinor > 0n
      ? formatMinor((stakeMinor * BigInt(type.oddsHundredths)) / 100n, currency.decimals)
      : null;

  const changed = () => {
    setRequestId(newBetRequestId());
    setProblem(null);
    place.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draw || !open) return setProblem(t('errors.betting_closed'));
    const trimmedPick = type && type.pickDigits > 0 ? pick.trim() : null;
    if (!isValidPick(betType, trimmedPick))
      return setProblem(t('slip.pickNeeded', { count: type?.pickDigits ?? 0 }));
    const minMinor = parseMinor(game.minStake, currency.decimals) ?? 0n;
    const maxMinor = parseMinor(game.maxStake, currency.decimals) ?? 0n;
    if (stakeMinor === null || stakeMinor < minMinor || stakeMinor > maxMinor) {
      return setProblem(t('slip.stakeRange', { min: game.minStake, max: game.maxStake }));
    }
    setProblem(null);
    place.mutate(
      {
        gameCode: game.gameCode,
        numero: draw.numero,
        betType,
        pick: trimmedPick,
        amount: amount.trim(),
        requestId,
      },
      {
        onSuccess: () => setRequestId(newBetRequestId()),
        // A definite refusal ends this request; a lost answer keeps the id so a retry is the same bet.
        onError: (error) => {
          if (isApiError(error) && error.status !== 0) setRequestId(newBetRequestId());
        },
      },
    );
  };

  const failure = place.error;
  const failureText =
    failure && isApiError(failure) && isErrorCode(failure.code) && betErrorCodes.has(failure.code)
      ? t(`errors.${failure.code}`)
      : failure
        ? t(errorMessageKey(failure))
        : null;
  return (
    <form className="lottery-slip" onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
      <h2 id={`${formId}-title`} className="lottery-section__title">
        {t('slip.title')}
      </h2>
      <fieldset className="lottery-slip__types">
        <legend className="form-field__label">{t('slip.betType')}</legend>
        {betTypes.map((entry) => (
          <label key={entry.betType} className="lottery-chip">
            <input
              type="radio"
              name={`${formId}-type`}
              value={entry.betType}
              checked={betType === entry.betType}
              onChange={() => {
                setBetType(entry.betType);
                setPick('');
                changed();
              }}
            />
            <span>
              {t(`betTypes.${entry.betType}`)}{' '}
              <small className="lottery-chip__odds">
                {t('slip.odds', { odds: entry.oddsHundredths / 100 })}
              </small>
            </span>
          </label>
        ))}
      </fieldset>
      {type && type.pickDigits > 0 ? (
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${formId}-pick`}>
            {t('slip.pick', { count: type.pickDigits })}
          </label>
          <input
            id={`${formId}-pick`}
            className="form-field__input lottery-slip__pick"
            inputMode="numeric"
            autoComplete="off"
            maxLength={type.pickDigits}
            value={pick}
            onChange={(event) => {
              setPick(event.target.value.replace(/\D/g, ''));
              changed();
            }}
          />
        </div>
      ) : null}
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${formId}-amount`}>
          {t('slip.amount', { currency: currency.code })}
        </label>
        <input
          id={`${formId}-amount`}
          className="form-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            changed();
          }}
        />
      </div>
      <p className="lottery-slip__win" aria-live="polite">
        {t('slip.possibleWin')}: {possibleWin ? displayMoney(possibleWin, currency) : '-'}
      </p>
      {problem || failureText ? (
        <p className="form-message form-message--error" role="alert">
          {problem ?? failureText}
        </p>
      ) : null}
      {place.isSuccess ? (
        <p className="form-message form-message--info" role="status">
          {t('slip.placed', {
            numero: place.data.bet.numero,
            balance: displayMoney(place.data.balance, currency),
          })}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={!open || place.isPending}
      >
        {place.isPending ? t('slip.placing') : open ? t('slip.submit') : t('draw.closed')}
      </button>
    </form>
  );
}
