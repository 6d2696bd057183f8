import { defineCalls } from '../call';

/** Operator sessions (/ops, an operator's token): log in, who am I, log out, the authenticator, alerts. */
export const opsSessionCalls = defineCalls({
  operatorLogin: {
    method: 'POST',
    path: '/ops/session',
    moduleId: 'ops',
    token: false,
    summary: 'Operator login (merchant from the host or X-Merchant-Code)',
    body: 'operatorLoginPayload',
    response: 'operatorSession',
    errors: ['too_many_attempts', 'invalid_credentials', 'account_disabled'],
  },
  operatorMe: {
    method: 'GET',
    path: '/ops/session',
    moduleId: 'ops',
    token: true,
    summary: 'The logged-in operator',
    response: 'operatorInfo',
    errors: [],
  },
  operatorLogout: {
    method: 'DELETE',
    path: '/ops/session',
    moduleId: 'ops',
    token: true,
    summary: 'Operator logout',
    response: 'nothing',
    errors: [],
  },
  opsTotpEnrol: {
    method: 'POST',
    path: '/ops/session/totp',
    moduleId: 'ops',
    token: true,
    summary: 'Start authenticator enrolment for the logged-in operator: a new secret and its otpauth URL',
    response: 'totpEnrolment',
    errors: [],
  },
  opsTotpConfirm: {
    method: 'PUT',
    path: '/ops/session/totp',
    moduleId: 'ops',
    token: true,
    summary: 'Finish enrolment with a code from the app; every later login needs a code',
    body: 'totpCode',
    response: 'nothing',
    errors: ['second_factor_invalid'],
  },
  opsSecurityAlerts: {
    method: 'GET',
    path: '/ops/security/alerts',
    moduleId: 'ops',
    token: true,
    summary: 'Attacks seen (failed-login pile-ups, ...), newest first',
    query: 'securityAlertsQuery',
    response: 'securityAlertList',
    errors: ['operator_role_forbidden'],
  },
});

/** The merchant's agent contract policy (decision 0029): which kinds are on, the top rates, deductions. */
export const opsAgentCalls = defineCalls({
  opsContractPolicy: {
    method: 'GET',
    path: '/ops/agents/contract-policy',
    moduleId: 'ops',
    token: true,
    summary:
      "The merchant's contract policy: kinds on, top agents' rates, the dividend's period and deductions",
    response: 'contractPolicy',
    errors: [],
  },
  opsSetContractPolicy: {
    method: 'PUT',
    path: '/ops/agents/contract-policy',
    moduleId: 'ops',
    token: true,
    summary: 'Sets the contract policy; the dividend period changes only while no dividend contract is live',
    body: 'contractPolicy',
    response: 'contractPolicy',
    errors: ['operator_role_forbidden', 'contracts_live'],
  },
});
