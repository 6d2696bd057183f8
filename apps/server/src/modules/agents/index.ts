/**
 * The agents module's public face (decision 0028): the rollup of ledger movements into the agent
 * centre's daily figures (run by the agent-rollups job) and its status.
 */
export { rollUpLedger, rollupStatus, type RollupOptions } from './rollup.service';
