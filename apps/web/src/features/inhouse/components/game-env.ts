import type { BgsSessionInfo } from '@portal/contracts';
import { isErrorCode, type ErrorCode } from '@portal/contracts/errors';
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import { errorMessageKey, isApiError, type ApiCall } from '../../../lib/api';

/** What every game component needs: the game client, the session token and the session info. */
export interface GameEnv {
  api: ApiCall;
  token: string;
  info: BgsSessionInfo;
}

export const GameEnvContext = createContext<GameEnv | null>(null);

/** The game environment of the page (the page provides it once the session info has loaded). */
export function useGameEnv(): GameEnv {
  const env = useContext(GameEnvContext);
  if (!env) throw new Error('useGameEnv outside a game page');
  return env;
}

// Codes the games word for a play (inhouse errors.*); other catalogued codes show the catalogue's text.
const knownCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'insufficient_funds',
  'invalid_amount',
  'game_session_invalid',
  'session_expired',
  'round_in_progress',
  'nothing_to_cash_out',
  'wallet_unavailable',
  'idempotency_conflict',
]);

/** The player's text for a failed call (namespace inhouse). */
export function errorText(t: TFunction<'inhouse'>, error: unknown): string {
  if (!isApiError(error) || !isErrorCode(error.code)) return t('errors.generic');
  if (knownCodes.has(error.code)) return t(`errors.${error.code}` as 'errors.generic');
  return t(errorMessageKey(error) as 'errors.generic');
}
