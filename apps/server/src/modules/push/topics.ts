/**
 * Push topics and events (decision 0042). A topic names who may hear it: a player's own topic is
 * private to that player's sessions; a merchant's topic and a game's topic are public (visitors may
 * watch crash rounds). Topics never cross merchants: each names its merchant.
 */

/** What is pushed: a small JSON object with a `type`; money as decimal strings, never bigint. */
export type PushEvent = { type: string } & Record<string, unknown>;

/** PostgreSQL's NOTIFY payload is at most 8000 bytes; an event leaves room for its envelope. */
export const maxEventBytes = 7000;

/** The player's own topic: balance changes and anything else only they may see. */
export function playerTopic(merchantId: number, memberId: number): string {
  return `p:${merchantId}:${memberId}`;
}

/** Everyone on the merchant's site (visitors too). */
export function merchantTopic(merchantId: number): string {
  return `m:${merchantId}`;
}

/** Everyone watching one game of the merchant (visitors too), e.g. the crash game's rounds. */
export function gameTopic(merchantId: number, gameCode: string): string {
  return `g:${merchantId}:${gameCode}`;
}

/** A game code as a browser may name it in a topic (`game:<code>`). */
export const gameCodePattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The event's JSON, refused when it would not fit a notification. */
export function serializeEvent(event: PushEvent): string {
  const text = JSON.stringify(event);
  if (Buffer.byteLength(text) > maxEventBytes) {
    throw new Error(`push event ${event.type} is ${Buffer.byteLength(text)} bytes; at most ${maxEventBytes}`);
  }
  return text;
}
