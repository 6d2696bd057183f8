import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorRole } from '@portal/contracts';
import { opsContentCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { allRoles, requireOperator } from '../operators';
import * as service from './service-entries.service';

/** Customer-service entries and resources: every role reads, `writers` add, edit and remove. */
export function serviceOpsRoutes(writerRoles: readonly OperatorRole[]): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.deps.database.db;
    const readers = requireOperator(allRoles);
    const writers = requireOperator(writerRoles);

    app.route({
      ...callRoute(calls.opsServiceEntries),
      preHandler: readers,
      handler: async (request) => ok(await service.listServiceEntries(db(), request.merchant.id)),
    });
    app.route({
      ...callRoute(calls.opsServiceEntryCreate),
      preHandler: writers,
      handler: async (request) =>
        ok(await service.createServiceEntry(db(), request.merchant.id, request.body)),
    });
    app.route({
      ...callRoute(calls.opsServiceEntryUpdate),
      preHandler: writers,
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
      preHandler: writers,
      handler: async (request) => {
        await service.deleteServiceEntry(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    });

    app.route({
      ...callRoute(calls.opsResources),
      preHandler: readers,
      handler: async (request) => ok(await service.listResources(db(), request.merchant.id)),
    });
    app.route({
      ...callRoute(calls.opsResourceCreate),
      preHandler: writers,
      handler: async (request) => ok(await service.createResource(db(), request.merchant.id, request.body)),
    });
    app.route({
      ...callRoute(calls.opsResourceUpdate),
      preHandler: writers,
      handler: async (request) =>
        ok(await service.updateResource(db(), request.merchant.id, Number(request.params.id), request.body)),
    });
    app.route({
      ...callRoute(calls.opsResourceDelete),
      preHandler: writers,
      handler: async (request) => {
        await service.deleteResource(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    });
  };
}
