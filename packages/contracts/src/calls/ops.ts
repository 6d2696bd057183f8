/**
 * The operator console's entry (`@portal/contracts/calls/ops`): the /ops groups it sends, by definition.
 * Apart from the player's catalogue, so none of it loads with the player's first page.
 */
export { opsPaymentCalls } from './payments-ops.calls';
export { opsPointsCalls, opsRewardCalls, opsSessionCalls } from './operators.calls';
