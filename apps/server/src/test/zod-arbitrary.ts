import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries generated from the contracts' zod 4 schemas (issue 21's schema fuzzing).
 * `zod-fast-check`, the library for this, supports only zod 3 and fast-check 3; the contracts use a small
 * set of zod's types, read here from each schema's definition (`_zod.def`):
 *
 * - `validOf(schema)`: values that satisfy the schema's types, bounds, enums and patterns (a custom
 *   refinement may still refuse one: the server must then answer 400, which the fuzzer accepts);
 * - `hostileOf(schema)`: a valid value with one part broken (a wrong type, a bound crossed, a NUL byte, a
 *   huge string, a deep nesting), or any JSON at all.
 *
 * Sizes are kept small (arrays of at most 4, strings of at most 48 unless the schema asks for more) so a
 * run sends many requests, not a few big ones; `hostileOf` adds the big ones on purpose.
 */

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp | string;
}

interface Definition {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  format?: string;
  pattern?: RegExp | string;
  getter?: () => z.ZodType;
}

function definitionOf(schema: z.ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

function checksOf(definition: Definition): Check[] {
  return (definition.checks ?? []).map((check) => check._zod.def);
}

const maxArray = 4;
const maxString = 48;

function stringArbitrary(definition: Definition): fc.Arbitrary<string> {
  const checks = checksOf(definition);
  let minLength = 0;
  let maxLength = maxString;
  const patterns: RegExp[] = [];
  for (const check of checks) {
    if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum ?? 0);
    if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum ?? maxLength);
    if (check.check === 'length_equals') minLength = maxLength = check.length ?? 0;
    if (check.check === 'string_format' && check.pattern) patterns.push(new RegExp(check.pattern));
  }
  if (maxLength < minLength) maxLength = minLength;
  const format = definition.format;
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'email') return fc.emailAddress();
  if (format === 'datetime') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2040-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (format === 'date') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2040-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (definition.pattern && patterns.length === 0) patterns.push(new RegExp(definition.pattern));
  if (patterns.length > 0) {
    // The first pattern drives the text; a bound it breaks stays broken (the server must then refuse it,
    // which the fuzzer accepts): filtering for the bounds could spin forever on a pattern that never fits.
    try {
      return fc.stringMatching(patterns[0]!, { size: 'small' });
    } catch {
      // fast-check cannot generate every regular expression (a lookahead): plain text, refused or not.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberArbitrary(definition: Definition): fc.Arbitrary<number> {
  let integer = false;
  let min = -1_000_000_000;
  let max = 1_000_000_000;
  for (const check of checksOf(definition)) {
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format?.startsWith('int')))
      integer = true;
    if (check.check === 'greater_than') {
      const bound = Number(check.value);
      min = Math.max(min, check.inclusive ? bound : bound + (integer ? 1 : 1e-6));
    }
    if (check.check === 'less_than') {
      const bound = Number(check.value);
      max = Math.min(max, check.inclusive ? bound : bound - (integer ? 1 : 1e-6));
    }
  }
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** Values of the schema's shape (see the module's comment). */
export function validOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'string':
      return stringArbitrary(definition);
    case 'number':
      return numberArbitrary(definition);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(definition.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(definition.entries ?? { none: '' }));
    case 'array': {
      let minLength = 0;
      let maxLength = maxArray;
      for (const check of checksOf(definition)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        if (check.check === 'max_length') maxLength = Math.min(maxArray, check.maximum ?? maxArray);
      }
      return fc.array(validOf(definition.element!), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'object': {
      const shape = definition.shape ?? {};
      const required = Object.keys(shape).filter((key) => {
        const type = definitionOf(shape[key]!).type;
        return type !== 'optional' && type !== 'default';
      });
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, validOf(field)] as const),
      );
      return fc.record(fields, { requiredKeys: required });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return validOf(definition.innerType!);
    case 'nullable':
      return fc.option(validOf(definition.innerType!), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validOf(definition.innerType!);
    case 'union':
      return fc.oneof(...(definition.options ?? []).map(validOf));
    case 'record':
      return fc.dictionary(
        validOf(definition.keyType!).filter((key): key is string => typeof key === 'string'),
        validOf(definition.valueType!),
        { maxKeys: 3 },
      );
    case 'pipe':
      return validOf(definition.in!);
    case 'lazy':
      return validOf(definition.getter!());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values a careless or hostile client might send in place of one that fits. */
const brokenLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant('\u0000'),
  fc.constant('a\u0000b'),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.constant('9'.repeat(400)),
  fc.constant('x'.repeat(100_000)),
  fc.constant([]),
  fc.constant({}),
  fc.constant(true),
  fc.constant('<script>alert(1)</script>'),
  fc.constant("' or 1=1 --"),
  fc.constant('../../etc/passwd'),
  fc.constant({ __proto__: { polluted: true } }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = { nested: value };
  return value;
}

/** A valid value with one field broken, a value of the wrong shape altogether, or any JSON. */
export function hostileOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  const shape = definition.type === 'object' ? (definition.shape ?? {}) : {};
  const keys = Object.keys(shape);
  const options: Array<fc.Arbitrary<unknown>> = [
    brokenLeaf,
    fc.jsonValue({ maxDepth: 3 }),
    fc.constant(deep(2_000)),
  ];
  if (keys.length > 0) {
    options.push(
      fc
        .tuple(validOf(schema), fc.constantFrom(...keys), brokenLeaf)
        .map(([value, key, broken]) => ({ ...(value as object), [key]: broken })),
      fc
        .tuple(validOf(schema), fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
      validOf(schema).map((value) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[keys[0]!];
        return copy;
      }),
    );
  }
  return fc.oneof(...options);
}
