import type { AgentPeriodPreset, AgentPeriodQuery } from '@portal/contracts';
import { periodPresets } from './contract-lists';

/** The longest period one report covers (contracts: maxAgentPeriodDays). */
export const maxPeriodDays = 92;

/** A report period: a preset of the contracts, or explicit days (yyyy-MM-dd, both inclusive). */
export type AgentPeriod = { preset: AgentPeriodPreset } | { preset: 'custom'; from: string; to: string };

export const defaultPeriod: AgentPeriod = { preset: 'last7' };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar day as yyyy-MM-dd. */
export function isCalendarDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when `to` is before `from`). */
export function daysCovered(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** What is wrong with explicit days, or null when the server would take them. */
export function customPeriodProblem(from: string, to: string): 'missing' | 'order' | 'tooLong' | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'missing';
  const days = daysCovered(from, to);
  if (days < 1) return 'order';
  if (days > maxPeriodDays) return 'tooLong';
  return null;
}

/** The query parameters of a period (a preset wins on the server, so custom sends only the days). */
export function periodQuery(period: AgentPeriod): AgentPeriodQuery {
  return period.preset === 'custom' ? { from: period.from, to: period.to } : { preset: period.preset };
}

function isPreset(value: string | null): value is AgentPeriodPreset {
  return periodPresets.some((preset) => preset === value);
}

/** The period in the page address (`preset`, or `from` and `to`), else the default. */
export function periodFromSearch(
  search: URLSearchParams,
  fallback: AgentPeriod = defaultPeriod,
): AgentPeriod {
  const preset = search.get('preset');
  if (isPreset(preset)) return { preset };
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (customPeriodProblem(from, to) === null) return { preset: 'custom', from, to };
  return fallback;
}

/** The address parameters of a period (the others cleared). */
export function periodSearch(period: AgentPeriod): Record<'preset' | 'from' | 'to', string | null> {
  return period.preset === 'custom'
    ? { preset: null, from: period.from, to: period.to }
    : { preset: period.preset, from: null, to: null };
}
