import { readStored, writeStored } from './storage';

/**
 * What the client keeps for the session (spec section 3 "Cached in session: gameVendor, hot games,
 * validate rules, merchantWallet"): the sessionStorage key of each.
 */
export type SessionCacheKey = 'gameVendor' | 'hotGames' | 'validateRules' | 'merchantWallet';

/** Entries above this many characters are not kept: sessionStorage is small and shared by the app. */
const maxEntryChars = 200_000;

/**
 * The cached value of `key` when it was saved for `scope` (what it depends on: language, member),
 * else undefined.
 */
export function readSessionCache<T>(key: SessionCacheKey, scope: string): T | undefined {
  try {
    const entry = JSON.parse(readStored('sessionStorage', key) ?? 'null') as {
      scope?: string;
      value?: T;
    } | null;
    return entry?.scope === scope ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` (plain JSON) under `key` for `scope`; too large a value is dropped, not truncated. */
export function writeSessionCache(key: SessionCacheKey, scope: string, value: unknown): void {
  const text = JSON.stringify({ scope, value });
  writeStored('sessionStorage', key, text.length <= maxEntryChars ? text : null);
}

/**
 * TanStack Query options that start from the session's copy and refetch in the background: the copy
 * counts as stale at once (initialDataUpdatedAt 0), so a mounted query re-reads it and replaces it,
 * and every fresh answer is written back.
 */
export function sessionCachedQuery<T>(
  key: SessionCacheKey,
  scope: string,
  fetchValue: (signal: AbortSignal) => Promise<T>,
) {
  return {
    initialData: () => readSessionCache<T>(key, scope),
    initialDataUpdatedAt: 0,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<T> => {
      const value = await fetchValue(signal);
      writeSessionCache(key, scope, value);
      return value;
    },
  };
}
