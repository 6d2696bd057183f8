/**
 * The operator reports' public face (issue 16): the merchant-level rollup of the ledger (run by the
 * operator-reports job) and the report routes.
 */
export { rollUpMerchantFigures, type ReportRollupOptions } from './report-rollup.service';
export { reportRoutes } from './reports.routes';
