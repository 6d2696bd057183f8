import type { Currency, WalletMovement } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../lib/money-display';
import { useBonusDetails, type RangeFilter } from '../api/history-queries';
import { historyStates } from './history-state';
import { DataTable } from '../../../components/ui/data-table';
import { defaultRange, RangeFilterFields } from './range-filter';
import { formatTime } from './time';

/**
 * bonusDetails: the bonus movements of the ledger (issued into the bonus wallet, released from it to the
 * main wallet, forfeited), each with the wallet it moved; an empty state until bonuses are paid.
 */
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
      <DataTable<WalletMovement>
        caption={t('memberCentre.tabs.bonusDetails')}
        rows={bonuses.data?.items}
        rowKey={(row) => `${row.id}:${row.wallet}`}
        columns={[
          {
            id: 'time',
            header: t('history.time'),
            cell: (row) => formatTime(row.time, i18n.language),
          },
          {
            id: 'type',
            header: t('history.type'),
            cell: (row) => t(`history.types.${row.type}`, { defaultValue: row.type }),
          },
          {
            id: 'wallet',
            header: t('history.wallet'),
            cell: (row) =>
              row.wallet === 'BONUS' ? t('history.bonusWallet') : row.wallet || t('history.mainWallet'),
          },
          {
            id: 'amount',
            header: t('history.amount'),
            numeric: true,
            cell: (row) => displayMoney(row.amount, currency),
          },
          { id: 'reference', header: t('history.reference'), cell: (row) => row.id },
        ]}
        states={historyStates(bonuses, t, t('history.emptyBonus'))}
        refreshing={bonuses.isFetching}
        paging={
          bonuses.data
            ? { page: bonuses.data.page, totalPages: bonuses.data.totalPages, onPage: setPage }
            : undefined
        }
      />
    </div>
  );
}
