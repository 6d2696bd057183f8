import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffQuery, StaffSecurityPayload } from '@portal/contracts';
import { opsStaffCalls } from '@portal/contracts/calls/ops';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey } from '../../api/queue-queries';

/** The staff section's reads live under this key: every change refreshes them. */
const staffKey = [...operatorQueryKey, 'staff'] as const;

/** One page of the merchant's staff, filtered and sorted by the server. */
export function useStaffPage(query: StaffQuery) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...staffKey, 'list', query],
    queryFn: ({ signal }) => api(opsStaffCalls.opsStaff, { query, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** The owner's changes to one account (or a new one); each refreshes the list. */
export type StaffChange =
  | { kind: 'create'; username: string; password: string; role: StaffMember['role'] }
  | { kind: 'role'; id: number; role: StaffMember['role'] }
  | { kind: 'disabled'; id: number; disabled: boolean }
  | { kind: 'password'; id: number; password: string }
  | { kind: 'totp'; id: number };

export function useStaffChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange): Promise<StaffMember> => {
      switch (change.kind) {
        case 'create':
          return api(opsStaffCalls.opsStaffCreate, {
            body: { username: change.username, password: change.password, role: change.role },
          });
        case 'role':
          return api(opsStaffCalls.opsStaffUpdate, {
            params: { id: change.id },
            body: { role: change.role },
          });
        case 'disabled':
          return api(opsStaffCalls.opsStaffUpdate, {
            params: { id: change.id },
            body: { disabled: change.disabled },
          });
        case 'password':
          return api(opsStaffCalls.opsStaffPasswordReset, {
            params: { id: change.id },
            body: { password: change.password },
          });
        case 'totp':
          return api(opsStaffCalls.opsStaffTotpReset, { params: { id: change.id } });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** The merchant's staff allow-list and session limits. */
export function useStaffSecurity() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...staffKey, 'security'],
    queryFn: ({ signal }) => api(opsStaffCalls.opsStaffSecurity, { signal }),
  });
}

export function useSaveStaffSecurity() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSecurityPayload) => api(opsStaffCalls.opsStaffSecuritySet, { body }),
    onSuccess: (saved) => queryClient.setQueryData([...staffKey, 'security'], saved),
  });
}
