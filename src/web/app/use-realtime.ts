import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../lib/session';

/** Keeps the live-update stream open while a member is signed in (closed on sign-out). */
export function useRealtime(): void {
  const { me } = useMe();
  const userId = me?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Loaded on demand: visitors never download the realtime code (nor zod, which it uses).
    void import('../lib/realtime').then(({ connectRealtime }) => {
      if (!cancelled) stop = connectRealtime(queryClient);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
}
