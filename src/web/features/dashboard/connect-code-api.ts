import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectCodeResponse } from '../../../shared/connect-codes';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';

/** Keyed by viewer: another member signing in on this browser never sees the last one's code. */
export const connectCodeKey = (viewerId: string | null) => ['connect-code', viewerId] as const;

/** The member's personal connect code (the server makes it on first ask). */
export function useConnectCode() {
  const { me } = useMe();
  return useQuery({
    queryKey: connectCodeKey(me?.id ?? null),
    queryFn: () => api.get<ConnectCodeResponse>('/api/me/connect-code'),
    enabled: Boolean(me),
    staleTime: Infinity,
  });
}

/** Replaces the code; the old one stops working at once. */
export function useRegenerateConnectCode() {
  const queryClient = useQueryClient();
  const { me } = useMe();
  return useMutation({
    mutationFn: () => api.post<ConnectCodeResponse>('/api/me/connect-code/regenerate'),
    onSuccess: (code) => queryClient.setQueryData(connectCodeKey(me?.id ?? null), code),
  });
}

/** The server's SVG as an image source (an <img> never runs what it shows). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
