import type { Currency, TransferVendors, VendorTransfer } from '@portal/contracts';
import { isErrorCode, type ErrorCode } from '@portal/contracts/errors';
import { parseMinor } from '@portal/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldFrame, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey, isApiError, type MessageKey } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { useTransferAllMutation, useTransferMutation, useTransferWallets } from '../api/wallet-queries';
import { displayMoney } from '../../../lib/money-display';
import { newRequestId } from '../model/request-id';
import { TransferList } from './transfer-list';

/** The main wallet in the from/to selectors. */
const mainWallet = '';

// Codes this page words for a transfer (wallet.errors.*); every other code shows the error catalogue's text.
const walletErrorCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'insufficient_funds',
  'vendor_not_found',
  'vendor_unavailable',
  'idempotency_conflict',
  'invalid_amount',
]);

function failureText(error: unknown, t: (key: MessageKey) => string): string {
  if (isApiError(error) && isErrorCode(error.code) && walletErrorCodes.has(error.code)) {
    return t(`wallet.errors.${error.code}`);
  }
  return t(errorMessageKey(error));
}

function WalletCards({ wallets, currency }: { wallets: TransferVendors; currency: Currency }) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="wallet-cards" aria-label={t('wallet.walletsLabel')}>
      <li className="wallet-card wallet-card--main">
        <span className="wallet-card__name">{t('wallet.main')}</span>
        <span className="wallet-card__balance">{displayMoney(wallets.main, currency)}</span>
      </li>
      {wallets.vendors.map((vendor) => (
        <li key={vendor.vendorCode} className="wallet-card">
          <span className="wallet-card__name">{vendor.name}</span>
          <span className="wallet-card__balance">{displayMoney(vendor.balance, currency)}</span>
          {vendor.pending > 0 ? (
            <span className="badge badge--warning">
              {t('wallet.pendingCount', { count: vendor.pending })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface FormState {
  from: string;
  to: string;
  amount: string;
}

/** transferFund (member centre): wallets, a main <-> vendor transfer form, all back to main, history. */
export function TransferFund({ currency }: { currency: Currency }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const wallets = useTransferWallets();
  const transfer = useTransferMutation();
  const transferAll = useTransferAllMutation();
  const [form, setForm] = useState<FormState>({ from: mainWallet, to: '', amount: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<VendorTransfer | null>(null);
  // One request id per transfer the player asks for: a retry after a lost answer reuses it.
  const [requestId, setRequestId] = useState(newRequestId);
  const formId = useId();

  const update = (change: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...change }));
    setRequestId(newRequestId());
    setProblem(null);
  };

  if (wallets.isPending) return <SkeletonLines count={4} />;
  if (wallets.isError) {
    return <ErrorState message={t(errorMessageKey(wallets.error))} onRetry={() => void wallets.refetch()} />;
  }
  if (wallets.data.vendors.length === 0) {
    return <EmptyState icon="wallet" title={t('wallet.noVendors')} text={t('wallet.noVendorsText')} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMinor(form.amount.trim(), currency.decimals);
    if ((form.from === mainWallet) === (form.to === mainWallet) || form.to === form.from) {
      setProblem(t('wallet.chooseOneVendor'));
      return;
    }
    if (amountMinor === null || amountMinor <= 0n) {
      setProblem(t('wallet.invalidAmount', { decimals: currency.decimals }));
      return;
    }
    const direction = form.from === mainWallet ? 'in' : 'out';
    const vendorCode = direction === 'in' ? form.to : form.from;
    setOutcome(null);
    transfer.mutate(
      { vendorCode, direction, amount: form.amount.trim(), requestId },
      {
        onSuccess: (result) => {
          setOutcome(result);
          setRequestId(newRequestId());
        },
        onError: (error) => {
          // A definite refusal ends this request; a lost answer keeps the id so a retry is safe.
          if (isApiError(error) && error.status !== 0) setRequestId(newRequestId());
        },
      },
    );
  };

  const options = [
    { value: mainWallet, label: t('wallet.main') },
    ...wallets.data.vendors.map((vendor) => ({ value: vendor.vendorCode, label: vendor.name })),
  ];
  return (
    <div className="wallet-page">
      <div className="wallet-page__toolbar">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void refreshBalance(queryClient)}
          disabled={wallets.isFetching}
        >
          <Icon name="refresh" size={16} />
          {t('wallet.refresh')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={transferAll.isPending}
          onClick={() => transferAll.mutate(newRequestId())}
        >
          {t('wallet.allToMain')}
        </button>
      </div>
      <WalletCards wallets={wallets.data} currency={currency} />
      {transferAll.isSuccess ? (
        <FormMessage kind="info">
          {t('wallet.allToMainDone', { count: transferAll.data.transfers.length })}
        </FormMessage>
      ) : null}
      <FormError>{transferAll.isError ? failureText(transferAll.error, t) : null}</FormError>

      <form className="wallet-form" onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
        <h3 id={`${formId}-title`} className="wallet-form__title">
          {t('wallet.formTitle')}
        </h3>
        <div className="wallet-form__row">
          <FieldFrame label={t('wallet.from')}>
            {(control) => (
              <select
                {...control}
                className="form-field__input"
                value={form.from}
                onChange={(event) =>
                  update({
                    from: event.target.value,
                    to: event.target.value === mainWallet ? form.to : mainWallet,
                  })
                }
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={t('wallet.to')}>
            {(control) => (
              <select
                {...control}
                className="form-field__input"
                value={form.to}
                onChange={(event) => update({ to: event.target.value })}
              >
                <option value="" disabled={form.from === mainWallet}>
                  {form.from === mainWallet ? t('wallet.chooseVendor') : t('wallet.main')}
                </option>
                {options
                  .filter((option) => option.value !== mainWallet && option.value !== form.from)
                  .map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={t('wallet.amount', { currency: currency.code })}>
            {(control) => (
              <input
                {...control}
                // The form's message below says what is wrong (the pair of wallets or the amount).
                aria-invalid={problem ? true : undefined}
                className="form-field__input"
                inputMode="decimal"
                autoComplete="off"
                value={form.amount}
                onChange={(event) => update({ amount: event.target.value })}
              />
            )}
          </FieldFrame>
        </div>
        <FormError>{problem}</FormError>
        <FormError>{transfer.isError ? failureText(transfer.error, t) : null}</FormError>
        {outcome ? (
          <FormMessage kind={outcome.state === 'done' ? 'success' : 'info'}>
            {outcome.state === 'done' ? t('wallet.done') : t('wallet.pending')}
          </FormMessage>
        ) : null}
        <SubmitButton pending={transfer.isPending} pendingLabel={t('wallet.sending')}>
          {t('wallet.submit')}
        </SubmitButton>
      </form>
      <TransferList currency={currency} />
    </div>
  );
}
