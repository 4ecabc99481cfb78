import { useQuery } from '@tanstack/react-query';
import type { ConnectionsResponse } from '../../shared/connections';
import { api } from './api';

/**
 * Everything keyed under 'connections' refreshes when a live 'connections' notice arrives
 * (lib/realtime.ts): the requests list here and the profiles' relation buttons.
 */
export const connectionsKey = ['connections'] as const;

/** Your pending incoming requests and your accepted connections (the requests page, the dashboard). */
export function useConnections() {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: () => api.get<ConnectionsResponse>('/api/connections'),
  });
}
