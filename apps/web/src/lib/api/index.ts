export { ApiError, isApiError, clientErrorCodes } from './api-error';
export {
  createApiClient,
  callTimeoutMs,
  type ApiCall,
  type ApiClientOptions,
  type CallOptions,
} from './client';
export type { CallResponses, AffiliateInfo, TotpEnrolment } from './call-types';
export { ApiClientProvider, useApiClient } from './api-context';
export { errorMessageKey, fieldErrorsOf } from './error-message';
export { encryptedCall, type EncryptedPayloads, type EncryptedCallName } from './encrypted-call';
