import type { DownlineSort } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldFrame } from '../../../components/ui/form';
import { downlineSorts, memberTypeFilters } from '../model/contract-lists';
import { noDownlineFilters, type DownlineFilters } from '../model/downline-search';

/**
 * The downline search: account, type, status and level across the whole team below the page's root.
 * Applied on submit (or cleared), so typing does not send a read per key.
 */
export function DownlineSearchForm({
  value,
  onSearch,
}: {
  value: DownlineFilters;
  onSearch: (filters: DownlineFilters) => void;
}) {
  // A new search from outside (Back, a breadcrumb) starts the form afresh.
  return <DownlineSearchFields key={JSON.stringify(value)} value={value} onSearch={onSearch} />;
}

function DownlineSearchFields({
  value,
  onSearch,
}: {
  value: DownlineFilters;
  onSearch: (filters: DownlineFilters) => void;
}) {
  const { t } = useTranslation('agent');
  const [draft, setDraft] = useState(value);
  const set = (field: keyof DownlineFilters) => (next: string) => setDraft({ ...draft, [field]: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, account: draft.account.trim() });
  };
  const active = Object.values(value).some((field) => field !== '');
  return (
    <form className="agent-filters" role="search" aria-label={t('agent.downlines.search')} onSubmit={submit}>
      <Field
        label={t('agent.downlines.account')}
        value={draft.account}
        onValueChange={set('account')}
        type="search"
        autoComplete="off"
        maxLength={64}
      />
      <FieldFrame label={t('agent.downlines.type')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={draft.type}
            onChange={(event) => set('type')(event.target.value)}
          >
            <option value="">{t('agent.downlines.allTypes')}</option>
            {memberTypeFilters.map((type) => (
              <option key={type} value={String(type)}>
                {t(`agent.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label={t('agent.downlines.status')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={draft.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">{t('agent.downlines.allStatuses')}</option>
            <option value="active">{t('agent.status.active')}</option>
            <option value="disabled">{t('agent.status.disabled')}</option>
          </select>
        )}
      </FieldFrame>
      <Field
        label={t('agent.downlines.level')}
        value={draft.level}
        onValueChange={(next) => set('level')(next.replace(/\D/g, '').slice(0, 2))}
        inputMode="numeric"
        autoComplete="off"
        hint={t('agent.downlines.levelHint')}
      />
      <div className="agent-filters__actions">
        <button type="submit" className="button button--primary">
          {t('agent.downlines.searchAction')}
        </button>
        {active ? (
          <button type="button" className="button button--ghost" onClick={() => onSearch(noDownlineFilters)}>
            {t('agent.downlines.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The sort as one control, for phones, where the table's headers give way to cards. */
export function DownlineSortSelect({
  sort,
  order,
  onChange,
}: {
  sort: DownlineSort;
  order: 'asc' | 'desc';
  onChange: (sort: DownlineSort, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation('agent');
  return (
    <div className="agent-sort-select">
      <FieldFrame label={t('agent.downlines.sortBy')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={`${sort}:${order}`}
            onChange={(event) => {
              const [nextSort, nextOrder] = event.target.value.split(':');
              const known = downlineSorts.find((candidate) => candidate === nextSort);
              if (known) onChange(known, nextOrder === 'asc' ? 'asc' : 'desc');
            }}
          >
            {downlineSorts.flatMap((key) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                  {t('agent.downlines.sortOption', {
                    column: t(`agent.downlines.columns.${key}`),
                    order: t(`agent.order.${direction}`),
                  })}
                </option>
              )),
            )}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
