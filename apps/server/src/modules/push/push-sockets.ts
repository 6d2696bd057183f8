import type { WebSocket } from 'ws';
import { pushCloseCodes } from '@portal/contracts';
import type { PushEvent } from './topics';

/** Limits of the open sockets of one instance (decision 0042). */
export interface SocketLimits {
  /** Sockets of one session (tabs and game frames); one more closes the session's oldest. */
  perSession: number;
  /** Sockets without a session from one address; beyond it a new one is refused. */
  perAddress: number;
  /** Every socket of this instance; beyond it a new one is refused. */
  total: number;
}

export const defaultSocketLimits: SocketLimits = { perSession: 4, perAddress: 32, total: 20_000 };

/** A socket whose client reads this slowly is closed rather than buffered without end. */
const maxBufferedBytes = 512 * 1024;

/** One browser's socket: who it is, and the topics it listens to. */
export class PushSocket {
  sessionId: number | undefined;
  memberId: number | undefined;
  /** Unsubscribe functions by browser topic name. */
  readonly topics = new Map<string, () => void>();
  /** Whether the socket answered the last ping. */
  alive = true;

  constructor(
    readonly socket: WebSocket,
    readonly address: string,
  ) {}

  send(event: PushEvent): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(event));
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  /** Stops listening to every topic (the socket closed). */
  unsubscribeAll(): void {
    for (const unsubscribe of this.topics.values()) unsubscribe();
    this.topics.clear();
  }
}

/**
 * The open sockets of this instance: the limits, the heartbeat (an event the browser's watchdog sees and
 * a ping whose missing pong ends a dead connection) and the check of the sessions behind them.
 */
export class PushSockets {
  private readonly sockets = new Set<PushSocket>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: SocketLimits,
    /** The sessions among these that are still live (revoked, logged out or expired ones are not). */
    private readonly liveSessions: (sessionIds: number[]) => Promise<Set<number>>,
    private readonly heartbeatMs = 20_000,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  get size(): number {
    return this.sockets.size;
  }

  /** Whether a visitor's new socket may open: false when the instance or its address is full. */
  admitVisitor(address: string): boolean {
    if (this.sockets.size >= this.limits.total) return false;
    let fromAddress = 0;
    for (const socket of this.sockets) {
      if (socket.sessionId === undefined && socket.address === address) fromAddress += 1;
    }
    return fromAddress < this.limits.perAddress;
  }

  /** A socket logged in: the session's oldest sockets beyond its limit close (a reloaded page's old one). */
  loggedIn(socket: PushSocket): void {
    const ofSession = [...this.sockets].filter(
      (other) => other !== socket && other.sessionId === socket.sessionId,
    );
    const excess = ofSession.length + 1 - this.limits.perSession;
    for (const old of ofSession.slice(0, Math.max(0, excess))) {
      old.close(pushCloseCodes.tooMany, 'replaced by a newer page of this session');
    }
  }

  add(socket: PushSocket): void {
    this.sockets.add(socket);
    socket.socket.on('pong', () => (socket.alive = true));
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
      this.timer.unref();
    }
  }

  remove(socket: PushSocket): void {
    this.sockets.delete(socket);
    if (this.sockets.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Heartbeat to every socket; dead ones end; the sessions behind the others checked in one query. */
  async tick(): Promise<void> {
    for (const socket of this.sockets) {
      if (!socket.alive) {
        socket.socket.terminate();
        continue;
      }
      socket.alive = false;
      socket.socket.ping();
      socket.send({ type: 'push.hb' });
    }
    const withSession = [...this.sockets].filter((socket) => socket.sessionId !== undefined);
    if (withSession.length === 0) return;
    try {
      const live = await this.liveSessions([...new Set(withSession.map((socket) => socket.sessionId!))]);
      for (const socket of withSession) {
        if (!live.has(socket.sessionId!)) socket.close(pushCloseCodes.sessionEnded, 'session ended');
      }
    } catch (error) {
      this.onError(error as Error);
    }
  }

  /** Closes every socket (shutdown); browsers reconnect, to another instance if need be. */
  closeAll(): void {
    for (const socket of [...this.sockets]) socket.close(1012, 'server restarting');
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
