export { ApiError, isApiError, clientErrorCodes } from './api-error';
export {
  createApiClient,
  callTimeoutMs,
  type ApiCall,
  type ApiClientOptions,
  type CallOptions,
} from './client';
export type { CallResponses } from './call-types';
export { ApiClientProvider, useApiClient } from './api-context';
export { errorMessageKey } from './error-message';
