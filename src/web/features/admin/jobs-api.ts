import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobStatus, JobsResponse } from '../../../shared/jobs';
import { api } from '../../lib/api';

export function useJobs(page: number, status: JobStatus | null) {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: ['admin-jobs', page, status],
    queryFn: () => api.get<JobsResponse>(`/api/admin/jobs?${query.toString()}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
