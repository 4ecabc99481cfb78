import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, NewPasswordInput, RegisterInput, ResetRequestInput, SignInInput } from '../../../shared/auth';
import type { SecondStepInput } from '../../../shared/two-factor';
import { api } from '../../lib/api';
import { setSignedIn } from '../../lib/session';

type UserResponse = { user: Me };
/** With two-step sign-in on, the password answers no member yet: the code comes next. */
type SignInResponse = UserResponse | { user: null; twoFactor: true };

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SignInResponse>('/api/auth/sign-in', input),
    onSuccess: ({ user }) => user && setSignedIn(queryClient, user),
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondStepInput) => api.post<UserResponse>('/api/auth/sign-in/two-factor', input),
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

/** Signs in with a passkey: the browser signs the server's challenge, the server checks it. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Loaded on use: the sign-in page itself stays as light as before passkeys.
      const { signWithPasskey } = await import('../../lib/passkeys');
      return api.post<UserResponse>('/api/auth/sign-in/passkey', { credential: await signWithPasskey() });
    },
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
  });
}
