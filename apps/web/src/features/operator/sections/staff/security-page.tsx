import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSecurity } from '@portal/contracts';
import { ErrorState } from '../../../../components/ui/error-state';
import { Field, FieldFrame, FormError, FormMessage, SubmitButton } from '../../../../components/ui/form';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { useOperatorErrorText } from '../../api/queue-queries';
import { useSaveStaffSecurity, useStaffSecurity } from './staff-queries';
import { addressInList, isAddressEntry } from './staff-rules';

/** A whole number field's value: null when empty, NaN when not a whole number in range. */
function limitOf(text: string, min: number, max: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : Number.NaN;
}

function SecurityForm({ current }: { current: StaffSecurity }) {
  const { t } = useTranslation('ops-staff');
  const errorText = useOperatorErrorText();
  const save = useSaveStaffSecurity();
  const [list, setList] = useState(current.ipAllowList.join('\n'));
  const [idle, setIdle] = useState(current.idleMinutes === null ? '' : String(current.idleMinutes));
  const [absolute, setAbsolute] = useState(
    current.absoluteHours === null ? '' : String(current.absoluteHours),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const entries = list
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const idleMinutes = limitOf(idle, 5, 720);
  const absoluteHours = limitOf(absolute, 1, 72);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = entries.find((entry) => !isAddressEntry(entry));
    if (invalid) return setProblem(t('security.invalidEntry', { entry: invalid }));
    if (entries.length > 0 && !addressInList(entries, current.yourAddress)) {
      return setProblem(t('security.notMine', { address: current.yourAddress }));
    }
    if (Number.isNaN(idleMinutes) || Number.isNaN(absoluteHours)) return setProblem(null);
    setProblem(null);
    save.mutate({ ipAllowList: entries, idleMinutes, absoluteHours });
  };
  const addMine = () => {
    if (!entries.includes(current.yourAddress)) setList([...entries, current.yourAddress].join('\n'));
  };

  return (
    <form className="staff-security" onSubmit={submit} noValidate aria-labelledby="staff-security-title">
      <h2 id="staff-security-title">{t('security.title')}</h2>
      <p className="operator-queue__lead">{t('security.lead')}</p>
      <FieldFrame label={t('security.allowList')} hint={t('security.allowListHint')}>
        {(control) => (
          <textarea
            {...control}
            className="form-field__input staff-security__list"
            rows={6}
            value={list}
            spellCheck={false}
            onChange={(event) => setList(event.target.value)}
          />
        )}
      </FieldFrame>
      <p className="staff-security__mine">
        {t('security.yourAddress', { address: current.yourAddress })}{' '}
        <button type="button" className="button button--ghost" onClick={addMine}>
          {t('security.addMine')}
        </button>
      </p>
      <Field
        label={t('security.idle')}
        hint={t('security.idleHint', { minutes: current.defaultIdleMinutes })}
        error={Number.isNaN(idleMinutes) ? t('security.outOfRange', { min: 5, max: 720 }) : null}
        inputMode="numeric"
        value={idle}
        onValueChange={setIdle}
      />
      <Field
        label={t('security.absolute')}
        hint={t('security.absoluteHint', { hours: current.defaultAbsoluteHours })}
        error={Number.isNaN(absoluteHours) ? t('security.outOfRange', { min: 1, max: 72 }) : null}
        inputMode="numeric"
        value={absolute}
        onValueChange={setAbsolute}
      />
      <FormError>{problem ?? (save.isError ? errorText(save.error) : null)}</FormError>
      {save.isSuccess && !problem ? <FormMessage kind="success">{t('security.saved')}</FormMessage> : null}
      <SubmitButton pending={save.isPending} pendingLabel={t('pending')}>
        {t('security.submit')}
      </SubmitButton>
    </form>
  );
}

/** The merchant's staff IP allow-list and session limits (owner). */
export function StaffSecurityPage() {
  const errorText = useOperatorErrorText();
  const security = useStaffSecurity();
  if (security.isError) {
    return <ErrorState message={errorText(security.error)} onRetry={() => void security.refetch()} />;
  }
  if (!security.data) return <SkeletonLines count={4} />;
  return <SecurityForm current={security.data} />;
}
