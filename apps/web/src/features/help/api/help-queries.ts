import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';

const helpStaleMs = 10 * 60_000;

/** `/wps/system/helpCenter` for one language, web device. */
export function useHelpCenter(language: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['help', language] as const,
    queryFn: ({ signal }) => api('helpCenter', { query: { lang: language, device: 'WEB' }, signal }),
    staleTime: helpStaleMs,
  });
}
