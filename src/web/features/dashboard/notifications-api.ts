import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../shared/notifications';
import { api } from '../../lib/api';

export const notificationPreferencesKey = ['notification-preferences'] as const;

/** The member's e-mail choices (all on until they change one). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: () => api.get<NotificationPreferences>('/api/notifications/preferences'),
  });
}

/** Saves the whole set; the boxes show the change at once and go back if the save fails. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      api.put<NotificationPreferences>('/api/notifications/preferences', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesKey);
      queryClient.setQueryData(notificationPreferencesKey, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
