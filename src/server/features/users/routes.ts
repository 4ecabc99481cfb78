import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_NOT_FOUND,
  adminUsersQuery,
  adminUsersResponse,
  createUserInput,
  updateUserInput,
  userFlagInput,
  type AdminUserDetail,
  adminUserResponse,
} from '../../../shared/users';
import { recordChanges } from '../../platform/audit';
import { assertRecentSignIn } from '../../platform/recent-sign-in';
import { replaceAvatar } from '../../platform/avatars';
import { invariant, notFound, errorResponses } from '../../platform/errors';
import { uploadedFile } from '../../platform/uploads';
import { createUser, deleteUser, findUser, listUsers, setUserFlag, updateUser } from './service';
import { sendRegistrationEmail } from '../events/emails';
import { idParams } from '../../platform/http';

const errors = errorResponses(404, 409);

/** The fields worth a before and after in the audit log when an admin edits a user. */
const AUDITED_FIELDS = [
  'username',
  'fullName',
  'company',
  'position',
  'website',
  'bio',
  'instagramUrl',
  'facebookUrl',
  'linkedinUrl',
  'isSponsor',
  'isPanelist',
] as const satisfies readonly (keyof AdminUserDetail)[];

/** The admin's Users tab and forms (spec 2): list with e-mail, flags, create, edit, delete. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config, mailer } = app.services;
  const mailDeps = { db, config, mailer, log: app.log };

  app.get(
    '/admin/users',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary: 'Users: 10 per page by username, search by username or full name; with e-mail',
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse },
      },
    },
    async (request) => {
      return listUsers(db, request.query);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary: 'One user, every profile field and the e-mail (the edit form)',
        params: idParams,
        response: { 200: adminUserResponse },
      },
    },
    async (request) => {
      const user = await findUser(db, request.params.id);
      invariant(user, () => notFound(USER_NOT_FOUND));
      return { user };
    },
  );

  app.post(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a user: account and profile in one transaction (password at least 6, not guessable)',
        description:
          'Creating an admin asks for a recent sign-in (403 `RECENT_SIGN_IN_REQUIRED` after 15 minutes; `POST /api/me/recent-sign-in`).',
        body: createUserInput,
        response: { 201: adminUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (request.body.isAdmin) await assertRecentSignIn(request);
      const id = await createUser(db, request.body);
      request.auditTargetId = id;
      recordChanges(request, { isAdmin: { before: null, after: request.body.isAdmin } });
      return reply.status(201).send({ user: (await findUser(db, id))! });
    },
  );

  app.put(
    '/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Edit a user's profile: every field, sponsor and panelist",
        params: idParams,
        body: updateUserInput,
        response: { 200: adminUserResponse, ...errors },
      },
    },
    async (request) => {
      const { before, after } = await updateUser(db, request.params.id, request.body);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const field of AUDITED_FIELDS) {
        if (before[field] !== after[field]) changes[field] = { before: before[field], after: after[field] };
      }
      recordChanges(request, changes);
      return { user: after };
    },
  );

  app.post(
    '/admin/users/:id/avatar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace a user\'s avatar (multipart field "file"; any real image, re-encoded and cropped square)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: z.object({ avatarUrl: z.string() }), ...errors, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request);
      const url = await replaceAvatar({ db, storage, log: request.log }, request.params.id, bytes);
      invariant(url, () => notFound(USER_NOT_FOUND));
      return { avatarUrl: url };
    },
  );

  app.delete(
    '/admin/users/:id/avatar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Remove a user's avatar (an unsuitable picture, say); the stored file goes too",
        params: idParams,
        response: { 200: z.object({ avatarUrl: z.null() }), ...errors },
      },
    },
    async (request) => {
      const url = await replaceAvatar({ db, storage, log: request.log }, request.params.id, null);
      invariant(url !== undefined, () => notFound(USER_NOT_FOUND));
      return { avatarUrl: null };
    },
  );

  app.patch(
    '/admin/users/:id/flags',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Flip one flag (admin, sponsor, panelist); takes effect at once',
        description:
          'Making someone an admin asks for a recent sign-in (403 `RECENT_SIGN_IN_REQUIRED` after 15 minutes; `POST /api/me/recent-sign-in`). An admin cannot remove their own admin flag (403); the last admin cannot be demoted (409).',
        params: idParams,
        body: userFlagInput,
        response: { 200: adminUserResponse, ...errors },
      },
    },
    async (request) => {
      const { flag, value } = request.body;
      // Making an admin is the one flag that hands over power: it asks for a recent sign-in.
      if (flag === 'isAdmin' && value) await assertRecentSignIn(request);
      const { before } = await setUserFlag(db, request.viewer.id, request.params.id, flag, value);
      recordChanges(request, { [flag]: { before, after: value } });
      return { user: (await findUser(db, request.params.id))! };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { access: 'admin', recentSignIn: true },
      schema: {
        tags: ['admin'],
        summary: 'Delete a user: account, sessions, profile, registrations, guests, connections and uploads',
        description:
          'Messages they sent and their forum posts stay, shown as from a former member. An admin cannot delete themselves (403); the last admin cannot be deleted (409).',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { username } = await deleteUser(db, storage, request.params.id, {
        actorId: request.viewer.id,
        self: false,
        onFileError: (err) => request.log.warn({ err }, 'could not remove the avatar of a deleted user'),
        onPromoted: (eventId, userIds) => {
          for (const userId of userIds) void sendRegistrationEmail(mailDeps, eventId, userId, 'promoted');
        },
      });
      recordChanges(request, { username: { before: username, after: null } });
      return { ok: true as const };
    },
  );
};
