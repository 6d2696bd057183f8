import { z } from 'zod';

/** An attack the server saw (docs/security.md): one per kind, subject and hour. */
export const securityAlert = z.object({
  id: z.string(),
  /** `login_attack` (a player account), `operator_login_attack`, ... */
  kind: z.string(),
  /** What it was aimed at, e.g. `account:42`, `username:ghost`, `operator:finance`. */
  subject: z.string(),
  windowStart: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SecurityAlert = z.infer<typeof securityAlert>;
export const securityAlertList = z.array(securityAlert);

export const securityAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
