import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeySummary } from '../../../shared/passkey-texts';
import { api } from '../../lib/api';
import { makePasskey, passkeysKey } from '../../lib/passkeys';

/** Options from the server, the browser's prompt, then the new passkey kept by the server. */
export async function addPasskey() {
  return api.post<{ passkey: PasskeySummary }>('/api/me/passkeys', { credential: await makePasskey() });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/me/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
