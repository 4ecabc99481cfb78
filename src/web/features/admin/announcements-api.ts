import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAnnouncement,
  AdminAnnouncementsResponse,
  AnnouncementInput,
  AnnouncementPreview,
  Audience,
  AudienceCount,
  announcementFailures,
  testSendAnswer,
} from '../../../shared/announcements';
import { ApiRequestError, api } from '../../lib/api';

// The Announcements tab and an announcement's page (issue 35): calls and cache keys. The list
// and an announcement being sent are asked again every few seconds, so the progress moves.

export const announcementKeys = {
  all: ['admin', 'announcements'] as const,
  list: (page: number) => ['admin', 'announcements', 'list', page] as const,
  detail: (id: string) => ['admin', 'announcements', 'one', id] as const,
  failures: (id: string) => ['admin', 'announcements', 'one', id, 'failures'] as const,
  preview: (id: string) => ['admin', 'announcements', 'one', id, 'preview'] as const,
  count: (audience: Audience) => ['admin', 'announcements', 'audience-count', audience] as const,
};

/** How often a list or an announcement being sent is asked again; one that is scheduled, to see
 * it start. */
const SENDING_REFRESH_MS = 3000;
const SCHEDULED_REFRESH_MS = 30_000;

const refreshFor = (statuses: AdminAnnouncement['status'][]) =>
  statuses.includes('sending') ? SENDING_REFRESH_MS : statuses.includes('scheduled') ? SCHEDULED_REFRESH_MS : false;

const base = '/api/admin/announcements';
const onePath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The archive shows what was sent: it is stale after any change too. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['news'] }),
  ]);
}

export function useAnnouncements(page: number) {
  return useQuery({
    queryKey: announcementKeys.list(page),
    queryFn: () => api.get<AdminAnnouncementsResponse>(`${base}?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshFor(query.state.data?.announcements.map((a) => a.status) ?? []),
  });
}

const notRetryingNotFound = (count: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status === 404) && count < 2;

export function useAnnouncement(id: string) {
  return useQuery({
    queryKey: announcementKeys.detail(id),
    queryFn: () => api.get<AdminAnnouncement>(onePath(id)),
    retry: notRetryingNotFound,
    // The form is filled from the first answer only: a refetch moves the status and progress.
    refetchInterval: (query) => refreshFor(query.state.data ? [query.state.data.status] : []),
  });
}

/** The recipients whose mail failed (the latest few), asked when there are some. */
export function useAnnouncementFailures(id: string, failed: number) {
  return useQuery({
    queryKey: [...announcementKeys.failures(id), failed],
    queryFn: async () => (await api.get<z.infer<typeof announcementFailures>>(`${onePath(id)}/failures`)).failures,
    enabled: failed > 0,
    placeholderData: keepPreviousData,
  });
}

/** What the mail will look like, made by the server from the saved announcement. */
export function useAnnouncementPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: announcementKeys.preview(id),
    queryFn: () => api.get<AnnouncementPreview>(`${onePath(id)}/preview`),
    enabled,
    // Made again each time it is opened: the draft may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
}

/** How many members an audience reaches, and how many of them turned Community news off.
 * `audience` null: not complete yet, nothing asked. */
export function useAudienceCount(audience: Audience | null) {
  return useQuery({
    queryKey: announcementKeys.count(audience ?? { kind: 'all' }),
    queryFn: () => api.post<AudienceCount>(`${base}/audience-count`, { audience }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => api.post<AdminAnnouncement>(base, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(announcementKeys.detail(saved.id), saved);
      return refreshAfterChange(queryClient);
    },
  });
}

/** Every call that answers the announcement as it now is (save, send, schedule, cancel, retry). */
function useAnnouncementChange<V>(id: string, call: (variables: V) => Promise<AdminAnnouncement>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(announcementKeys.detail(id), saved);
      return refreshAfterChange(queryClient);
    },
  });
}

export const useUpdateAnnouncement = (id: string) =>
  useAnnouncementChange(id, (input: AnnouncementInput) => api.put<AdminAnnouncement>(onePath(id), input));

/** `sendAt` (an ISO time with its offset) schedules it; without, it goes now. */
export const useSendAnnouncement = (id: string) =>
  useAnnouncementChange(id, (sendAt: string | null) =>
    api.post<AdminAnnouncement>(`${onePath(id)}/send`, sendAt ? { sendAt } : {}),
  );

export const useCancelAnnouncement = (id: string) =>
  useAnnouncementChange(id, () => api.post<AdminAnnouncement>(`${onePath(id)}/cancel`));

export const useRetryAnnouncement = (id: string) =>
  useAnnouncementChange(id, () => api.post<AdminAnnouncement>(`${onePath(id)}/retry`));

/** Sends the mail to the signed-in admin; answers where it went. */
export function useSendTest(id: string) {
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof testSendAnswer>>(`${onePath(id)}/test`),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(onePath(id)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: announcementKeys.detail(id) });
      return refreshAfterChange(queryClient);
    },
  });
}

/** An image for the announcement's text: stored as the editor's images are (the forums' bucket),
 * so the server's sanitiser keeps it. Resolves to its public URL. */
export async function uploadAnnouncementImage(file: File): Promise<string> {
  return (await api.upload<{ url: string }>('/api/uploads/forum-images', file)).url;
}
