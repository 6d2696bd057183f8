import type { AnnouncementType, BannerGroup } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { contentQueries, contentStaleMs } from './content-reads';

/** Player notices (PL) for the marquee. */
export function useNotices() {
  return useQuery(contentQueries.notices(useApiClient()));
}

/** Banners of one place. */
export function useBanners(groupName: BannerGroup) {
  return useQuery(contentQueries.banners(useApiClient(), groupName));
}

/** Popups for this caller; the key carries the session so logging in asks again (A and F). */
export function usePopups(token: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['content', 'popups', token ?? 'anonymous'] as const,
    queryFn: ({ signal }) => api('announcementPopups', { signal }),
    // Read once per session state: the popup decides what to show from one answer, never mid-view.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** A member acknowledges a popup (execution F popups stay away for good). */
export function usePopupSeen() {
  const api = useApiClient();
  return useMutation({ mutationFn: (id: string) => api('announcementPopupSeen', { body: { id } }) });
}

/** One page (9) of visible announcements, optionally of one type. */
export function useAnnouncementPage(type: AnnouncementType | undefined, pageNo: number, pageSize = 9) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['content', 'announcements', type ?? 'all', pageNo, pageSize] as const,
    queryFn: ({ signal }) =>
      api('announcementList', { query: { ...(type ? { type } : {}), pageNo, pageSize }, signal }),
    staleTime: contentStaleMs,
  });
}

/** One announcement or promotion by id (a #id address may name one beyond the first page). */
export function useAnnouncement(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['content', 'announcement', id] as const,
    queryFn: ({ signal }) => api('announcementDetail', { query: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: contentStaleMs,
  });
}

/** The member's messages, one page. */
export function useMessages(pageNo: number, unreadOnly: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['messages', 'list', pageNo, unreadOnly] as const,
    queryFn: ({ signal }) =>
      api('messageList', {
        query: { pageNo, pageSize: 10, unreadOnly: unreadOnly ? 'true' : 'false' },
        signal,
      }),
  });
}

/** The badge counts (missions, messages, rewards). */
export function useUnreadCount(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['messages', 'unread'] as const,
    queryFn: ({ signal }) => api('messageUnreadCount', { signal }),
    enabled,
    // The side menu and the member centre's tabs both show it: one read serves both for a few seconds.
    staleTime: 5_000,
    refetchInterval: 60_000,
  });
}

/** Marks messages read; the lists, the badges and member info (its unread count) are read again. */
export function useMarkRead() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: { ids: string[] } | { all: true }) => api('messageRead', { body: payload }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['messages'] }),
        client.invalidateQueries({ queryKey: ['member'] }),
      ]);
    },
  });
}
