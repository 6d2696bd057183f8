export { ApiError, isApiError, clientErrorCodes } from './api-error';
export {
  createApiClient,
  callTimeoutMs,
  type ApiCall,
  type ApiClientOptions,
  type CallOptions,
  type CallResponse,
  type CallPayload,
  type SendCall,
  type SendOptions,
} from './client';
export { ApiClientProvider, useApiClient } from './api-context';
export { errorCodeKey, errorMessageKey, fieldErrorsOf, type MessageKey } from './error-message';
export { encryptedCall, encryptedSend, type EncryptedCallName } from './encrypted-call';
