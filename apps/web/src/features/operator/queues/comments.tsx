import type { OperatorComment } from '@portal/contracts';
import { opsRewardCalls } from '../api/operator-calls';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import type { QueueDefinition } from '../model/queue';

/** Players' activity comments, newest first (the API has no status filter): hide one from players. */
export const commentsQueue: QueueDefinition<OperatorComment, never> = {
  id: 'comments',
  statuses: [],
  list: (api, query, signal) =>
    api(opsRewardCalls.opsActivityComments, {
      query: { page: query.page, pageSize: query.pageSize },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({ account: row.account, amount: null }),
  columns: (t, locale) => [
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.account },
    { id: 'activity', header: t('queue.columns.activity'), cell: (row) => row.activityId },
    { id: 'text', header: t('queue.columns.text'), cell: (row) => row.text },
    {
      id: 'images',
      header: t('queue.columns.images'),
      numeric: true,
      cell: (row) => row.images.length,
    },
    {
      id: 'status',
      header: t('queue.columns.status'),
      cell: (row) => <StatusBadge status={row.hidden ? 'hidden' : 'visible'} />,
    },
    {
      id: 'createdAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, locale),
    },
  ],
  actions: (row) =>
    row.hidden
      ? []
      : [
          {
            id: 'hide',
            labelKey: 'actions.hide',
            tone: 'danger',
            permission: 'moderateComments',
            money: false,
            reason: 'none',
            run: (api) => api(opsRewardCalls.opsActivityCommentHide, { params: { id: row.id } }),
          },
        ],
};
