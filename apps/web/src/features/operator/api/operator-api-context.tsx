import { createContext, useContext, type ReactNode } from 'react';
import type { SendCall } from '../../../lib/api';
import { createOperatorApi } from './operator-client';

const OperatorApiContext = createContext<SendCall | null>(null);

/** Provides the console's client (staff token); tests pass one on a fake fetch. */
export function OperatorApiProvider({ api, children }: { api?: SendCall; children: ReactNode }) {
  return <OperatorApiContext.Provider value={api ?? defaultApi()}>{children}</OperatorApiContext.Provider>;
}

let shared: SendCall | null = null;
function defaultApi(): SendCall {
  shared ??= createOperatorApi();
  return shared;
}

/** The console's client of the nearest provider. */
export function useOperatorApi(): SendCall {
  const api = useContext(OperatorApiContext);
  if (!api) throw new Error('useOperatorApi needs an OperatorApiProvider');
  return api;
}
