import type { RegisterFieldSetting } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';

/** The password rule of the merchant's register settings (spec section 5: change password follows it). */
export function usePasswordRule(): RegisterFieldSetting | null {
  const api = useApiClient();
  const settings = useQuery({
    queryKey: ['system', 'registerSettings'],
    queryFn: ({ signal }) => api('registerSettings', { signal }),
    staleTime: 5 * 60_000,
  });
  return settings.data?.find((setting) => setting.field === 'password') ?? null;
}

/** A lenient rule while the settings load: the server checks again anyway. */
export const fallbackPasswordRule: RegisterFieldSetting = {
  field: 'password',
  shown: true,
  required: true,
  acceptedPattern: '*',
  minLength: 6,
  maxLength: 128,
  patternId: 0,
};
