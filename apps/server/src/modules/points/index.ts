/**
 * The points module's public face (decision 0033): the points job (earning from the ledger by its own
 * cursor, VIP levels), the VIP name member info shows, and the settings and items the demo seed writes.
 */
export { earnPoints, pointsCursor, type EarningOptions } from './earning.service';
export { vipName } from './points.service';
export { createItem, setSettings } from './points-ops.service';
