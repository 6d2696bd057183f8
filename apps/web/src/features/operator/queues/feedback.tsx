import type { OperatorFeedback } from '@portal/contracts';
import { opsMessageCalls } from '../api/operator-calls';
import { ProofImage } from '../components/proof-image';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import type { QueueAction, QueueDefinition } from '../model/queue';

/** The longest answer the server takes (feedbackAnswerMaxLength). */
const answerMaxLength = 1000;

type FeedbackStatus = OperatorFeedback['status'];

/** A row's images inline, each read with the staff token and opened full size on a click. */
function FeedbackImages({ row, alt }: { row: OperatorFeedback; alt: (number: number) => string }) {
  if (row.imageCount === 0) return '—';
  return (
    <span className="operator-actions">
      {Array.from({ length: row.imageCount }, (_, index) => (
        <ProofImage
          key={index}
          call={opsMessageCalls.opsFeedbackImage}
          id={row.id}
          index={index}
          alt={alt(index + 1)}
        />
      ))}
    </span>
  );
}

const answer: QueueAction<OperatorFeedback> = {
  id: 'answer',
  labelKey: 'actions.answer',
  tone: 'primary',
  permission: 'sendMessages',
  money: false,
  reason: 'required',
  reasonLabelKey: 'feedback.answerLabel',
  reasonMaxLength: answerMaxLength,
  run: (api, row, text) =>
    api(opsMessageCalls.opsFeedbackAnswer, { params: { id: row.id }, body: { answer: text } }),
};

const handle: QueueAction<OperatorFeedback> = {
  id: 'handle',
  labelKey: 'actions.handle',
  tone: 'secondary',
  permission: 'handleFeedback',
  money: false,
  reason: 'none',
  run: (api, row) => api(opsMessageCalls.opsFeedbackHandle, { params: { id: row.id } }),
};

/**
 * Players' feedback, newest first: read it with its images, answer it (a member finds the answer in
 * their inbox; a visitor left only a contact, so the answer is kept on the row) or mark it handled.
 */
export const feedbackQueue: QueueDefinition<OperatorFeedback, FeedbackStatus> = {
  id: 'feedback',
  statuses: ['new', 'handled'],
  list: (api, query, signal) =>
    api(opsMessageCalls.opsFeedback, {
      query: {
        page: query.page,
        pageSize: query.pageSize,
        ...(query.status ? { status: query.status } : {}),
      },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({ account: row.username ?? row.sender, amount: null }),
  columns: (t, locale) => [
    { id: 'id', header: t('queue.columns.id'), cell: (row) => row.id },
    {
      id: 'account',
      header: t('queue.columns.account'),
      cell: (row) => row.username ?? t('feedback.visitor', { sender: row.sender }),
    },
    {
      id: 'type',
      header: t('feedback.type'),
      cell: (row) => t(`feedback.types.${row.type}`, { defaultValue: String(row.type) }),
    },
    { id: 'text', header: t('feedback.content'), cell: (row) => row.content },
    {
      id: 'images',
      header: t('queue.columns.images'),
      cell: (row) => (
        <FeedbackImages row={row} alt={(number) => t('feedback.imageAlt', { number, id: row.id })} />
      ),
    },
    {
      id: 'status',
      header: t('queue.columns.status'),
      cell: (row) => <StatusBadge status={row.status} reason={row.answer} />,
    },
    {
      id: 'createdAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, locale),
    },
  ],
  // An answered row is done; a handled one without an answer may still get one.
  actions: (row) => (row.answer !== null ? [] : row.status === 'new' ? [answer, handle] : [answer]),
};
