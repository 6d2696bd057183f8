import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { headers } from '@portal/contracts/calls';

const acceptableRequestId = /^[A-Za-z0-9._-]{8,64}$/;
const acceptableModuleId = /^[A-Za-z0-9_-]{1,32}$/;

/** A caller's request id is kept when it is well formed (so traces join up); otherwise a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[headers.requestId];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}

/** The reply header naming the instance that served a request (behind a load balancer). */
export const instanceHeader = 'x-portal-instance';

/**
 * Echoes the request id, names the serving instance (so a trace or a test can tell the instances behind
 * the proxy apart; an id, nothing about the machine) and logs the calling module id of spec section 7.
 */
export function registerRequestContext(app: FastifyInstance, instanceId: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(headers.requestId, request.id);
    reply.header(instanceHeader, instanceId);
    const moduleId = request.headers[headers.moduleId];
    if (typeof moduleId === 'string' && acceptableModuleId.test(moduleId)) {
      request.log = request.log.child({ moduleId });
    }
    done();
  });
}
