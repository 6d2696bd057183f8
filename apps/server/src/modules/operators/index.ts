/** The operators module's public face (decision 0027): operator accounts and the role guard of /ops calls. */
export { allRoles, moneyRoles, requireOperator } from './operator-guard';
export { createOperator, type AuthenticatedOperator } from './operators.service';
