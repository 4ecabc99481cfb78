import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { changePasswordInput, deleteAccountInput, exportFileName } from '../../../shared/account';
import { enforceRateLimit } from '../../platform/rate-limit';
import { markRequestProved } from '../../platform/recent-sign-in';
import { endSessionsExcept, sessionTokenOf } from '../../platform/viewer';
import { changePassword, sendPasswordChanged } from './password';
import { deleteUser } from '../users/service';
import { assertOwnUsername, exportAccount } from './service';
import { sendRegistrationEmail } from '../events/emails';

const errors = errorResponses(404, 409);

/** The member's own account: download everything held about them, and delete it. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, auth, config, mailer } = app.services;
  const mailDeps = { db, config, mailer, log: app.log };
  const rule = { limit: config.AUTH_RATE_LIMIT, windowSeconds: config.AUTH_RATE_WINDOW_SECONDS };

  app.post(
    '/me/password',
    {
      onRequest: (request: { ip: string }) => enforceRateLimit(db, `password-change:${request.ip}`, rule),
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Change your password (the current one, then a new one not easy to guess)',
        description:
          'Signs out your other sessions and tells you by e-mail. Wrong current passwords are held back per account like sign-ins (429 with Retry-After).',
        body: changePasswordInput,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(429) },
      },
    },
    async (request) => {
      await changePassword(db, request.viewer.id, request.body);
      const token = await sessionTokenOf(request);
      await endSessionsExcept(db, request.viewer.id, token);
      await markRequestProved(request);
      await sendPasswordChanged(db, mailer, request.viewer.id, config.publicUrl);
      return { ok: true as const };
    },
  );

  app.get(
    '/me/export',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Everything the product holds about you, as one JSON file (an attachment)',
        description:
          'Profile (with your e-mail), skills, registrations, guests you added, connections, messages sent and received, forum posts and replies, reports and blocks.',
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(db, request.viewer.id);
      const username = String(data.profile.username);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(username, new Date())}"`)
        .send(data);
    },
  );

  app.post(
    '/me/delete',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Delete your own account for good, after typing your username',
        description:
          'Your account, sessions, profile, registrations, guests, connections and avatar go; messages you sent and your forum posts stay, shown as from a former member. The last admin cannot delete their account (409).',
        body: deleteAccountInput,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      await assertOwnUsername(db, viewer.id, request.body.username);
      await deleteUser(db, storage, viewer.id, {
        actorId: viewer.id,
        self: true,
        onFileError: (err) => request.log.warn({ err }, 'could not remove the avatar of a deleted account'),
        onPromoted: (eventId, userIds) => {
          for (const userId of userIds) void sendRegistrationEmail(mailDeps, eventId, userId, 'promoted');
        },
      });
      // The session row went with the account; the browser's cookie is cleared as well.
      // (A `__Secure-` cookie is only replaced by one that is Secure too.)
      const cookie = (await auth.$context).authCookies.sessionToken;
      const secure = config.isProduction ? '; Secure' : '';
      reply.header('set-cookie', `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
      return { ok: true as const };
    },
  );
};
