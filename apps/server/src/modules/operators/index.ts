/** The operators module's public face (decision 0027): operator accounts, the role guard of /ops calls and
 * the hook that gives every /ops route its guard and audit. */
export { allRoles, moneyRoles, requireOperator } from './operator-guard';
export { registerOpsRoutes } from './ops-routes';
export { createOperator, type AuthenticatedOperator } from './operators.service';
