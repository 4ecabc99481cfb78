import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendeesResponse,
  EventDetailResponse,
  EventStatus,
  EventsListResponse,
  GuestsInput,
  RegistrationInput,
  RegistrationResponse,
} from '../../../shared/events';
import type { SeriesRegistrationResponse, SeriesResponse } from '../../../shared/series';
import { api } from '../../lib/api';
import { meQueryKey, useMe } from '../../lib/session';

export type EventsFilter = { q: string; status: EventStatus | ''; category: string; page: number };

export const eventsKeys = {
  all: ['events'] as const,
  list: (filter: EventsFilter) => ['events', 'list', filter] as const,
  /** Keyed by viewer too: the answer carries the viewer's own registration. */
  detail: (id: string, viewerId: string | null) => ['events', 'detail', id, viewerId] as const,
  attendees: (id: string) => ['events', 'attendees', id] as const,
  /** Under 'events': a registration change anywhere refreshes the series page's counts too. */
  series: (id: string, viewerId: string | null) => ['events', 'series', id, viewerId] as const,
};

/** Everyone registered ("View All"); fetched only when the list is opened. */
export function useEventAttendees(id: string) {
  return useQuery({
    queryKey: eventsKeys.attendees(id),
    queryFn: () => api.get<AttendeesResponse>(`/api/events/${encodeURIComponent(id)}/attendees`),
  });
}

export function useEventsList(filter: EventsFilter) {
  return useQuery({
    queryKey: eventsKeys.list(filter),
    queryFn: () => {
      const params = new URLSearchParams();
      if (filter.q) params.set('q', filter.q);
      if (filter.status) params.set('status', filter.status);
      if (filter.category) params.set('category', filter.category);
      if (filter.page > 1) params.set('page', String(filter.page));
      const query = params.toString();
      return api.get<EventsListResponse>(`/api/events${query ? `?${query}` : ''}`);
    },
    // Keep the last page on screen while the next one loads: no flash of skeletons on paging.
    placeholderData: keepPreviousData,
  });
}

export function useEventDetail(id: string) {
  const { me, isPending: mePending } = useMe();
  return useQuery({
    queryKey: eventsKeys.detail(id, me?.id ?? null),
    queryFn: () => api.get<EventDetailResponse>(`/api/events/${encodeURIComponent(id)}`),
    // Wait to know who is asking, so a member never sees the visitor's answer first.
    enabled: !mePending,
  });
}

/** After any registration change: the event (counts, attendees), lists, landing, and the nav. */
function useRefreshAfterRegistration() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['landing'] }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

const registrationPath = (id: string) => `/api/events/${encodeURIComponent(id)}/registration`;

/**
 * `onRegistered` runs before the refresh, while the page still shows the button that was
 * pressed: a dialog it opens takes focus from that button, where after the refresh the button
 * is gone and focus would fall to the page body.
 */
export function useRegister(
  id: string,
  onRegistered?: (result: RegistrationResponse, input: RegistrationInput) => void | Promise<void>,
) {
  const refresh = useRefreshAfterRegistration();
  return useMutation({
    mutationFn: (input: RegistrationInput) => api.put<RegistrationResponse>(registrationPath(id), input),
    onSuccess: onRegistered,
    onSettled: refresh,
  });
}

export function useUnregister(id: string) {
  const refresh = useRefreshAfterRegistration();
  return useMutation({
    mutationFn: () => api.delete<RegistrationResponse>(registrationPath(id)),
    onSettled: refresh,
  });
}

export function useSaveGuests(id: string | undefined) {
  const refresh = useRefreshAfterRegistration();
  return useMutation({
    mutationFn: (input: GuestsInput) =>
      api.put<RegistrationResponse>(`/api/events/${encodeURIComponent(id ?? '')}/guests`, input),
    onSettled: refresh,
  });
}

export const calendarPath = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;

// ---------- event series (issue 33) ----------

const seriesPath = (id: string) => `/api/series/${encodeURIComponent(id)}`;

/** The series' calendar feed ("Subscribe"): every date as its own event. */
export const seriesCalendarPath = (id: string) => `${seriesPath(id)}/calendar.ics`;

/** The series page: its schedule, dates to come and past ones, and whether the member joined. */
export function useSeries(id: string) {
  const { me, isPending: mePending } = useMe();
  return useQuery({
    queryKey: eventsKeys.series(id, me?.id ?? null),
    queryFn: () => api.get<SeriesResponse>(seriesPath(id)),
    enabled: !mePending && id !== '',
  });
}

/** "Register for every date" (join) or "Leave the series". */
export function useSeriesRegistration(id: string) {
  const refresh = useRefreshAfterRegistration();
  return useMutation({
    mutationFn: (join: boolean) =>
      join
        ? api.put<SeriesRegistrationResponse>(`${seriesPath(id)}/registration`)
        : api.delete<SeriesRegistrationResponse>(`${seriesPath(id)}/registration`),
    onSettled: refresh,
  });
}
