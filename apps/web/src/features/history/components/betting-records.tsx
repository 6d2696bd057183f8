import type { BetRecord, Currency } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { displayMoney } from '../../../lib/money-display';
import { useBetRecords, type RangeFilter } from '../api/history-queries';
import { HistoryState } from './history-state';
import { HistoryTable } from './history-table';
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
      <HistoryState
        query={records}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={t('history.emptyBets')}
      >
        {(data) => (
          <>
            <HistoryTable<BetRecord>
              caption={t('memberCentre.tabs.personalHistoryCopy')}
              rows={data.items}
              rowKey={(row) => `${row.vendorCode}:${row.roundId}`}
              columns={[
                {
                  key: 'time',
                  label: t('history.time'),
                  render: (row) => formatTime(row.startedAt, i18n.language),
                },
                { key: 'vendor', label: t('history.vendor'), render: (row) => row.vendorCode },
                { key: 'game', label: t('history.game'), render: (row) => row.gameCode },
                { key: 'round', label: t('history.round'), render: (row) => row.roundId },
                { key: 'bet', label: t('history.bet'), numeric: true, render: (row) => money(row.bet) },
                { key: 'win', label: t('history.win'), numeric: true, render: (row) => money(row.win) },
                {
                  key: 'profit',
                  label: t('history.profit'),
                  numeric: true,
                  render: (row) => (
                    <span className={row.profit.startsWith('-') ? 'amount amount--out' : 'amount amount--in'}>
                      {money(row.profit)}
                    </span>
                  ),
                },
                {
                  key: 'status',
                  label: t('history.status'),
                  render: (row) => t(`history.roundStatus.${row.status}`),
                },
              ]}
            />
            <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </HistoryState>
    </div>
  );
}
