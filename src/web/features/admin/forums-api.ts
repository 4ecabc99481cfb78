import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForumSummary, ForumsResponse } from '../../../shared/forums';
import { api } from '../../lib/api';

// The Forums tab reads the forum list the forum screens read (the same key, so live forum
// notices refresh it too: lib/realtime.ts).
const forumsKey = ['forums'] as const;

export function useAdminForums() {
  return useQuery({
    queryKey: forumsKey,
    queryFn: () => api.get<ForumsResponse>('/api/forums'),
    select: (data) => data.forums,
  });
}

export function useDeleteForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (forum: ForumSummary) => api.delete<unknown>(`/api/forums/${encodeURIComponent(forum.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumsKey }),
  });
}
