import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '../../../shared/notifications';
import { api } from '../../lib/api';

const unsubscribeUrl = (token: string) => `/api/unsubscribe?${new URLSearchParams({ token }).toString()}`;

/** What the link would stop; asking changes nothing. */
export function useUnsubscribePreview(token: string | null) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => api.get<UnsubscribeAnswer>(unsubscribeUrl(token!)),
    enabled: !!token,
    retry: false,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post<UnsubscribeAnswer>(unsubscribeUrl(token)),
  });
}
