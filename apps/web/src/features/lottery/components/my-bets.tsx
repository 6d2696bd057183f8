import type { Currency, LotteryGameCode } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { displayMoney } from '../../../lib/money-display';
import { myBetsPageSize, useMyLotteryBets } from '../api/lottery-queries';

/** The player's bets on this lottery with their outcome. */
export function MyBets({ gameCode, currency }: { gameCode: LotteryGameCode; currency: Currency }) {
  const { t } = useTranslation('lottery');
  const [page, setPage] = useState(1);
  const bets = useMyLotteryBets(gameCode, page);
  const queryClient = useQueryClient();
  const paidBets = useRef<string | null>(null);
  // A payout arrives through the wallet after the draw: when a bet turns won, every balance is re-read.
  const paidNow = bets.data?.items
    .filter((bet) => bet.status === 'won')
    .map((bet) => bet.id)
    .join(',');
  useEffect(() => {
    if (paidNow === undefined) return;
    if (paidBets.current !== null && paidBets.current !== paidNow) void refreshBalance(queryClient);
    paidBets.current = paidNow;
  }, [paidNow, queryClient]);
  return (
    <section className="lottery-panel" aria-labelledby="lottery-bets-title">
      <h2 id="lottery-bets-title" className="lottery-section__title">
        {t('bets.title')}
      </h2>
      {bets.isPending ? (
        <SkeletonLines count={4} />
      ) : bets.isError ? (
        <ErrorState message={t(errorMessageKey(bets.error))} onRetry={() => void bets.refetch()} compact />
      ) : bets.data.items.length === 0 ? (
        <EmptyState icon="ticket" title={t('bets.empty')} text={t('bets.emptyText')} />
      ) : (
        <>
          <div className="lottery-table__wrap">
            <table className="lottery-table">
              <thead>
                <tr>
                  <th scope="col">{t('bets.numero')}</th>
                  <th scope="col">{t('bets.bet')}</th>
                  <th scope="col" className="lottery-table__number">
                    {t('bets.amount')}
                  </th>
                  <th scope="col">{t('bets.status')}</th>
                  <th scope="col" className="lottery-table__number">
                    {t('bets.payout')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {bets.data.items.map((bet) => (
                  <tr key={bet.id}>
                    <td>{bet.numero}</td>
                    <td>
                      {t(`betTypes.${bet.betType}`)}
                      {bet.pick ? ` ${bet.pick}` : ''}
                    </td>
                    <td className="lottery-table__number">{displayMoney(bet.amount, currency)}</td>
                    <td>
                      <span className={`lottery-status lottery-status--${bet.status}`}>
                        {t(`bets.statuses.${bet.status}`)}
                      </span>
                      {bet.result ? (
                        <span className="lottery-table__muted">
                          {' '}
                          {t('bets.result', { result: bet.result })}
                        </span>
                      ) : null}
                    </td>
                    <td className="lottery-table__number">
                      {bet.payout ? displayMoney(bet.payout, currency) : '-'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={Math.ceil(bets.data.total / myBetsPageSize)} onPage={setPage} />
        </>
      )}
    </section>
  );
}
