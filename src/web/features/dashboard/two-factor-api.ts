import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppCodeInput, PasswordConfirmInput, TwoFactorSetup, TwoFactorStatus } from '../../../shared/two-factor';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

export const twoFactorKey = ['two-factor'] as const;
type Codes = { recoveryCodes: string[] };

export function useTwoFactor() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => api.get<TwoFactorStatus>('/api/me/two-factor') });
}

/** Whatever changed, the status and the member (whose screens may now open) are read again. */
function useTwoFactorMutation<I, O>(fn: (input: I) => Promise<O>, refreshOnSuccess = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (!refreshOnSuccess) return;
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useStartTwoFactor = () =>
  useTwoFactorMutation(
    (input: PasswordConfirmInput) => api.post<TwoFactorSetup>('/api/me/two-factor/setup', input),
    false,
  );
// Refreshed when the member has seen the codes (`Done`), so the setup stays on screen meanwhile.
export const useEnableTwoFactor = () =>
  useTwoFactorMutation((input: AppCodeInput) => api.post<Codes>('/api/me/two-factor/enable', input), false);
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation(
    (input: PasswordConfirmInput) => api.post<Codes>('/api/me/two-factor/recovery-codes', input),
    false,
  );
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((input: PasswordConfirmInput) => api.post<unknown>('/api/me/two-factor/disable', input));

export function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorKey });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}
