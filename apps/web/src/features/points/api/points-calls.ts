/**
 * The points calls (decision 0033), sent by definition with `api.send`. They are the contracts' own
 * entry, not part of the player catalogue the app's entry imports, so they load with the lazy points
 * chunks and never with home. Values come only from this entry: a value import from the contracts'
 * main entry would merge every schema into home's first load.
 */
export { pointsCalls } from '@portal/contracts/calls/points';
