import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact JSON body text, for routes that verify a signature over it (registerRawJson scopes). */
    rawBody?: string;
  }
}

/**
 * In this (encapsulated) scope, JSON bodies are read as text, kept on `request.rawBody` and then parsed:
 * signed server-to-server calls (vendors, payment callbacks) must verify the exact bytes that were signed.
 */
export function registerRawJson(scope: FastifyInstance, bodyLimitBytes: number): void {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      request.rawBody = String(body);
      try {
        done(null, JSON.parse(request.rawBody));
      } catch {
        done(new AppError('malformed_json', 'The request body is not valid JSON'), undefined);
      }
    },
  );
}
