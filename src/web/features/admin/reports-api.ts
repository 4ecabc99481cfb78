import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportStatus,
  ReportsResponse,
  ResolveReportInput,
  ResolveReportResponse,
} from '../../../shared/moderation';
import { api } from '../../lib/api';

const reportsKey = ['admin-reports'] as const;

export function useReports(status: ReportStatus, page: number) {
  return useQuery({
    queryKey: [...reportsKey, status, page],
    queryFn: () => api.get<ReportsResponse>(`/api/admin/reports?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** Removes the reported content (closing every open report on it) or dismisses the report. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string } & ResolveReportInput) =>
      api.post<ResolveReportResponse>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
        action,
      }),
    // Removed content disappears from forum pages and inboxes through their own live notices.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}
