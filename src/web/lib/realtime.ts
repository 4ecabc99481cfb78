import type { QueryClient } from '@tanstack/react-query';
import { REALTIME_RECONNECT_DELAYS_MS, realtimeNotice, type RealtimeNotice } from '../../shared/realtime';

// Live change notices over Server-Sent Events. Loaded on demand (it brings zod) once a member
// is signed in; see app/use-realtime.ts.

const FORUM_KINDS = new Set(['forums', 'forum-posts', 'forum-replies']);
// Nav badge counts live in the 'me' response.
const BADGE_KINDS = new Set(['messages', 'connections']);

export function applyNotice(queryClient: QueryClient, notice: RealtimeNotice): void {
  // The server's change stream was interrupted: anything may have changed meanwhile.
  if (notice.kind === 'refetch') return void queryClient.invalidateQueries();
  void queryClient.invalidateQueries({ queryKey: [notice.kind] });
  if (BADGE_KINDS.has(notice.kind)) void queryClient.invalidateQueries({ queryKey: ['me'] });
  if (FORUM_KINDS.has(notice.kind)) {
    const ids = notice.ids && new Set(notice.ids);
    // Forum queries are keyed ['forums'], ['forums', forumId, ...] and ['forums', forumId, 'post',
    // postId, ...]: the list (counts, activity) always refetches, a forum or post screen only when
    // the change is in it (a post's counters and a forum's activity announce their own rows).
    void queryClient.invalidateQueries({
      queryKey: ['forums'],
      predicate: ({ queryKey: key }) =>
        !ids || key.length === 1 || ids.has(String(key[1])) || (key[2] === 'post' && ids.has(String(key[3]))),
    });
  }
}

/** Opens /api/realtime and keeps it open, reconnecting after 1, 2, 5, then every 10 s. Returns stop(). */
export function connectRealtime(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let dropped = false;

  const open = () => {
    source = new EventSource('/api/realtime');
    source.onopen = () => {
      // Back after a drop (a restart, a process that left the fleet): notices sent meanwhile
      // were missed, so everything shown is refetched.
      if (dropped) applyNotice(queryClient, { topic: '*', kind: 'refetch' });
      dropped = false;
      attempt = 0;
    };
    source.onmessage = (event: MessageEvent<string>) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const notice = realtimeNotice.safeParse(parsed);
      if (notice.success) applyNotice(queryClient, notice.data);
    };
    // EventSource would retry on its own at a fixed pace; close it and use our back-off instead.
    source.onerror = () => {
      dropped = true;
      source?.close();
      source = null;
      if (stopped) return;
      const delays = REALTIME_RECONNECT_DELAYS_MS;
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
      attempt += 1;
      timer = setTimeout(open, delay);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
