import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiCall } from './client';

const defaultClient = createApiClient();
const ApiClientContext = createContext<ApiCall>(defaultClient);

/** Provides the API client; tests pass one built on a fake fetch. */
export function ApiClientProvider({ client, children }: { client?: ApiCall; children: ReactNode }) {
  return <ApiClientContext.Provider value={client ?? defaultClient}>{children}</ApiClientContext.Provider>;
}

/** The API client of the nearest provider. */
export function useApiClient(): ApiCall {
  return useContext(ApiClientContext);
}
