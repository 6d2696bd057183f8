import type { GameFilter } from '@portal/contracts';

/** The five filters of spec section 9, in the order the tabs show them. */
export const gameFilters: readonly GameFilter[] = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'];

/** Filters that read the member's own data and need a session. */
export function filterNeedsSession(filter: GameFilter): boolean {
  return filter === 'FAV' || filter === 'RECENT';
}

/** The filter named in the address, ALL when absent or unknown. */
export function parseFilter(value: string | null): GameFilter {
  return gameFilters.find((filter) => filter === value) ?? 'ALL';
}

/** A search term as the server accepts it: trimmed, 1-50 characters, else none. */
export function normaliseSearch(value: string | null): string | undefined {
  const trimmed = (value ?? '').trim().slice(0, 50);
  return trimmed.length > 0 ? trimmed : undefined;
}

/** A vendor code as the server accepts it (A-Z, 0-9, _; 2-32), else none. */
export function parseVassalage(value: string | null): string | undefined {
  return value !== null && /^[A-Z0-9_]{2,32}$/.test(value) ? value : undefined;
}
