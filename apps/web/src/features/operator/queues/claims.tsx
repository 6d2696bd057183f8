import type { OperatorClaim } from '@portal/contracts';
import { opsRewardCalls } from '../api/operator-calls';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import { decisionActions, type QueueDefinition } from '../model/queue';

/** Reward claims under review (status applying): approve pays the bonus once, reject with a note. */
export const claimsQueue: QueueDefinition<OperatorClaim, OperatorClaim['status']> = {
  id: 'claims',
  statuses: ['applying', 'issued', 'rejected'],
  list: (api, query, signal) =>
    api(opsRewardCalls.opsRewardClaims, {
      query: { page: query.page, pageSize: query.pageSize, status: query.status },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({ account: row.account, amount: row.amount }),
  columns: (t, locale) => [
    { id: 'id', header: t('queue.columns.id'), cell: (row) => row.id },
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.account },
    { id: 'activity', header: t('queue.columns.activity'), cell: (row) => row.activityTitle },
    { id: 'amount', header: t('queue.columns.amount'), cell: (row) => row.amount, numeric: true },
    {
      id: 'contact',
      header: t('queue.columns.contact'),
      cell: (row) => (row.contact ? `${row.contact.app}: ${row.contact.id}` : '—'),
    },
    { id: 'status', header: t('queue.columns.status'), cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: 'createdAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, locale),
    },
  ],
  actions: (row) =>
    row.status === 'applying'
      ? decisionActions(
          (api, decision, note) =>
            api(opsRewardCalls.opsRewardClaimDecide, { params: { id: row.id }, body: { decision, note } }),
          true,
        )
      : [],
};
