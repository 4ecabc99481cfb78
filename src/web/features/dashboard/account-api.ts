import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router';
import type { MeResponse } from '../../../shared/auth';
import type { ChangePasswordInput } from '../../../shared/account';
import { sessionsKey } from './sessions-api';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { meQueryKey } from '../../lib/session';

/** Where the member's data export downloads from (a JSON attachment). */
export const EXPORT_URL = '/api/me/export';

/** Deletes the member's own account; afterwards they are a visitor on the home page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (username: string) => api.post<{ ok: true }>('/api/me/delete', { username }),
    onSuccess: async () => {
      // Leave the member-only screen first, so its guard does not bounce to /login.
      await navigate(paths.home);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData<MeResponse>(meQueryKey, { user: null });
    },
  });
}

/** Changes the password; the server signs out the member's other sessions, so their list changes. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ ok: true }>('/api/me/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
