import { useQuery } from '@tanstack/react-query';
import type { DoorDutiesResponse } from '../../shared/check-in';
import { api } from './api';
import { useMe } from './session';

// The events whose door screen the signed-in member may open (door staff; admins: every event).
// Shared by the event page's "Check-in" link and the dashboard's "Door duty" list; kept apart
// from the door screen itself so neither page loads its code. Type-only import: no zod here.

// Not under ['check-ins']: that kind is announced on every admission anywhere, and this list
// does not change with admissions.
export const doorDutiesKey = ['door-duties'] as const;

export function useDoorDuties() {
  const { me } = useMe();
  return useQuery({
    queryKey: [...doorDutiesKey, me?.id ?? null],
    queryFn: () => api.get<DoorDutiesResponse>('/api/door-duties'),
    enabled: Boolean(me),
    staleTime: 60_000,
  });
}

/** Whether the viewer may open this event's door screen (false while unknown). */
export function useIsDoorStaff(eventId: string): boolean {
  const duties = useDoorDuties();
  return duties.data?.events.some((event) => event.id === eventId) ?? false;
}
