import type { RgLimitKind, RgOverview, RgPeriod } from '@portal/contracts';
import { rgLimitKinds, rgPeriods } from '@portal/contracts/rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage } from '../../../components/ui/form';
import { htmlLangOf } from '../../../i18n';
import { errorMessageKey } from '../../../lib/api';
import { useCancelPending, useSetLimit, useSetSessionLimit } from '../api/rg-queries';

/** Dates and times in the page's language. */
export function formatWhen(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'EN' ? 'en-GB' : htmlLangOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** The money limits and the session limit: what applies, what waits for its cooling-off, and the form. */
export function LimitsSection({ overview }: { overview: RgOverview }) {
  const { t, i18n } = useTranslation('rg');
  const { t: tCommon } = useTranslation();
  const setLimit = useSetLimit();
  const setSession = useSetSessionLimit();
  const cancel = useCancelPending();
  const [kind, setKind] = useState<RgLimitKind>('deposit');
  const [period, setPeriod] = useState<RgPeriod>('day');
  const [amount, setAmount] = useState('');
  const [minutes, setMinutes] = useState('');
  const [saved, setSaved] = useState<string | null>(null);

  const submitLimit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setLimit.mutate(
      { kind, period, amount: amount.trim() === '' ? null : amount.trim() },
      { onSuccess: () => setSaved(t('limits.saved')) },
    );
  };
  const submitSession = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setSession.mutate(minutes.trim() === '' ? null : Number(minutes), {
      onSuccess: () => setSaved(t('limits.saved')),
    });
  };
  const session = overview.sessionLimit;
  const failure = setLimit.error ?? setSession.error ?? cancel.error;
  return (
    <section className="rg-section" aria-labelledby="rg-limits">
      <h2 id="rg-limits">{t('limits.title')}</h2>
      <p className="rg-hint">{t('limits.rule')}</p>
      {overview.limits.length === 0 ? (
        <p className="rg-muted">{t('limits.none')}</p>
      ) : (
        <ul className="rg-limit-list" aria-label={t('limits.title')}>
          {overview.limits.map((limit) => (
            <li key={`${limit.kind}-${limit.period}`} className="rg-limit">
              <span className="rg-limit__name">
                {t(`limits.kind.${limit.kind}`)} · {t(`limits.period.${limit.period}`)}
              </span>
              <span>
                {limit.amount === null
                  ? t('limits.noneYet')
                  : t('limits.amountUsed', { amount: limit.amount, used: limit.used })}
              </span>
              {limit.effectiveAt ? (
                <span className="rg-limit__pending">
                  {limit.pendingRemoval
                    ? t('limits.pendingRemoval', { when: formatWhen(limit.effectiveAt, i18n.language) })
                    : t('limits.pendingAmount', {
                        amount: limit.pendingAmount,
                        when: formatWhen(limit.effectiveAt, i18n.language),
                      })}{' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => cancel.mutate({ kind: limit.kind, period: limit.period })}
                  >
                    {t('limits.cancel')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form className="rg-form" onSubmit={submitLimit} aria-label={t('limits.formLabel')}>
        <label>
          {t('limits.kindLabel')}
          <select value={kind} onChange={(event) => setKind(event.target.value as RgLimitKind)}>
            {rgLimitKinds.map((value) => (
              <option key={value} value={value}>
                {t(`limits.kind.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('limits.periodLabel')}
          <select value={period} onChange={(event) => setPeriod(event.target.value as RgPeriod)}>
            {rgPeriods.map((value) => (
              <option key={value} value={value}>
                {t(`limits.period.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('limits.amountLabel')}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby="rg-amount-hint"
          />
        </label>
        <span id="rg-amount-hint" className="rg-hint">
          {t('limits.amountHint')}
        </span>
        <button type="submit" className="button button--primary" disabled={setLimit.isPending}>
          {t('limits.save')}
        </button>
      </form>
      <h3>{t('session.title')}</h3>
      <p>
        {session.minutes === null ? t('session.none') : t('session.current', { minutes: session.minutes })}
        {session.effectiveAt
          ? ` ${t('session.pending', {
              minutes: session.pendingMinutes ?? '—',
              when: formatWhen(session.effectiveAt, i18n.language),
            })}`
          : ''}
      </p>
      {session.effectiveAt ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => cancel.mutate({ kind: 'session' })}
        >
          {t('limits.cancel')}
        </button>
      ) : null}
      <form className="rg-form" onSubmit={submitSession} aria-label={t('session.title')}>
        <label>
          {t('session.minutesLabel')}
          <input
            type="number"
            min={10}
            max={1440}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={setSession.isPending}>
          {t('limits.save')}
        </button>
      </form>
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      <FormError>{failure ? tCommon(errorMessageKey(failure)) : null}</FormError>
    </section>
  );
}
