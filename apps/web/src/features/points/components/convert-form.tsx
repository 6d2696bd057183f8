import type { Currency, PointsConvertResult } from '@portal/contracts';
import { formatMinor } from '@portal/contracts/rules';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { usePointsConvert } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayAmount, displayPoints, pointsMinor } from '../model/points-format';
import { newRequestId, paymentPasswordPattern } from '../model/request-id';

/** The balance `points` convert into at `ratio` points per 1.00, rounded down; null for bad input. */
export function convertedAmount(points: string, ratio: string, currency: Currency): string | null {
  const pointsHundredths = pointsMinor(points);
  const ratioHundredths = pointsMinor(ratio);
  if (pointsHundredths === null || ratioHundredths === null || ratioHundredths <= 0n) return null;
  const scale = 10n ** BigInt(currency.decimals);
  return formatMinor((pointsHundredths * scale) / ratioHundredths, currency.decimals);
}

interface ConvertFormProps {
  balance: string;
  /** Points per 1.00 of balance. */
  ratio: string;
  currency: Currency;
}

/** Converts points to main-wallet balance: the points and the withdraw password (money leaves points). */
export function ConvertForm({ balance, ratio, currency }: ConvertFormProps) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const convert = usePointsConvert();
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState<PointsConvertResult | null>(null);
  const requestId = useRef(newRequestId());

  const wanted = pointsMinor(points.trim());
  const held = pointsMinor(balance) ?? 0n;
  const pointsValid = wanted !== null && wanted > 0n && wanted <= held;
  const passwordValid = paymentPasswordPattern.test(password);
  const amount = pointsValid ? convertedAmount(points.trim(), ratio, currency) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    setDone(null);
    if (!pointsValid || !passwordValid) return;
    convert.mutate(
      { clientRequestId: requestId.current, points: points.trim(), paymentPassword: password },
      {
        onSuccess: (result) => {
          requestId.current = newRequestId();
          setDone(result);
          setPoints('');
          setPassword('');
          setChecked(false);
        },
        onSettled: () => setPassword(''),
      },
    );
  };

  return (
    <form className="identity-form points-form" onSubmit={submit} noValidate>
      <p className="points-card__note">
        {t('points.convert.ratio', { points: displayPoints(ratio), amount: displayAmount('1', currency) })}
      </p>
      <Field
        label={t('points.convert.points')}
        value={points}
        onValueChange={setPoints}
        inputMode="decimal"
        autoComplete="off"
        requiredMark
        error={
          checked && !pointsValid ? t('points.convert.pointsError', { points: displayPoints(balance) }) : null
        }
        hint={amount ? t('points.convert.youGet', { amount: displayAmount(amount, currency) }) : null}
      />
      <Field
        label={t('points.redeem.password')}
        value={password}
        onValueChange={setPassword}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        requiredMark
        hint={t('points.redeem.passwordHint')}
        error={checked && !passwordValid ? t('points.redeem.passwordError') : null}
      />
      <FormError>{convert.isError ? errorText(convert.error) : null}</FormError>
      {done ? (
        <FormMessage kind="success">
          {t('points.convert.done', {
            points: displayPoints(done.points),
            amount: displayAmount(done.amount, currency),
            balance: displayPoints(done.pointsBalance),
          })}
        </FormMessage>
      ) : null}
      <SubmitButton pending={convert.isPending} pendingLabel={t('points.convert.pending')}>
        {t('points.convert.submit')}
      </SubmitButton>
    </form>
  );
}
