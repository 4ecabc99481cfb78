import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput, FeedbackLinkInput, FeedbackState } from '../../../shared/feedback';
import { api } from '../../lib/api';

// Feedback from the room (issue 34): the event page's rating box (signed in) and the mail link's
// page (the signed token, no sign-in) read and save the same FeedbackState.

const eventFeedbackKey = (eventId: string) => ['events', eventId, 'feedback'] as const;
const linkKey = (token: string) => ['feedback-link', token] as const;
const eventFeedbackUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/feedback`;

/** The member's answer for an event and whether they may answer now; asked only when `enabled`. */
export function useEventFeedback(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: eventFeedbackKey(eventId),
    queryFn: () => api.get<FeedbackState>(eventFeedbackUrl(eventId)),
    enabled,
    // A refusal (403, 409) is an answer, not a hiccup to retry.
    retry: false,
  });
}

export function useSaveEventFeedback(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackInput) => api.put<FeedbackState>(eventFeedbackUrl(eventId), input),
    onSuccess: (state) => queryClient.setQueryData(eventFeedbackKey(eventId), state),
  });
}

/** What the mail's link names: the event, and the answer saved so far. */
export function useFeedbackLink(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: linkKey(token ?? ''),
    queryFn: () => api.get<FeedbackState>(`/api/feedback/link?${new URLSearchParams({ token: token! }).toString()}`),
    enabled: !!token && enabled,
    retry: false,
  });
}

export function useSaveFeedbackLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackLinkInput) => api.put<FeedbackState>('/api/feedback/link', input),
    onSuccess: (state, input) => {
      queryClient.setQueryData(linkKey(input.token), state);
      // The event page of a member signed in on this browser shows the same answer.
      void queryClient.invalidateQueries({ queryKey: eventFeedbackKey(state.event.id) });
    },
  });
}
