import { z } from 'zod';

/** Small change notices sent over GET /api/realtime (Server-Sent Events). The web app
 * invalidates the matching query caches; the notice itself carries no private content. */
export const realtimeNotice = z.object({
  /** 'user:<id>' for one member's notices, or a public topic such as 'forums'. */
  topic: z.string(),
  /** What changed: 'messages', 'connections', 'forums', 'forum-posts', 'forum-replies', ... */
  kind: z.string(),
  /** Optional id of the thing that changed (a forum id, a post id). */
  id: z.string().optional(),
  /** The ids the changed rows carry (their own and their parents'), when few: a forum screen
   * refetches only if it shows one of them. */
  ids: z.array(z.string()).optional(),
});
export type RealtimeNotice = z.infer<typeof realtimeNotice>;

export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
