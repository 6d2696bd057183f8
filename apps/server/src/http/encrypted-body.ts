import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

/**
 * For routes whose body travels encrypted: swaps the encrypted envelope for its payload before the
 * route's schema validates it, so the schema describes the plaintext. The OpenAPI transform recognises
 * this hook and documents the envelope as the body, the plaintext beside it (openapi-transform.ts).
 */
export const decryptBody: preValidationAsyncHookHandler = async function decryptBody(
  request: FastifyRequest,
) {
  request.body = await request.server.deps.encryption.open(request.body);
};
