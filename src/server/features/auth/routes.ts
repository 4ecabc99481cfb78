import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVALID_TOKEN,
  RESET_USER_NOT_FOUND,
  RESET_EMAIL_SENT,
  meResponse,
  newPasswordInput,
  registerInput,
  resetRequestInput,
  signInInput,
} from '../../../shared/auth';
import { authHeaders } from '../../platform/auth';
import { HttpError, errorResponses } from '../../platform/errors';
import { enforceRateLimit } from '../../platform/rate-limit';
import { assertStrongPassword } from '../../platform/passwords';
import { admitSignIn, rememberSignInIp } from '../../platform/sign-in-guard';
import { completeSignIn } from '../../platform/sign-in-complete';
import { endSession, loadMe, registerMember, resetTokenOwner } from './service';
import { hasTwoFactor, openChallenge } from '../two-factor/service';
import { CHALLENGE_COOKIE } from '../two-factor/challenge-cookie';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../platform/database-errors';

const errors = errorResponses(400, 401, 409, 429);
const userResponse = z.object({ user: meResponse.shape.user.unwrap() });
const messageResponse = z.object({ message: z.string() });
const signInResponse = z.union([userResponse, z.object({ user: z.null(), twoFactor: z.literal(true) })]);

/** Copies better-auth's session cookies onto our reply. */
function forwardCookies(from: Response, reply: FastifyReply) {
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** better-auth answers with a Response when asked `asResponse`; an error one becomes ours. */
async function authError(db: Db, response: Response, fallback: HttpError): Promise<HttpError> {
  if (response.status >= 500) {
    // better-auth hides the cause; a database that cannot be reached is a 503 to retry, not a bug.
    const reachable = await db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => !isDatabaseUnavailable(error),
    );
    return reachable
      ? new HttpError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
      : new HttpError(503, 'UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return new HttpError(fallback.statusCode, body?.code ?? fallback.code, fallback.message);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, auth, config, clock } = app.services;
  const rule = { limit: config.AUTH_RATE_LIMIT, windowSeconds: config.AUTH_RATE_WINDOW_SECONDS };
  // Counted before validation, so malformed attempts use up the allowance too.
  const limited = (action: string) => async (request: FastifyRequest) =>
    enforceRateLimit(db, `${action}:${request.ip}`, rule);

  async function signIn(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
    const response = await auth.api.signInEmail({
      body: { email, password },
      headers: authHeaders(request),
      asResponse: true,
    });
    if (!response.ok)
      throw await authError(db, response, new HttpError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    const { user, token } = (await response.json()) as { user: { id: string; email: string }; token: string };
    if (await hasTwoFactor(db, user.id)) {
      // The password was right; the session waits for the second step (features/two-factor).
      await endSession(db, token);
      const challenge = await openChallenge(db, user.id, clock.now());
      reply.header('set-cookie', CHALLENGE_COOKIE.set(challenge, config.isProduction));
      return null;
    }
    forwardCookies(response, reply);
    await completeSignIn(request, reply, { userId: user.id, email: user.email, token });
    return loadMe(db, user.id, user.email, config.staffTwoFactorRequired);
  }

  app.post(
    '/auth/register',
    {
      onRequest: limited('register'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and its profile, and sign in',
        body: registerInput,
        response: { 201: userResponse, ...errors },
      },
    },
    async (request, reply) => {
      await registerMember(db, request.body);
      const me = await signIn(request, reply, request.body.email, request.body.password);
      return reply.status(201).send({ user: me! });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      onRequest: limited('sign-in'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'With two-step sign-in on, answers `{ user: null, twoFactor: true }` and a short-lived cookie instead of a session: the code goes to `/auth/sign-in/two-factor`.',
        body: signInInput,
        response: { 200: signInResponse, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // Per account too (platform/sign-in-guard.ts): held back after repeated failures, except
      // from an address that signed in to it before.
      await admitSignIn(db, email, request.ip);
      const me = await signIn(request, reply, email, request.body.password);
      return me ? { user: me } : { user: null, twoFactor: true as const };
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out (ends this session)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      if (request.headers.cookie) {
        const response = await auth.api.signOut({ headers: authHeaders(request), asResponse: true });
        forwardCookies(response, reply);
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/password-reset/request',
    {
      onRequest: limited('password-reset'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (the answer never says whether the e-mail exists)',
        body: resetRequestInput,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await auth.api.requestPasswordReset({
        body: { email: request.body.email.toLowerCase(), redirectTo: '/new-password' },
        headers: authHeaders(request),
      });
      return { message: RESET_EMAIL_SENT };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      onRequest: limited('password-reset'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed token; ends every session of the account',
        body: newPasswordInput,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const owner = await resetTokenOwner(db, request.body.token);
      if (!owner) throw new HttpError(400, 'INVALID_TOKEN', INVALID_TOKEN);
      if (owner === 'deleted') throw new HttpError(404, 'USER_NOT_FOUND', RESET_USER_NOT_FOUND);
      await assertStrongPassword(request.body.password, owner);
      const response = await auth.api.resetPassword({
        body: { newPassword: request.body.password, token: request.body.token },
        headers: authHeaders(request),
        asResponse: true,
      });
      if (!response.ok) throw await authError(db, response, new HttpError(400, 'INVALID_TOKEN', INVALID_TOKEN));
      // better-auth revoked the account's sessions; deleting their rows ends them in every process.
      // Whoever holds the e-mailed token owns the account: trust this address for it.
      await rememberSignInIp(db, owner.id, request.ip);
      return { message: 'Password updated.' };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'public', cache: 'private' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in member with badge counts, or null for a visitor',
        response: { 200: meResponse },
      },
    },
    async (request, reply) => {
      if (!request.headers.cookie) return { user: null };
      // Through better-auth here (not the fast viewer lookup): it also slides the session's
      // expiry forward, so members who keep coming back stay signed in.
      const response = await auth.api.getSession({ headers: authHeaders(request), asResponse: true });
      forwardCookies(response, reply);
      const session = (await response.json().catch(() => null)) as { user?: { id: string; email: string } } | null;
      if (!session?.user) return { user: null };
      return { user: await loadMe(db, session.user.id, session.user.email, config.staffTwoFactorRequired) };
    },
  );

  // Kept for clients that only need to know whether they are signed in.
  app.get('/auth/session', { config: { access: 'member' }, schema: { hide: true } }, async (request) => ({
    userId: request.viewer.id,
  }));
};
