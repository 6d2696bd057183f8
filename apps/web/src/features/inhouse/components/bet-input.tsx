import type { BgsGameCode } from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameEnv } from './game-env';

/** Whether the text is a bet this game takes (the server checks again; this only helps the player). */
export function betValid(
  text: string,
  limits: { minBet: string; maxBet: string; betStep: string },
  decimals: number,
) {
  const bet = parseMinor(text, decimals);
  const min = parseMinor(limits.minBet, decimals);
  const max = parseMinor(limits.maxBet, decimals);
  const step = parseMinor(limits.betStep, decimals);
  if (bet === null || min === null || max === null || step === null || step <= 0n) return false;
  return bet >= min && bet <= max && bet % step === 0n;
}

interface BetInputProps {
  gameCode: BgsGameCode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The bet field with its limits as the hint and the invalid state announced. */
export function BetInput({ gameCode, value, onChange, disabled = false }: BetInputProps) {
  const { t } = useTranslation('inhouse');
  const { info } = useGameEnv();
  const id = useId();
  const limits = info.limits[gameCode];
  const valid = betValid(value, limits, info.currencyDecimals);
  const hint = { min: limits.minBet, max: limits.maxBet, step: limits.betStep };
  return (
    <div className="bgs-field">
      <label htmlFor={id}>{t('bet.label', { currency: info.currency })}</label>
      <input
        id={id}
        className="bgs-input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      <small id={`${id}-hint`} className={valid ? 'bgs-hint' : 'bgs-hint bgs-hint--error'}>
        {valid ? t('bet.limits', hint) : t('bet.invalid', hint)}
      </small>
    </div>
  );
}
