import type { Currency, PointsItem, PointsRedeem } from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { isApiError } from '../../../lib/api';
import { usePointsRedeem } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { coversPoints, displayAmount, displayPoints, redeemFigures } from '../model/points-format';
import { newRequestId, paymentPasswordPattern } from '../model/request-id';

// The contracts' checks of the redeem payload, so a wrong field is said before anything is sent.
const phonePattern = /^\+?[0-9 -]{6,20}$/;
const addressLength = { min: 5, max: 200 };

/** The most units a redeem may ask: the item's limit, or its stock when that is lower. */
export function unitLimit(item: PointsItem): number {
  return item.stock === null ? item.maxUnits : Math.min(item.maxUnits, item.stock);
}

interface RedeemDialogProps {
  item: PointsItem;
  /** Points available now; null while unread. */
  balance: string | null;
  currency: Currency;
  onClose: () => void;
}

/** The dialog's figures: points ratio, points requirement, redeem amount and payment account. */
function RedeemFiguresList({
  item,
  units,
  currency,
}: {
  item: PointsItem;
  units: number;
  currency: Currency;
}) {
  const { t } = useTranslation('points');
  const figures = redeemFigures(item, units);
  return (
    <dl className="points-figures points-figures--compact">
      {item.amountPerUnit ? (
        <div>
          <dt>{t('points.redeem.ratio')}</dt>
          <dd>
            {t('points.redeem.ratioValue', {
              points: displayPoints(item.pointsPerUnit),
              amount: displayAmount(item.amountPerUnit, currency),
            })}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('points.redeem.pointsRequirement')}</dt>
        <dd aria-live="polite">{displayPoints(figures.points)}</dd>
      </div>
      {figures.amount ? (
        <div>
          <dt>{t('points.redeem.amountRequirement')}</dt>
          <dd aria-live="polite">{displayAmount(figures.amount, currency)}</dd>
        </div>
      ) : null}
      {item.kind === 'cash' || item.kind === 'bonus' ? (
        <div>
          <dt>{t('points.redeem.paymentAccount')}</dt>
          <dd>{t(`points.redeem.accounts.${item.kind === 'cash' ? 'main' : 'bonus'}`)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Redeems an item with exactly the fields it needs: the quantity within its limits (a fixed quantity is
 * shown, not asked), the withdraw password where cash leaves, the receiving address and phone for goods
 * and vouchers. The points requirement and amount follow the quantity as it is typed.
 */
export function RedeemDialog({ item, balance, currency, onClose }: RedeemDialogProps) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const redeem = usePointsRedeem();
  const maxUnits = unitLimit(item);
  const [unitsText, setUnitsText] = useState(String(item.minUnits));
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState<PointsRedeem | null>(null);
  const requestId = useRef(newRequestId());

  const units = /^\d{1,5}$/.test(unitsText.trim()) ? Number(unitsText.trim()) : NaN;
  const unitsValid = Number.isInteger(units) && units >= item.minUnits && units <= maxUnits;
  const shownUnits = unitsValid ? units : item.minUnits;
  const needed = redeemFigures(item, shownUnits).points;
  const enough = balance === null || coversPoints(balance, needed);
  const problems = {
    units: unitsValid ? null : t('points.redeem.unitsError', { min: item.minUnits, max: maxUnits }),
    password:
      item.needsPaymentPassword && !paymentPasswordPattern.test(password)
        ? t('points.redeem.passwordError')
        : null,
    address:
      item.needsAddress &&
      (address.trim().length < addressLength.min || address.trim().length > addressLength.max)
        ? t('points.redeem.addressError')
        : null,
    phone: item.needsAddress && !phonePattern.test(phone.trim()) ? t('points.redeem.phoneError') : null,
  };
  const shown = (problem: string | null) => (checked ? problem : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(problems).some(Boolean) || !enough) return;
    redeem.mutate(
      {
        clientRequestId: requestId.current,
        itemId: item.id,
        units,
        ...(item.needsPaymentPassword ? { paymentPassword: password } : {}),
        ...(item.needsAddress ? { receivingAddress: address.trim(), phone: phone.trim() } : {}),
      },
      {
        onSuccess: (result) => setDone(result.redeem),
        // A wrong password is typed again; the same request id keeps a retried redeem from doubling.
        onError: () => setPassword(''),
      },
    );
  };

  const passwordNotSet = isApiError(redeem.error) && redeem.error.code === 'payment_password_not_set';
  return (
    <ModalDialog title={t('points.redeem.title', { name: item.name })} icon="gift" onClose={onClose}>
      {done ? (
        <div className="points-form">
          <FormMessage kind="success">
            {t('points.redeem.done', {
              name: done.itemName,
              units: done.units,
              points: displayPoints(done.pointsRequirement),
              status: t(`points.status.${done.status}`),
            })}
          </FormMessage>
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('common.close')}
          </button>
        </div>
      ) : (
        <form className="identity-form points-form" onSubmit={submit} noValidate>
          <p className="form-field__hint">{t('points.redeem.required')}</p>
          {item.minUnits === maxUnits ? (
            <p className="points-card__note">
              {t('points.redeem.units')}: {item.minUnits}
            </p>
          ) : (
            <Field
              label={t('points.redeem.units')}
              value={unitsText}
              onValueChange={setUnitsText}
              type="number"
              inputMode="numeric"
              min={item.minUnits}
              max={maxUnits}
              step={1}
              requiredMark
              data-autofocus
              hint={t('points.redeem.unitsHint', { min: item.minUnits, max: maxUnits })}
              error={shown(problems.units)}
            />
          )}
          <RedeemFiguresList item={item} units={shownUnits} currency={currency} />
          {item.needsPaymentPassword ? (
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
              error={shown(problems.password)}
            />
          ) : null}
          {item.needsAddress ? (
            <>
              <Field
                label={t('points.redeem.address')}
                value={address}
                onValueChange={setAddress}
                autoComplete="street-address"
                maxLength={addressLength.max}
                requiredMark
                error={shown(problems.address)}
              />
              <Field
                label={t('points.redeem.phone')}
                value={phone}
                onValueChange={setPhone}
                type="tel"
                autoComplete="tel"
                maxLength={20}
                requiredMark
                error={shown(problems.phone)}
              />
            </>
          ) : null}
          {!enough && balance !== null ? (
            <FormMessage kind="error">
              {t('points.redeem.notEnough', {
                balance: displayPoints(balance),
                points: displayPoints(needed),
              })}
            </FormMessage>
          ) : null}
          {passwordNotSet ? (
            <FormMessage kind="error">
              {t('points.redeem.passwordNotSet')}{' '}
              <Link to="/member?tab=securityCenter">{t('points.redeem.toSecurity')}</Link>
            </FormMessage>
          ) : (
            <FormError>{redeem.isError ? errorText(redeem.error) : null}</FormError>
          )}
          <div className="points-form__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('points.redeem.cancel')}
            </button>
            <SubmitButton pending={redeem.isPending} pendingLabel={t('points.redeem.pending')}>
              {t('points.redeem.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
