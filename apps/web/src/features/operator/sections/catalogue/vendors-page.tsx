import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OpsVendor } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { Field, FormMessage } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useOperatorErrorText } from '../../api/queue-queries';
import { ChangeConfirmDialog } from '../../components/change-confirm-dialog';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { useVendorChange, useVendors } from './catalogue-queries';

/** The longest maintenance message (opsVendorSettingsBody). */
const maintenanceMessageMax = 200;

type Chosen =
  { action: 'disable' | 'enable' | 'sync'; vendor: OpsVendor } | { action: 'settings'; vendor: OpsVendor };

/** A vendor's order and maintenance, in a dialog: the server's refusal stays in it, with what was typed. */
function VendorSettingsDialog({
  vendor,
  onClose,
  onDone,
}: {
  vendor: OpsVendor;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('ops-catalogue');
  const errorText = useOperatorErrorText();
  const change = useVendorChange();
  const [sortOrder, setSortOrder] = useState(String(vendor.sortOrder));
  const [maintenance, setMaintenance] = useState(vendor.maintenance);
  const [message, setMessage] = useState(vendor.maintenanceMessage ?? '');
  const checkId = useId();
  const orderInvalid = !/^\d{1,6}$/.test(sortOrder.trim()) || Number(sortOrder) > 100_000;
  const [showInvalid, setShowInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderInvalid) {
      setShowInvalid(true);
      return;
    }
    change.mutate(
      {
        vendor: vendor.vassalage,
        body: { sortOrder: Number(sortOrder), maintenance, maintenanceMessage: message.trim() || null },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <ModalDialog
      title={t('settings.title', { vendor: vendor.name })}
      onClose={onClose}
      className="operator-confirm"
    >
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        <Field
          label={t('columns.order')}
          hint={t('settings.orderHint')}
          type="number"
          min={0}
          max={100_000}
          value={sortOrder}
          error={showInvalid && orderInvalid ? t('settings.orderInvalid') : null}
          onValueChange={setSortOrder}
        />
        <div className="form-field">
          <label className="ops-catalogue__switch" htmlFor={checkId}>
            <input
              id={checkId}
              type="checkbox"
              checked={maintenance}
              onChange={(event) => setMaintenance(event.target.checked)}
            />
            {t('settings.maintenance')}
          </label>
        </div>
        <Field
          label={t('settings.message')}
          hint={t('settings.messageHint')}
          value={message}
          maxLength={maintenanceMessageMax}
          onValueChange={setMessage}
        />
        <DialogFormFooter
          error={change.isError ? errorText(change.error) : null}
          cancelLabel={t('confirm.cancel')}
          onCancel={onClose}
          pending={change.isPending}
          pendingLabel={t('confirm.pending')}
          submitLabel={t('settings.save')}
        />
      </form>
    </ModalDialog>
  );
}

/**
 * Every vendor of the platform with this merchant's switches: on or off, order, maintenance and its
 * message, the catalogue sync, and a link to its games. Writes are the owner's (ops-access.ts).
 */
export function VendorsPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('ops-catalogue');
  const errorText = useOperatorErrorText();
  const vendors = useVendors();
  const change = useVendorChange();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns = useMemo((): DataColumn<OpsVendor>[] => {
    const choose = (action: Chosen['action'], vendor: OpsVendor) => () => {
      change.reset();
      setDone(null);
      setChosen({ action, vendor });
    };
    return [
      {
        id: 'name',
        header: t('columns.vendor'),
        cell: (vendor) => (
          <Link
            to={`/operator/catalogue/${vendor.vassalage}`}
            aria-label={t('gamesOf', { vendor: vendor.name })}
          >
            {vendor.name} <span className="operator-queue__lead">({vendor.vassalage})</span>
          </Link>
        ),
      },
      { id: 'categories', header: t('columns.categories'), cell: (vendor) => vendor.categories.join(', ') },
      {
        id: 'games',
        header: t('columns.games'),
        numeric: true,
        cell: (vendor) => t('gamesCount', { on: vendor.enabledGameCount, total: vendor.gameCount }),
      },
      { id: 'order', header: t('columns.order'), numeric: true, cell: (vendor) => vendor.sortOrder },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (vendor) => (
          <span className="operator-status">
            <span
              className={`operator-status__badge operator-status__badge--${vendor.enabled ? 'on' : 'off'}`}
            >
              {t(vendor.enabled ? 'status.on' : 'status.off')}
            </span>
            {vendor.maintenance ? (
              <span className="operator-status__badge operator-status__badge--pending">
                {t('status.maintenance')}
              </span>
            ) : null}
            {vendor.maintenanceMessage ? (
              <span className="operator-status__reason">{vendor.maintenanceMessage}</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: (vendor) =>
          canWrite ? (
            <span className="operator-actions">
              <button
                type="button"
                className={`button ${vendor.enabled ? 'button--secondary operator-actions__danger' : 'button--primary'}`}
                onClick={choose(vendor.enabled ? 'disable' : 'enable', vendor)}
              >
                {t(vendor.enabled ? 'actions.disable' : 'actions.enable')}
              </button>
              <button type="button" className="button button--secondary" onClick={choose('settings', vendor)}>
                {t('actions.settings')}
              </button>
              <button type="button" className="button button--secondary" onClick={choose('sync', vendor)}>
                {t('actions.sync')}
              </button>
            </span>
          ) : (
            '—'
          ),
      },
    ];
    // The mutation object changes each render; only its stable reset is used in the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, canWrite]);

  const confirmed = chosen && chosen.action !== 'settings' ? chosen : null;
  const confirm = () => {
    if (!confirmed) return;
    const { action, vendor } = confirmed;
    change.mutate(
      action === 'sync'
        ? { vendor: vendor.vassalage, sync: true }
        : { vendor: vendor.vassalage, body: { enabled: action === 'enable' } },
      {
        onSuccess: (result) => {
          setChosen(null);
          setDone(
            result && 'added' in result
              ? t('sync.done', {
                  vendor: vendor.name,
                  added: result.added,
                  updated: result.updated,
                  disabled: result.disabled,
                })
              : t(`confirm.${action}.done`, { vendor: vendor.name }),
          );
        },
      },
    );
  };

  return (
    <section className="ops-content__list" aria-labelledby="ops-catalogue-vendors">
      <header className="operator-queue__header">
        <h2 id="ops-catalogue-vendors">{t('vendors.title')}</h2>
        <p className="operator-queue__lead">{t('vendors.lead')}</p>
      </header>
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <DataTable
        caption={t('vendors.title')}
        columns={columns}
        rows={vendors.data}
        rowKey={(vendor) => vendor.vassalage}
        refreshing={vendors.isFetching}
        states={tableStates(vendors, errorText, { title: t('vendors.empty'), icon: 'gamepad' })}
      />
      {chosen?.action === 'settings' ? (
        <VendorSettingsDialog
          vendor={chosen.vendor}
          onClose={() => setChosen(null)}
          onDone={() => {
            setChosen(null);
            setDone(t('settings.done', { vendor: chosen.vendor.name }));
          }}
        />
      ) : null}
      {confirmed ? (
        <ChangeConfirmDialog
          title={t(`confirm.${confirmed.action}.title`, { vendor: confirmed.vendor.name })}
          question={t(`confirm.${confirmed.action}.question`, { vendor: confirmed.vendor.name })}
          confirmLabel={t(`actions.${confirmed.action}`)}
          danger={confirmed.action === 'disable'}
          pending={change.isPending}
          error={change.isError ? errorText(change.error) : null}
          onCancel={() => setChosen(null)}
          onConfirm={confirm}
        />
      ) : null}
    </section>
  );
}
