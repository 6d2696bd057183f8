import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/router';
import { createI18n, loadErrorTexts } from '../i18n';
import { createApiClient } from '../lib/api';
import { createFakeFetch, type FakeTable } from './fake-server';

interface RenderOptions {
  replies?: FakeTable;
  language?: string;
}

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchInterval: false } } });
}

/** Renders arbitrary UI inside the app's providers, talking to a fake server. */
export async function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const server = createFakeFetch(options.replies);
  const i18n = await createI18n(options.language ?? 'EN');
  // The app loads the error catalogue's texts right after boot; tests start from that state.
  await loadErrorTexts(i18n);
  const queryClient = testQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n} apiClient={createApiClient({ fetch: server.fetch })}>
      {ui}
    </AppProviders>,
  );
  return { ...result, server, i18n, queryClient };
}

/** Renders the whole app (gate, white-label sync, layout, routes) at a path, on a memory router. */
export async function renderApp(path: string, options: RenderOptions = {}) {
  const server = createFakeFetch(options.replies);
  const i18n = await createI18n(options.language ?? 'EN');
  // The app loads the error catalogue's texts right after boot; tests start from that state.
  await loadErrorTexts(i18n);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const result = render(
    <App
      queryClient={testQueryClient()}
      i18n={i18n}
      apiClient={createApiClient({ fetch: server.fetch })}
      router={router}
    />,
  );
  return { ...result, server, i18n, router };
}
