import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_NOT_FOUND,
  addSkillInput,
  memberFilters as memberFiltersSchema,
  membersQuery,
  membersResponse,
  profileResponse,
  profileUpdateInput,
  type Relation,
  skillsResponse,
  skillResponse,
} from '../../../shared/members';
import {
  connections,
  eventAttendees,
  eventCheckIns,
  events,
  offersAndAsks,
  profiles,
  skills,
  userSkills,
} from '../../db/schema';
import { invariant, notFound, errorResponses } from '../../platform/errors';
import { uploadedFile } from '../../platform/uploads';
import { cachedRead, sendShared, sendWithViewerField } from '../../platform/shared-answers';
import {
  addSkill,
  countProfiles,
  findProfile,
  findPublicProfile,
  findRelation,
  listMembers,
  listSkills,
  memberFilters,
  removeSkill,
  suggestUsernames,
  updateProfile,
  type PublicProfile,
} from './service';
import { replaceAvatar } from '../../platform/avatars';
import { offersAsks, offersAsksInput } from '../../../shared/people-to-meet';
import { getOffersAsks, saveOffersAsks } from './offers-asks';

/** Directory pages and profiles are cached per process this long, and dropped when what they read changes. */
export const MEMBERS_CACHE_TTL_MS = 30_000;

/** A directory page: cards with skills, offers and asks, filtered by an event's registrations, a skill, offers or asks. */
const DIRECTORY_READS = [profiles, userSkills, skills, eventAttendees, offersAndAsks];
/** A profile page: skills, events attended and accepted connections. */
const PROFILE_READS = [profiles, userSkills, skills, offersAndAsks, eventAttendees, events, eventCheckIns, connections];

const errors = errorResponses(400, 404, 409);

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, cache } = app.services;

  app.get(
    '/members',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary:
          'The member directory: 12 per page, sorted by username; search (name, username, offers and asks) and filters',
        querystring: membersQuery,
        response: { 200: membersResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // The unfiltered total is the same for every page: counted once per cache lifetime.
      // (fresh: it becomes part of this answer).
      const countOptions = { reads: [profiles], ttlMs: MEMBERS_CACHE_TTL_MS };
      const countAll = async () =>
        Number((await cache.get('members-count', countOptions, () => countProfiles(db))).body);
      // JSON keeps free-text filters apart ("a|b" in one is not two filters).
      const key = `members:${JSON.stringify([q.q ?? '', q.event ?? '', q.skill ?? '', q.offers ?? '', q.asks ?? '', q.page])}`;
      const cached = await cachedRead(request, key, { reads: DIRECTORY_READS, ttlMs: MEMBERS_CACHE_TTL_MS }, () =>
        listMembers(db, q, countAll),
      );
      return sendShared(request, reply, key, cached);
    },
  );

  app.get(
    '/members/filters',
    {
      config: { access: 'public' },
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
      config: { access: 'member' },
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
      return { members: await suggestUsernames(db, request.query.q, request.viewer.id) };
    },
  );

  app.get(
    '/profiles/:username',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary: "A member's public profile with skills, events, connections and the viewer's relation",
        params: z.object({ username: z.string().max(60) }),
        response: { 200: profileResponse },
      },
    },
    async (request, reply) => {
      const username = request.params.username.toLowerCase();
      // What every viewer sees is cached; the viewer's relation is one small query on top.
      const options = { reads: PROFILE_READS, ttlMs: MEMBERS_CACHE_TTL_MS };
      const load = () => findPublicProfile(db, username);
      const base = await cachedRead(request, `profile:${username}`, options, load);
      const found = base.value as PublicProfile | null;
      invariant(found, () => notFound(PROFILE_NOT_FOUND));
      return sendWithViewerField(request, reply, {
        base: { key: `profile:${username}`, load },
        key: `profile:${username}:visitor`,
        cache: options,
        field: 'relation',
        visitorValue: { state: 'visitor', connectionId: null, metAt: null } satisfies Relation,
        forMember: (viewer) => findRelation(db, found.profile.id, viewer.id),
      });
    },
  );

  app.get(
    '/skills',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary: 'The skills catalogue',
        response: { 200: skillsResponse },
      },
    },
    async () => ({
      skills: await listSkills(db),
    }),
  );

  app.patch(
    '/me/profile',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Edit your own profile (social fields take the username only)',
        body: profileUpdateInput,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => {
      const input = request.body;
      await updateProfile(db, request.viewer.id, input);
      return (await findProfile(db, input.username, request.viewer.id))!;
    },
  );

  app.post(
    '/me/avatar',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Upload your avatar (multipart field "file"; any real image, re-encoded and cropped square)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatarUrl: z.string() }), ...errors },
      },
    },
    async (request) => {
      const file = await uploadedFile(request);
      const url = await replaceAvatar({ db, storage, log: request.log }, request.viewer.id, file.bytes);
      return { avatarUrl: url! };
    },
  );

  app.delete(
    '/me/avatar',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Remove your avatar',
        response: { 200: z.object({ avatarUrl: z.null() }), ...errors },
      },
    },
    async (request) => {
      await replaceAvatar({ db, storage, log: request.log }, request.viewer.id, null);
      return { avatarUrl: null };
    },
  );

  app.post(
    '/me/skills',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Add a skill from the catalogue ({skillId}) or a custom one ({name, category?})',
        body: addSkillInput,
        response: { 200: skillResponse, ...errors },
      },
    },
    async (request) => {
      const added = await addSkill(db, request.viewer.id, request.body);
      return { skill: added };
    },
  );

  app.delete(
    '/me/skills/:skillId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Remove one of your skills',
        params: z.object({ skillId: z.string().max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      invariant(await removeSkill(db, request.viewer.id, request.params.skillId), () =>
        notFound('You do not have that skill.'),
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/me/offers-asks',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['members'],
        summary: 'What you offer and what you are looking for (up to 3 each)',
        response: { 200: offersAsks },
      },
    },
    async (request) => {
      return getOffersAsks(db, request.viewer.id);
    },
  );

  app.put(
    '/me/offers-asks',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'Replace what you offer and what you are looking for (up to 3 each; the same words twice count once)',
        body: offersAsksInput,
        response: { 200: offersAsks, ...errors },
      },
    },
    async (request) => {
      return saveOffersAsks(db, request.viewer.id, request.body);
    },
  );
};
