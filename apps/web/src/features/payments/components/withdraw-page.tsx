import type { Currency } from '@portal/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { isApiError, useApiClient } from '../../../lib/api';
import {
  useBankAccounts,
  useMoneyMutation,
  usePaymentPasswordStatus,
  useWithdrawals,
} from '../api/payments-queries';
import { displayMoney, newRequestId } from '../model/payment-model';
import { Field, Message, PaymentSection, StatusChip, useErrorText, useFormatTime } from './fields';
import { useBonusGate, WithdrawBonusNotice } from './withdraw-bonus-notice';
import { WithdrawalConfirmation } from './withdrawal-confirmation';

// Refusals about unmet bonus wagering: the bonus wallet changed since it was read, so it is read again.
const bonusCodes: ReadonlySet<string> = new Set(['wagering_unmet', 'bonus_forfeit_unconfirmed']);

/**
 * withdraw: bank account, amount and payment password, with what the bonus wallet says about a
 * withdrawal now; then my withdrawals with the confirmation flow. The currency, when the page is given
 * it, shows the bonus amounts with the merchant's symbol.
 */
export function WithdrawPage({ currency }: { currency?: Currency }) {
  const { t } = useTranslation('payments');
  return (
    <div className="payments-page">
      <PaymentSection id="withdraw-new" icon="wallet" title={t('payments.withdraw.title')}>
        <WithdrawForm currency={currency} />
      </PaymentSection>
      <PaymentSection id="withdraw-list" icon="clock" title={t('payments.withdraw.history')}>
        <WithdrawalList />
      </PaymentSection>
    </div>
  );
}

function WithdrawForm({ currency }: { currency: Currency | undefined }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const api = useApiClient();
  const passwordStatus = usePaymentPasswordStatus();
  const accounts = useBankAccounts();
  const bonus = useBonusGate();
  const bonusNoticeId = useId();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [balance, setBalance] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const create = useMoneyMutation((bankAccountId: number) =>
    api('withdrawalCreate', {
      body: {
        bankAccountId,
        amount: amount.trim(),
        paymentPassword: password,
        clientRequestId: requestId.current,
        ...(bonus.forfeitBonus ? { forfeitBonus: true } : {}),
      },
    }),
  );

  if (passwordStatus.isPending || accounts.isPending) return <SkeletonLines count={3} />;
  if (passwordStatus.isError || accounts.isError) {
    return (
      <ErrorState
        message={errorText(passwordStatus.error ?? accounts.error)}
        onRetry={() => void Promise.all([passwordStatus.refetch(), accounts.refetch()])}
      />
    );
  }
  if (!passwordStatus.data.isSet || accounts.data.length === 0) {
    return (
      <EmptyState
        icon="lock"
        title={t('payments.withdraw.setupTitle')}
        text={t('payments.withdraw.setupText')}
      >
        <Link to={{ search: '?tab=securityCenter' }} className="button button--primary">
          {t('payments.withdraw.toSecurity')}
        </Link>
      </EmptyState>
    );
  }
  const selected = accounts.data.find((account) => account.id === accountId) ?? accounts.data[0]!;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!bonus.ready()) {
      event.currentTarget.querySelector<HTMLInputElement>('[data-forfeit-confirm]')?.focus();
      return;
    }
    create.mutate(selected.id, {
      onSuccess: (created) => {
        requestId.current = newRequestId();
        setBalance(created.balance);
        setAmount('');
        setPassword('');
        bonus.reset();
      },
      onError: (error) => {
        if (isApiError(error) && bonusCodes.has(error.code)) bonus.reset();
      },
    });
  };
  return (
    <form className="identity-form" onSubmit={submit} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor="withdraw-account">
          {t('payments.withdraw.account')}
        </label>
        <select
          id="withdraw-account"
          className="form-field__input"
          value={selected.id}
          onChange={(event) => setAccountId(Number(event.target.value))}
        >
          {accounts.data.map((account) => (
            <option key={account.id} value={account.id}>
              {`${account.bankName} ${account.accountNumberMasked} (${account.holderName})`}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('payments.amount')}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Field
        label={t('payments.paymentPassword')}
        value={password}
        onValueChange={setPassword}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        required
      />
      <WithdrawBonusNotice gate={bonus} currency={currency} id={bonusNoticeId} />
      {create.isError ? <Message kind="error">{errorText(create.error)}</Message> : null}
      {balance !== null && !create.isPending && !create.isError ? (
        <Message kind="success">
          {t('payments.withdraw.submitted', { balance: displayMoney(balance) })}
        </Message>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={create.isPending || bonus.blocked}
        aria-describedby={bonus.blocked ? bonusNoticeId : undefined}
      >
        {t('payments.withdraw.submit')}
      </button>
    </form>
  );
}

function WithdrawalList() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const withdrawals = useWithdrawals();
  if (withdrawals.isPending) return <SkeletonLines count={3} />;
  if (withdrawals.isError) {
    return (
      <ErrorState compact message={errorText(withdrawals.error)} onRetry={() => void withdrawals.refetch()} />
    );
  }
  if (withdrawals.data.items.length === 0)
    return <EmptyState icon="wallet" title={t('payments.withdraw.empty')} />;
  return (
    <ul className="money-list">
      {withdrawals.data.items.map((withdrawal) => (
        <li key={withdrawal.id} className="money-list__item money-list__item--stacked">
          <div className="money-list__row">
            <div>
              <p className="money-list__amount">{displayMoney(withdrawal.amount)}</p>
              <p className="money-list__meta">
                {withdrawal.bankName} {withdrawal.accountNumberMasked} · {formatTime(withdrawal.createdAt)}
              </p>
              {withdrawal.rejectReason ? <p className="money-list__meta">{withdrawal.rejectReason}</p> : null}
              {withdrawal.missingAmount ? (
                <p className="money-list__meta">
                  {t('payments.withdraw.missing', { amount: displayMoney(withdrawal.missingAmount) })}
                </p>
              ) : null}
            </div>
            <StatusChip
              status={withdrawal.status}
              label={t(`payments.withdraw.status.${withdrawal.status}`)}
            />
          </div>
          <WithdrawalConfirmation withdrawal={withdrawal} />
        </li>
      ))}
    </ul>
  );
}
