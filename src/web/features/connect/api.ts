import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectCodeOwner, ScanConnectResponse } from '../../../shared/connect-codes';
import { ApiRequestError, api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

const codePath = (token: string) => `/api/connect/${encodeURIComponent(token)}`;

/** Whom a scanned code belongs to. A refused code (404) is an answer, not worth retrying. */
export function useCodeOwner(token: string) {
  return useQuery({
    queryKey: ['connect-code-owner', token],
    queryFn: () => api.get<ConnectCodeOwner>(codePath(token)),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });
}

/** One tap: connected at once when both checked in to the same event that day, else a request. */
export function useConnectByCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ScanConnectResponse>(codePath(token)),
    onSettled: () => {
      // Everything under 'connections' (lists, profiles' buttons) and the header's badges.
      void queryClient.invalidateQueries({ queryKey: ['connections'] });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
