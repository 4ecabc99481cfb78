import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/errors';
import {
  PROFILE_NOT_FOUND,
  addSkillInput,
  memberFilters as memberFiltersSchema,
  membersQuery,
  membersResponse,
  profileResponse,
  profileUpdateInput,
  skill,
} from '../../../shared/members';
import { profiles } from '../../db/schema';
import { badRequest, invariant, notFound } from '../../platform/errors';
import { storeImage } from '../../platform/images';
import { getViewer, requireMember } from '../../platform/viewer';
import {
  addSkill,
  countProfiles,
  findProfile,
  listMembers,
  listSkills,
  memberFilters,
  removeSkill,
  suggestUsernames,
  updateProfile,
} from './service';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, cache } = app.services;

  app.get(
    '/members',
    {
      schema: {
        tags: ['members'],
        summary: 'The member directory: 12 per page, sorted by username; search and filters',
        querystring: membersQuery,
        response: { 200: membersResponse, 422: apiError },
      },
    },
    async (request) => {
      // The unfiltered total is the same for everyone: counted once per cache lifetime.
      const countAll = async () =>
        Number((await cache.get('members-count', ['members'], 30_000, () => countProfiles(db))).body);
      return listMembers(db, request.query, countAll);
    },
  );

  app.get(
    '/members/filters',
    {
      schema: {
        tags: ['members'],
        summary: "Options for the directory's event and skill filters",
        response: { 200: memberFiltersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return memberFilters(db);
    },
  );

  app.get(
    '/members/suggest',
    {
      schema: {
        tags: ['members'],
        summary: 'Usernames starting with the typed text (compose suggestions; members only)',
        querystring: z.object({ q: z.string().trim().min(1).max(60) }),
        response: {
          200: z.object({
            members: z.array(
              z.object({
                id: z.string(),
                username: z.string(),
                avatarUrl: z.string().nullable(),
                fullName: z.string().nullable(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      return { members: await suggestUsernames(db, request.query.q, viewer.id) };
    },
  );

  app.get(
    '/profiles/:username',
    {
      schema: {
        tags: ['members'],
        summary: "A member's public profile with skills, events, connections and the viewer's relation",
        params: z.object({ username: z.string().max(60) }),
        response: { 200: profileResponse, 404: apiError },
      },
    },
    async (request, reply) => {
      const viewer = await getViewer(request);
      const result = await findProfile(db, request.params.username, viewer?.id ?? null);
      invariant(result, notFound(PROFILE_NOT_FOUND));
      reply.header('cache-control', 'private, no-cache');
      return result;
    },
  );

  app.get(
    '/skills',
    {
      schema: {
        tags: ['members'],
        summary: 'The skills catalogue',
        response: { 200: z.object({ skills: z.array(skill) }) },
      },
    },
    async () => ({
      skills: await listSkills(db),
    }),
  );

  app.patch(
    '/me/profile',
    {
      schema: {
        tags: ['members'],
        summary: 'Edit your own profile (social fields take the username only)',
        body: profileUpdateInput,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      const input = request.body;
      await updateProfile(db, viewer.id, input);
      return (await findProfile(db, input.username, viewer.id))!;
    },
  );

  app.post(
    '/me/avatar',
    {
      schema: {
        tags: ['members'],
        summary: 'Upload your avatar (multipart field "file"; any real image, re-encoded and cropped square)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatarUrl: z.string() }), ...errors, 413: apiError },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', 'Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('NO_FILE', 'Choose an image to upload.');
      const bytes = await file.toBuffer();
      const url = await storeImage(storage, 'avatars', bytes, { folder: viewer.id, maxSize: 400, square: true });
      const [old] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, viewer.id));
      await db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, viewer.id));
      await removeStored(old?.avatarUrl);
      return { avatarUrl: url };
    },
  );

  app.delete(
    '/me/avatar',
    {
      schema: {
        tags: ['members'],
        summary: 'Remove your avatar',
        response: { 200: z.object({ avatarUrl: z.null() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      const [old] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, viewer.id));
      await db.update(profiles).set({ avatarUrl: null }).where(eq(profiles.id, viewer.id));
      await removeStored(old?.avatarUrl);
      return { avatarUrl: null };
    },
  );

  /** Deletes a file we stored earlier; files we do not own (seeded elsewhere) are left alone. */
  async function removeStored(url: string | null | undefined) {
    const location = url ? storage.locate(url) : null;
    if (location && location.bucket === 'avatars') {
      await storage
        .remove(location.bucket, location.key)
        .catch((err) => app.log.warn({ err, url }, 'could not remove old avatar'));
    }
  }

  app.post(
    '/me/skills',
    {
      schema: {
        tags: ['members'],
        summary: 'Add a skill from the catalogue ({skillId}) or a custom one ({name, category?})',
        body: addSkillInput,
        response: { 200: z.object({ skill }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      return { skill: await addSkill(db, viewer.id, request.body) };
    },
  );

  app.delete(
    '/me/skills/:skillId',
    {
      schema: {
        tags: ['members'],
        summary: 'Remove one of your skills',
        params: z.object({ skillId: z.string().max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      invariant(await removeSkill(db, viewer.id, request.params.skillId), notFound('You do not have that skill.'));
      return { ok: true as const };
    },
  );
};
