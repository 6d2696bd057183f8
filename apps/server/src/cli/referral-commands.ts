import type { OperatorReferral } from '@portal/contracts';
import type { Send } from './cli-arguments';

/**
 * The referral command of `npm run operator` (decision 0032, docs/rewards.md): who invited whom, the
 * self-referrals refused and why, each friend's deposits and what either side was paid.
 */
export const referralUsage = `
Referral commands:
  referrals [--status counted|refused] [--page N]  referred friends, newest first, refusals with their reason
`;

export const referralCommands = new Set(['referrals']);

const referralStatuses = ['counted', 'refused'] as const;

/** The usage mistake of a referral command (checked before logging in), or null. */
export function referralUsageProblem(status: string | undefined, page: string | undefined): string | null {
  if (status !== undefined && !(referralStatuses as readonly string[]).includes(status)) {
    return `--status must be one of ${referralStatuses.join(', ')}`;
  }
  if (page !== undefined && !/^[1-9][0-9]{0,3}$/.test(page)) return '--page must be a positive number';
  return null;
}

function referralLine(referral: OperatorReferral): string {
  return [
    referral.registeredAt.slice(0, 16),
    referral.friend.padEnd(16),
    `by ${referral.referrer}`.padEnd(19),
    referral.code.padEnd(9),
    (referral.refused ? `refused:${referral.refused}` : 'counted').padEnd(29),
    `ip ${referral.ip}`.padEnd(18),
    `deposited ${referral.deposited}`,
    `paid ${referral.referrerPaid} + ${referral.friendPaid}`,
  ].join('  ');
}

/** Runs `referrals`; answers the API's value and the lines to print. */
export async function executeReferral(
  send: Send,
  status: string | undefined,
  page: string | undefined,
): Promise<{ value: unknown; lines: string[] }> {
  const query: Record<string, string> = {};
  if (status) query.status = status;
  if (page) query.page = page;
  const value = (await send('opsReferrals', { query })) as { items: OperatorReferral[]; total: number };
  const lines = value.items.map(referralLine);
  return { value, lines: [...(lines.length > 0 ? lines : ['(none)']), `${value.total} in all`] };
}
