import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORUM_NOT_FOUND,
  POST_NOT_FOUND,
  REPLY_NOT_FOUND,
  createForumInput,
  createReplyResponse,
  forumResponse,
  forumsResponse,
  postInput,
  postResponse,
  postsQuery,
  postsResponse,
  repliesQuery,
  repliesResponse,
  replyInput,
  replyResponse,
  updateForumInput,
} from '../../../shared/forums';
import { forumPosts, forumReplies, forums, profiles } from '../../db/schema';
import { personalBody } from '../../platform/cache';
import { cachedRead, sendJsonWithEtag } from '../../platform/shared-answers';
import { recordChanges } from '../../platform/audit';
import { forbidden, invariant, notFound, errorResponses } from '../../platform/errors';
import { cleanRichText, enforcePostingRate, excerptOf } from './content';
import { canDelete, canEdit, permissionsFor } from './policy';
import {
  createForum,
  createPost,
  createReply,
  deleteForum,
  deletePost,
  deleteReply,
  findForum,
  findPostDetail,
  findPostRecord,
  findReply,
  findReplyRecord,
  listForums,
  listPosts,
  listReplies,
  presentForum,
  updateForum,
  updatePost,
  updateReply,
} from './service';

const errors = errorResponses(404, 429);
const forumParams = z.object({ forumId: z.string().max(64) });
const postParams = forumParams.extend({ postId: z.string().max(64) });
const replyParams = postParams.extend({ replyId: z.string().max(64) });
const ok = z.object({ ok: z.literal(true) });
/** Lists are cached per process and dropped by the change stream; the viewer's own part (may
 * create, may edit) is added per request. Members only, so never published before routing. */
const PRIVATE = 'private, no-cache';
const NOBODY = { id: '', email: '', isAdmin: false };
/** Nothing here changes with the clock; the TTL only lets rarely read pages go. */
const ttlMs = 60_000;

/** Forums, posts and replies (spec 2): members read and write, admins manage forums and may
 * delete any post or reply. Every change reaches open forum screens through the change stream. */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, realtime, storage } = app.services;
  // Forum screens refetch on these (web lib/realtime.ts FORUM_KINDS); notices carry no content.
  realtime.notifySignedIn(forums, 'forums');
  realtime.notifySignedIn(forumPosts, 'forum-posts');
  realtime.notifySignedIn(forumReplies, 'forum-replies');

  async function forumOr404(forumId: string) {
    const forum = await findForum(db, forumId);
    invariant(forum, () => notFound(FORUM_NOT_FOUND));
    return forum;
  }

  async function postOr404(forumId: string, postId: string) {
    const post = await findPostRecord(db, forumId, postId);
    invariant(post, () => notFound(POST_NOT_FOUND));
    return post;
  }

  // ---- forums ------------------------------------------------------------------------------

  app.get(
    '/forums',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Forums, newest first, with post count and latest activity',
        response: { 200: forumsResponse },
      },
    },
    async (request, reply) => {
      const cached = await cachedRead(request, 'forums', { reads: [forums], ttlMs }, async () => ({
        forums: await listForums(db),
      }));
      const body = `${cached.body.slice(0, -1)},"canCreate":${request.viewer.isAdmin}}`;
      return sendJsonWithEtag(request, reply, personalBody(body), PRIVATE);
    },
  );

  app.post(
    '/forums',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['forums'],
        summary: 'Create a forum (name and description required; the description is rich HTML)',
        body: createForumInput,
        response: { 201: forumResponse, ...errors },
      },
    },
    async (request, reply) => {
      const description = cleanRichText(
        request.body.description,
        storage,
        { field: 'description', label: 'Description' },
        true,
      );
      const forum = await createForum(db, { name: request.body.name, description });
      request.auditTargetId = forum.id;
      return reply.status(201).send({ forum: { ...presentForum(forum), can: { edit: true, delete: true } } });
    },
  );

  app.get(
    '/forums/:forumId',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['forums'],
        summary: 'One forum',
        params: forumParams,
        response: { 200: forumResponse },
      },
    },
    async (request) => {
      const forum = await forumOr404(request.params.forumId);
      return {
        forum: { ...presentForum(forum), can: { edit: request.viewer.isAdmin, delete: request.viewer.isAdmin } },
      };
    },
  );

  app.patch(
    '/forums/:forumId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['forums'],
        summary: 'Rename a forum or change its description (name required)',
        params: forumParams,
        body: updateForumInput,
        response: { 200: forumResponse, ...errors },
      },
    },
    async (request) => {
      const before = await forumOr404(request.params.forumId);
      const { name } = request.body;
      const description =
        request.body.description === undefined
          ? undefined
          : cleanRichText(request.body.description, storage, { field: 'description', label: 'Description' }, false);
      const forum = await updateForum(db, before.id, { name, ...(description === undefined ? {} : { description }) });
      invariant(forum, () => notFound(FORUM_NOT_FOUND));
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (before.name !== forum.name) changes.name = { before: before.name, after: forum.name };
      if (before.description !== forum.description)
        changes.description = { before: before.description, after: forum.description };
      recordChanges(request, changes);
      return { forum: { ...presentForum(forum), can: { edit: true, delete: true } } };
    },
  );

  app.delete(
    '/forums/:forumId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['forums'],
        summary: 'Delete a forum with all its posts and replies',
        params: forumParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      invariant(await deleteForum(db, request.params.forumId), () => notFound(FORUM_NOT_FOUND));
      return { ok: true as const };
    },
  );

  // ---- posts -------------------------------------------------------------------------------

  app.get(
    '/forums/:forumId/posts',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: "A forum's posts, newest first, a page at a time (cursors `before` / `after`)",
        params: forumParams,
        querystring: postsQuery,
        response: { 200: postsResponse },
      },
    },
    async (request, reply) => {
      const { forumId } = request.params;
      const { before = '', after = '' } = request.query as { before?: string; after?: string };
      const cached = await cachedRead(
        request,
        `forum-posts:${forumId}:${before}:${after}`,
        { reads: [{ table: forums, id: forumId }, { table: forumPosts, id: forumId }, profiles], ttlMs },
        async () => listPosts(db, await forumOr404(forumId), request.query),
      );
      return sendJsonWithEtag(request, reply, cached, PRIVATE);
    },
  );

  app.post(
    '/forums/:forumId/posts',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Start a discussion (title and rich HTML content; one post or reply per member every few seconds)',
        params: forumParams,
        body: postInput,
        response: { 201: postResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const forum = await forumOr404(request.params.forumId);
      const content = cleanRichText(request.body.content, storage, { field: 'content', label: 'Content' }, true);
      await enforcePostingRate(db, viewer.id);
      const id = await createPost(db, {
        forumId: forum.id,
        authorId: viewer.id,
        title: request.body.title,
        content,
        excerpt: excerptOf(content),
      });
      const post = await findPostDetail(db, forum.id, id, viewer);
      return reply.status(201).send({ post: post! });
    },
  );

  app.get(
    '/forums/:forumId/posts/:postId',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['forums'],
        summary: 'One post, with what the viewer may do with it',
        params: postParams,
        response: { 200: postResponse },
      },
    },
    async (request) => {
      const post = await findPostDetail(db, request.params.forumId, request.params.postId, request.viewer);
      invariant(post, () => notFound(POST_NOT_FOUND));
      return { post };
    },
  );

  app.patch(
    '/forums/:forumId/posts/:postId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Edit your own post (it then shows as edited)',
        params: postParams,
        body: postInput,
        response: { 200: postResponse, ...errors },
      },
    },
    async (request) => {
      const { forumId, postId } = request.params;
      const existing = await postOr404(forumId, postId);
      if (!canEdit(request.viewer, existing.authorId)) throw forbidden('Only the author can edit this post.');
      const content = cleanRichText(request.body.content, storage, { field: 'content', label: 'Content' }, true);
      await updatePost(db, postId, { title: request.body.title, content, excerpt: excerptOf(content) });
      const post = await findPostDetail(db, forumId, postId, request.viewer);
      return { post: post! };
    },
  );

  app.delete(
    '/forums/:forumId/posts/:postId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Delete a post with its replies (your own; admins any)',
        params: postParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const existing = await postOr404(request.params.forumId, request.params.postId);
      if (!canDelete(request.viewer, existing.authorId))
        throw forbidden('Only the author or an admin can delete this post.');
      // An admin removing someone else's content: on the Activity tab like every admin write.
      request.actedAsAdmin = existing.authorId !== request.viewer.id;
      await deletePost(db, existing.id);
      return { ok: true as const };
    },
  );

  // ---- replies -----------------------------------------------------------------------------

  app.get(
    '/forums/:forumId/posts/:postId/replies',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['forums'],
        summary: "A post's replies, oldest first, a page at a time; `reply` answers with the page holding it",
        params: postParams,
        querystring: repliesQuery,
        response: { 200: repliesResponse },
      },
    },
    async (request) => {
      const { forumId, postId } = request.params;
      // A link to a reply resolves to its page number first (one small count), then reads the page.
      const page = request.query.reply
        ? (await listReplies(db, (await postOr404(forumId, postId)).id, request.query, NOBODY)).page
        : (request.query.page ?? 1);
      const cached = await cachedRead(
        request,
        `forum-replies:${forumId}:${postId}:${page}`,
        { reads: [{ table: forumPosts, id: postId }, { table: forumReplies, id: postId }, profiles], ttlMs },
        async () => listReplies(db, (await postOr404(forumId, postId)).id, { page }, NOBODY),
      );
      const answer = JSON.parse(cached.body) as Awaited<ReturnType<typeof listReplies>>;
      for (const r of answer.replies) r.can = permissionsFor(request.viewer, r.author?.id ?? null);
      return answer;
    },
  );

  app.post(
    '/forums/:forumId/posts/:postId/replies',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary:
          'Reply to a post (rich HTML); a blank reply is ignored and answers `{ reply: null }`. One post or reply ' +
          'per member every few seconds, but the first reply to the post you have just written goes through',
        params: postParams,
        body: replyInput,
        response: { 200: createReplyResponse, 201: createReplyResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const post = await postOr404(request.params.forumId, request.params.postId);
      const content = cleanRichText(request.body.content, storage, { field: 'content', label: 'Reply' }, false);
      // Spec 2 section 5: a reply that is blank after trimming is ignored.
      if (!content) return reply.status(200).send({ reply: null });
      await enforcePostingRate(db, viewer.id, post);
      const id = await createReply(db, { postId: post.id, authorId: viewer.id, content });
      return reply.status(201).send({ reply: await findReply(db, id, viewer) });
    },
  );

  app.patch(
    '/forums/:forumId/posts/:postId/replies/:replyId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Edit your own reply (it then shows as edited)',
        params: replyParams,
        body: replyInput,
        response: { 200: replyResponse, ...errors },
      },
    },
    async (request) => {
      const post = await postOr404(request.params.forumId, request.params.postId);
      const existing = await findReplyRecord(db, post.id, request.params.replyId);
      invariant(existing, () => notFound(REPLY_NOT_FOUND));
      if (!canEdit(request.viewer, existing.authorId)) throw forbidden('Only the author can edit this reply.');
      const content = cleanRichText(request.body.content, storage, { field: 'content', label: 'Reply' }, true);
      await updateReply(db, existing.id, content);
      return { reply: (await findReply(db, existing.id, request.viewer))! };
    },
  );

  app.delete(
    '/forums/:forumId/posts/:postId/replies/:replyId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['forums'],
        summary: 'Delete a reply (your own; admins any)',
        params: replyParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const post = await postOr404(request.params.forumId, request.params.postId);
      const existing = await findReplyRecord(db, post.id, request.params.replyId);
      invariant(existing, () => notFound(REPLY_NOT_FOUND));
      if (!canDelete(request.viewer, existing.authorId))
        throw forbidden('Only the author or an admin can delete this reply.');
      // An admin removing someone else's content: on the Activity tab like every admin write.
      request.actedAsAdmin = existing.authorId !== request.viewer.id;
      await deleteReply(db, existing.id);
      return { ok: true as const };
    },
  );
};
