import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessageResponse, OutboxResponse } from '../../../shared/outbox';
import { api } from '../../lib/api';

const outboxKey = ['admin-outbox'] as const;

export function useOutbox(page: number) {
  return useQuery({
    queryKey: [...outboxKey, 'list', page],
    queryFn: () => api.get<OutboxResponse>(`/api/admin/outbox?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...outboxKey, 'one', id],
    queryFn: () => api.get<OutboxMessageResponse>(`/api/admin/outbox/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}

/** Puts a failed delivery back to pending; the mailer sends it. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxMessageResponse>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}
