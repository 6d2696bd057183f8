import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsContentCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as service from './service-entries.service';

/** Customer-service entries and resources (who may read and write: ops-access.ts, the one table). */
export function serviceOpsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.deps.database.db;

    app.route({
      ...callRoute(calls.opsServiceEntries),
      handler: async (request) => ok(await service.listServiceEntries(db(), request.merchant.id)),
    });
    app.route({
      ...callRoute(calls.opsServiceEntryCreate),
      handler: async (request) =>
        ok(await service.createServiceEntry(db(), request.merchant.id, request.body)),
    });
    app.route({
      ...callRoute(calls.opsServiceEntryUpdate),
      handler: async (request) =>
        ok(
          await service.updateServiceEntry(
            db(),
            request.merchant.id,
            Number(request.params.id),
            request.body,
          ),
        ),
    });
    app.route({
      ...callRoute(calls.opsServiceEntryDelete),
      handler: async (request) => {
        await service.deleteServiceEntry(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    });

    app.route({
      ...callRoute(calls.opsResources),
      handler: async (request) => ok(await service.listResources(db(), request.merchant.id)),
    });
    app.route({
      ...callRoute(calls.opsResourceCreate),
      handler: async (request) => ok(await service.createResource(db(), request.merchant.id, request.body)),
    });
    app.route({
      ...callRoute(calls.opsResourceUpdate),
      handler: async (request) =>
        ok(await service.updateResource(db(), request.merchant.id, Number(request.params.id), request.body)),
    });
    app.route({
      ...callRoute(calls.opsResourceDelete),
      handler: async (request) => {
        await service.deleteResource(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    });
  };
}
