import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionResponse } from '../../../shared/connections';
import type { PeopleToMeetResponse, PersonToMeet } from '../../../shared/people-to-meet';
import { ApiRequestError, api } from '../../lib/api';
import { meQueryKey, useMe } from '../../lib/session';

/**
 * Under 'connections': a live connection notice (lib/realtime.ts: someone accepted, a request
 * arrived) refetches the list, as it does the profiles' buttons. Keyed by viewer too.
 */
export const peopleToMeetKey = (eventId: string, viewerId: string | null) =>
  ['connections', 'people-to-meet', eventId, viewerId] as const;

export const peopleToMeetPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/people-to-meet`;

/** The compose form with the recipient filled in, as the profile's and the directory's Message. */

/**
 * The viewer's People to meet. Asked only when the event page knows the viewer is registered
 * (attending or maybe); the server's 403 for anyone else is an error the section shows as nothing.
 */
export function usePeopleToMeet(eventId: string, registered: boolean) {
  const { me } = useMe();
  return useQuery({
    queryKey: peopleToMeetKey(eventId, me?.id ?? null),
    queryFn: () => api.get<PeopleToMeetResponse>(peopleToMeetPath(eventId)),
    enabled: registered && Boolean(me),
  });
}

export type PersonAction = { kind: 'connect'; person: PersonToMeet } | { kind: 'accept'; person: PersonToMeet };

const nextRelation: Record<PersonAction['kind'], PersonToMeet['relation']> = {
  connect: 'pending-outgoing',
  accept: 'connected',
};

/**
 * Connect with someone in the list, or accept their request. The new state shows at once; the
 * refetch that follows (and the live notice) settles it. A 409 (they asked first) is no failure:
 * the refetch shows Accept.
 */
export function usePersonAction(eventId: string) {
  const queryClient = useQueryClient();
  const { me } = useMe();
  const key = peopleToMeetKey(eventId, me?.id ?? null);
  const setRelation = (id: string, change: Partial<PersonToMeet>) =>
    queryClient.setQueryData<PeopleToMeetResponse>(key, (current) =>
      current ? { ...current, people: current.people.map((p) => (p.id === id ? { ...p, ...change } : p)) } : current,
    );
  return useMutation({
    mutationFn: ({ kind, person }: PersonAction) =>
      kind === 'connect'
        ? api.post<ConnectionResponse>('/api/connections', { username: person.username })
        : api.post<ConnectionResponse>(`/api/connections/${encodeURIComponent(person.connectionId ?? '')}/accept`),
    onMutate: async ({ kind, person }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setRelation(person.id, { relation: nextRelation[kind] });
    },
    onSuccess: (result, { person }) => {
      const id = result?.connection?.id;
      if (id) setRelation(person.id, { connectionId: id });
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError && error.status === 409)) console.error('Connection action failed', error);
    },
    onSettled: () => {
      // Everything under 'connections' (this list, the requests page, profiles) and the nav badge.
      void queryClient.invalidateQueries({ queryKey: ['connections'] });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
