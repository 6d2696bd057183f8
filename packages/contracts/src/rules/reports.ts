/**
 * The operator reports' period rules (issue 16), plain data for the console (no zod): the longest
 * period one report covers and its presets.
 */

/** The longest period one report covers, in days. */
export const maxReportDays = 92;

/** The period shortcuts of the report pages. */
export const reportPresets = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth'] as const;
export type ReportPreset = (typeof reportPresets)[number];
