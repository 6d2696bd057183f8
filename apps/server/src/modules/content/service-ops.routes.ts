import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  idParams,
  operatorResource,
  operatorServiceEntry,
  resourcePayload,
  serviceEntryPayload,
  type OperatorRole,
} from '@portal/contracts';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope';
import { allRoles, requireOperator } from '../operators/operator-guard';
import * as service from './service-entries.service';

const tags = ['operators'];
const failures = errorResponses(400, 401, 403, 404, 429, 500);

/** Customer-service entries and resources: every role reads, `writers` add, edit and remove. */
export function serviceOpsRoutes(writerRoles: readonly OperatorRole[]): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.deps.database.db;
    const readers = requireOperator(allRoles);
    const writers = requireOperator(writerRoles);

    app.get(
      '/ops/content/customer-service',
      {
        preHandler: readers,
        schema: {
          tags,
          summary: 'Customer-service entries (csType CS)',
          response: { 200: envelopeOf(z.array(operatorServiceEntry)), ...failures },
        },
      },
      async (request) => ok(await service.listServiceEntries(db(), request.merchant.id)),
    );
    app.post(
      '/ops/content/customer-service',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Add a customer-service entry',
          body: serviceEntryPayload,
          response: { 200: envelopeOf(operatorServiceEntry), ...failures },
        },
      },
      async (request) => ok(await service.createServiceEntry(db(), request.merchant.id, request.body)),
    );
    app.put(
      '/ops/content/customer-service/:id',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Edit a customer-service entry',
          params: idParams,
          body: serviceEntryPayload,
          response: { 200: envelopeOf(operatorServiceEntry), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.updateServiceEntry(
            db(),
            request.merchant.id,
            Number(request.params.id),
            request.body,
          ),
        ),
    );
    app.delete(
      '/ops/content/customer-service/:id',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Remove a customer-service entry',
          params: idParams,
          response: { 200: envelopeOf(z.null()), ...failures },
        },
      },
      async (request) => {
        await service.deleteServiceEntry(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    );

    app.get(
      '/ops/content/resources',
      {
        preHandler: readers,
        schema: {
          tags,
          summary: 'Resources (social links, app downloads)',
          response: { 200: envelopeOf(z.array(operatorResource)), ...failures },
        },
      },
      async (request) => ok(await service.listResources(db(), request.merchant.id)),
    );
    app.post(
      '/ops/content/resources',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Add a resource',
          body: resourcePayload,
          response: { 200: envelopeOf(operatorResource), ...failures },
        },
      },
      async (request) => ok(await service.createResource(db(), request.merchant.id, request.body)),
    );
    app.put(
      '/ops/content/resources/:id',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Edit a resource',
          params: idParams,
          body: resourcePayload,
          response: { 200: envelopeOf(operatorResource), ...failures },
        },
      },
      async (request) =>
        ok(await service.updateResource(db(), request.merchant.id, Number(request.params.id), request.body)),
    );
    app.delete(
      '/ops/content/resources/:id',
      {
        preHandler: writers,
        schema: {
          tags,
          summary: 'Remove a resource',
          params: idParams,
          response: { 200: envelopeOf(z.null()), ...failures },
        },
      },
      async (request) => {
        await service.deleteResource(db(), request.merchant.id, Number(request.params.id));
        return ok(null);
      },
    );
  };
}
