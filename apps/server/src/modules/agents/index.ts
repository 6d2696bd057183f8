/**
 * The agents module's public face (decisions 0028 and 0029): the rollup of ledger movements into the agent
 * centre's figures (run by the agent-rollups job) and its status, and the settlement of salaries and
 * dividends (run by the agent-contracts job).
 */
export { rollUpLedger, rollupStatus, type RollupOptions } from './rollup.service';
export { settleDue, type SettleOptions } from './settlement.service';
export { contractsOf, moveAccount, teamPlacement, type MoveResult } from './placement.service';
