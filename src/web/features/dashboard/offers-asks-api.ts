import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OffersAsks, OffersAsksInput, PeopleToMeetSetting } from '../../../shared/people-to-meet';
import { api } from '../../lib/api';
import { refreshOwnProfile, type Owner } from './api';

const offersAsksKey = ['me', 'offers-asks'] as const;
const peopleToMeetKey = ['me', 'people-to-meet'] as const;

/** What the member offers and looks for, as saved. */
export function useOffersAsks() {
  return useQuery({ queryKey: offersAsksKey, queryFn: () => api.get<OffersAsks>('/api/me/offers-asks') });
}

/** Saves both lists at once; the profile and the directory cards show them after. */
export function useSaveOffersAsks(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OffersAsksInput) => api.put<OffersAsks>('/api/me/offers-asks', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(offersAsksKey, saved);
      refreshOwnProfile(queryClient, owner);
    },
  });
}

/** "Show me in People to meet" (on until the member turns it off). */
export function usePeopleToMeetSetting() {
  return useQuery({
    queryKey: peopleToMeetKey,
    queryFn: () => api.get<PeopleToMeetSetting>('/api/me/people-to-meet'),
  });
}

/** The box shows the change at once and goes back if the save fails. */
export function useSavePeopleToMeetSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PeopleToMeetSetting) => api.put<PeopleToMeetSetting>('/api/me/people-to-meet', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: peopleToMeetKey });
      const previous = queryClient.getQueryData<PeopleToMeetSetting>(peopleToMeetKey);
      queryClient.setQueryData(peopleToMeetKey, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(peopleToMeetKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(peopleToMeetKey, saved);
    },
  });
}
