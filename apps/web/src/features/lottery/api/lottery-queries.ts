import type { LotteryBetRequest, LotteryGameCode } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';

/** Query keys of the lottery pages. */
export const lotteryQueryKeys = {
  all: ['lottery'] as const,
  menu: ['lottery', 'menu'] as const,
  opened: (gameCode: LotteryGameCode) => ['lottery', 'opened', gameCode] as const,
  results: (gameCode: LotteryGameCode, page: number) => ['lottery', 'results', gameCode, page] as const,
  myBets: (gameCode: LotteryGameCode, page: number) => ['lottery', 'myBets', gameCode, page] as const,
};

/** Page sizes of the lists (the server caps them at 50). */
export const resultsPageSize = 10;
export const myBetsPageSize = 10;

/** The lotteries, their prize mode and odds. */
export function useLotteryMenu() {
  const api = useApiClient();
  return useQuery({
    queryKey: lotteryQueryKeys.menu,
    queryFn: ({ signal }) => api('lotteryMenu', { signal }),
    staleTime: 30_000,
  });
}

/** The draw taking bets and the last result; re-read every 5 s so a new draw appears on time. */
export function useOpenedNumero(gameCode: LotteryGameCode) {
  const api = useApiClient();
  return useQuery({
    queryKey: lotteryQueryKeys.opened(gameCode),
    queryFn: ({ signal }) => api('lotteryOpenedNumero', { query: { gameCode }, signal }),
    refetchInterval: 5_000,
  });
}

/** Drawn numeros with revealed seeds, newest first. */
export function useLotteryResults(gameCode: LotteryGameCode, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: lotteryQueryKeys.results(gameCode, page),
    queryFn: ({ signal }) =>
      api('lotteryResults', { query: { gameCode, page, pageSize: resultsPageSize }, signal }),
    refetchInterval: 15_000,
  });
}

/** The player's bets on this lottery, newest first; re-read while some wait for their draw. */
export function useMyLotteryBets(gameCode: LotteryGameCode, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: lotteryQueryKeys.myBets(gameCode, page),
    queryFn: ({ signal }) =>
      api('lotteryMyBets', { query: { gameCode, page, pageSize: myBetsPageSize }, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((bet) => bet.status === 'placed' || bet.status === 'pending')
        ? 10_000
        : false,
  });
}

/** Places one bet; afterwards the header balance and the bet list are re-read whatever the outcome. */
export function usePlaceLotteryBet() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LotteryBetRequest) => api('lotteryBet', { body: request }),
    onSettled: async () => {
      await Promise.all([
        refreshBalance(queryClient),
        queryClient.invalidateQueries({ queryKey: ['lottery', 'myBets'] }),
      ]);
    },
  });
}
