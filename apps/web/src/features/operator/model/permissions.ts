import type { OperatorRole } from '@portal/contracts';

/** What a console button does, by the server's guard it passes (apps/server/src/modules/...routes.ts). */
export type OperatorPermission = 'decideMoney' | 'moderateComments';

/**
 * Which roles may press which buttons: the same lists as the /ops routes' guards (moneyRoles for
 * deposits, withdrawals, reward claims and points redeems; owner, content and support hide comments). Hiding a
 * button is courtesy only: the server refuses the call anyway (operator_role_forbidden).
 */
const rolesByPermission: Record<OperatorPermission, readonly OperatorRole[]> = {
  decideMoney: ['owner', 'finance'],
  moderateComments: ['owner', 'content', 'support'],
};

/** Whether an operator of `role` may use the buttons behind `permission`. */
export function roleMay(role: OperatorRole, permission: OperatorPermission): boolean {
  return rolesByPermission[permission].includes(role);
}
