import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PushModule from './push';
import type * as SessionModule from './session';

/** A WebSocket stand-in: records what the page sends and lets the test open, speak and close it. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  /** The server side. */
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const token = 'a'.repeat(43);
let push: typeof PushModule;
// The session module the push client sees (modules are fresh for each test).
let session: typeof SessionModule;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStorage.clear();
  push = await import('./push');
  session = await import('./session');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the lazy socket chunk load and its promise callbacks run. */
async function settle() {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

describe('the push client', () => {
  it('opens one socket, says hello with the token and topics, and hands events to their type', async () => {
    session.storeSession({ token, memberType: 0, mustChangePassword: false });
    const balances: unknown[] = [];
    const rounds: unknown[] = [];
    const stopBalance = push.subscribePush('balance', (event) => balances.push(event));
    push.subscribePush('crash.round', (event) => rounds.push(event), 'game:bgs-crash');
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/wps\/push$/);
    socket.open();
    expect(socket.sent).toEqual([{ op: 'hello', topics: ['game:bgs-crash', 'me'], token }]);

    socket.push({ type: 'balance', balance: '1.00' });
    socket.push({ type: 'crash.round', n: 1 });
    socket.push({ type: 'push.hb' });
    expect(balances).toEqual([{ type: 'balance', balance: '1.00' }]);
    expect(rounds).toEqual([{ type: 'crash.round', n: 1 }]);

    // A topic no longer wanted is one message on the same socket.
    stopBalance();
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.sent.at(-1)).toEqual({ op: 'topics', topics: ['game:bgs-crash'] });
  });

  it('reconnects with a backoff, and opens a visitor socket without `me` after logout', async () => {
    session.storeSession({ token, memberType: 0, mustChangePassword: false });
    push.subscribePush('balance', () => undefined);
    push.subscribePush('crash.round', () => undefined, 'game:bgs-crash');
    await settle();
    const first = FakeSocket.all[0]!;
    first.open();
    first.drop(1006);
    await vi.advanceTimersByTimeAsync(400);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent[0]).toEqual({ op: 'hello', topics: ['game:bgs-crash', 'me'], token });

    // Logout: the token's socket closes, a visitor's opens with the public topic only.
    session.clearSession();
    await settle();
    expect(second.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.open();
    expect(FakeSocket.all[2]!.sent[0]).toEqual({ op: 'hello', topics: ['game:bgs-crash'] });
  });

  it('closes a socket that stays silent, and waits at least 15 s after the server ends the session', async () => {
    session.storeSession({ token, memberType: 0, mustChangePassword: false });
    push.subscribePush('balance', () => undefined);
    await settle();
    const socket = FakeSocket.all[0]!;
    socket.open();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(socket.closedWith).toBe(1000);

    socket.drop(4001);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('opens nothing for a visitor who only wants their own events', async () => {
    push.subscribePush('balance', () => undefined);
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
