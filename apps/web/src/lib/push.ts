import { useEffect, useEffectEvent } from 'react';
import type * as PushSocketModule from './push-socket';

/** An event pushed by the server (decision 0042): JSON with a `type`. */
export type PushEvent = { type: string } & Record<string, unknown>;

/** One live subscription: the event type, the browser topic it comes on, the handler. */
export interface PushEntry {
  type: string;
  topic: string;
  handler: (event: PushEvent) => void;
}

const entries = new Set<PushEntry>();
let socketModule: Promise<typeof PushSocketModule> | undefined;

function sync(): void {
  // The socket code is its own chunk, loaded with the first subscription (never on a visitor's home).
  socketModule ??= import('./push-socket');
  void socketModule.then((module) => module.syncPush(entries));
}

/**
 * Calls `handler` with each pushed event of `eventType` on `topic`: 'me' (the logged-in player's own
 * events, the default), 'merchant' or 'game:<gameCode>' (public: visitors too). Returns the unsubscribe
 * function. One socket per page carries every subscription.
 */
export function subscribePush(
  eventType: string,
  handler: (event: PushEvent) => void,
  topic = 'me',
): () => void {
  const entry: PushEntry = { type: eventType, topic, handler };
  entries.add(entry);
  sync();
  return () => {
    entries.delete(entry);
    sync();
  };
}

/** subscribePush for a component's lifetime; the latest handler is always the one called. */
export function usePush(eventType: string, handler: (event: PushEvent) => void, topic = 'me'): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribePush(eventType, (event) => onEvent(event), topic), [eventType, topic]);
}
