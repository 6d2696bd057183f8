import type { QueueId } from '../model/queue';
import { adjustmentsQueue } from './adjustments';
import { claimsQueue } from './claims';
import { commentsQueue } from './comments';
import { depositsQueue } from './deposits';
import { feedbackQueue } from './feedback';
import { redeemsQueue } from './redeems';
import { withdrawalsQueue } from './withdrawals';

export {
  adjustmentsQueue,
  claimsQueue,
  commentsQueue,
  depositsQueue,
  feedbackQueue,
  redeemsQueue,
  withdrawalsQueue,
};

/** Every queue by id (the dashboard counts them; the menu lists them in this order). */
export const queues = {
  deposits: depositsQueue,
  withdrawals: withdrawalsQueue,
  claims: claimsQueue,
  redeems: redeemsQueue,
  comments: commentsQueue,
  feedback: feedbackQueue,
  adjustments: adjustmentsQueue,
} as const satisfies Record<QueueId, unknown>;
