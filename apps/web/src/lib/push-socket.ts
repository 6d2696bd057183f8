import type { PushEntry, PushEvent } from './push';
import { readSession, subscribeSession } from './session';

/**
 * The page's one push socket (decision 0042), a lazy chunk loaded by lib/push.ts with the first
 * subscription. It opens a WebSocket to /wps/push, says hello (the session's bearer token, never in the
 * URL, and the topics the live subscriptions want), and hands each event to the subscriptions of its type.
 * A new token (login, logout) opens a new socket; a change of topics is one message on the open one.
 * A socket silent for 50 s (the server's heartbeat is every 20 s) is closed; a closed socket is reopened
 * after a backoff (1 s doubling to 30 s, with jitter); one whose session ended waits at least 15 s.
 */

/** pushCloseCodes.sessionEnded of the contracts (a lazy chunk takes no values from their main entry). */
const sessionEndedCode = 4001;
const silenceMs = 50_000;
const maxBackoffMs = 30_000;

let entries = new Set<PushEntry>();
let socket: WebSocket | undefined;
/** The token the open socket said hello with ('' for a visitor). */
let socketToken = '';
let sentTopics = '';
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
let watchingSession = false;

/** The browser topics the live subscriptions want; `me` only with a token. */
function wantedTopics(token: string): string[] {
  const names = new Set([...entries].map((entry) => entry.topic));
  if (!token) names.delete('me');
  return [...names].sort().slice(0, 4);
}

/** Brings the socket in line with the subscriptions and the session (lib/push.ts calls it on each change). */
export function syncPush(current: Set<PushEntry>): void {
  entries = current;
  if (!watchingSession) {
    watchingSession = true;
    subscribeSession(() => syncPush(entries));
  }
  const token = readSession().token ?? '';
  const topics = wantedTopics(token);
  if (topics.length === 0) return stop();
  if ((socket || retryTimer) && token === socketToken) return sendTopics(topics);
  stop();
  socketToken = token;
  attempt = 0;
  open();
}

function stop(): void {
  clearTimeout(retryTimer);
  clearTimeout(silenceTimer);
  retryTimer = undefined;
  const old = socket;
  socket = undefined;
  if (!old) return;
  old.onmessage = null;
  // Closing a socket still connecting makes Chrome log an error: let it open, then close it.
  if (old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close(1000);
  else old.close(1000);
}

function sendTopics(topics: string[]): void {
  const joined = topics.join();
  if (socket?.readyState !== WebSocket.OPEN || joined === sentTopics) return;
  socket.send(JSON.stringify({ op: 'topics', topics }));
  sentTopics = joined;
}

function open(): void {
  retryTimer = undefined;
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/wps/push`);
  socket = ws;
  sentTopics = '';
  const listen = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => ws.close(), silenceMs);
  };
  ws.onopen = () => {
    listen();
    const topics = wantedTopics(socketToken);
    ws.send(JSON.stringify({ op: 'hello', topics, ...(socketToken ? { token: socketToken } : {}) }));
    sentTopics = topics.join();
  };
  ws.onmessage = (message: MessageEvent<string>) => {
    listen();
    attempt = 0;
    let event: PushEvent;
    try {
      event = JSON.parse(message.data) as PushEvent;
    } catch {
      return;
    }
    for (const entry of [...entries]) if (entry.type === event.type) entry.handler(event);
  };
  ws.onclose = (close) => {
    if (socket !== ws) return;
    clearTimeout(silenceTimer);
    socket = undefined;
    const backoff = Math.min(maxBackoffMs, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(open, close.code === sessionEndedCode ? Math.max(backoff, 15_000) : backoff);
  };
}
