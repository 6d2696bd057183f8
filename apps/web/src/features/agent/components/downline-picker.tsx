import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/form';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useDownlinePage } from '../api/agent-queries';
import { useErrorText } from './error-text';

const matchLimit = 10;
const idPattern = /^\d{1,10}$/;

/**
 * Picks the downline a report is about: type its account and choose among the team's matches (the
 * downline search), or type its id. Picking clears with "All downlines".
 */
export function DownlinePicker({
  memberId,
  memberLabel,
  onPick,
}: {
  memberId: number | undefined;
  /** The picked downline's account when the page knows it. */
  memberLabel: string | undefined;
  onPick: (memberId: number | null) => void;
}) {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const matches = useDownlinePage(
    { account: term, sort: 'account', order: 'asc', page: 1, pageSize: matchLimit },
    term !== '',
  );

  const find = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') return;
    if (idPattern.test(value) && Number(value) >= 1) {
      setTerm('');
      onPick(Number(value));
      return;
    }
    setTerm(value);
  };
  const pick = (id: number) => {
    setTerm('');
    setText('');
    onPick(id);
  };

  return (
    <div className="agent-picker">
      <form className="agent-picker__find" role="search" aria-label={t('agent.picker.label')} onSubmit={find}>
        <Field
          label={t('agent.picker.label')}
          value={text}
          onValueChange={setText}
          hint={t('agent.picker.hint')}
          type="search"
          autoComplete="off"
          maxLength={64}
        />
        <button type="submit" className="button button--secondary">
          {t('agent.picker.find')}
        </button>
      </form>
      {memberId ? (
        <p className="agent-picker__current">
          {t('agent.picker.showing', { account: memberLabel ?? `#${memberId}` })}
          <button type="button" className="button button--ghost button--small" onClick={() => onPick(null)}>
            {t('agent.picker.all')}
          </button>
        </p>
      ) : null}
      {term !== '' ? (
        <div className="agent-picker__matches" aria-live="polite">
          {matches.isPending ? <SkeletonLines count={2} /> : null}
          {matches.isError ? (
            <p className="form-field__error" role="alert">
              {errorText(matches.error)}
            </p>
          ) : null}
          {matches.data && matches.data.items.length === 0 ? (
            <p className="agent-note">{t('agent.picker.none', { term })}</p>
          ) : null}
          {matches.data && matches.data.items.length > 0 ? (
            <>
              <p className="agent-note">{t('agent.picker.choose', { count: matches.data.total })}</p>
              <ul className="agent-picker__list">
                {matches.data.items.map((member) => (
                  <li key={member.id}>
                    <button type="button" className="button button--ghost" onClick={() => pick(member.id)}>
                      {member.nickname ? `${member.account} (${member.nickname})` : member.account}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
