import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { pushClientMessage, pushCloseCodes, type PushClientMessage } from '@portal/contracts';
import { pushCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { AppError } from '../../http/errors';
import { findSession, liveSessionIds, sessionPolicy } from '../auth';
import { defaultSocketLimits, PushSocket, PushSockets } from './push-sockets';
import { gameTopic, merchantTopic, playerTopic } from './topics';

/** A socket that has not said hello by then is closed. */
const helloTimeoutMs = 10_000;

/**
 * GET /wps/push (decision 0042): the browsers' WebSocket. The first message is hello with the bearer
 * token (when logged in) and the topics; visitors may listen to the public topics (merchant, game:<code>),
 * `me` needs a live session of this merchant. A heartbeat every 20 s; a session's sockets close when it is
 * logged out, revoked or expires (checked with the heartbeat, without extending the session).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, push } = app.deps;
  const policy = sessionPolicy(config);
  const sockets = new PushSockets(
    defaultSocketLimits,
    (ids) => liveSessionIds(database.db, policy, ids),
    20_000,
    (error) => app.log.warn({ err: error }, 'push session check failed'),
  );
  // Before the server stops: open sockets would otherwise hold app.close() until they end.
  app.addHook('preClose', async () => sockets.closeAll());

  /** The hub topic of a browser topic name, for this socket's merchant and player. */
  const hubTopic = (name: string, merchantId: number, socket: PushSocket): string | undefined => {
    if (name === 'me') {
      return socket.memberId === undefined ? undefined : playerTopic(merchantId, socket.memberId);
    }
    if (name === 'merchant') return merchantTopic(merchantId);
    return gameTopic(merchantId, name.slice('game:'.length));
  };

  /** Makes the socket's subscriptions the asked set (topics it may not hear are left out). */
  const listenTo = (socket: PushSocket, names: string[], merchantId: number) => {
    const wanted = new Set(names);
    for (const [name, unsubscribe] of socket.topics) {
      if (!wanted.has(name)) {
        unsubscribe();
        socket.topics.delete(name);
      }
    }
    for (const name of wanted) {
      const topic = hubTopic(name, merchantId, socket);
      if (topic === undefined || socket.topics.has(name)) continue;
      socket.topics.set(
        name,
        push.subscribe(topic, (event) => socket.send(event)),
      );
    }
  };

  const onHello = async (socket: PushSocket, request: FastifyRequest, hello: PushClientMessage) => {
    const merchant = request.merchant;
    if (hello.op === 'hello' && hello.token) {
      const session = await findSession(database.db, policy, hello.token);
      if (!session || session.merchantId !== merchant.id) {
        socket.close(pushCloseCodes.sessionEnded, 'session ended');
        return;
      }
      socket.sessionId = session.sessionId;
      socket.memberId = session.memberId;
      sockets.loggedIn(socket);
    }
    listenTo(socket, hello.topics, merchant.id);
    // The balance now: whatever changed while the socket was down is caught up at once.
    if (socket.topics.has('me') && socket.memberId !== undefined) {
      const current = await push.currentBalance(merchant.id, socket.memberId).catch(() => undefined);
      if (current) socket.send(current);
    }
  };

  app.route({
    ...callRoute(calls.pushSocket),
    // A plain GET (no upgrade) is a mistake of the caller.
    handler: async () => {
      throw new AppError('bad_request', 'Connect with a WebSocket');
    },
    wsHandler: (ws: WebSocket, request: FastifyRequest) => {
      if (!sockets.admitVisitor(request.visitor.ip)) {
        ws.close(pushCloseCodes.tooMany, 'too many sockets');
        return;
      }
      const socket = new PushSocket(ws, request.visitor.ip);
      sockets.add(socket);
      let greeted = false;
      // Messages are handled one after another (hello awaits the session).
      let queue = Promise.resolve();
      const helloTimer = setTimeout(() => {
        if (!greeted) socket.close(pushCloseCodes.badMessage, 'no hello');
      }, helloTimeoutMs);
      ws.on('message', (data: Buffer, isBinary) => {
        queue = queue.then(async () => {
          let message: PushClientMessage;
          try {
            if (isBinary) throw new Error('binary');
            message = pushClientMessage.parse(JSON.parse(data.toString('utf8')));
          } catch {
            socket.close(pushCloseCodes.badMessage, 'bad message');
            return;
          }
          if (message.op === 'hello') {
            if (greeted) return socket.close(pushCloseCodes.badMessage, 'hello twice');
            greeted = true;
            clearTimeout(helloTimer);
            await onHello(socket, request, message);
          } else if (greeted) {
            listenTo(socket, message.topics, request.merchant.id);
          }
        });
        queue.catch((error: Error) => {
          app.log.warn({ err: error }, 'push message failed');
          socket.close(1011, 'server error');
        });
      });
      ws.on('close', () => {
        clearTimeout(helloTimer);
        socket.unsubscribeAll();
        sockets.remove(socket);
      });
    },
  });
};
