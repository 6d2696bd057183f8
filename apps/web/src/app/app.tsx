import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { SystemStatusGate } from '../features/system';
import type { ApiCall } from '../lib/api';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { WhitelabelSync } from './whitelabel-sync';

interface AppProps {
  queryClient: QueryClient;
  i18n: I18n;
  apiClient?: ApiCall;
  /** The router; tests pass a memory router. */
  router?: DataRouter;
}

/** The whole app: providers, the system-status gate, white-label settings, then the router. */
export function App({ queryClient, i18n, apiClient, router }: AppProps) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <AppProviders queryClient={queryClient} i18n={i18n} apiClient={apiClient}>
      <WhitelabelSync>
        <SystemStatusGate>
          <RouterProvider router={appRouter} />
        </SystemStatusGate>
      </WhitelabelSync>
    </AppProviders>
  );
}
