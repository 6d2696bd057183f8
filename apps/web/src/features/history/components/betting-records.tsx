import type { BetRecord, Currency } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../lib/money-display';
import { useBetRecords, type RangeFilter } from '../api/history-queries';
import { historyStates } from './history-state';
import { DataTable } from '../../../components/ui/data-table';
import { defaultRange, RangeFilterFields } from './range-filter';
import { formatTime } from './time';

const vendorPattern = /^[A-Z0-9_]{2,32}$/;

/** personalHistoryCopy: game rounds per vendor and game, filtered by vendor and date, paged. */
export function BettingRecords({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('history');
  const fieldId = useId();
  const [range, setRange] = useState<RangeFilter>(defaultRange);
  const [vendorText, setVendorText] = useState('');
  const [page, setPage] = useState(1);
  const vendorCode = vendorPattern.test(vendorText) ? vendorText : '';
  const records = useBetRecords(range, vendorCode, page);
  const money = (amount: string) => displayMoney(amount, currency);
  return (
    <div className="history-page">
      <div className="history-filters">
        <RangeFilterFields
          resolved={records.data}
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${fieldId}-f1`}>
            {t('history.vendor')}
          </label>
          <input
            id={`${fieldId}-f1`}
            className="form-field__input"
            value={vendorText}
            placeholder={t('history.allVendors')}
            autoCapitalize="characters"
            onChange={(event) => {
              setVendorText(event.target.value.toUpperCase().trim());
              setPage(1);
            }}
          />
        </div>
      </div>
      <DataTable<BetRecord>
        caption={t('memberCentre.tabs.personalHistoryCopy')}
        rows={records.data?.items}
        rowKey={(row) => `${row.vendorCode}:${row.roundId}`}
        columns={[
          {
            id: 'time',
            header: t('history.time'),
            cell: (row) => formatTime(row.startedAt, i18n.language),
          },
          {
            id: 'vendor',
            header: t('history.vendor'),
            cell: (row) => <span title={row.vendorCode}>{row.vendorName}</span>,
          },
          {
            id: 'game',
            header: t('history.game'),
            cell: (row) => <span title={row.gameCode}>{row.gameName}</span>,
          },
          { id: 'round', header: t('history.round'), cell: (row) => row.roundId },
          { id: 'bet', header: t('history.bet'), numeric: true, cell: (row) => money(row.bet) },
          { id: 'win', header: t('history.win'), numeric: true, cell: (row) => money(row.win) },
          {
            id: 'profit',
            header: t('history.profit'),
            numeric: true,
            cell: (row) => (
              <span className={row.profit.startsWith('-') ? 'amount amount--out' : 'amount amount--in'}>
                {money(row.profit)}
              </span>
            ),
          },
          {
            id: 'status',
            header: t('history.status'),
            cell: (row) => t(`history.roundStatus.${row.status}`),
          },
        ]}
        states={historyStates(records, t, t('history.emptyBets'))}
        refreshing={records.isFetching}
        paging={
          records.data
            ? { page: records.data.page, totalPages: records.data.totalPages, onPage: setPage }
            : undefined
        }
      />
    </div>
  );
}
