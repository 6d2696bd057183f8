import type { Currency, WalletMovement } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { displayMoney } from '../../../lib/money-display';
import { useBonusDetails, type RangeFilter } from '../api/history-queries';
import { HistoryState } from './history-state';
import { HistoryTable } from './history-table';
import { defaultRange, RangeFilterFields } from './range-filter';
import { formatTime } from './time';

/** bonusDetails: the bonus movements of the ledger; an empty state until bonuses are paid. */
export function BonusDetails({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('history');
  const [range, setRange] = useState<RangeFilter>(defaultRange);
  const [page, setPage] = useState(1);
  const bonuses = useBonusDetails(range, page);
  return (
    <div className="history-page">
      <div className="history-filters">
        <RangeFilterFields
          resolved={bonuses.data}
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
      </div>
      <HistoryState
        query={bonuses}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={t('history.emptyBonus')}
      >
        {(data) => (
          <>
            <HistoryTable<WalletMovement>
              caption={t('memberCentre.tabs.bonusDetails')}
              rows={data.items}
              rowKey={(row) => `${row.id}:${row.wallet}`}
              columns={[
                {
                  key: 'time',
                  label: t('history.time'),
                  render: (row) => formatTime(row.time, i18n.language),
                },
                {
                  key: 'amount',
                  label: t('history.amount'),
                  numeric: true,
                  render: (row) => displayMoney(row.amount, currency),
                },
                { key: 'reference', label: t('history.reference'), render: (row) => row.id },
              ]}
            />
            <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </HistoryState>
    </div>
  );
}
