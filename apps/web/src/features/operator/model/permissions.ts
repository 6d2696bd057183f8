import type { OperatorRole } from '@portal/contracts';

/** What a console button does, by the server's guard it passes (apps/server/src/modules/...routes.ts). */
export type OperatorPermission =
  'decideMoney' | 'moderateComments' | 'writeContent' | 'sendMessages' | 'manageCatalogue' | 'handleFeedback';

/**
 * Which roles may press which buttons: the same lists as the /ops routes' guards (moneyRoles for
 * deposits, withdrawals, reward claims and points redeems; owner, content and support hide comments). Hiding a
 * button is courtesy only: the server refuses the call anyway (operator_role_forbidden).
 */
const rolesByPermission: Record<OperatorPermission, readonly OperatorRole[]> = {
  decideMoney: ['owner', 'finance'],
  moderateComments: ['owner', 'content', 'support'],
  // ops-access.ts `content`: announcements, banners, help, images, customer service, resources.
  writeContent: ['owner', 'content'],
  // ops-access.ts `messaging`: messages to players and answers to feedback (which arrive as messages).
  sendMessages: ['owner', 'content', 'support'],
  // ops-access.ts `owner`: the game catalogue's switches and its sync.
  manageCatalogue: ['owner'],
  // ops-access.ts `everyone`: any role marks feedback handled.
  handleFeedback: ['owner', 'finance', 'support', 'content', 'risk', 'platform'],
};

/** Whether an operator of `role` may use the buttons behind `permission`. */
export function roleMay(role: OperatorRole, permission: OperatorPermission): boolean {
  return rolesByPermission[permission].includes(role);
}
