/**
 * Storage access that never throws: browsers block Web Storage in some privacy modes, and a blocked
 * store must degrade to "nothing remembered" rather than break the app.
 */
type StoreName = 'localStorage' | 'sessionStorage';

function store(name: StoreName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

/** Reads a key, or null when it is absent or storage is unavailable. */
export function readStored(name: StoreName, key: string): string | null {
  try {
    return store(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key; a null value removes it. Failures (quota, blocked storage) are ignored on purpose. */
export function writeStored(name: StoreName, key: string, value: string | null): void {
  try {
    const target = store(name);
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Remembering a preference is best effort.
  }
}
