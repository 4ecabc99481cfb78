import type { FastifyReply, FastifyRequest } from 'fastify';
import { authHeaders } from './auth';
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

/** Signs in a member our own route has proved (a password and second step, a passkey): better-auth
 * makes the session and its cookie, then `completeSignIn`. Their e-mail, for the answer. */
export async function startProvenSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<{ email: string }> {
  const response = await request.server.services.auth.api.createProvenSession({
    body: { userId },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) throw new Error(`proven session not made (${response.status})`);
  reply.header('set-cookie', response.headers.getSetCookie());
  const { user, token } = (await response.json()) as { user: { email: string }; token: string };
  await completeSignIn(request, reply, { userId, email: user.email, token });
  return { email: user.email };
}
