import {
  findForum,
  findPostRecord,
  listForums,
  listPosts,
  listReplies,
} from '../../src/server/features/forums/service';
import type { Viewer } from '../../src/server/platform/viewer';
import type { PostsResponse, RepliesResponse } from '../../src/shared/forums';
import type { ForumsFixture } from './forums-generate';
import { lookUpViewer, type MemberCase, type MembersContext } from './members-cases';

// What the forums part measures: each route over HTTP as a signed-in member, and the same SQL
// (session lookup, then the service calls the route makes) straight through the driver pool.

async function viewerOf(ctx: MembersContext): Promise<Viewer> {
  const viewer = await lookUpViewer(ctx);
  if (!viewer) throw new Error('the session lookup found no session: the cookie was not accepted');
  return viewer;
}

const asViewer = (ctx: MembersContext): Viewer => ({ id: ctx.viewerId, email: '', isAdmin: false });

async function postsPage(ctx: MembersContext, forumId: string, before?: string) {
  const forum = await findForum(ctx.db, forumId);
  if (!forum) throw new Error('the big forum is missing');
  return listPosts(ctx.db, forum, before ? { before } : {});
}

async function repliesPage(ctx: MembersContext, f: ForumsFixture, page: number, viewer: Viewer) {
  const post = await findPostRecord(ctx.db, f.longThread.forumId, f.longThread.postId);
  if (!post) throw new Error('the long thread is missing');
  return listReplies(ctx.db, post.id, { page }, viewer);
}

export function forumCases(f: ForumsFixture): MemberCase[] {
  const postsPath = `/api/forums/${f.bigForum.id}/posts`;
  const repliesPath = `/api/forums/${f.longThread.forumId}/posts/${f.longThread.postId}/replies`;
  const postsOk = (body: unknown) => ((body as PostsResponse).posts.length > 0 ? null : 'an empty page of posts');
  const repliesOk = (page: number) => (body: unknown) => {
    const r = body as RepliesResponse;
    return r.page === page && r.replies.length > 0 ? null : `page ${r.page} with ${r.replies.length} replies`;
  };
  return [
    {
      label: `GET /api/forums (${f.counts.forums} forums)`,
      path: '/api/forums',
      signedIn: true,
      route: async (ctx) => (await viewerOf(ctx), listForums(ctx.db)),
      service: (ctx) => listForums(ctx.db),
      check: (body) => ((body as { forums: unknown[] }).forums.length > 0 ? null : 'no forums'),
    },
    {
      label: `GET /api/forums/:id/posts (first page; ${f.bigForum.posts.toLocaleString('en-US')} posts)`,
      path: postsPath,
      signedIn: true,
      route: async (ctx) => (await viewerOf(ctx), postsPage(ctx, f.bigForum.id)),
      service: (ctx) => postsPage(ctx, f.bigForum.id),
      check: postsOk,
    },
    {
      label: `GET /api/forums/:id/posts?before= (${f.deepOffset.toLocaleString('en-US')} posts deep)`,
      path: `${postsPath}?before=${f.deepCursor}`,
      signedIn: true,
      route: async (ctx) => (await viewerOf(ctx), postsPage(ctx, f.bigForum.id, f.deepCursor)),
      service: (ctx) => postsPage(ctx, f.bigForum.id, f.deepCursor),
      check: postsOk,
    },
    {
      label: `GET /api/forums/:id/posts/:id/replies (first page; ${f.longThread.replies.toLocaleString('en-US')} replies)`,
      path: `${repliesPath}?page=1`,
      signedIn: true,
      route: async (ctx) => repliesPage(ctx, f, 1, await viewerOf(ctx)),
      service: (ctx) => repliesPage(ctx, f, 1, asViewer(ctx)),
      check: repliesOk(1),
    },
    {
      label: `GET /api/forums/:id/posts/:id/replies?page=${f.longThread.lastPage} (last page)`,
      path: `${repliesPath}?page=${f.longThread.lastPage}`,
      signedIn: true,
      route: async (ctx) => repliesPage(ctx, f, f.longThread.lastPage, await viewerOf(ctx)),
      service: (ctx) => repliesPage(ctx, f, f.longThread.lastPage, asViewer(ctx)),
      check: repliesOk(f.longThread.lastPage),
    },
  ];
}
