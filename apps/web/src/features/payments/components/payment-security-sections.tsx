import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { maxBankAccounts } from '@portal/contracts/rules';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useApiClient } from '../../../lib/api';
import { paymentQueryKeys, useBankAccounts, usePaymentPasswordStatus } from '../api/payments-queries';
import { minutesOf } from '../model/payment-model';
import { Field, Message, PaymentSection, useErrorText } from './fields';

/** The security centre's payment sections: payment password (set or change) and bank accounts. */
export function PaymentSecuritySections() {
  const { t } = useTranslation('payments');
  return (
    <div className="security-centre">
      <PaymentSection id="security-payment-password" icon="key" title={t('payments.password.title')}>
        <PaymentPasswordSection />
      </PaymentSection>
      <PaymentSection id="security-bank-accounts" icon="wallet" title={t('payments.bank.title')}>
        <BankAccountsSection />
      </PaymentSection>
    </div>
  );
}

function PaymentPasswordSection() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const status = usePaymentPasswordStatus();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: (isSet: boolean) =>
      isSet
        ? api('paymentPasswordChange', { body: { oldPassword, newPassword: password } })
        : api('paymentPasswordSet', { body: { password } }),
    onSuccess: () => {
      setOldPassword('');
      setPassword('');
      setConfirmation('');
      return queryClient.invalidateQueries({ queryKey: paymentQueryKeys.paymentPassword });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: paymentQueryKeys.paymentPassword }),
  });
  if (status.isPending) return <SkeletonLines count={2} />;
  if (status.isError)
    return <ErrorState compact message={errorText(status.error)} onRetry={() => void status.refetch()} />;
  const { isSet, lockedForSeconds } = status.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirmation);
    if (password !== confirmation) return;
    save.mutate(isSet);
  };
  return (
    <form className="identity-form" onSubmit={submit} noValidate>
      <p className="security-section__status">
        {t(isSet ? 'payments.password.isSet' : 'payments.password.notSet')}
      </p>
      {lockedForSeconds > 0 ? (
        <Message kind="error">
          {t('payments.password.locked', { minutes: minutesOf(lockedForSeconds) })}
        </Message>
      ) : null}
      {isSet ? (
        <Field
          label={t('payments.password.old')}
          value={oldPassword}
          onValueChange={setOldPassword}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          required
        />
      ) : null}
      <Field
        label={t(isSet ? 'payments.password.new' : 'payments.paymentPassword')}
        value={password}
        onValueChange={setPassword}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        hint={t('payments.password.rule')}
        required
      />
      <Field
        label={t('payments.password.confirm')}
        value={confirmation}
        onValueChange={setConfirmation}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        error={mismatch ? t('payments.password.mismatch') : null}
        required
      />
      {save.isError ? <Message kind="error">{errorText(save.error)}</Message> : null}
      {save.isSuccess ? <Message kind="success">{t('payments.password.saved')}</Message> : null}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t(isSet ? 'payments.password.change' : 'payments.password.set')}
      </button>
    </form>
  );
}

function BankAccountsSection() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const accounts = useBankAccounts();
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentQueryKeys.all });
  const add = useMutation({
    mutationFn: () =>
      api('bankAccountAdd', {
        body: {
          bankName: bankName.trim(),
          accountNumber: accountNumber.trim(),
          holderName: holderName.trim(),
          paymentPassword,
        },
      }),
    onSuccess: () => {
      setBankName('');
      setAccountNumber('');
      setHolderName('');
      setPaymentPassword('');
      return refresh();
    },
    onError: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('bankAccountRemove', { params: { id } }),
    onSuccess: refresh,
  });
  if (accounts.isPending) return <SkeletonLines count={3} />;
  if (accounts.isError)
    return <ErrorState compact message={errorText(accounts.error)} onRetry={() => void accounts.refetch()} />;
  const full = accounts.data.length >= maxBankAccounts;
  return (
    <>
      {accounts.data.length === 0 ? (
        <EmptyState icon="wallet" title={t('payments.bank.empty')} />
      ) : (
        <ul className="money-list">
          {accounts.data.map((account) => (
            <li key={account.id} className="money-list__item">
              <div>
                <p className="money-list__amount">{account.bankName}</p>
                <p className="money-list__meta">
                  {account.accountNumberMasked} · {account.holderName}
                </p>
              </div>
              <button
                type="button"
                className="button button--ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(account.id)}
                aria-label={t('payments.bank.removeNamed', {
                  bank: account.bankName,
                  number: account.accountNumberMasked,
                })}
              >
                {t('payments.bank.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? <Message kind="error">{errorText(remove.error)}</Message> : null}
      {full ? (
        <Message kind="info">{t('payments.bank.full', { max: maxBankAccounts })}</Message>
      ) : (
        <form
          className="identity-form"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
          noValidate
        >
          <Field
            label={t('payments.bank.bankName')}
            value={bankName}
            onValueChange={setBankName}
            maxLength={64}
            required
          />
          <Field
            label={t('payments.bank.accountNumber')}
            value={accountNumber}
            onValueChange={setAccountNumber}
            inputMode="numeric"
            maxLength={20}
            hint={t('payments.bank.accountNumberRule')}
            required
          />
          <Field
            label={t('payments.bank.holderName')}
            value={holderName}
            onValueChange={setHolderName}
            maxLength={64}
            required
          />
          <Field
            label={t('payments.paymentPassword')}
            value={paymentPassword}
            onValueChange={setPaymentPassword}
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            required
          />
          {add.isError ? <Message kind="error">{errorText(add.error)}</Message> : null}
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('payments.bank.add')}
          </button>
        </form>
      )}
    </>
  );
}
