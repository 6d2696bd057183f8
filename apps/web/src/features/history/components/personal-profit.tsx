import type { Currency, PersonalProfit as Profit } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../lib/money-display';
import { usePersonalProfit, type RangeFilter } from '../api/history-queries';
import { HistoryState } from './history-state';
import { HistoryTable } from './history-table';
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
            <HistoryTable<Line>
              caption={t('memberCentre.tabs.personalProfit')}
              rows={data.vendors}
              rowKey={(row) => row.vendorCode}
              columns={[
                { key: 'vendor', label: t('history.vendor'), render: (row) => row.vendorCode },
                { key: 'rounds', label: t('history.rounds'), numeric: true, render: (row) => row.rounds },
                { key: 'bet', label: t('history.bet'), numeric: true, render: (row) => money(row.bet) },
                { key: 'win', label: t('history.win'), numeric: true, render: (row) => money(row.win) },
                {
                  key: 'refund',
                  label: t('history.refund'),
                  numeric: true,
                  render: (row) => money(row.refund),
                },
                {
                  key: 'profit',
                  label: t('history.profit'),
                  numeric: true,
                  render: (row) => signed(row.profit),
                },
              ]}
            />
          </>
        )}
      </HistoryState>
    </div>
  );
}
