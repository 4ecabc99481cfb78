import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedResponse } from '../../../shared/calendar-feed';
import { api } from '../../lib/api';

export const calendarFeedKey = ['calendar-feed'] as const;

/** The member's private calendar address (the server makes it on first ask). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: () => api.get<CalendarFeedResponse>('/api/calendar-feed'),
    staleTime: Infinity,
  });
}

/** Replaces the address; the old one stops working at once. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedResponse>('/api/calendar-feed/regenerate'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
