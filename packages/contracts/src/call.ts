import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type * as schemas from './schemas';

type Schemas = typeof schemas;

/** The name of a zod schema the contracts export: how a call definition names its schemas. */
export type SchemaName = {
  [Name in keyof Schemas]: Schemas[Name] extends z.ZodType ? Name : never;
}[keyof Schemas];

/** The schema a name stands for (never for no name). */
export type SchemaOf<Name> = Name extends SchemaName ? Schemas[Name] : never;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, declared once (decision 0026): the server registers its route from it, the web
 * client derives its types from it, OpenAPI documents it. Schemas are named, not embedded, so the
 * catalogue is plain data the web bundle imports without zod; the names are checked by TypeScript.
 */
export interface CallDefinition {
  readonly method: HttpMethod;
  /** Fastify syntax: `:name` for a parameter. */
  readonly path: string;
  /** Sent as the X-Module-Id header and logged by the server. */
  readonly moduleId: string;
  /** Whether the caller sends its bearer token (spec section 7 token flag; an operator's on /ops). */
  readonly token: boolean;
  /** One line for the API documentation. */
  readonly summary: string;
  readonly params?: SchemaName;
  readonly query?: SchemaName;
  /** The body; for an encrypted call, the plain payload inside the envelope. */
  readonly body?: SchemaName;
  /** The envelope's `value` on success; absent for a call that answers a file (`file: true`). */
  readonly response?: SchemaName;
  /** Failure codes this call answers besides the common ones (`commonErrors`). */
  readonly errors: readonly ErrorCode[];
  /** The body arrives encrypted to the server's key (decision 0008). */
  readonly encrypted?: boolean;
  /** The body arrives as an HTML form (application/x-www-form-urlencoded). */
  readonly form?: boolean;
  /** The reply is a file (an image), not an envelope. */
  readonly file?: boolean;
}

/** Declares a group of calls; the names are the keys (the web client calls them by name). */
export function defineCalls<const Calls extends Record<string, CallDefinition>>(calls: Calls): Calls {
  return calls;
}

type Input<Name> = Name extends SchemaName ? z.input<SchemaOf<Name>> : undefined;
type Output<Name> = Name extends SchemaName ? z.output<SchemaOf<Name>> : undefined;

/** What a caller sends and gets for a call definition (types only). */
export type ParamsOf<Call extends CallDefinition> = Input<Call['params']>;
export type QueryOf<Call extends CallDefinition> = Input<Call['query']>;
export type BodyOf<Call extends CallDefinition> = Input<Call['body']>;
export type ResponseOf<Call extends CallDefinition> = Call['file'] extends true
  ? Blob
  : Output<Call['response']>;

type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (
  whole: infer Whole,
) => void
  ? Whole
  : never;

/**
 * The calls of several groups in one catalogue. A function (called with a pure annotation) rather than
 * a spread, so a bundle that never reads the catalogue leaves it and its groups out.
 */
export function mergeCalls<const Groups extends readonly Record<string, CallDefinition>[]>(
  ...groups: Groups
): Intersection<Groups[number]> {
  return Object.assign({}, ...groups) as Intersection<Groups[number]>;
}
