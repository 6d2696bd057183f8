import type { RegisterFieldSetting } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { sessionCachedQuery } from '../../../lib/session-cache';
import { useSession } from '../../../lib/use-session';

/**
 * The merchant's register settings (the validate rules), kept for the session (spec section 3) and
 * re-read in the background when a form opens.
 */
export function useRegisterSettings() {
  const api = useApiClient();
  const merchant = useSession().merchantCode ?? '';
  return useQuery({
    queryKey: ['system', 'registerSettings'],
    staleTime: 5 * 60_000,
    ...sessionCachedQuery('validateRules', merchant, (signal) => api('registerSettings', { signal })),
  });
}

/** The password rule of the merchant's register settings (spec section 5: change password follows it). */
export function usePasswordRule(): RegisterFieldSetting | null {
  const settings = useRegisterSettings();
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
