import type { Currency, PersonalProfit as Profit } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../lib/money-display';
import { usePersonalProfit, type RangeFilter } from '../api/history-queries';
import { HistoryState } from './history-state';
import { DataTable } from '../../../components/ui/data-table';
import { defaultRange, RangeFilterFields } from './range-filter';

type Line = Profit['vendors'][number];

/** personalProfit: bets, wins and profit per vendor over the chosen range, with the total. */
export function PersonalProfit({ currency }: { currency: Currency }) {
  const { t } = useTranslation('history');
  const [range, setRange] = useState<RangeFilter>(defaultRange);
  const profit = usePersonalProfit(range);
  const money = (amount: string) => displayMoney(amount, currency);
  const signed = (amount: string) => (
    <span className={amount.startsWith('-') ? 'amount amount--out' : 'amount amount--in'}>
      {money(amount)}
    </span>
  );
  return (
    <div className="history-page">
      <div className="history-filters">
        <RangeFilterFields value={range} onChange={setRange} resolved={profit.data} />
      </div>
      <HistoryState
        query={profit}
        isEmpty={(data) => data.vendors.length === 0}
        emptyTitle={t('history.emptyProfit')}
      >
        {(data) => (
          <>
            <dl className="profit-summary">
              <div>
                <dt>{t('history.totalBet')}</dt>
                <dd>{money(data.total.bet)}</dd>
              </div>
              <div>
                <dt>{t('history.totalWin')}</dt>
                <dd>{money(data.total.win)}</dd>
              </div>
              <div>
                <dt>{t('history.totalProfit')}</dt>
                <dd>{signed(data.total.profit)}</dd>
              </div>
            </dl>
            <DataTable<Line>
              caption={t('memberCentre.tabs.personalProfit')}
              rows={data.vendors}
              rowKey={(row) => row.vendorCode}
              // HistoryState above shows the loading, error and empty states (the summary shares them).
              states={{ empty: { icon: 'clock', title: t('history.emptyProfit') } }}
              columns={[
                { id: 'vendor', header: t('history.vendor'), cell: (row) => row.vendorCode },
                { id: 'rounds', header: t('history.rounds'), numeric: true, cell: (row) => row.rounds },
                { id: 'bet', header: t('history.bet'), numeric: true, cell: (row) => money(row.bet) },
                { id: 'win', header: t('history.win'), numeric: true, cell: (row) => money(row.win) },
                {
                  id: 'refund',
                  header: t('history.refund'),
                  numeric: true,
                  cell: (row) => money(row.refund),
                },
                {
                  id: 'profit',
                  header: t('history.profit'),
                  numeric: true,
                  cell: (row) => signed(row.profit),
                },
              ]}
            />
          </>
        )}
      </HistoryState>
    </div>
  );
}
