import type { Dictionary } from './index';

/**
 * Loaders of the feature dictionaries of every language but English (`namespaces/<namespace>/<CODE>.json`,
 * each its own chunk). A lazy chunk of its own: index.ts fetches it with a non-English language's main
 * dictionary, so the entry carries only English's loaders.
 */
export const namespaceLoaders = import.meta.glob<{ default: Dictionary }>([
  './namespaces/*/*.json',
  '!./namespaces/*/EN.json',
]);
