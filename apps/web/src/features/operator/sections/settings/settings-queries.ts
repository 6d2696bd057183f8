import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrandingSettings,
  CountrySettings,
  LayoutSettings,
  SocialLoginPayload,
  LanguageSettings,
  MerchantCreatePayload,
  ModuleFlags,
  PaymentChannelPayload,
  RegisterSettingsPayload,
  StatusSettings,
  WithdrawalSettings,
} from '@portal/contracts';
import { opsChannelCalls, opsMerchantCalls, opsSettingsCalls } from '@portal/contracts/calls/ops';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey } from '../../api/queue-queries';

const settingsKey = [...operatorQueryKey, 'settings'] as const;
const channelsKey = [...operatorQueryKey, 'channels'] as const;
const merchantsKey = [...operatorQueryKey, 'merchants'] as const;

/** Merchants per page of the platform's list. */
export const merchantsPageSize = 20;

/** The merchant's white-label settings; refreshed on focus and after each write. */
export function useSettings() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api(opsSettingsCalls.opsSettings, { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** One settings area's write and the body it takes. */
export type SettingsChange =
  | { area: 'modules'; body: ModuleFlags }
  | { area: 'languages'; body: LanguageSettings }
  | { area: 'branding'; body: BrandingSettings }
  | { area: 'register'; body: RegisterSettingsPayload }
  | { area: 'countries'; body: CountrySettings }
  | { area: 'layout'; body: LayoutSettings }
  | { area: 'social'; body: SocialLoginPayload }
  | { area: 'status'; body: StatusSettings }
  | { area: 'withdrawals'; body: WithdrawalSettings };

/** Writes one area; the answer (the settings after it) replaces the cached read. */
export function useSettingsChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => {
      switch (change.area) {
        case 'modules':
          return api(opsSettingsCalls.opsSettingsModules, { body: change.body });
        case 'languages':
          return api(opsSettingsCalls.opsSettingsLanguages, { body: change.body });
        case 'branding':
          return api(opsSettingsCalls.opsSettingsBranding, { body: change.body });
        case 'register':
          return api(opsSettingsCalls.opsSettingsRegister, { body: change.body });
        case 'countries':
          return api(opsSettingsCalls.opsSettingsCountries, { body: change.body });
        case 'layout':
          return api(opsSettingsCalls.opsSettingsLayout, { body: change.body });
        case 'social':
          return api(opsSettingsCalls.opsSettingsSocial, { body: change.body });
        case 'status':
          return api(opsSettingsCalls.opsSettingsStatus, { body: change.body });
        case 'withdrawals':
          return api(opsSettingsCalls.opsSettingsWithdrawals, { body: change.body });
      }
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** The merchant's deposit channels in players' order, and the gateways the server runs. */
export function useChannels() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => api(opsChannelCalls.opsPaymentChannels, { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Adds, replaces or orders channels; the list refreshes after each. */
export function useChannelChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { id: number | null; body: PaymentChannelPayload } | { order: number[] },
    ): Promise<unknown> => {
      if ('order' in change)
        return api(opsChannelCalls.opsPaymentChannelOrder, { body: { ids: change.order } });
      return change.id === null
        ? api(opsChannelCalls.opsPaymentChannelCreate, { body: change.body })
        : api(opsChannelCalls.opsPaymentChannelUpdate, {
            params: { id: String(change.id) },
            body: change.body,
          });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}

/** A page of merchants (platform role), searched on the server. */
export function useMerchants(query: { page: number; search: string }) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...merchantsKey, query.search, query.page],
    queryFn: ({ signal }) =>
      api(opsMerchantCalls.opsMerchants, {
        query: {
          page: query.page,
          pageSize: merchantsPageSize,
          ...(query.search ? { search: query.search } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Creates a merchant, or adds or removes one of its domains; the list refreshes after each. */
export function useMerchantChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { create: MerchantCreatePayload }
        | { code: string; addDomain: string; main: boolean }
        | { code: string; removeDomain: string },
    ): Promise<unknown> => {
      if ('create' in change) return api(opsMerchantCalls.opsMerchantCreate, { body: change.create });
      if ('addDomain' in change) {
        return api(opsMerchantCalls.opsMerchantDomainAdd, {
          params: { code: change.code },
          body: { domain: change.addDomain, main: change.main },
        });
      }
      return api(opsMerchantCalls.opsMerchantDomainRemove, {
        params: { code: change.code, domain: change.removeDomain },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantsKey }),
  });
}
