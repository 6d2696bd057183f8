import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { withoutControlCharacters } from '@portal/contracts';

/**
 * Every route's input (body, query, params, headers) is validated by its contract schema behind the
 * contracts' shared control-character refinement: a NUL byte or an ESC sequence in any string of any
 * call, this one or one added later, is a 400 `validation_failed` naming the field, never a 500 from the
 * database or a line rewritten on an operator's terminal (docs/security.md).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: withoutControlCharacters(route.schema) });
