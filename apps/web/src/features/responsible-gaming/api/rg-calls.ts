/**
 * The responsible-gaming calls (issue 17), sent by definition with `api.send`: the contracts' own entry,
 * so they load with the lazy page and reality-check chunks, never with home.
 */
export { rgCalls } from '@portal/contracts/calls/rg';
