import type { OperatorRole } from '@portal/contracts';

/**
 * Which buttons of the players section a role sees: the same lists as ops-access.ts (lock, unlock and
 * password reset: owner, support, risk; top agents and moves: owner; adjustments: owner, finance).
 * Hiding is courtesy; the server refuses anyway.
 */
const rolesOf = {
  lock: ['owner', 'support', 'risk'],
  place: ['owner'],
  adjust: ['owner', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type PlayerPermission = keyof typeof rolesOf;

export function playerRoleMay(role: OperatorRole, permission: PlayerPermission): boolean {
  return (rolesOf[permission] as readonly OperatorRole[]).includes(role);
}

/** A member type's name key (ops-players types.*). */
export function typeKey(type: number): string {
  return [0, 1, 2, 4, 41, 42].includes(type) ? `types.${type}` : 'types.other';
}
