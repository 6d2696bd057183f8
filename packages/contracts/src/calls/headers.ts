/** Header names shared by server and client. */
export const headers = {
  moduleId: 'x-module-id',
  merchantCode: 'x-merchant-code',
  requestId: 'x-request-id',
} as const;
