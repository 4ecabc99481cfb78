import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CommunityInsights, EventInsights, InsightsPeriod } from '../../../shared/insights';
import { api } from '../../lib/api';

export function useCommunityInsights(period: InsightsPeriod) {
  return useQuery({
    queryKey: ['admin-insights', period],
    queryFn: () => api.get<CommunityInsights>(`/api/admin/insights?period=${period}`),
    // The last period's figures stay while the next ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useEventInsights(eventId: string) {
  return useQuery({
    queryKey: ['admin-event-insights', eventId],
    queryFn: () => api.get<EventInsights>(`/api/admin/events/${encodeURIComponent(eventId)}/insights`),
  });
}
