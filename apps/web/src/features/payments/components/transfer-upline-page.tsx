import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HierarchyMember } from '@portal/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useApiClient } from '../../../lib/api';
import {
  useDownlines,
  useIsAgent,
  useMoneyMutation,
  usePaymentPasswordStatus,
  useUpline,
} from '../api/payments-queries';
import { displayMoney, newRequestId } from '../model/payment-model';
import { Field, Message, PaymentSection, useErrorText } from './fields';

/** transferUpline: a member pays its own agent; an agent pays one of its direct downline. */
export function TransferUplinePage() {
  const { t } = useTranslation('payments');
  const isAgent = useIsAgent();
  return (
    <div className="payments-page">
      <PaymentSection id="transfer-upline" icon="send" title={t('payments.transfer.uplineTitle')}>
        <UplineTransfer />
      </PaymentSection>
      {isAgent ? (
        <PaymentSection id="transfer-downline" icon="users" title={t('payments.transfer.downlineTitle')}>
          <DownlineTransfer />
        </PaymentSection>
      ) : null}
    </div>
  );
}

function useTransferForm(
  send: (body: {
    amount: string;
    paymentPassword: string;
    clientRequestId: string;
  }) => Promise<{ balance: string; recipient: string; amount: string }>,
  onTransferred?: () => void,
) {
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const requestId = useRef(newRequestId());
  const mutation = useMoneyMutation(() =>
    send({ amount: amount.trim(), paymentPassword: password, clientRequestId: requestId.current }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(undefined, {
      onSuccess: () => {
        requestId.current = newRequestId();
        setAmount('');
        setPassword('');
        onTransferred?.();
      },
    });
  };
  return { amount, setAmount, password, setPassword, mutation, submit };
}

function TransferFields({
  form,
  submitLabel,
}: {
  form: ReturnType<typeof useTransferForm>;
  submitLabel: string;
}) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const done = form.mutation.data;
  return (
    <>
      <Field
        label={t('payments.amount')}
        value={form.amount}
        onValueChange={form.setAmount}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Field
        label={t('payments.paymentPassword')}
        value={form.password}
        onValueChange={form.setPassword}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        required
      />
      {form.mutation.isError ? <Message kind="error">{errorText(form.mutation.error)}</Message> : null}
      {done && !form.mutation.isPending && !form.mutation.isError ? (
        <Message kind="success">
          {t('payments.transfer.done', {
            amount: displayMoney(done.amount),
            recipient: done.recipient,
            balance: displayMoney(done.balance),
          })}
        </Message>
      ) : null}
      <button type="submit" className="button button--primary" disabled={form.mutation.isPending}>
        {submitLabel}
      </button>
    </>
  );
}

function NeedsPaymentPassword({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('payments');
  const status = usePaymentPasswordStatus();
  if (status.data && !status.data.isSet)
    return <Message kind="info">{t('payments.transfer.needPassword')}</Message>;
  return <>{children}</>;
}

function UplineTransfer() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const api = useApiClient();
  const upline = useUpline();
  const form = useTransferForm((body) => api('transferUpline', { body }));
  if (upline.isPending) return <SkeletonLines count={2} />;
  if (upline.isError)
    return <ErrorState compact message={errorText(upline.error)} onRetry={() => void upline.refetch()} />;
  if (!upline.data.upline) return <EmptyState icon="users" title={t('payments.transfer.noUpline')} />;
  const agent = upline.data.upline;
  return (
    <NeedsPaymentPassword>
      <form className="identity-form" onSubmit={form.submit} noValidate>
        <p className="identity-form__lead">
          {t('payments.transfer.toAgent', { name: agent.nickname ?? agent.username })}
        </p>
        <TransferFields form={form} submitLabel={t('payments.transfer.submit')} />
      </form>
    </NeedsPaymentPassword>
  );
}

function DownlineTransfer() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<HierarchyMember | null>(null);
  const downlines = useDownlines(search.trim(), true);
  return (
    <NeedsPaymentPassword>
      <div className="identity-form">
        <Field
          label={t('payments.transfer.search')}
          value={search}
          onValueChange={setSearch}
          type="search"
          autoComplete="off"
        />
        {downlines.isPending ? <SkeletonLines count={2} /> : null}
        {downlines.isError ? (
          <ErrorState compact message={errorText(downlines.error)} onRetry={() => void downlines.refetch()} />
        ) : null}
        {downlines.data && downlines.data.items.length === 0 ? (
          <EmptyState icon="users" title={t('payments.transfer.noDownline')} />
        ) : null}
        {downlines.data && downlines.data.items.length > 0 ? (
          <fieldset className="choice-list">
            <legend className="form-field__label">{t('payments.transfer.recipient')}</legend>
            {downlines.data.items.map((member) => (
              <label key={member.id} className="choice-list__option">
                <input
                  type="radio"
                  name="downline"
                  checked={chosen?.id === member.id}
                  onChange={() => setChosen(member)}
                />
                {member.nickname ? `${member.nickname} (${member.username})` : member.username}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      {chosen ? (
        <DownlineTransferForm key={chosen.id} recipient={{ id: chosen.id, account: chosen.username }} />
      ) : null}
    </NeedsPaymentPassword>
  );
}

/**
 * An agent pays one of its direct downline: amount and payment password, once per request id. The
 * member centre picks the recipient above it; the agent centre opens it for a row of its downline list.
 */
export function DownlineTransferForm({
  recipient,
  onTransferred,
}: {
  recipient: { id: number; account: string };
  onTransferred?: () => void;
}) {
  const { t } = useTranslation('payments');
  const api = useApiClient();
  const form = useTransferForm(
    (body) => api('transferDownline', { body: { ...body, downlineId: recipient.id } }),
    onTransferred,
  );
  return (
    <NeedsPaymentPassword>
      <form className="identity-form" onSubmit={form.submit} noValidate>
        <TransferFields
          form={form}
          submitLabel={t('payments.transfer.submitDownline', { name: recipient.account })}
        />
      </form>
    </NeedsPaymentPassword>
  );
}
