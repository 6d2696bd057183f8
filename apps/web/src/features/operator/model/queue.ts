import type { TFunction } from 'i18next';
import type { OperatorRole, Page } from '@portal/contracts';
import type { DataColumn } from '../../../components/ui/data-table';
import type { SendCall } from '../../../lib/api';
import type { OperatorPermission } from './permissions';

/** The console's queues, each a page at /operator/<id>. */
export const queueIds = [
  'deposits',
  'withdrawals',
  'claims',
  'redeems',
  'comments',
  'feedback',
  'adjustments',
] as const;
export type QueueId = (typeof queueIds)[number];

/** Rows per page of every queue (the contracts allow 50 and more). */
export const queuePageSize = 20;

/** One button of a row: what it asks before it runs, and the call it makes. */
export interface QueueAction<Row> {
  id: string;
  /** i18n key (namespace operator) of the button and the dialog's confirm button. */
  labelKey: string;
  tone: 'primary' | 'danger' | 'secondary';
  permission: OperatorPermission;
  /** Moves money: the dialog says so and names the amount. */
  money: boolean;
  /** A reason or remark: none, optional or required (rejections). */
  reason: 'none' | 'optional' | 'required';
  /** The reason field's label key (namespace operator) when it is not a reason (a feedback's answer). */
  reasonLabelKey?: string;
  /** The longest reason the call takes (200 when not given: rejections, notes and remarks). */
  reasonMaxLength?: number;
  run: (api: SendCall, row: Row, reason: string) => Promise<unknown>;
}

/**
 * Approve and reject of a row decided by one call with the decision and an optional note (reward
 * claims, points redeems): approve moves money when `approveMovesMoney` says so.
 */
export function decisionActions<Row>(
  decide: (api: SendCall, decision: 'approve' | 'reject', note: string) => Promise<unknown>,
  approveMovesMoney: boolean,
): QueueAction<Row>[] {
  const action = (decision: 'approve' | 'reject'): QueueAction<Row> => ({
    id: decision,
    labelKey: `actions.${decision}`,
    tone: decision === 'approve' ? 'primary' : 'danger',
    permission: 'decideMoney',
    money: decision === 'approve' && approveMovesMoney,
    reason: 'optional',
    run: (api, _row, note) => decide(api, decision, note),
  });
  return [action('approve'), action('reject')];
}

/** A queue: how it lists (paged and filtered on the server), shows and acts on its rows. */
export interface QueueDefinition<Row, Status extends string = string> {
  id: QueueId;
  /** The status filter's values; the first is the queue itself (what awaits a decision). */
  statuses: readonly Status[];
  list: (
    api: SendCall,
    query: { page: number; pageSize: number; status: Status | undefined },
    signal?: AbortSignal,
  ) => Promise<Page<Row>>;
  rowKey: (row: Row) => string;
  /** What the confirm dialog names (account and amount). */
  describe: (row: Row) => { account: string; amount: string | null };
  columns: (t: TFunction, locale: string) => DataColumn<Row>[];
  /** The buttons a row offers in its state (the role filter comes after). */
  actions: (row: Row) => QueueAction<Row>[];
}

/** The actions of a row an operator of `role` may use. */
export function allowedActions<Row, Status extends string>(
  definition: QueueDefinition<Row, Status>,
  row: Row,
  role: OperatorRole,
  may: (role: OperatorRole, permission: OperatorPermission) => boolean,
): QueueAction<Row>[] {
  return definition.actions(row).filter((action) => may(role, action.permission));
}
