import { vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import type { PageBoot } from '../app/route-page';
import { createApiClient } from '../lib/api';
import { createFakeFetch, type FakeTable } from './fake-server';

/**
 * What the boot hands a first page's prefetch (app/route-page PageBoot), over the fake server: a fresh
 * query client, the API client, a recorded loadNamespaces, and the requests the prefetch sent.
 */
export function fakeBoot(replies: FakeTable = {}) {
  const server = createFakeFetch(replies);
  const boot: PageBoot = {
    queryClient: createQueryClient(),
    api: createApiClient({ fetch: server.fetch }),
    loadNamespaces: vi.fn(() => Promise.resolve()),
  };
  return {
    ...boot,
    boot,
    requests: server.requests,
    /** The API paths asked for, in order. */
    paths: () => server.requests.map((request) => request.url.pathname),
  };
}

/** Records the pictures a prefetch decodes (first-banner.ts) instead of loading them. */
export function stubImageDecoding(outcome: 'decoded' | 'broken'): string[] {
  const sources: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      set src(value: string) {
        sources.push(value);
      }
      decode() {
        return outcome === 'decoded' ? Promise.resolve() : Promise.reject(new Error('broken picture'));
      }
    },
  );
  return sources;
}
