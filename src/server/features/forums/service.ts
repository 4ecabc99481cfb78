import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { forumPosts, forumReplies, forums, profiles } from '../../db/schema';
import { memberSummaryColumnsOf, presentMemberSummary, type MemberSummaryRow } from '../../platform/presenters';
import { iso } from '../../db/rows';
import type { Viewer } from '../../platform/viewer';
import {
  POSTS_PAGE_SIZE,
  REPLIES_PAGE_SIZE,
  type ForumAuthor,
  type ForumSummary,
  type PostDetail,
  type PostSummary,
  type PostsQuery,
  type PostsResponse,
  type RepliesQuery,
  type RepliesResponse,
  type Reply,
} from '../../../shared/forums';
import { isUuid } from '../../db/query-values';
import { permissionsFor } from './policy';

// Forums, posts and replies. Counts and latest activity are kept by triggers (migration 0006),
// so lists never count rows; a forum's posts are walked by keyset over
// (forum_id, created_at desc), so page 5,000 costs what page 1 does.

type ForumRow = typeof forums.$inferSelect;

export function presentForum(row: ForumRow): ForumSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: iso(row.createdAt),
    postCount: row.postCount,
    lastActivityAt: row.lastActivityAt ? iso(row.lastActivityAt) : null,
  };
}

export async function listForums(db: Db): Promise<ForumSummary[]> {
  const rows = await db.select().from(forums).orderBy(desc(forums.createdAt), desc(forums.id));
  return rows.map(presentForum);
}

export async function findForum(db: Db, id: string): Promise<ForumRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(forums).where(eq(forums.id, id));
  return row ?? null;
}

export async function createForum(db: Db, values: { name: string; description: string }): Promise<ForumRow> {
  const [row] = await db.insert(forums).values(values).returning();
  return row!;
}

export async function updateForum(
  db: Db,
  id: string,
  values: { name: string; description?: string },
): Promise<ForumRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.update(forums).set(values).where(eq(forums.id, id)).returning();
  return row ?? null;
}

/** Its posts and their replies go with it (foreign keys cascade). */
export async function deleteForum(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(forums).where(eq(forums.id, id)).returning({ id: forums.id });
  return rows.length > 0;
}

// ---- authors -------------------------------------------------------------------------------

const author = alias(profiles, 'a');

/** One presenter for a post's or reply's author; a deleted member's is null ('Former member').
 * (The author is a left join: the builder gives null when the profile is gone.) */
function presentAuthor(row: MemberSummaryRow | null): ForumAuthor {
  return row ? presentMemberSummary(row) : null;
}

// ---- posts ---------------------------------------------------------------------------------

const post = alias(forumPosts, 'p');

/** The list's columns of a post (alias p) and its author (alias a). */
const postColumns = {
  id: post.id,
  forumId: post.forumId,
  title: post.title,
  excerpt: post.excerpt,
  createdAt: post.createdAt,
  editedAt: post.editedAt,
  replyCount: post.replyCount,
  lastActivityAt: post.lastActivityAt,
  /** created_at as PostgreSQL writes it, microseconds and all: a cursor must not round. */
  cursorAt: sql<string>`${post.createdAt}::text`,
  author: memberSummaryColumnsOf(author),
};

const selectPosts = (db: Db) =>
  db.select(postColumns).from(post).leftJoin(author, eq(author.id, post.authorId)).$dynamic();

type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

function presentPostSummary(row: PostRow): PostSummary {
  return {
    id: row.id,
    forumId: row.forumId,
    title: row.title,
    excerpt: row.excerpt,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    replyCount: row.replyCount,
    lastActivityAt: iso(row.lastActivityAt),
    author: presentAuthor(row.author),
  };
}

const TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

export function encodeCursor(row: { cursor_at: string; id: string }): string {
  return Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');
}

/** A cursor from a URL; anything we did not write reads as "no cursor". */
export function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !TIMESTAMP_TEXT.test(at) || !isUuid(id)) return null;
  return { at, id };
}

/** One page of a forum's posts, newest first. `before` reads older posts, `after` newer ones.
 * Both stay on the (forum_id, created_at desc) index however deep they go: the inner query
 * walks the index in its own order to the page's last timestamp, the outer one sorts that
 * handful by (created_at, id). (Asked for both keys at once, the planner sorts the whole forum.)
 * The index is `created_at desc nulls last`: the orders say so too, or it cannot serve them. */
export async function listPosts(db: Db, forum: ForumRow, query: PostsQuery): Promise<PostsResponse> {
  const before = decodeCursor(query.before);
  const after = before ? null : decodeCursor(query.after);
  const limit = POSTS_PAGE_SIZE + 1;
  let rows: PostRow[];
  let hasNewer: boolean;
  let hasOlder: boolean;
  if (after) {
    const newer = sql`p.forum_id = ${forum.id} and p.created_at >= ${after.at}::timestamptz
      and (p.created_at > ${after.at}::timestamptz or p.id > ${after.id}::uuid)`;
    const result = await selectPosts(db)
      .where(
        sql`${newer} and p.created_at <= coalesce((select p.created_at from forum_posts p where ${newer}
          order by p.created_at asc nulls first offset ${limit - 1} limit 1), 'infinity')`,
      )
      .orderBy(sql`p.created_at asc nulls first`, asc(post.id))
      .limit(limit);
    // Fewer than a page above the cursor: that is the first page.
    if (result.length < limit) return listPosts(db, forum, {});
    rows = result.slice(0, POSTS_PAGE_SIZE).reverse();
    hasNewer = true;
    hasOlder = true;
  } else {
    const older = before
      ? sql`p.forum_id = ${forum.id} and p.created_at <= ${before.at}::timestamptz
          and (p.created_at < ${before.at}::timestamptz or p.id < ${before.id}::uuid)`
      : sql`p.forum_id = ${forum.id}`;
    const result = await selectPosts(db)
      .where(
        sql`${older} and p.created_at >= coalesce((select p.created_at from forum_posts p where ${older}
          order by p.created_at desc nulls last offset ${limit - 1} limit 1), '-infinity')`,
      )
      .orderBy(sql`p.created_at desc nulls last`, desc(post.id))
      .limit(limit);
    rows = result.slice(0, POSTS_PAGE_SIZE);
    hasOlder = result.length === limit;
    hasNewer = Boolean(before);
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    posts: rows.map(presentPostSummary),
    older: hasOlder && last ? encodeCursor({ cursor_at: last.cursorAt, id: last.id }) : null,
    newer: hasNewer && first ? encodeCursor({ cursor_at: first.cursorAt, id: first.id }) : null,
    total: forum.postCount,
  };
}

export interface PostRecord {
  id: string;
  forumId: string;
  authorId: string | null;
  title: string;
  content: string;
}

/** The post, if it belongs to that forum. */
export async function findPostRecord(db: Db, forumId: string, postId: string): Promise<PostRecord | null> {
  if (!isUuid(forumId) || !isUuid(postId)) return null;
  const [row] = await db
    .select({
      id: forumPosts.id,
      forumId: forumPosts.forumId,
      authorId: forumPosts.authorId,
      title: forumPosts.title,
      content: forumPosts.content,
    })
    .from(forumPosts)
    .where(sql`${forumPosts.id} = ${postId} and ${forumPosts.forumId} = ${forumId}`);
  return row ?? null;
}

/** Whether the post was written less than `seconds` ago (on the database's clock, which wrote it). */
export async function isNewPost(db: Db, postId: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(and(eq(forumPosts.id, postId), gt(forumPosts.createdAt, sql`now() - make_interval(secs => ${seconds})`)));
  return row !== undefined;
}

export async function findPostDetail(
  db: Db,
  forumId: string,
  postId: string,
  viewer: Viewer,
): Promise<PostDetail | null> {
  if (!isUuid(forumId) || !isUuid(postId)) return null;
  const [row] = await db
    .select({ ...postColumns, authorId: post.authorId, content: post.content, forumName: forums.name })
    .from(post)
    .innerJoin(forums, eq(forums.id, post.forumId))
    .leftJoin(author, eq(author.id, post.authorId))
    .where(and(eq(post.id, postId), eq(post.forumId, forumId)));
  if (!row) return null;
  return {
    ...presentPostSummary(row),
    forumName: row.forumName,
    content: row.content,
    can: permissionsFor(viewer, row.authorId),
  };
}

export async function createPost(
  db: Db,
  values: { forumId: string; authorId: string; title: string; content: string; excerpt: string },
): Promise<string> {
  const [row] = await db.insert(forumPosts).values(values).returning({ id: forumPosts.id });
  return row!.id;
}

export async function updatePost(
  db: Db,
  postId: string,
  values: { title: string; content: string; excerpt: string },
): Promise<void> {
  await db
    .update(forumPosts)
    .set({ ...values, editedAt: new Date() })
    .where(eq(forumPosts.id, postId));
}

/** Its replies go with it (foreign key cascade). */
export async function deletePost(db: Db, postId: string): Promise<void> {
  await db.delete(forumPosts).where(eq(forumPosts.id, postId));
}

// ---- replies -------------------------------------------------------------------------------

const reply = alias(forumReplies, 'r');

const replyColumns = {
  id: reply.id,
  postId: reply.postId,
  content: reply.content,
  createdAt: reply.createdAt,
  editedAt: reply.editedAt,
  authorId: reply.authorId,
  author: memberSummaryColumnsOf(author),
};

type ReplyRow = Pick<
  typeof forumReplies.$inferSelect,
  'id' | 'postId' | 'content' | 'createdAt' | 'editedAt' | 'authorId'
> & { author: MemberSummaryRow | null };

function presentReply(row: ReplyRow, viewer: Viewer): Reply {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    author: presentAuthor(row.author),
    can: permissionsFor(viewer, row.authorId),
  };
}

/** A page of a post's replies, oldest first; `reply` asks for the page that holds it. */
export async function listReplies(
  db: Db,
  postId: string,
  query: RepliesQuery,
  viewer: Viewer,
): Promise<RepliesResponse> {
  const [post] = await db
    .select({ replyCount: forumPosts.replyCount })
    .from(forumPosts)
    .where(eq(forumPosts.id, postId));
  const total = post?.replyCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REPLIES_PAGE_SIZE));
  let page = query.page ?? 1;
  if (query.reply && isUuid(query.reply)) {
    const target = db
      .select({ createdAt: forumReplies.createdAt, id: forumReplies.id })
      .from(forumReplies)
      .where(and(eq(forumReplies.id, query.reply), eq(forumReplies.postId, postId)))
      .as('x');
    // A row comparison on the (post, time, id) index; the builder has no operator for it.
    const [position] = await db
      .select({ before: count() })
      .from(reply)
      .innerJoin(target, sql`(${reply.createdAt}, ${reply.id}) < (${target.createdAt}, ${target.id})`)
      .where(eq(reply.postId, postId));
    // A reply that is gone (or not this post's) counts nothing before it: page 1.
    page = Math.floor((position?.before ?? 0) / REPLIES_PAGE_SIZE) + 1;
  }
  page = Math.min(page, pageCount);
  // The page's ids first, from the index alone (post, time, id), and only then their rows and
  // authors; a page in the thread's second half is counted from its end, so the last page of
  // 10,000 replies skips none.
  const from = (page - 1) * REPLIES_PAGE_SIZE;
  const to = Math.min(page * REPLIES_PAGE_SIZE, total);
  const ofPost = db.select({ id: forumReplies.id }).from(forumReplies).where(eq(forumReplies.postId, postId));
  const ids = (
    from >= total / 2 && to > from
      ? ofPost
          .orderBy(desc(forumReplies.createdAt), desc(forumReplies.id))
          .limit(to - from)
          .offset(total - to)
      : ofPost.orderBy(asc(forumReplies.createdAt), asc(forumReplies.id)).limit(REPLIES_PAGE_SIZE).offset(from)
  ).as('pg');
  const rows = await db
    .select(replyColumns)
    .from(ids)
    .innerJoin(reply, eq(reply.id, ids.id))
    .leftJoin(author, eq(author.id, reply.authorId))
    .orderBy(asc(reply.createdAt), asc(reply.id));
  return {
    replies: rows.map((r) => presentReply(r, viewer)),
    page,
    pageCount,
    total,
    pageSize: REPLIES_PAGE_SIZE,
  };
}

export async function findReplyRecord(
  db: Db,
  postId: string,
  replyId: string,
): Promise<{ id: string; authorId: string | null } | null> {
  if (!isUuid(replyId)) return null;
  const [row] = await db
    .select({ id: forumReplies.id, authorId: forumReplies.authorId })
    .from(forumReplies)
    .where(sql`${forumReplies.id} = ${replyId} and ${forumReplies.postId} = ${postId}`);
  return row ?? null;
}

export async function findReply(db: Db, replyId: string, viewer: Viewer): Promise<Reply | null> {
  const [row] = await db
    .select(replyColumns)
    .from(reply)
    .leftJoin(author, eq(author.id, reply.authorId))
    .where(eq(reply.id, replyId));
  return row ? presentReply(row, viewer) : null;
}

export async function createReply(
  db: Db,
  values: { postId: string; authorId: string; content: string },
): Promise<string> {
  const [row] = await db.insert(forumReplies).values(values).returning({ id: forumReplies.id });
  return row!.id;
}

export async function updateReply(db: Db, replyId: string, content: string): Promise<void> {
  await db.update(forumReplies).set({ content, editedAt: new Date() }).where(eq(forumReplies.id, replyId));
}

export async function deleteReply(db: Db, replyId: string): Promise<void> {
  await db.delete(forumReplies).where(eq(forumReplies.id, replyId));
}
