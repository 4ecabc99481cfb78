import { useQuery } from '@tanstack/react-query';
import type { MyEventsResponse } from '../../../shared/events';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';

/** Under 'events' so every registration change (which refreshes 'events') refreshes it too. */
export const myEventsKey = (viewerId: string | null) => ['events', 'mine', viewerId] as const;

/** The member's registrations, to come and over, with whether they came (GET /api/me/events). */
export function useMyEvents() {
  const { me } = useMe();
  return useQuery({
    queryKey: myEventsKey(me?.id ?? null),
    queryFn: () => api.get<MyEventsResponse>('/api/me/events'),
    enabled: Boolean(me),
  });
}
