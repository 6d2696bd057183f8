import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { operatorCalls, type OperatorCallName } from '@portal/contracts/calls';
import { AppError } from '../../http/errors';
import { appendAudit, captureChanges, redactRequest, type AuditRecord } from '../audit';
import { requireOperator } from './operator-guard';
import { opsAccess } from './ops-access';

/** Each operator call's name by its route (`POST /ops/payments/deposits/:id/approve`). */
const callNames = new Map<string, OperatorCallName>(
  (Object.entries(operatorCalls) as [OperatorCallName, { method: string; path: string }][]).map(
    ([name, call]) => [`${call.method} ${call.path}`, name],
  ),
);

type Handler = RouteOptions['handler'];

function auditRecord(request: FastifyRequest, action: string, outcome: string): AuditRecord {
  return {
    merchantId: request.merchant.id,
    operatorId: request.operator.operatorId,
    operatorName: request.operator.username,
    ip: request.ip,
    action,
    target: (request.params ?? {}) as Record<string, unknown>,
    request: redactRequest(request.body ?? request.query ?? null),
    outcome,
  };
}

function outcomeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'error';
}

/**
 * A write of an operator call as one unit of work: the handler's every query and the audit row that
 * records it commit together, or nothing does. A refused or failed write leaves its own row (the outcome
 * its error's code) in a transaction of its own, after the handler's was rolled back.
 */
function audited(action: OperatorCallName, handler: Handler): Handler {
  return async function auditedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const { database } = request.server.deps;
    try {
      return await database.runUnit(
        async () => {
          await captureChanges(database.db);
          return handler.call(this, request, reply);
        },
        () => appendAudit(database.db, auditRecord(request, action, 'ok')),
      );
    } catch (error) {
      await appendAudit(database.db, auditRecord(request, action, outcomeOf(error))).catch(
        (failure: unknown) =>
          request.log.error({ err: failure }, 'audit row of a refused operator call not written'),
      );
      throw error;
    }
  };
}

/**
 * A write's guard whose refusals of a known operator (another role, an address off the allow-list, a
 * password still to change) leave an audit row with the refusal's code. Refusals without a session (no
 * token, an expired one) name no operator and are the security alerts' business.
 */
function refusalsAudited(
  action: OperatorCallName,
  guard: preHandlerAsyncHookHandler,
): preHandlerAsyncHookHandler {
  return async function auditedGuard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    try {
      await guard.call(this, request, reply);
    } catch (error) {
      if (request.operator) {
        await appendAudit(
          request.server.deps.database.db,
          auditRecord(request, action, outcomeOf(error)),
        ).catch((failure: unknown) =>
          request.log.error({ err: failure }, 'audit row of a refused operator call not written'),
        );
      }
      throw error;
    }
  };
}

/**
 * Every /ops route, as it is added: its guard from the one reviewed table (ops-access.ts) and, for a write,
 * the audited unit of work. Routes files only declare the call and its handler. An /ops route that no
 * operator call defines stops the server at start-up, so none can slip past the table.
 */
export function registerOpsRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ops/')) return;
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'HEAD')) return; // Fastify's own HEAD twin of a GET.
    const name = callNames.get(`${methods[0]} ${route.url}`);
    if (!name || methods.length !== 1)
      throw new Error(`${methods.join(',')} ${route.url}: no operator call defines it`);
    const access = opsAccess[name];
    if (access === 'public') return;
    const write = methods[0] !== 'GET';
    const guard = requireOperator(access);
    route.preHandler = [write ? refusalsAudited(name, guard) : guard, ...[route.preHandler ?? []].flat()];
    if (write) route.handler = audited(name, route.handler);
  });
}
