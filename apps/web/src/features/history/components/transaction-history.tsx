import type { Currency, WalletMovement } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../lib/money-display';
import { useMovements, type RangeFilter } from '../api/history-queries';
import { historyStates } from './history-state';
import { DataTable } from '../../../components/ui/data-table';
import { defaultRange, RangeFilterFields } from './range-filter';
import { formatTime } from './time';

/** Transfer kinds a player can filter by (the ledger's kinds). */
export const movementTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'transfer_upline',
  'transfer_downline',
  'vendor_transfer_hold',
  'vendor_transfer_in',
  'vendor_transfer_out',
  'vendor_settlement',
  'bet',
  'win',
  'rollback',
  'bonus',
  'agent_salary',
  'agent_dividend',
  'reversal',
] as const;

/** transactionHistory: every movement (or only account records), filtered by type and date, paged. */
export function TransactionHistory({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('history');
  const fieldId = useId();
  const [scope, setScope] = useState<'walletHistory' | 'accountRecords'>('walletHistory');
  const [range, setRange] = useState<RangeFilter>(defaultRange);
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const movements = useMovements(scope, range, type, page);
  const typeLabel = (kind: string) => t(`history.types.${kind}`, { defaultValue: kind });
  return (
    <div className="history-page">
      <div className="segmented" role="group" aria-label={t('history.scopeLabel')}>
        {(['walletHistory', 'accountRecords'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="segmented__option"
            aria-pressed={scope === option}
            onClick={() => {
              setScope(option);
              setPage(1);
            }}
          >
            {t(`history.scopes.${option}`)}
          </button>
        ))}
      </div>
      <div className="history-filters">
        <RangeFilterFields
          resolved={movements.data}
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${fieldId}-f1`}>
            {t('history.type')}
          </label>
          <select
            id={`${fieldId}-f1`}
            className="form-field__input"
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('history.allTypes')}</option>
            {movementTypes.map((kind) => (
              <option key={kind} value={kind}>
                {typeLabel(kind)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable<WalletMovement>
        caption={t(`history.scopes.${scope}`)}
        rows={movements.data?.items}
        rowKey={(row) => `${row.id}:${row.wallet}:${row.amount}`}
        columns={[
          {
            id: 'time',
            header: t('history.time'),
            cell: (row) => formatTime(row.time, i18n.language),
          },
          { id: 'type', header: t('history.type'), cell: (row) => typeLabel(row.type) },
          {
            id: 'wallet',
            header: t('history.wallet'),
            cell: (row) => row.wallet || t('history.mainWallet'),
          },
          {
            id: 'amount',
            header: t('history.amount'),
            numeric: true,
            cell: (row) => (
              <span className={row.amount.startsWith('-') ? 'amount amount--out' : 'amount amount--in'}>
                {displayMoney(row.amount, currency)}
              </span>
            ),
          },
          { id: 'reference', header: t('history.reference'), cell: (row) => row.id },
        ]}
        states={historyStates(movements, t, t('history.emptyMovements'))}
        refreshing={movements.isFetching}
        paging={
          movements.data
            ? { page: movements.data.page, totalPages: movements.data.totalPages, onPage: setPage }
            : undefined
        }
      />
    </div>
  );
}
