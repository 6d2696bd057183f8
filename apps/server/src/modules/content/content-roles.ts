import type { OperatorRole } from '../../db/schema';

/** Operator roles that author content (announcements, banners, messages, help, service entries). */
export const contentRoles: readonly OperatorRole[] = ['owner', 'content'];
