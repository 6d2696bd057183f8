/**
 * The call catalogue (spec section 7): each call's method, path, module id and whether it carries the
 * session token. Pure data without zod, so the web bundle can import it at no cost; response types
 * come from the schemas with `import type`.
 */
export interface CallDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** Sent as the X-Module-Id header and logged by the server. */
  readonly moduleId: string;
  /** Whether the call carries the session token (spec section 7 token flag). */
  readonly token: boolean;
}

export const calls = {
  systemStatus: { method: 'GET', path: '/wps/system/status', moduleId: 'system', token: false },
  whitelabel: { method: 'GET', path: '/wps/system/whitelabel', moduleId: 'system', token: false },
  permission: { method: 'GET', path: '/wps/system/permission', moduleId: 'system', token: false },
  registerSettings: { method: 'GET', path: '/wps/system/setting/register', moduleId: 'system', token: false },
  domainRoute: { method: 'GET', path: '/wps/system/domainRoute', moduleId: 'system', token: false },
  helpCenter: { method: 'GET', path: '/wps/system/helpCenter', moduleId: 'help', token: false },
} as const satisfies Record<string, CallDefinition>;

export type CallName = keyof typeof calls;

/** Header names shared by server and client. */
export const headers = {
  moduleId: 'x-module-id',
  merchantCode: 'x-merchant-code',
  requestId: 'x-request-id',
} as const;
