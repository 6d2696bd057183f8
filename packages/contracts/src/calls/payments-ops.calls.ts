import { defineCalls } from '../call';

// The operator's payment queues live apart from the player's payment calls (payments.calls.ts): the player
// bundle's catalogue reaches that module, and a definition in it would load with home even though only
// the operator console sends it.

/**
 * The operator queues of deposits and withdrawals (/ops/payments/...): every role reads them, finance
 * and admin decide (operator_role_forbidden for the others).
 */
export const opsPaymentCalls = defineCalls({
  opsDeposits: {
    method: 'GET',
    path: '/ops/payments/deposits',
    moduleId: 'ops',
    token: true,
    summary: 'Deposits of this merchant, newest first (filter by status)',
    query: 'depositListQuery',
    response: 'operatorDepositPage',
    errors: [],
  },
  opsDepositApprove: {
    method: 'POST',
    path: '/ops/payments/deposits/:id/approve',
    moduleId: 'ops',
    token: true,
    summary: 'Approve a manual deposit: the amount is credited once',
    params: 'idParams',
    response: 'depositDecision',
    errors: ['operator_role_forbidden', 'deposit_not_found', 'already_decided'],
  },
  opsDepositReject: {
    method: 'POST',
    path: '/ops/payments/deposits/:id/reject',
    moduleId: 'ops',
    token: true,
    summary: 'Reject a manual deposit with a reason',
    params: 'idParams',
    body: 'rejectPayload',
    response: 'depositDecision',
    errors: ['operator_role_forbidden', 'deposit_not_found', 'already_decided'],
  },
  opsDepositProof: {
    method: 'GET',
    path: '/ops/payments/deposits/:id/proof',
    moduleId: 'ops',
    token: true,
    summary: "The deposit's proof image (PNG or JPEG bytes)",
    params: 'idParams',
    file: true,
    errors: [],
  },
  opsWithdrawals: {
    method: 'GET',
    path: '/ops/payments/withdrawals',
    moduleId: 'ops',
    token: true,
    summary: 'Withdrawals of this merchant, newest first (filter by status)',
    query: 'withdrawalListQuery',
    response: 'operatorWithdrawalPage',
    errors: [],
  },
  opsWithdrawalApprove: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/approve',
    moduleId: 'ops',
    token: true,
    summary: 'The payout was made: post the held amount; the receipt window starts',
    params: 'idParams',
    response: 'withdrawalDecision',
    errors: ['operator_role_forbidden', 'withdrawal_not_found', 'already_decided'],
  },
  opsWithdrawalReject: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/reject',
    moduleId: 'ops',
    token: true,
    summary: 'Reject a pending withdrawal with a reason: the held amount goes back to the player',
    params: 'idParams',
    body: 'rejectPayload',
    response: 'withdrawalDecision',
    errors: ['operator_role_forbidden', 'withdrawal_not_found', 'already_decided'],
  },
  opsWithdrawalReturn: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/return',
    moduleId: 'ops',
    token: true,
    summary: 'Return the missing part of a not-received or partially-received withdrawal to the player',
    params: 'idParams',
    response: 'withdrawalDecision',
    errors: ['operator_role_forbidden', 'withdrawal_not_found', 'invalid_confirmation'],
  },
  opsWithdrawalProof: {
    method: 'GET',
    path: '/ops/payments/withdrawals/:id/proof',
    moduleId: 'ops',
    token: true,
    summary: "The claim's proof image (PNG or JPEG bytes)",
    params: 'idParams',
    file: true,
    errors: [],
  },
});
