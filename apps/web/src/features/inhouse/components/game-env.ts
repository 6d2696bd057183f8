import type { BgsSessionInfo } from '@portal/contracts';
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import { isApiError, type ApiCall } from '../../../lib/api';

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

const knownCodes = new Set([
  'insufficient_funds',
  'bet_out_of_range',
  'invalid_bet_step',
  'invalid_amount',
  'game_session_invalid',
  'session_expired',
  'round_in_progress',
  'round_not_open',
  'tile_already_revealed',
  'nothing_to_cash_out',
  'wallet_unavailable',
  'idempotency_conflict',
]);

/** The player's text for a failed call (namespace inhouse). */
export function errorText(t: TFunction<'inhouse'>, error: unknown): string {
  if (isApiError(error) && knownCodes.has(error.code)) return t(`errors.${error.code}` as 'errors.generic');
  return t('errors.generic');
}
