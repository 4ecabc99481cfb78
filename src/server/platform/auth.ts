import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { hashPassword, verifyPassword } from './passwords';
import type { Mailer } from './mail';
import { TRANSACTIONAL_FOOTER } from './unsubscribe';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/auth';

/** Header through which the server hands better-auth the client IP that Fastify resolved
 * (honouring TRUST_PROXY). Any value a client sends under this name is overwritten. */
export const CLIENT_IP_HEADER = 'x-power-mixer-client-ip';

/** Signs in a member our own routes have proved (a password and second step, features/two-factor;
 * a passkey, features/passkeys): better-auth makes the session and its cookie as it does for a
 * password. Server-only: no HTTP path reaches it. */
const provenSession = {
  id: 'proven-session',
  endpoints: {
    createProvenSession: createAuthEndpoint.serverOnly(
      { method: 'POST', body: z.object({ userId: z.string() }) },
      async (ctx) => {
        const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!found) throw new APIError('UNAUTHORIZED');
        const created = await ctx.context.internalAdapter.createSession(found.id, false);
        if (!created) throw new APIError('INTERNAL_SERVER_ERROR');
        await setSessionCookie(ctx, { session: created, user: found });
        return ctx.json({ user: { id: found.id, email: found.email }, token: created.token });
      },
    ),
  },
} satisfies BetterAuthPlugin;

export function createAuth(db: Db, config: Config, mailer: Mailer) {
  return betterAuth({
    appName: 'Power Mixer',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      // Registration goes through POST /api/auth/register, which also makes the profile row.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        // The spec's screen reads the token from the URL hash, which never reaches a server log.
        const link = `${config.publicUrl}/new-password#token=${encodeURIComponent(token)}`;
        // The name the member goes by now: user.name is only what they typed when registering.
        const [profile] = await db
          .select({ fullName: schema.profiles.fullName, username: schema.profiles.username })
          .from(schema.profiles)
          .where(eq(schema.profiles.id, user.id));
        const name = profile?.fullName?.trim() || profile?.username || user.name;
        await mailer.send({
          to: user.email,
          subject: 'Reset your Power Mixer password',
          text: `${name ? `Hello ${name}` : 'Hello'},\n\nSomeone asked to reset the password of your Power Mixer account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nPower Mixer\n\n--\n${TRANSACTIONAL_FOOTER}`,
        });
      },
      async onPasswordReset({ user }) {
        await db.update(schema.profiles).set({ passwordResetRequired: false }).where(eq(schema.profiles.id, user.id));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Our own database-backed limiter guards these routes per client IP (platform/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [provenSession],
    telemetry: { enabled: false },
    logger: {
      level: config.NODE_ENV === 'test' ? 'error' : 'warn',
      // Its message only: the arguments after it may carry request values (an e-mail, a token).
      log: (level, message) => console[level === 'error' ? 'error' : 'warn'](`better-auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The request's headers as a Fetch `Headers`, with the resolved client IP set by us. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
