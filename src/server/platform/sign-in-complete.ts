import type { FastifyReply, FastifyRequest } from 'fastify';
import { noteBrowser } from './known-browsers';
import { markProved } from './recent-sign-in';
import { signedIn } from './sign-in-guard';

/** What every way in does once better-auth made the session (a password, a second step, a
 * passkey): the account's failure count starts again and its address is trusted, the session
 * counts as freshly proved, and a browser the account never used is told to the member. */
export async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  signed: { userId: string; email: string; token: string },
): Promise<void> {
  const { db, clock } = request.server.services;
  await signedIn(db, signed.userId, signed.email, request.ip);
  await markProved(db, signed.token, clock.now());
  await noteBrowser(request, reply, signed.userId);
}
