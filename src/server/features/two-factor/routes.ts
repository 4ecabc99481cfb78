import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponse } from '../../../shared/auth';
import {
  appCodeInput,
  passwordConfirmInput,
  recoveryCodesResponse,
  secondStepInput,
  twoFactorSetup,
  twoFactorStatus,
} from '../../../shared/two-factor';
import { errorResponses, notFound } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { enforceRateLimit } from '../../platform/rate-limit';
import { checkOwnPassword } from '../../platform/password-check';
import { admitAccountCheck, passedAccountCheck } from '../../platform/sign-in-guard';
import { startProvenSession } from '../../platform/sign-in-complete';
import { cookieOf, endSessionsExcept, sessionTokenOf } from '../../platform/viewer';
import { loadMe } from '../auth/service';
import { CHALLENGE_COOKIE } from './challenge-cookie';
import { sendTwoFactorNotice } from './emails';
import {
  closeChallenge,
  confirmSetup,
  removeTwoFactor,
  renewRecoveryCodes,
  spendCode,
  startSetup,
  takeChallengeAttempt,
  twoFactorStatusOf,
} from './service';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';

const ok = z.object({ ok: z.literal(true) });

/** Two-step sign-in: a member sets it up and turns it off from the dashboard (with their
 * password), signs in with a code after the password, and an admin resets a member's. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, clock } = app.services;
  const rule = { limit: config.AUTH_RATE_LIMIT, windowSeconds: config.AUTH_RATE_WINDOW_SECONDS };
  // Per address, counted before validation like the password's routes (features/auth).
  const limited = (action: string) => async (request: { ip: string }) =>
    enforceRateLimit(db, `${action}:${request.ip}`, rule);

  async function endOthers(request: FastifyRequest, userId: string) {
    await endSessionsExcept(db, userId, await sessionTokenOf(request));
  }

  app.get(
    '/me/two-factor',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['two-factor'],
        summary: 'Whether two-step sign-in is on, since when, and recovery codes left',
        response: { 200: twoFactorStatus },
      },
    },
    async (request) => twoFactorStatusOf(db, request.viewer.id, config.staffTwoFactorRequired),
  );

  app.post(
    '/me/two-factor/setup',
    {
      onRequest: limited('two-factor'),
      config: { access: 'member' },
      schema: {
        tags: ['two-factor'],
        summary: 'Start setting up an authenticator app (password again): its secret and QR code',
        description: 'Nothing changes at sign-in until a code from the app confirms it (`/me/two-factor/enable`).',
        body: passwordConfirmInput,
        response: { 200: twoFactorSetup, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      await checkOwnPassword(db, request.viewer.id, request.body.password);
      return startSetup(db, request.viewer.id, request.viewer.email);
    },
  );

  app.post(
    '/me/two-factor/enable',
    {
      onRequest: limited('two-factor'),
      config: { access: 'member' },
      schema: {
        tags: ['two-factor'],
        summary: 'Turn two-step sign-in on with a first code from the app; answers the ten recovery codes once',
        description: 'Signs out the member’s other sessions.',
        body: appCodeInput,
        response: { 200: recoveryCodesResponse, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      const key = `two-factor:${request.viewer.id}`;
      await admitAccountCheck(db, key);
      const recoveryCodes = await confirmSetup(db, request.viewer.id, request.body.code, clock.now());
      await passedAccountCheck(db, key);
      await endOthers(request, request.viewer.id);
      return { recoveryCodes };
    },
  );

  app.post(
    '/me/two-factor/recovery-codes',
    {
      onRequest: limited('two-factor'),
      config: { access: 'member' },
      schema: {
        tags: ['two-factor'],
        summary: 'Ten new recovery codes (password again); the earlier ones stop working',
        body: passwordConfirmInput,
        response: { 200: recoveryCodesResponse, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      await checkOwnPassword(db, request.viewer.id, request.body.password);
      return { recoveryCodes: await renewRecoveryCodes(db, request.viewer.id) };
    },
  );

  app.post(
    '/me/two-factor/disable',
    {
      onRequest: limited('two-factor'),
      config: { access: 'member' },
      schema: {
        tags: ['two-factor'],
        summary: 'Turn two-step sign-in off (password again)',
        description: 'Signs out the member’s other sessions and tells them by e-mail.',
        body: passwordConfirmInput,
        response: { 200: ok, ...errorResponses(429) },
      },
    },
    async (request) => {
      await checkOwnPassword(db, request.viewer.id, request.body.password);
      if (await removeTwoFactor(db, request.viewer.id)) {
        await endOthers(request, request.viewer.id);
        await sendTwoFactorNotice(db, mailer, request.viewer.id, 'turned-off');
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sign-in/two-factor',
    {
      onRequest: limited('two-factor'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: a code from the app or a recovery code',
        description:
          'After `/auth/sign-in` answered `twoFactor: true` and set its short-lived cookie. Five codes per sign-in, and a hold per account after repeated wrong codes; each app code and each recovery code works once.',
        body: secondStepInput,
        response: { 200: meResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const token = cookieOf(request, CHALLENGE_COOKIE.name);
      const userId = await takeChallengeAttempt(db, token, clock.now());
      const key = `two-factor:${userId}`;
      await admitAccountCheck(db, key);
      await spendCode(db, userId, request.body.code, clock.now());
      await passedAccountCheck(db, key);
      await closeChallenge(db, token!);
      reply.header('set-cookie', CHALLENGE_COOKIE.clear(config.isProduction));
      const { email } = await startProvenSession(request, reply, userId);
      return { user: await loadMe(db, userId, email, config.staffTwoFactorRequired) };
    },
  );

  app.delete(
    '/admin/users/:id/two-factor',
    {
      config: { access: 'admin', recentSignIn: true },
      schema: {
        tags: ['admin'],
        summary: 'Reset a member’s two-step sign-in (a lost phone and lost recovery codes)',
        description:
          'Removes their authenticator app and recovery codes, signs out all their sessions, and tells them by e-mail. Recorded in the Activity log.',
        params: idParams,
        response: { 200: ok, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!row) throw notFound('User not found.');
      if (await removeTwoFactor(db, id)) {
        await endSessionsExcept(db, id, id === request.viewer.id ? await sessionTokenOf(request) : null);
        await sendTwoFactorNotice(db, mailer, id, 'reset-by-admin');
      } else request.auditSkip = true;
      return { ok: true as const };
    },
  );
};
