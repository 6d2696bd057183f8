import {
  claimStatuses,
  type OperatorActivity,
  type OperatorClaim,
  type OperatorComment,
} from '@portal/contracts';
import { jsonFile } from './content-commands';
import type { Send } from './cli-arguments';

/**
 * Reward commands of `npm run operator` (decision 0030, docs/rewards.md): the merchant's activities and
 * the review queue of claims, through the same operator API as the console will use.
 */
export const rewardUsage = `
Reward commands:
  activities                                     every activity: kind, window, claims, paid, open or closed
  create-activity --file <activity.json>         a new activity (the API's body: title, rules, startsAt, ...)
  close-activity <id>                            no more joins or claims (issued bonuses stay)
  reward-claims [--status applying|issued|rejected] [--page N]
  approve-claim <id>                             pays a claim under review (once)
  reject-claim <id> [--reason "<text>"]
  activity-comments [--activity <id>] [--page N] players' comments, newest first, hidden ones marked
  hide-comment <id>                              hides a comment from players
`;

export const rewardCommands = new Set([
  'activities',
  'create-activity',
  'close-activity',
  'reward-claims',
  'approve-claim',
  'reject-claim',
  'activity-comments',
  'hide-comment',
]);

export interface RewardArguments {
  command: string;
  id: string | undefined;
  file: string | undefined;
  status: string | undefined;
  page: string | undefined;
  reason: string | undefined;
  activity: string | undefined;
}

/** The usage mistake of a reward command (checked before logging in), or null. */
export function rewardUsageProblem(args: RewardArguments): string | null {
  if (args.command === 'create-activity' && !args.file) return 'create-activity needs --file <activity.json>';
  if (['close-activity', 'approve-claim', 'reject-claim', 'hide-comment'].includes(args.command)) {
    if (!args.id || !/^[1-9][0-9]{0,11}$/.test(args.id)) return `${args.command} needs a numeric <id>`;
  }
  if (args.status !== undefined && !(claimStatuses as readonly string[]).includes(args.status)) {
    return `--status must be one of ${claimStatuses.join(', ')}`;
  }
  if (args.activity !== undefined && !/^[1-9][0-9]{0,11}$/.test(args.activity))
    return '--activity must be an activity id';
  if (args.page !== undefined && !/^[1-9][0-9]{0,3}$/.test(args.page))
    return '--page must be a positive number';
  return null;
}

function activityLine(activity: OperatorActivity): string {
  const window = `${activity.startsAt.slice(0, 16)} .. ${activity.endsAt?.slice(0, 16) ?? 'open-ended'}`;
  return [
    activity.id.padStart(5),
    activity.rules.kind.padEnd(15),
    (activity.closed ? 'closed' : 'open').padEnd(7),
    window,
    `claims ${activity.claims}`,
    `paid ${activity.paid}`,
    activity.title,
  ].join('  ');
}

function claimLine(claim: OperatorClaim): string {
  const contact = claim.contact ? `${claim.contact.app}:${claim.contact.id}` : '-';
  return [
    claim.id.padStart(6),
    claim.createdAt.slice(0, 16),
    claim.status.padEnd(9),
    claim.amount.padStart(12),
    claim.account.padEnd(16),
    contact.padEnd(24),
    claim.activityTitle,
  ].join('  ');
}

function commentLine(comment: OperatorComment): string {
  return [
    comment.id.padStart(6),
    comment.createdAt.slice(0, 16),
    `activity ${comment.activityId}`.padEnd(14),
    comment.account.padEnd(16),
    (comment.hidden ? 'hidden' : 'shown').padEnd(6),
    `${comment.images.length} img`,
    comment.text,
  ].join('  ');
}

/** Runs a reward command; answers the API's value and the lines to print. */
export async function executeReward(
  send: Send,
  args: RewardArguments,
): Promise<{ value: unknown; lines: string[] }> {
  switch (args.command) {
    case 'activities': {
      const value = (await send('opsActivities')) as { activities: OperatorActivity[] };
      const lines = value.activities.map(activityLine);
      return { value, lines: lines.length > 0 ? lines : ['(none)'] };
    }
    case 'create-activity':
    case 'close-activity': {
      const value = (
        args.command === 'create-activity'
          ? await send('opsActivityCreate', { body: await jsonFile(args.file ?? '') })
          : await send('opsActivityClose', { id: args.id! })
      ) as { activity: OperatorActivity };
      return { value, lines: [activityLine(value.activity)] };
    }
    case 'reward-claims': {
      const query: Record<string, string> = {};
      if (args.status) query.status = args.status;
      if (args.page) query.page = args.page;
      const value = (await send('opsRewardClaims', { query })) as { items: OperatorClaim[]; total: number };
      const lines = value.items.map(claimLine);
      return { value, lines: [...(lines.length > 0 ? lines : ['(none)']), `${value.total} in all`] };
    }
    case 'activity-comments': {
      const query: Record<string, string> = {};
      if (args.activity) query.activityId = args.activity;
      if (args.page) query.page = args.page;
      const value = (await send('opsActivityComments', { query })) as {
        items: OperatorComment[];
        total: number;
      };
      const lines = value.items.map(commentLine);
      return { value, lines: [...(lines.length > 0 ? lines : ['(none)']), `${value.total} in all`] };
    }
    case 'hide-comment': {
      const value = (await send('opsActivityCommentHide', { id: args.id! })) as { comment: OperatorComment };
      return { value, lines: [commentLine(value.comment)] };
    }
    default: {
      const decision = args.command === 'approve-claim' ? 'approve' : 'reject';
      const value = (await send('opsRewardClaimDecide', {
        id: args.id!,
        body: { decision, note: args.reason ?? '' },
      })) as { claim: OperatorClaim; replayed: boolean };
      return { value, lines: [claimLine(value.claim) + (value.replayed ? '  (already decided so)' : '')] };
    }
  }
}
