import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentChannel } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useApiClient } from '../../../lib/api';
import {
  refreshAfterMoneyMoved,
  useDeposits,
  useMoneyMutation,
  usePaymentChannels,
} from '../api/payments-queries';
import { displayMoney, newRequestId } from '../model/payment-model';
import {
  Field,
  Message,
  PaymentSection,
  ProofField,
  StatusChip,
  useErrorText,
  useFormatTime,
} from './fields';

/** Where the browser goes to pay; a same-origin path (the test gateway) or a provider's address. */
function goTo(url: string): void {
  window.location.assign(url);
}

/** depositv2: choose a channel; manual shows the receiving account, gateway sends the browser to pay. */
export function DepositPage({ navigate = goTo }: { navigate?: (url: string) => void }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const channels = usePaymentChannels();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const result = search.get('result');

  // Back from the gateway's checkout: the balance may have grown.
  useEffect(() => {
    if (result) void refreshAfterMoneyMoved(queryClient);
  }, [result, queryClient]);

  if (channels.isPending) return <SkeletonLines count={4} />;
  if (channels.isError)
    return <ErrorState message={errorText(channels.error)} onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0) {
    return <EmptyState icon="wallet" title={t('payments.deposit.noChannels')} />;
  }
  const channel = channels.data.find((entry) => entry.id === channelId) ?? channels.data[0]!;
  return (
    <div className="payments-page">
      {result === 'paid' ? <Message kind="success">{t('payments.deposit.gatewayPaid')}</Message> : null}
      {result === 'failed' ? <Message kind="error">{t('payments.deposit.gatewayFailed')}</Message> : null}
      <PaymentSection id="deposit-new" icon="wallet" title={t('payments.deposit.title')}>
        <fieldset className="choice-list">
          <legend className="form-field__label">{t('payments.deposit.channel')}</legend>
          {channels.data.map((entry) => (
            <label key={entry.id} className="choice-list__option">
              <input
                type="radio"
                name="deposit-channel"
                checked={entry.id === channel.id}
                onChange={() => setChannelId(entry.id)}
              />
              {entry.name}
            </label>
          ))}
        </fieldset>
        <DepositForm key={channel.id} channel={channel} navigate={navigate} />
      </PaymentSection>
      <PaymentSection id="deposit-list" icon="clock" title={t('payments.deposit.history')}>
        <DepositList />
      </PaymentSection>
    </div>
  );
}

function DepositForm({ channel, navigate }: { channel: PaymentChannel; navigate: (url: string) => void }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const api = useApiClient();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // One id per submission: a retry after a network failure cannot create a second deposit.
  const requestId = useRef(newRequestId());
  const create = useMoneyMutation(() =>
    api('depositCreate', {
      body: {
        channelId: channel.id,
        amount: amount.trim(),
        ...(channel.type === 'manual_bank' ? { reference: reference.trim() } : {}),
        ...(proof ? { proofImage: proof } : {}),
        clientRequestId: requestId.current,
      },
    }),
  );
  const isManual = channel.type === 'manual_bank';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(undefined, {
      onSuccess: (deposit) => {
        requestId.current = newRequestId();
        if (deposit.checkoutUrl) return navigate(deposit.checkoutUrl);
        setDone(true);
        setAmount('');
        setReference('');
      },
    });
  };
  return (
    <form className="identity-form" onSubmit={submit} noValidate>
      {isManual ? (
        <dl className="receiving-account" aria-label={t('payments.deposit.receivingAccount')}>
          <dt>{t('payments.deposit.bank')}</dt>
          <dd>{channel.bankName}</dd>
          <dt>{t('payments.deposit.accountNumber')}</dt>
          <dd className="receiving-account__number">{channel.accountNumber}</dd>
          <dt>{t('payments.deposit.accountHolder')}</dt>
          <dd>{channel.accountHolder}</dd>
        </dl>
      ) : (
        <p className="identity-form__note">{t('payments.deposit.gatewayNote')}</p>
      )}
      <Field
        label={t('payments.amount')}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        required
        hint={t('payments.limits', {
          min: displayMoney(channel.minAmount),
          max: displayMoney(channel.maxAmount),
        })}
      />
      {isManual ? (
        <>
          <Field
            label={t('payments.deposit.reference')}
            value={reference}
            onValueChange={setReference}
            maxLength={64}
            required
            hint={t('payments.deposit.referenceHint')}
          />
          <ProofField label={t('payments.deposit.proof')} onChange={setProof} />
        </>
      ) : null}
      {create.isError ? <Message kind="error">{errorText(create.error)}</Message> : null}
      {done && !create.isPending ? <Message kind="success">{t('payments.deposit.submitted')}</Message> : null}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {isManual ? t('payments.deposit.submit') : t('payments.deposit.pay')}
      </button>
    </form>
  );
}

function DepositList() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const deposits = useDeposits();
  if (deposits.isPending) return <SkeletonLines count={3} />;
  if (deposits.isError) {
    return <ErrorState compact message={errorText(deposits.error)} onRetry={() => void deposits.refetch()} />;
  }
  if (deposits.data.items.length === 0)
    return <EmptyState icon="wallet" title={t('payments.deposit.empty')} />;
  return (
    <ul className="money-list">
      {deposits.data.items.map((deposit) => (
        <li key={deposit.id} className="money-list__item">
          <div>
            <p className="money-list__amount">{displayMoney(deposit.amount)}</p>
            <p className="money-list__meta">
              {deposit.channelName} · {formatTime(deposit.createdAt)}
              {deposit.reference ? ` · ${deposit.reference}` : ''}
            </p>
            {deposit.rejectReason ? <p className="money-list__meta">{deposit.rejectReason}</p> : null}
          </div>
          <StatusChip status={deposit.status} label={t(`payments.deposit.status.${deposit.status}`)} />
        </li>
      ))}
    </ul>
  );
}
