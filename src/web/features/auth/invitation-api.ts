import { useQuery } from '@tanstack/react-query';
import type { InvitationLinkResponse } from '../../../shared/invitations';
import { api } from '../../lib/api';

/** The invitation a registration link names (`/register?invite=<token>`), to fill the form with;
 * nothing is asked without a token. A refused link is not tried again: its answer will not change. */
export function useInvitationLink(token: string | null) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: () => api.get<InvitationLinkResponse>(`/api/invitations/${encodeURIComponent(token!)}`),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}
