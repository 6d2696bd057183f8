import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A change to the page address: a value sets a parameter, null or '' removes it. */
export type SearchPatch = Record<string, string | number | null | undefined>;

/**
 * The agent pages keep their filters, sort, page number and drill-down in the address (beside `page`,
 * the menu entry), so Back and Forward move through them and a copied address opens the same view.
 * `pageNo` is the list's page number (`page` names the menu entry).
 */
export function usePageSearch() {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (patch: SearchPatch, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => new URLSearchParams(searchWith(current, patch)),
        // The list stays where the reader is (NavigationEffects scrolls to the top otherwise).
        { replace: options.replace ?? false, state: { keepScroll: true } },
      );
    },
    [setSearch],
  );
  return { search, update };
}

/** A positive whole number from the address, or the fallback. */
export function positiveInt(value: string | null, fallback: number, max = 2_147_483_647): number {
  if (value === null || !/^\d{1,10}$/.test(value)) return fallback;
  const parsed = Number(value);
  return parsed >= 1 && parsed <= max ? parsed : fallback;
}

/** An optional positive whole number from the address (undefined when absent or malformed). */
export function optionalInt(value: string | null, max = 2_147_483_647): number | undefined {
  const parsed = positiveInt(value, 0, max);
  return parsed === 0 ? undefined : parsed;
}

/** The address search of `search` with `patch` applied (for links that keep the rest of the view). */
export function searchWith(search: URLSearchParams, patch: SearchPatch): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return `?${next.toString()}`;
}
