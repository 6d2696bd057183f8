import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

/**
 * For routes whose body travels encrypted: swaps the encrypted envelope for its payload before the
 * route's schema validates it, so the schema (and OpenAPI) describe the plaintext.
 */
export const decryptBody: preValidationAsyncHookHandler = async function decryptBody(
  request: FastifyRequest,
) {
  request.body = await request.server.deps.encryption.open(request.body);
};
