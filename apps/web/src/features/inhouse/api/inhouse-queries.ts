import type { BgsPlayResult, BgsSessionInfo, bgsVendorCode } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiClient, type ApiCall } from '../../../lib/api';
import { readSession } from '../../../lib/session';

/** Query keys of the game pages (their own prefix: the portal's balance keys belong to the parent). */
export const inhouseKeys = {
  session: (token: string) => ['inhouse', 'session', token] as const,
  rounds: (token: string, gameCode: string) => ['inhouse', 'rounds', token, gameCode] as const,
  activeMines: (token: string) => ['inhouse', 'mines', token] as const,
};

/** Balance, limits and the fairness state of the game session. */
export function useGameSession(api: ApiCall, token: string) {
  return useQuery({
    queryKey: inhouseKeys.session(token),
    queryFn: ({ signal }) => api('bgsSession', { signal }),
    retry: 1,
  });
}

// The in-house vendor's code; typed by the contract's constant (a type import keeps the chunk small).
const inhouseVendor: typeof bgsVendorCode = 'BGS';

/**
 * The in-house games' names as the catalogue has them (the tiles' names), by game code, for pages
 * without a game session (the verify page): the public game list of the in-house vendor.
 */
export function useInhouseGameNames(fetchImpl?: typeof fetch) {
  const { i18n } = useTranslation();
  const api = useMemo(
    () =>
      createApiClient({
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        session: () => ({ token: null, merchantCode: readSession().merchantCode, userType: null }),
      }),
    [fetchImpl],
  );
  return useQuery({
    queryKey: ['inhouse', 'names', i18n.language],
    queryFn: async ({ signal }) => {
      const page = await api('gameList', {
        query: {
          clientType: 3,
          platform: 'WEB',
          vassalage: inhouseVendor,
          filter: 'ALL',
          pageNo: 1,
          pageSize: 50,
          language: i18n.language,
        },
        signal,
      });
      return Object.fromEntries(page.content.map((game) => [game.gameCode, game.displayName]));
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The player's last rounds of one game (the fairness panel lists them with their verify links). */
export function useRecentRounds(api: ApiCall, token: string, gameCode: string) {
  return useQuery({
    queryKey: inhouseKeys.rounds(token, gameCode),
    queryFn: ({ signal }) =>
      api('bgsRounds', { query: { gameCode: gameCode as 'bgs-slot', pageSize: 10 }, signal }),
  });
}

/**
 * After every play: the new balance goes into the session query at once, the round list and seed
 * nonce are re-read, and the portal around the popup is told to refresh its balance (same origin).
 */
export function usePlayFinished(token: string) {
  const queryClient = useQueryClient();
  return (result: Pick<BgsPlayResult, 'balance'>) => {
    queryClient.setQueryData<BgsSessionInfo>(inhouseKeys.session(token), (current) =>
      current ? { ...current, balance: result.balance } : current,
    );
    void queryClient.invalidateQueries({ queryKey: ['inhouse'] });
    if (window.parent !== window) window.parent.postMessage({ type: 'balance' }, window.location.origin);
  };
}

/** A play call whose success updates the balance and tells the parent page. */
export function usePlay<Input>(token: string, play: (input: Input) => Promise<BgsPlayResult>) {
  const finished = usePlayFinished(token);
  return useMutation({ mutationFn: play, onSuccess: finished });
}
