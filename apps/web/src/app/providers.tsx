import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiClientProvider, type ApiCall } from '../lib/api';

interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  /** The API client; defaults to one on the browser's fetch. */
  apiClient?: ApiCall;
  children: ReactNode;
}

/** Data, translation and API context for the whole app; tests build the same stack. */
export function AppProviders({ queryClient, i18n, apiClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
