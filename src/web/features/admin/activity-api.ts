import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityResponse } from '../../../shared/activity';
import { api } from '../../lib/api';

export function useActivity(page: number) {
  return useQuery({
    queryKey: ['admin-activity', page],
    queryFn: () => api.get<ActivityResponse>(`/api/admin/activity?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
