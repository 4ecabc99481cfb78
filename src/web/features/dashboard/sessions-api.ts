import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionsResponse } from '../../../shared/sessions';
import { api } from '../../lib/api';

export const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api.get<SessionsResponse>('/api/me/sessions') });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ current: boolean }>(`/api/me/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/me/sessions/sign-out-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
