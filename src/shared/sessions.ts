import { z } from 'zod';

// Where a member is signed in (features/sessions on both sides).

export const memberSession = z.object({
  id: z.string(),
  /** "Chrome 131", from the user agent; "Unknown browser" when it says nothing we know. */
  browser: z.string(),
  /** "macOS", "Windows 11", "iOS 18.1"... or "Unknown system". */
  system: z.string(),
  signedInAt: z.string().datetime(),
  /** When the session was last renewed (at most a day out: renewals are daily). */
  lastActiveAt: z.string().datetime(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSession>;

export const sessionsResponse = z.object({ sessions: z.array(memberSession) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const SESSIONS_TITLE = 'Where you are signed in';
export const SESSION_NOT_FOUND = 'That session has already ended.';
