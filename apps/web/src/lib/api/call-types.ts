import type {
  CallName,
  DomainRoute,
  HelpCenter,
  Permission,
  RegisterFieldSetting,
  SystemStatus,
  Whitelabel,
} from '@portal/contracts';

/** The unwrapped `value` of each call's reply. Types only: zod never enters the bundle. */
export interface CallResponses {
  systemStatus: SystemStatus;
  whitelabel: Whitelabel;
  permission: Permission;
  registerSettings: RegisterFieldSetting[];
  domainRoute: DomainRoute[];
  helpCenter: HelpCenter;
}

type QueryValue = string | number | boolean | undefined;

/** Query parameters per call; calls not listed take none. */
export interface CallQueries {
  helpCenter: { lang: string; device: 'WEB' };
}

/** Request bodies per call; no call of this issue has one yet. */
export type CallBodies = Record<never, never>;

export type CallQuery<Name extends CallName> = Name extends keyof CallQueries
  ? CallQueries[Name]
  : Record<string, QueryValue> | undefined;
export type CallBody<Name extends CallName> = Name extends keyof CallBodies ? CallBodies[Name] : undefined;

// Compile-time guard: every catalogued call has a response type, and no response type lacks a call.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyCallTyped: Exact<keyof CallResponses, CallName> = true;
void everyCallTyped;
