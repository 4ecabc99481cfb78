import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from './router';
import type { Me, MeResponse } from '../../shared/auth';
import { api } from './api';
import { paths } from './paths';
import { signedOutAtLoad } from './signed-out';

// The signed-in member, shared by the nav, the guards and every member screen.
export const meQueryKey = ['me'] as const;

/** A page served without a session starts signed out, without asking the server (until the answer
 * goes stale, as any other). */
export function seedSignedOut(queryClient: QueryClient): void {
  if (!signedOutAtLoad) return;
  queryClient.setQueryData<MeResponse>(meQueryKey, { user: null });
  // The service worker drops the tickets it kept when it sees /api/me say nobody is signed in;
  // a page that never asks tells it instead (only where one was ever installed).
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller)
    void import('./service-worker').then((m) => m.forgetOfflineCopies()).catch(() => undefined);
}

export function useMe() {
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: () => api.get<MeResponse>('/api/me'),
    staleTime: 30_000,
    // Offline, the first try still goes out: the ticket screen's service worker answers it.
    networkMode: 'offlineFirst',
  });
  return { ...query, me: query.data?.user ?? null };
}

/** After sign-in or register: show the member at once, then confirm with the server. */
export async function setSignedIn(queryClient: QueryClient, user: Me): Promise<void> {
  queryClient.setQueryData<MeResponse>(meQueryKey, { user });
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.post('/api/auth/sign-out');
    } catch {
      // Leave anyway; the /api/me refetch below shows whether the session really ended.
    }
    // Loaded here, not with the shell: only the ticket and door screens need it otherwise.
    void import('./service-worker').then((m) => m.forgetOfflineCopies()).catch(() => undefined);
    // Leave member-only screens first, so their guards do not bounce to /login (see RequireAuth).
    await navigate(paths.home);
    // Drop every member's cached data; keep the 'me' query (its observers stay subscribed) as signed out.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData<MeResponse>(meQueryKey, { user: null });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [navigate, queryClient]);
}
