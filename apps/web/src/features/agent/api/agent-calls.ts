/**
 * The agent centre's call definitions (decision 0028), sent by definition with `api.send`. They are the
 * contracts' own entry, not part of the player catalogue module the app's entry imports, so they load
 * with these lazy pages and never with home.
 */
export { agentCalls } from '@portal/contracts/calls/agents';
