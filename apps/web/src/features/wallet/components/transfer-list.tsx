import type { Currency } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useTransferList } from '../api/wallet-queries';
import { displayMoney } from '../../../lib/money-display';
import { htmlLangOf } from '../../../i18n/languages';

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(htmlLangOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The member's recent transfers with their state; pending ones are re-read until settled. */
export function TransferList({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  const list = useTransferList(page);
  return (
    <section className="wallet-transfers" aria-labelledby="wallet-transfers-title">
      <h3 id="wallet-transfers-title" className="wallet-form__title">
        {t('wallet.recent')}
      </h3>
      {list.isPending ? <SkeletonLines count={3} /> : null}
      {list.isError ? (
        <ErrorState compact message={t(errorMessageKey(list.error))} onRetry={() => void list.refetch()} />
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="history-empty">{t('wallet.noTransfers')}</p>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="record-list">
          {list.data.items.map((item) => (
            <li key={item.requestId} className="record-list__item">
              <span className="record-list__main">
                {item.direction === 'in'
                  ? t('wallet.toVendor', { vendor: item.vendorCode })
                  : t('wallet.fromVendor', { vendor: item.vendorCode })}
                <span className="record-list__meta">{formatTime(item.createdAt, i18n.language)}</span>
              </span>
              <span className="record-list__amount">{displayMoney(item.amount, currency)}</span>
              <span className={`badge badge--${item.state}`}>{t(`wallet.states.${item.state}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {list.data ? <Pager page={page} totalPages={list.data.totalPages} onPage={setPage} /> : null}
    </section>
  );
}
