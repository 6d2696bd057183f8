import type { Downline } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldFrame } from '../../../components/ui/form';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useDownlinePage } from '../api/agent-queries';
import type { ContractAgentType } from '../model/contract-lists';
import { useErrorText } from './error-text';

const pageSize = 100;

/** A chosen downline: its id and account. */
export type DownlineChoice = Pick<Downline, 'id' | 'account'>;
const searchDelayMs = 300;

/** The caller's direct downline agents of one type (level 1 below the caller), by account. */
function useDirectAgents(type: ContractAgentType, account: string) {
  return useDownlinePage({
    level: 1,
    type,
    status: 'active',
    ...(account ? { account } : {}),
    sort: 'account',
    order: 'asc',
    page: 1,
    pageSize,
  });
}

/**
 * Chooses the direct downline agent (types 2, 41, 42) a contract is offered to: one read per agent type,
 * merged by account. Past 100 of a type, a search by account narrows them.
 */
export function DownlineAgentSelect({
  value,
  onChange,
  error,
}: {
  value: DownlineChoice | null;
  onChange: (downline: DownlineChoice | null) => void;
  error: string | null;
}) {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [account, setAccount] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAccount(text.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  const reads = [useDirectAgents(2, account), useDirectAgents(41, account), useDirectAgents(42, account)];
  const failed = reads.find((read) => read.isError);
  const agents: Array<DownlineChoice & { type?: number }> = reads
    .flatMap((read) => read.data?.items ?? [])
    .sort((left, right) => left.account.localeCompare(right.account));
  // The chosen agent stays an option while a search shows others.
  if (value && !agents.some((agent) => agent.id === value.id)) agents.unshift(value);
  const more = reads.some((read) => (read.data?.total ?? 0) > pageSize);

  if (failed) {
    return (
      <p className="form-field__error" role="alert">
        {errorText(failed.error)}
      </p>
    );
  }
  if (reads.some((read) => read.isPending)) return <SkeletonLines count={2} />;
  if (agents.length === 0 && account === '') {
    return <p className="agent-note">{t('agent.contracts.noDownlineAgents')}</p>;
  }
  return (
    <div className="agent-downline-select">
      {more || account !== '' ? (
        <Field
          label={t('agent.contracts.findDownline')}
          value={text}
          onValueChange={setText}
          type="search"
          autoComplete="off"
          maxLength={64}
          hint={t('agent.contracts.findDownlineHint', { count: pageSize })}
        />
      ) : null}
      <FieldFrame label={t('agent.contracts.downline')} error={error} requiredMark>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={value === null ? '' : String(value.id)}
            onChange={(event) => {
              const picked = agents.find((agent) => String(agent.id) === event.target.value);
              onChange(picked ? { id: picked.id, account: picked.account } : null);
            }}
          >
            <option value="">{t('agent.contracts.chooseDownline')}</option>
            {agents.map((agent) => (
              <option key={agent.id} value={String(agent.id)}>
                {agent.type === undefined
                  ? agent.account
                  : t('agent.contracts.downlineOption', {
                      account: agent.account,
                      type: t(`agent.types.${agent.type}`),
                    })}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
