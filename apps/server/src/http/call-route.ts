import * as schemas from '@portal/contracts/schemas';
import {
  envelopeOf,
  errorEnvelope,
  errorStatus,
  type CallDefinition,
  type SchemaName,
  type SchemaOf,
} from '@portal/contracts';
import { z } from 'zod';
import { decryptBody } from './encrypted-body';

type Slot<Name> = Name extends SchemaName ? SchemaOf<Name> : undefined;

/** The success envelope's schema around a value schema (what envelopeOf builds). */
type Envelope<Value> = Value extends z.ZodType
  ? z.ZodObject<{
      success: z.ZodBoolean;
      value: Value;
      message: z.ZodString;
      code: z.ZodOptional<z.ZodString>;
    }>
  : never;

/** The Fastify route options a call definition stands for: method, path and schemas. */
export interface CallRoute<Call extends CallDefinition> {
  method: Call['method'];
  url: Call['path'];
  schema: {
    tags: string[];
    summary: string;
    params: Slot<Call['params']>;
    querystring: Slot<Call['query']>;
    body: Slot<Call['body']>;
    // Failure statuses are in the schema too (the error envelope); the handler's type is the success.
    response: Call['response'] extends SchemaName ? { 200: Envelope<SchemaOf<Call['response']>> } : object;
  };
  preValidation?: typeof decryptBody;
}

/** What a file call answers on success: its bytes (the OpenAPI document shows them as a string). */
const fileBytes = z.string();

/** The schema slots a definition names (Fastify warns about a slot present but undefined). */
function slotsOf(call: CallDefinition) {
  const slots: Record<string, unknown> = {};
  if (call.params !== undefined) slots.params = schemas[call.params];
  if (call.query !== undefined) slots.querystring = schemas[call.query];
  if (call.body !== undefined) slots.body = schemas[call.body];
  return slots;
}

/**
 * The route of a call from its one definition in the contracts (decision 0026): a routes file spreads
 * it and adds its guard and handler, `app.route({ ...callRoute(calls.login), handler })`. The success
 * reply is the envelope of the call's response schema; each failure code the call declares lists its
 * status (the statuses every route can answer are added by the OpenAPI transform); an encrypted call
 * decrypts its body before validation.
 */
export function callRoute<const Call extends CallDefinition>(call: Call): CallRoute<Call> {
  const response: Record<number, unknown> = {};
  if (call.response !== undefined) response[200] = envelopeOf(schemas[call.response]);
  // A file (an image, a CSV) is documented by media type; its bytes are sent as they are, never serialized.
  else if (call.file) response[200] = { description: 'The file', content: { '*/*': { schema: fileBytes } } };
  for (const code of call.errors) response[errorStatus[code]] = errorEnvelope;
  return {
    method: call.method,
    url: call.path,
    schema: {
      tags: [call.moduleId],
      summary: call.summary,
      ...slotsOf(call),
      response,
    },
    ...(call.encrypted ? { preValidation: decryptBody } : {}),
  } as CallRoute<Call>;
}
