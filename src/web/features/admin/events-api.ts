import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminEventResponse,
  AdminEventsResponse,
  EmailAttendeesInput,
  EmailAudience,
  EventDraftResponse,
  EventImageFolder,
  EventRemindersResponse,
  EventInputDraft,
  DeleteEventResponse,
  EmailAttendeesResponse,
  GalleryResponse,
  ImageUrlResponse,
  RecipientCountResponse,
} from '../../../shared/event-admin';
import type {
  AdminSeriesResponse,
  CreateSeriesResponse,
  SeriesEditResponse,
  SeriesInputDraft,
  cancelDateResponse,
  endSeriesResponse,
  seriesEditInput,
} from '../../../shared/series';
import type { z } from 'zod';
import type { SponsorsResponse } from '../../../shared/sponsors';
import type { DoorResponse, DoorStaffResponse } from '../../../shared/check-in';
import type { AdminUsersResponse } from '../../../shared/users';
import { ApiRequestError, api } from '../../lib/api';

// The Events tab and the event form: calls and cache keys (spec 2 section 7, "events").

export const eventAdminKeys = {
  list: ['admin', 'events'] as const,
  detail: (id: string) => ['admin', 'events', id] as const,
  draft: (from: string | null) => ['admin', 'events', 'draft', from] as const,
  recipients: (id: string, audience: EmailAudience) => ['admin', 'events', id, 'recipients', audience] as const,
  reminders: (id: string) => ['admin', 'events', id, 'reminders'] as const,
  doorStaff: (id: string) => ['admin', 'events', id, 'door-staff'] as const,
  /** Under 'check-ins': the live notice of that kind (an admission, an undo) refetches it. */
  doorCounts: (id: string) => ['check-ins', id, 'admin-counts'] as const,
  memberSearch: (q: string) => ['admin', 'events', 'member-search', q] as const,
  series: (id: string) => ['admin', 'series', id] as const,
  /** Shared with the Sponsors tab: the same list. */
  sponsors: ['admin', 'sponsors'] as const,
};

const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

/** An event shows on the public lists, its page and the landing page: all are stale after a change. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventAdminKeys.list }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
    queryClient.invalidateQueries({ queryKey: ['landing'] }),
  ]);
}

export function useAdminEvents() {
  return useQuery({ queryKey: eventAdminKeys.list, queryFn: () => api.get<AdminEventsResponse>('/api/admin/events') });
}

const notRetryingNotFound = (count: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status === 404) && count < 2;

export function useAdminEvent(id: string) {
  return useQuery({
    queryKey: eventAdminKeys.detail(id),
    queryFn: () => api.get<AdminEventResponse>(eventPath(id)),
    enabled: id !== '',
    retry: notRetryingNotFound,
    // The form is filled once; a background refetch must not overwrite what the admin typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** How the reminder e-mails for the event's saved start went, per configured offset. */
export function useEventReminders(id: string) {
  return useQuery({
    queryKey: eventAdminKeys.reminders(id),
    queryFn: () => api.get<EventRemindersResponse>(`${eventPath(id)}/reminders`),
    retry: notRetryingNotFound,
  });
}

/** A new event's form values: empty, or a copy of `from` (Duplicate). */
export function useEventDraft(from: string | null) {
  return useQuery({
    queryKey: eventAdminKeys.draft(from),
    queryFn: () =>
      api.get<EventDraftResponse>(`/api/admin/events/draft${from ? `?from=${encodeURIComponent(from)}` : ''}`),
    retry: notRetryingNotFound,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSponsorOptions() {
  return useQuery({
    queryKey: eventAdminKeys.sponsors,
    queryFn: async () => (await api.get<SponsorsResponse>('/api/sponsors')).sponsors,
  });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInputDraft) => api.post<AdminEventResponse>('/api/admin/events', input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInputDraft) => api.put<AdminEventResponse>(eventPath(id), input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(eventAdminKeys.detail(id), saved);
      await refreshAfterChange(queryClient);
    },
  });
}

// ---------- event series (issue 33) ----------

const seriesPath = (id: string) => `/api/admin/series/${encodeURIComponent(id)}`;

/** The series a date belongs to: its rule, for the form's Repeats part. */
export function useAdminSeries(id: string | null) {
  return useQuery({
    queryKey: eventAdminKeys.series(id ?? ''),
    queryFn: () => api.get<AdminSeriesResponse>(seriesPath(id ?? '')),
    enabled: id !== null,
    retry: notRetryingNotFound,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeriesInputDraft) => api.post<CreateSeriesResponse>('/api/admin/series', input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** "This and following dates" or "All future dates" of the date `id`. */
export function useEditSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof seriesEditInput>) =>
      api.put<SeriesEditResponse>(`${eventPath(id)}/series`, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'series'] });
      await queryClient.invalidateQueries({ queryKey: eventAdminKeys.detail(id) });
      await refreshAfterChange(queryClient);
    },
  });
}

/** Cancels one date: it stays, shown as cancelled; its registrants get the cancellation mail. */
export function useCancelDate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof cancelDateResponse>>(`${eventPath(id)}/cancel`),
    // Not awaited: the confirm closes (and hands focus on) before the refreshed form drops its button.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventAdminKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'series'] });
      void refreshAfterChange(queryClient);
    },
  });
}

export function useEndSeries(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof endSeriesResponse>>(`${seriesPath(seriesId)}/end`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      await refreshAfterChange(queryClient);
    },
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeleteEventResponse>(eventPath(id)),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Stores an image for the form (main image, panelists, recap, content) and returns its URL. */
export async function uploadEventImage(file: File, folder: Exclude<EventImageFolder, 'gallery'>): Promise<string> {
  return (await api.upload<ImageUrlResponse>(`/api/admin/event-images?folder=${folder}`, [file])).url;
}

/** Removes an image the form uploaded. One an event still uses is kept by the server (409) and
 * goes when the event is saved without it; either way the form drops it. */
export async function removeEventImage(url: string): Promise<void> {
  try {
    await api.delete(`/api/admin/event-images?url=${encodeURIComponent(url)}`);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) return;
    throw error;
  }
}

export async function uploadGallery(eventId: string, files: File[]): Promise<string[]> {
  return (await api.upload<GalleryResponse>(`${eventPath(eventId)}/gallery`, files)).galleryUrls;
}

export async function removeGalleryImage(eventId: string, url: string): Promise<string[]> {
  return (await api.delete<GalleryResponse>(`${eventPath(eventId)}/gallery?url=${encodeURIComponent(url)}`))
    .galleryUrls;
}

/** Downloads the attendee CSV under the server's file name. */
export async function downloadAttendees(eventId: string): Promise<string> {
  const response = await fetch(`${eventPath(eventId)}/attendees.csv`, { credentials: 'same-origin' });
  if (!response.ok) {
    // The server's refusal when it gave one (a recent sign-in needed), so the caller can act on it.
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(response.status, body?.error?.code ?? 'EXPORT_FAILED', body?.error?.message ?? '');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'attendees.csv';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export function useRecipientCount(eventId: string, audience: EmailAudience, enabled: boolean) {
  return useQuery({
    queryKey: eventAdminKeys.recipients(eventId, audience),
    queryFn: async () =>
      (
        await api.get<RecipientCountResponse>(
          `${eventPath(eventId)}/email-recipients?audience=${encodeURIComponent(audience)}`,
        )
      ).count,
    enabled,
  });
}

export function useEmailAttendees(eventId: string) {
  return useMutation({
    mutationFn: (input: EmailAttendeesInput) => api.post<EmailAttendeesResponse>(`${eventPath(eventId)}/email`, input),
  });
}

/** The members who may open the event's door screen. */
export function useDoorStaff(eventId: string) {
  return useQuery({
    queryKey: eventAdminKeys.doorStaff(eventId),
    queryFn: async () => (await api.get<DoorStaffResponse>(`${eventPath(eventId)}/door-staff`)).staff,
    enabled: eventId !== '',
    retry: notRetryingNotFound,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Replaces the event's door staff; the form calls it after saving the event itself. */
export async function saveDoorStaff(queryClient: QueryClient, eventId: string, userIds: string[]) {
  const { staff } = await api.put<DoorStaffResponse>(`${eventPath(eventId)}/door-staff`, { userIds });
  queryClient.setQueryData(eventAdminKeys.doorStaff(eventId), staff);
  return staff;
}

/** Members by username or name, for picking door staff (the Users tab's search, first page). */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: eventAdminKeys.memberSearch(q),
    queryFn: async () =>
      (await api.get<AdminUsersResponse>(`/api/admin/users?${new URLSearchParams({ q, page: '1' })}`)).users,
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/** Registration changes have no live notice: the counts also refresh this often (and on focus). */
const COUNTS_REFRESH_MS = 30_000;

/** The door's counts for the event (registered, checked in, …), live. */
export function useDoorCounts(eventId: string) {
  return useQuery({
    queryKey: eventAdminKeys.doorCounts(eventId),
    queryFn: async () => {
      const door = await api.get<DoorResponse>(`/api/events/${encodeURIComponent(eventId)}/door`);
      return { counts: door.counts, endTime: door.event.endTime };
    },
    retry: notRetryingNotFound,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}
