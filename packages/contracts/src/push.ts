import { z } from 'zod';

/**
 * The push channel (decision 0042): a WebSocket at /wps/push. The browser's first message is `hello`
 * (its bearer token when logged in, never in the URL, and the topics it wants); `topics` replaces the
 * set later. Topics: `me` (the logged-in player's own events: balance changes), `merchant` (the site's
 * public events), `game:<code>` (a game's public events, e.g. the crash game's rounds). At most four.
 */
export const pushTopicName = z.string().regex(/^(?:me|merchant|game:[a-z0-9][a-z0-9-]{0,39})$/);

const topicList = z.array(pushTopicName).max(4);

export const pushClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('hello'),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,128}$/)
      .optional(),
    topics: topicList,
  }),
  z.object({ op: z.literal('topics'), topics: topicList }),
]);
export type PushClientMessage = z.infer<typeof pushClientMessage>;

/** WebSocket close codes of the push channel (4000-4999 are the application's). */
export const pushCloseCodes = {
  /** The token is not a live session of this merchant (logged out, revoked, expired). */
  sessionEnded: 4001,
  /** A message that is not JSON of pushClientMessage, or no hello in time. */
  badMessage: 4002,
  /** Too many sockets: the session's oldest is replaced, or the address or instance is full. */
  tooMany: 4003,
} as const;

/** The balance event pushed on a player's topic when the main wallet changes. */
export interface BalancePushEvent {
  type: 'balance';
  /** The main wallet, formatted like member info's balance (the currency's decimals). */
  balance: string;
  currencyCode: string;
}
