import type { Kysely } from 'kysely';
import type {
  ErrorCode,
  OperatorResource,
  OperatorServiceEntry,
  resourcePayload,
  serviceEntryPayload,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './service-entries.repo';

/**
 * Customer-service entries (csType CS: where the live chat opens) and resources (social links, app
 * downloads) written by operators. Adding is publishing and deleting is withdrawing: these rows have no
 * schedule. Every change reaches players through the merchant directory's change notifications.
 */

type EntryInput = z.output<typeof serviceEntryPayload>;
type ResourceInput = z.output<typeof resourcePayload>;

/** Ids of these tables are int4; a larger id names nothing (and must not reach PostgreSQL as one). */
function checkedId(id: number, code: ErrorCode): number {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError(code, 'Not found');
  return id;
}

function presentEntry(
  row: NonNullable<Awaited<ReturnType<typeof repo.selectServiceEntry>>>,
): OperatorServiceEntry {
  return { id: row.id, csType: row.cs_type, name: row.name, path: row.path, sequence: row.sequence };
}

function presentResource(
  row: NonNullable<Awaited<ReturnType<typeof repo.selectResource>>>,
): OperatorResource {
  return {
    id: row.id,
    resourceType: row.resource_type,
    url: row.url,
    labelNameEn: row.label_name_en,
    sequence: row.sequence,
  };
}

/** The merchant's customer-service entries (at most 100). */
export async function listServiceEntries(db: Kysely<DB>, merchantId: number) {
  return (await repo.selectServiceEntries(db, merchantId)).map(presentEntry);
}

/** Adds an entry; players see it at once. */
export async function createServiceEntry(db: Kysely<DB>, merchantId: number, input: EntryInput) {
  const id = await repo.insertServiceEntry(db, merchantId, input);
  return presentEntry((await repo.selectServiceEntry(db, merchantId, id))!);
}

/** Replaces an entry's name, path and order. */
export async function updateServiceEntry(db: Kysely<DB>, merchantId: number, id: number, input: EntryInput) {
  const checked = checkedId(id, 'service_entry_not_found');
  if (!(await repo.updateServiceEntry(db, merchantId, checked, input))) {
    throw new AppError('service_entry_not_found', 'No such customer-service entry');
  }
  return presentEntry((await repo.selectServiceEntry(db, merchantId, checked))!);
}

/** Removes an entry. */
export async function deleteServiceEntry(db: Kysely<DB>, merchantId: number, id: number) {
  if (!(await repo.deleteServiceEntry(db, merchantId, checkedId(id, 'service_entry_not_found')))) {
    throw new AppError('service_entry_not_found', 'No such customer-service entry');
  }
}

function resourceValues(input: ResourceInput): repo.ResourceValues {
  return {
    resource_type: input.resourceType,
    url: input.url,
    label_name_en: input.labelNameEn,
    sequence: input.sequence,
  };
}

/** The merchant's resources (at most 100). */
export async function listResources(db: Kysely<DB>, merchantId: number) {
  return (await repo.selectResources(db, merchantId)).map(presentResource);
}

/** Adds a resource. */
export async function createResource(db: Kysely<DB>, merchantId: number, input: ResourceInput) {
  const id = await repo.insertResource(db, merchantId, resourceValues(input));
  return presentResource((await repo.selectResource(db, merchantId, id))!);
}

/** Replaces a resource. */
export async function updateResource(db: Kysely<DB>, merchantId: number, id: number, input: ResourceInput) {
  const checked = checkedId(id, 'resource_not_found');
  if (!(await repo.updateResource(db, merchantId, checked, resourceValues(input)))) {
    throw new AppError('resource_not_found', 'No such resource');
  }
  return presentResource((await repo.selectResource(db, merchantId, checked))!);
}

/** Removes a resource. */
export async function deleteResource(db: Kysely<DB>, merchantId: number, id: number) {
  if (!(await repo.deleteResource(db, merchantId, checkedId(id, 'resource_not_found')))) {
    throw new AppError('resource_not_found', 'No such resource');
  }
}
