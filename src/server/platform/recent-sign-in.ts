import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { session } from '../db/schema';
import {
  RECENT_SIGN_IN_MINUTES,
  RECENT_SIGN_IN_REQUIRED_CODE,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
} from '../../shared/recent-sign-in';
import { HttpError } from './errors';
import { sessionTokenOf } from './viewer';

// The most sensitive admin actions (making an admin, deleting a member, an attendee export, a
// two-step reset) ask for a proof younger than 15 minutes: a session left open on a shared
// computer, or a stolen cookie, does not reach them. A route declares it next to its access
// (`config: { recentSignIn: true }`, platform/access.ts) or calls `assertRecentSignIn` when only
// some of its writes need it.

/** This session proved who its member is now: a sign-in, or the password typed again. */
export async function markProved(db: Db, token: string, now: Date): Promise<void> {
  await db.update(session).set({ provedAt: now }).where(eq(session.token, token));
}

/** The request's own session proved itself now (the password or a passkey given again, a new
 * password). */
export async function markRequestProved(request: FastifyRequest): Promise<void> {
  const token = await sessionTokenOf(request);
  if (token) await markProved(request.server.services.db, token, request.server.services.clock.now());
}

/** 403 `RECENT_SIGN_IN_REQUIRED` unless the request's session proved itself lately. */
export async function assertRecentSignIn(request: FastifyRequest): Promise<void> {
  const { db, clock } = request.server.services;
  const token = await sessionTokenOf(request);
  const [row] = token
    ? await db.select({ provedAt: session.provedAt }).from(session).where(eq(session.token, token))
    : [];
  const provedAt = row?.provedAt?.getTime();
  const age = provedAt === undefined ? Infinity : clock.now().getTime() - provedAt;
  if (age > RECENT_SIGN_IN_MINUTES * 60_000)
    throw new HttpError(403, RECENT_SIGN_IN_REQUIRED_CODE, RECENT_SIGN_IN_REQUIRED_MESSAGE);
}
