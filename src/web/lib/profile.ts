import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '../../shared/members';
import { api } from './api';
import { connectionsKey } from './connections';
import { useMe } from './session';

/**
 * A profile lives under the 'connections' key, so a live connection notice (the other member
 * accepted, withdrew...) refreshes its buttons and counts without a reload. Read by the public
 * profile and by the dashboard (the member's own).
 */
export const profileKey = (username: string, viewerId: string | null) =>
  // The viewer is part of the key: the relation buttons differ for a visitor and each member.
  [...connectionsKey, 'profile', username.toLowerCase(), viewerId ?? 'visitor'] as const;

export function useProfile(username: string | undefined) {
  const { me, isPending } = useMe();
  return useQuery({
    queryKey: profileKey(username ?? '', me?.id ?? null),
    queryFn: () => api.get<ProfileResponse>(`/api/profiles/${encodeURIComponent(username ?? '')}`),
    // Wait to know who is looking, so a visitor's view is never shown to a member.
    enabled: Boolean(username) && !isPending,
  });
}
