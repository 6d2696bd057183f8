import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorPaymentChannel, PaymentChannelPayload } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { Field, FormError, FormMessage } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useOperatorErrorText } from '../../api/queue-queries';
import { ChangeConfirmDialog } from '../../components/change-confirm-dialog';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { Switch } from './settings-form';
import { useChannelChange, useChannels } from './settings-queries';

type Editing = { channel: OperatorPaymentChannel | null; type: PaymentChannelPayload['type'] };

/** The payload a channel row stands for, with some fields replaced. */
function payloadOf(
  channel: OperatorPaymentChannel,
  patch: Partial<PaymentChannelPayload> = {},
): PaymentChannelPayload {
  const common = {
    name: channel.name,
    minAmount: channel.minAmount,
    maxAmount: channel.maxAmount,
    enabled: channel.enabled,
  };
  const base: PaymentChannelPayload =
    channel.type === 'gateway'
      ? { type: 'gateway', ...common, gatewayCode: channel.gatewayCode ?? '' }
      : {
          type: 'manual_bank',
          ...common,
          bankName: channel.bankName ?? '',
          accountNumber: channel.accountNumber ?? '',
          accountHolder: channel.accountHolder ?? '',
        };
  return { ...base, ...patch } as PaymentChannelPayload;
}

/** A channel's fields in a dialog; the server's refusal stays in it with what was typed. */
function ChannelDialog({
  editing,
  gateways,
  onClose,
  onDone,
}: {
  editing: Editing;
  gateways: readonly string[];
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const { t } = useTranslation('ops-settings');
  const errorText = useOperatorErrorText();
  const change = useChannelChange();
  const start = editing.channel;
  const [name, setName] = useState(start?.name ?? '');
  const [minAmount, setMin] = useState(start?.minAmount ?? '');
  const [maxAmount, setMax] = useState(start?.maxAmount ?? '');
  const [enabled, setEnabled] = useState(start?.enabled ?? true);
  const [bankName, setBankName] = useState(start?.bankName ?? '');
  const [accountNumber, setAccountNumber] = useState(start?.accountNumber ?? '');
  const [accountHolder, setAccountHolder] = useState(start?.accountHolder ?? '');
  const [gatewayCode, setGatewayCode] = useState(start?.gatewayCode ?? gateways[0] ?? '');
  const common = { name: name.trim(), minAmount: minAmount.trim(), maxAmount: maxAmount.trim(), enabled };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: PaymentChannelPayload =
      editing.type === 'gateway'
        ? { type: 'gateway', ...common, gatewayCode }
        : { type: 'manual_bank', ...common, bankName, accountNumber, accountHolder };
    change.mutate({ id: start?.id ?? null, body }, { onSuccess: () => onDone(common.name) });
  };
  const title = start
    ? t('channels.editTitle', { name: start.name })
    : t(editing.type === 'gateway' ? 'channels.addGateway' : 'channels.addManual');
  return (
    <ModalDialog title={title} onClose={onClose} className="operator-confirm">
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        <Field label={t('channels.name')} value={name} maxLength={64} onValueChange={setName} />
        <Field label={t('channels.min')} inputMode="decimal" value={minAmount} onValueChange={setMin} />
        <Field label={t('channels.max')} inputMode="decimal" value={maxAmount} onValueChange={setMax} />
        {editing.type === 'manual_bank' ? (
          <>
            <Field label={t('channels.bank')} value={bankName} maxLength={64} onValueChange={setBankName} />
            <Field
              label={t('channels.account')}
              value={accountNumber}
              maxLength={34}
              onValueChange={setAccountNumber}
            />
            <Field
              label={t('channels.holder')}
              value={accountHolder}
              maxLength={64}
              onValueChange={setAccountHolder}
            />
          </>
        ) : (
          <div className="form-field">
            <label className="form-field__label" htmlFor="channel-gateway">
              {t('channels.gateway')}
            </label>
            <select
              id="channel-gateway"
              className="form-field__input"
              value={gatewayCode}
              onChange={(event) => setGatewayCode(event.target.value)}
            >
              {[...new Set([...gateways, ...(start?.gatewayCode ? [start.gatewayCode] : [])])].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        )}
        <Switch label={t('channels.enabled')} checked={enabled} onChange={setEnabled} />
        <DialogFormFooter
          error={change.isError ? errorText(change.error) : null}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          pending={change.isPending}
          pendingLabel={t('saving')}
          submitLabel={t('save')}
        />
      </form>
    </ModalDialog>
  );
}

/**
 * Deposit channels and their limits: what the player's deposit page lists, in its order. Owner and
 * finance add, edit, switch and order them (channels are never deleted: deposits point at them).
 */
export function ChannelsPage() {
  const { t } = useTranslation('ops-settings');
  const errorText = useOperatorErrorText();
  const channels = useChannels();
  const change = useChannelChange();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [switching, setSwitching] = useState<OperatorPaymentChannel | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = channels.data?.channels;

  const columns = useMemo((): DataColumn<OperatorPaymentChannel>[] => {
    const move = (channel: OperatorPaymentChannel, by: number) => {
      if (!rows) return;
      const ids = rows.map((row) => row.id);
      const index = ids.indexOf(channel.id);
      ids.splice(index, 1);
      ids.splice(index + by, 0, channel.id);
      setDone(null);
      change.mutate({ order: ids });
    };
    return [
      { id: 'name', header: t('channels.name'), cell: (channel) => channel.name },
      {
        id: 'type',
        header: t('channels.type'),
        cell: (channel) =>
          channel.type === 'gateway'
            ? `${t('channels.types.gateway')} (${channel.gatewayCode ?? ''})`
            : `${t('channels.types.manual_bank')}: ${channel.bankName ?? ''} ${channel.accountNumber ?? ''}`,
      },
      {
        id: 'limits',
        header: t('channels.limits'),
        numeric: true,
        cell: (channel) => `${channel.minAmount} – ${channel.maxAmount}`,
      },
      {
        id: 'status',
        header: t('channels.status'),
        cell: (channel) => (
          <span
            className={`operator-status__badge operator-status__badge--${channel.enabled ? 'on' : 'off'}`}
          >
            {t(channel.enabled ? (channel.usable ? 'channels.on' : 'channels.notRun') : 'channels.off')}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('channels.actions'),
        cell: (channel) => (
          <div className="operator-queue__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setDone(null);
                setEditing({ channel, type: channel.type });
              }}
            >
              {t('channels.edit')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                change.reset();
                setDone(null);
                setSwitching(channel);
              }}
            >
              {t(channel.enabled ? 'channels.disable' : 'channels.enable')}
            </button>
            <button
              type="button"
              className="icon-button"
              disabled={change.isPending || rows?.[0]?.id === channel.id}
              aria-label={t('channels.up', { name: channel.name })}
              onClick={() => move(channel, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              disabled={change.isPending || rows?.at(-1)?.id === channel.id}
              aria-label={t('channels.down', { name: channel.name })}
              onClick={() => move(channel, 1)}
            >
              ↓
            </button>
          </div>
        ),
      },
    ];
  }, [t, rows, change]);

  return (
    <section className="ops-settings__area" aria-labelledby="channels-title">
      <h2 id="channels-title">{t('channels.title')}</h2>
      <p className="ops-settings__lead">{t('channels.lead')}</p>
      <div className="ops-settings__actions">
        <button
          type="button"
          className="button"
          onClick={() => setEditing({ channel: null, type: 'manual_bank' })}
        >
          {t('channels.addManual')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={(channels.data?.gateways.length ?? 0) === 0}
          onClick={() => setEditing({ channel: null, type: 'gateway' })}
        >
          {t('channels.addGateway')}
        </button>
      </div>
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      {change.isError && !switching && !editing ? <FormError>{errorText(change.error)}</FormError> : null}
      <DataTable
        caption={t('channels.title')}
        columns={columns}
        rows={rows}
        rowKey={(channel) => String(channel.id)}
        refreshing={channels.isFetching}
        states={tableStates(channels, errorText, { title: t('channels.empty'), icon: 'wallet' })}
      />
      {editing ? (
        <ChannelDialog
          editing={editing}
          gateways={channels.data?.gateways ?? []}
          onClose={() => setEditing(null)}
          onDone={(name) => {
            setEditing(null);
            setDone(t('channels.saved', { name }));
          }}
        />
      ) : null}
      {switching ? (
        <ChangeConfirmDialog
          title={t(switching.enabled ? 'channels.disableTitle' : 'channels.enableTitle', {
            name: switching.name,
          })}
          question={t(switching.enabled ? 'channels.disableQuestion' : 'channels.enableQuestion', {
            name: switching.name,
          })}
          confirmLabel={t(switching.enabled ? 'channels.disable' : 'channels.enable')}
          danger={switching.enabled}
          pending={change.isPending}
          error={change.isError ? errorText(change.error) : null}
          onCancel={() => setSwitching(null)}
          onConfirm={() =>
            change.mutate(
              { id: switching.id, body: payloadOf(switching, { enabled: !switching.enabled }) },
              {
                onSuccess: () => {
                  setDone(t('channels.saved', { name: switching.name }));
                  setSwitching(null);
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
