import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionsResponse } from '../../../shared/connections';
import { api } from '../../lib/api';
import { connectionsKey } from '../../lib/connections';
import { meQueryKey } from '../../lib/session';

/** Accept or decline a request addressed to you; it leaves the pending list at once. */
export function useRespondToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api.post<unknown>(`/api/connections/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`),
    onMutate: async ({ id, accept }) => {
      await queryClient.cancelQueries({ queryKey: connectionsKey, exact: true });
      const previous = queryClient.getQueryData<ConnectionsResponse>(connectionsKey);
      if (previous) {
        const request = previous.incoming.find((r) => r.id === id);
        const connections =
          accept && request
            ? [
                ...previous.connections,
                { id, createdAt: request.createdAt, member: request.requester, metAt: null },
              ].sort((a, b) => a.member.username.localeCompare(b.member.username, undefined, { sensitivity: 'base' }))
            : previous.connections;
        queryClient.setQueryData<ConnectionsResponse>(connectionsKey, {
          incoming: previous.incoming.filter((r) => r.id !== id),
          connections,
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(connectionsKey, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
