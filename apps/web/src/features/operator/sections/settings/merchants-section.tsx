import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorMerchant } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { Field, FormMessage } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useOperatorErrorText } from '../../api/queue-queries';
import { ChangeConfirmDialog } from '../../components/change-confirm-dialog';
import type { SectionPageProps } from '../../sections';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { Switch } from './settings-form';
import { merchantsPageSize, useMerchantChange, useMerchants } from './settings-queries';
import './settings.css';

/** A new merchant and its first owner, in a dialog. */
function CreateMerchantDialog({ onClose, onDone }: { onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation('ops-merchants');
  const errorText = useOperatorErrorText();
  const change = useMerchantChange();
  const [fields, setFields] = useState({
    code: '',
    name: '',
    currencyCode: 'THB',
    symbol: '฿',
    decimals: '2',
    offsetHours: '7',
    language: 'EN',
    username: '',
    password: '',
  });
  const set = (name: keyof typeof fields) => (value: string) => setFields({ ...fields, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = fields.code.trim().toLowerCase();
    change.mutate(
      {
        create: {
          code,
          name: fields.name.trim(),
          currency: {
            code: fields.currencyCode.trim().toUpperCase(),
            symbol: fields.symbol.trim(),
            decimals: Number(fields.decimals),
          },
          gmtOffsetMinutes: Math.round(Number(fields.offsetHours) * 60),
          defaultLanguage: fields.language.trim().toUpperCase(),
          owner: { username: fields.username.trim(), password: fields.password },
        },
      },
      { onSuccess: () => onDone(t('merchants.created', { code, owner: fields.username.trim() })) },
    );
  };
  return (
    <ModalDialog title={t('merchants.createTitle')} onClose={onClose} className="operator-confirm">
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        <Field
          label={t('merchants.code')}
          hint={t('merchants.codeHint')}
          value={fields.code}
          onValueChange={set('code')}
        />
        <Field label={t('merchants.name')} value={fields.name} maxLength={100} onValueChange={set('name')} />
        <Field
          label={t('merchants.currency')}
          value={fields.currencyCode}
          maxLength={3}
          onValueChange={set('currencyCode')}
        />
        <Field
          label={t('merchants.symbol')}
          value={fields.symbol}
          maxLength={8}
          onValueChange={set('symbol')}
        />
        <Field
          label={t('merchants.decimals')}
          type="number"
          min={0}
          max={4}
          value={fields.decimals}
          onValueChange={set('decimals')}
        />
        <Field
          label={t('merchants.offset')}
          hint={t('merchants.offsetHint')}
          inputMode="decimal"
          value={fields.offsetHours}
          onValueChange={set('offsetHours')}
        />
        <Field
          label={t('merchants.language')}
          value={fields.language}
          maxLength={3}
          onValueChange={set('language')}
        />
        <Field
          label={t('merchants.owner')}
          value={fields.username}
          onValueChange={set('username')}
          autoComplete="off"
        />
        <Field
          label={t('merchants.password')}
          hint={t('merchants.passwordHint')}
          type="password"
          value={fields.password}
          autoComplete="new-password"
          onValueChange={set('password')}
        />
        <DialogFormFooter
          error={change.isError ? errorText(change.error) : null}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          pending={change.isPending}
          pendingLabel={t('saving')}
          submitLabel={t('merchants.create')}
        />
      </form>
    </ModalDialog>
  );
}

/** A merchant's host names: add one (main or not), remove one through a confirmation. */
function DomainsDialog({ merchant, onClose }: { merchant: OperatorMerchant; onClose: () => void }) {
  const { t } = useTranslation('ops-merchants');
  const errorText = useOperatorErrorText();
  const change = useMerchantChange();
  const [domain, setDomain] = useState('');
  const [main, setMain] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [current, setCurrent] = useState(merchant.domains);
  const add = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { code: merchant.code, addDomain: domain.trim().toLowerCase(), main },
      {
        onSuccess: (updated) => {
          setCurrent((updated as OperatorMerchant).domains);
          setDomain('');
        },
      },
    );
  };
  if (removing) {
    return (
      <ChangeConfirmDialog
        title={t('domains.removeTitle', { domain: removing })}
        question={t('domains.removeQuestion', { domain: removing, code: merchant.code })}
        confirmLabel={t('domains.remove')}
        danger
        pending={change.isPending}
        error={change.isError ? errorText(change.error) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          change.mutate(
            { code: merchant.code, removeDomain: removing },
            {
              onSuccess: (updated) => {
                setCurrent((updated as OperatorMerchant).domains);
                setRemoving(null);
                change.reset();
              },
            },
          )
        }
      />
    );
  }
  return (
    <ModalDialog
      title={t('domains.title', { code: merchant.code })}
      onClose={onClose}
      className="operator-confirm"
    >
      {current.length === 0 ? <p>{t('domains.none')}</p> : null}
      <ul className="ops-settings__domains">
        {current.map((entry) => (
          <li key={entry.domain}>
            <span>
              {entry.domain} {entry.main ? <strong>({t('domains.main')})</strong> : null}
            </span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                change.reset();
                setRemoving(entry.domain);
              }}
            >
              {t('domains.removeOne', { domain: entry.domain })}
            </button>
          </li>
        ))}
      </ul>
      <form className="operator-confirm__form" onSubmit={add} noValidate>
        <Field
          label={t('domains.new')}
          hint={t('domains.newHint')}
          value={domain}
          maxLength={253}
          onValueChange={setDomain}
        />
        <Switch label={t('domains.makeMain')} checked={main} onChange={setMain} />
        <DialogFormFooter
          error={change.isError ? errorText(change.error) : null}
          cancelLabel={t('close')}
          onCancel={onClose}
          pending={change.isPending}
          pendingLabel={t('saving')}
          submitLabel={t('domains.add')}
        />
      </form>
    </ModalDialog>
  );
}

/**
 * The platform's merchants (issue 16, decision 0036) at /operator/merchants: every merchant with its
 * domains, paged and searched on the server; create a merchant with its first owner; add and remove
 * host names. The platform role's, on the platform's home merchant only.
 */
export default function MerchantsSection(_props: SectionPageProps) {
  const { t } = useTranslation('ops-merchants');
  const errorText = useOperatorErrorText();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const merchants = useMerchants({ page, search });
  const [creating, setCreating] = useState(false);
  const [domainsOf, setDomainsOf] = useState<OperatorMerchant | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns = useMemo(
    (): DataColumn<OperatorMerchant>[] => [
      {
        id: 'code',
        header: t('merchants.code'),
        cell: (merchant) => (merchant.home ? `${merchant.code} (${t('merchants.home')})` : merchant.code),
      },
      { id: 'name', header: t('merchants.name'), cell: (merchant) => merchant.name },
      { id: 'currency', header: t('merchants.currency'), cell: (merchant) => merchant.currency.code },
      {
        id: 'domains',
        header: t('merchants.domains'),
        cell: (merchant) => merchant.domains.map((entry) => entry.domain).join(', ') || t('domains.none'),
      },
      { id: 'staff', header: t('merchants.staff'), numeric: true, cell: (merchant) => merchant.staffCount },
      {
        id: 'actions',
        header: t('merchants.actions'),
        cell: (merchant) => (
          <button type="button" className="button button--ghost" onClick={() => setDomainsOf(merchant)}>
            {t('merchants.domainsOf', { code: merchant.code })}
          </button>
        ),
      },
    ],
    [t],
  );
  const total = merchants.data?.total ?? 0;
  return (
    <div className="ops-settings">
      <h1>{t('merchants.title')}</h1>
      <p className="ops-settings__lead">{t('merchants.lead')}</p>
      <form
        className="ops-settings__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearch(typed.trim());
        }}
      >
        <Field label={t('merchants.search')} value={typed} maxLength={64} onValueChange={setTyped} />
        <button type="submit" className="button button--ghost">
          {t('merchants.searchButton')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setDone(null);
            setCreating(true);
          }}
        >
          {t('merchants.create')}
        </button>
      </form>
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <DataTable
        caption={t('merchants.title')}
        columns={columns}
        rows={merchants.data?.items}
        rowKey={(merchant) => merchant.code}
        refreshing={merchants.isFetching}
        paging={
          total > merchantsPageSize
            ? { page, totalPages: Math.ceil(total / merchantsPageSize), onPage: setPage }
            : undefined
        }
        states={tableStates(merchants, errorText, { title: t('merchants.empty'), icon: 'globe' })}
      />
      {creating ? (
        <CreateMerchantDialog
          onClose={() => setCreating(false)}
          onDone={(text) => {
            setCreating(false);
            setDone(text);
          }}
        />
      ) : null}
      {domainsOf ? <DomainsDialog merchant={domainsOf} onClose={() => setDomainsOf(null)} /> : null}
    </div>
  );
}
