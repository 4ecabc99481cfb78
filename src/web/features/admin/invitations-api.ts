import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationResponse,
  InvitationsPreviewInput,
  InvitationsPreviewResponse,
  InvitationsResponse,
  InvitationsSendInput,
  InvitationsSendResponse,
} from '../../../shared/invitations';
import { api } from '../../lib/api';

// The Invitations tab (issue 35): the list's preview and import, the invitations and their totals.

const invitationsKey = ['admin', 'invitations'] as const;
const invitationPath = (id: string, action: 'revoke' | 'resend') =>
  `/api/admin/invitations/${encodeURIComponent(id)}/${action}`;

export function useInvitations(page: number) {
  return useQuery({
    queryKey: [...invitationsKey, page],
    queryFn: () => api.get<InvitationsResponse>(`/api/admin/invitations?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** Each row of a list with its problem; writes nothing. */
export function usePreviewInvitations() {
  return useMutation({
    mutationFn: (input: InvitationsPreviewInput) =>
      api.post<InvitationsPreviewResponse>('/api/admin/invitations/preview', input),
  });
}

export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationsSendInput) => api.post<InvitationsSendResponse>('/api/admin/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useInvitationAction(action: 'revoke' | 'resend') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<InvitationResponse>(invitationPath(id, action))).invitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
