import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, NewPasswordInput, RegisterInput, ResetRequestInput, SignInInput } from '../../../shared/auth';
import { api } from '../../lib/api';
import { setSignedIn } from '../../lib/session';

type UserResponse = { user: Me };

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<UserResponse>('/api/auth/sign-in', input),
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<UserResponse>('/api/auth/register', input),
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ResetRequestInput) => api.post<unknown>('/api/auth/password-reset/request', input),
  });
}

export function useSetNewPassword() {
  return useMutation({
    mutationFn: (input: NewPasswordInput) => api.post<unknown>('/api/auth/password-reset', input),
  });
}
