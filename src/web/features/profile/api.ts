import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionResponse } from '../../../shared/connections';
import type { ProfileResponse, Relation } from '../../../shared/members';
import { ApiRequestError, api } from '../../lib/api';
import { connectionsKey } from '../../lib/connections';
import { profileKey } from '../../lib/profile';
import { meQueryKey, useMe } from '../../lib/session';

export type ConnectionAction =
  { kind: 'connect' } | { kind: 'withdraw' | 'accept' | 'reject' | 'remove'; connectionId: string };

const nextState: Record<ConnectionAction['kind'], Relation['state']> = {
  connect: 'pending-outgoing',
  withdraw: 'none',
  accept: 'connected',
  reject: 'none',
  remove: 'none',
};

function run(username: string, action: ConnectionAction) {
  switch (action.kind) {
    case 'connect':
      return api.post<ConnectionResponse>('/api/connections', { username });
    case 'accept':
    case 'reject':
      return api.post<unknown>(`/api/connections/${encodeURIComponent(action.connectionId)}/${action.kind}`);
    case 'withdraw':
    case 'remove':
      return api.delete<unknown>(`/api/connections/${encodeURIComponent(action.connectionId)}`);
  }
}

/**
 * The profile's Connect / Pending / Accept / Reject / Remove Connection buttons. The new state
 * shows at once; the server's answer (or a refetch after a failure) settles it. Failures are
 * only logged, as the spec says; the refetch keeps the buttons truthful.
 */
export function useConnectionAction(username: string) {
  const queryClient = useQueryClient();
  const { me } = useMe();
  const key = profileKey(username, me?.id ?? null);
  return useMutation({
    mutationFn: (action: ConnectionAction) => run(username, action),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProfileResponse>(key);
      if (previous) {
        const wasConnected = previous.relation.state === 'connected';
        const connected = nextState[action.kind] === 'connected';
        const delta = connected && !wasConnected ? 1 : wasConnected && !connected ? -1 : 0;
        queryClient.setQueryData<ProfileResponse>(key, {
          ...previous,
          relation: { state: nextState[action.kind], connectionId: previous.relation.connectionId, metAt: null },
          stats: { ...previous.stats, connections: Math.max(0, previous.stats.connections + delta) },
        });
      }
    },
    onSuccess: (result, action) => {
      if (action.kind !== 'connect') return;
      const id = (result as { connection: { id: string } | null } | undefined)?.connection?.id ?? null;
      queryClient.setQueryData<ProfileResponse>(key, (current) =>
        current ? { ...current, relation: { ...current.relation, connectionId: id } } : current,
      );
    },
    onError: (error) => {
      // 409 REQUEST_FROM_THEM: they asked first; the refetch below shows Accept and Reject.
      if (!(error instanceof ApiRequestError && error.status === 409)) {
        console.error('Connection action failed', error);
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
