import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { encodeCursor } from '../../src/server/features/forums/service';
import { REPLIES_PAGE_SIZE } from '../../src/shared/forums';
import { pick, rnd } from './generate';
import { fillWithIndexesOff } from './members-generate';
import { MESSAGE_BODIES, MESSAGE_OPENERS, MESSAGE_SUBJECTS } from './members-words';
import { THEMES, TOPICS } from './words';

// The forums data set (PostgreSQL only): 100 forums, 100,000 posts and 1,000,000 replies by
// 1,000 members, made with set-based SQL (generate_series). The counter triggers of migration
// 0006 run as they would for any write, so post and reply counts are the real ones.

/** BENCH_FORUMS_SCALE shrinks the data set for a quick check that the part runs (default 1). */
const scale = Number(process.env.BENCH_FORUMS_SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_FORUMS_SCALE must be in (0, 1]');

export const FORUM_SIZES = forumSizes(scale);

/** The sizes at `scale` (the search part shrinks them with its own BENCH_SEARCH_SCALE). */
export function forumSizes(scale: number) {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    members: Math.max(10, scaled(1_000)),
    forums: 100,
    posts: scaled(100_000),
    /** Forum 1 is the big one: the first and deep page runs read it. */
    bigForumPosts: scaled(20_000),
    replies: scaled(1_000_000),
    /** Post 1 (in forum 1) is the long thread: its first and last page are read. */
    longThreadReplies: scaled(10_000),
    /** How deep the deep page is, in posts from the newest. */
    deepOffset: scaled(19_000),
  };
}

const memberId = (n: string) => `md5('forum-user-' || ${n})`;
const forumId = (n: string) => `md5('forum-' || ${n})::uuid`;
const postId = (n: string) => `md5('forum-post-' || ${n})::uuid`;

export function forumsStatements(S = FORUM_SIZES): Record<string, string> {
  const text = (e: string) =>
    `${pick(MESSAGE_OPENERS, `${e} * 5 + 1`)} || ' ' || ${pick(MESSAGE_BODIES, `${e} * 5 + 2`)} || ' ' || ${pick(MESSAGE_BODIES, `${e} * 5 + 3`)}`;
  const otherReplies = S.replies - S.longThreadReplies;
  return {
    users: `
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select ${memberId('i')}, 'Forum Member ' || i, 'forum' || i || '@members.example', true, now(), now()
      from generate_series(1, ${S.members}) as i`,
    profiles: `
      insert into profiles (id, username, full_name, avatar_url, created_at)
      select ${memberId('i')}, 'forumer_' || i, 'Forum Member ' || i,
        case when i % 3 = 0 then '/uploads/avatars/bench-' || (i % 50) || '.webp' end, now()
      from generate_series(1, ${S.members}) as i`,
    forums: `
      insert into forums (id, name, description, created_at)
      select ${forumId('f')}, initcap(${pick(TOPICS, 'f * 7 + 1')}) || ' talk ' || f,
        '<p>All about <strong>' || ${pick(TOPICS, 'f * 7 + 1')} || '</strong> and ' || ${pick(THEMES, 'f * 7 + 2')} || '.</p>',
        now() - (${S.forums} - f + 400) * interval '1 day'
      from generate_series(1, ${S.forums}) as f`,
    // Posts 1..bigForumPosts in forum 1, the rest spread over forums 2..100; newest post is
    // number 1, and every post is a minute older than the one before it.
    posts: `
      insert into forum_posts (id, forum_id, author_id, title, content, excerpt, created_at, last_activity_at)
      select ${postId('i')},
        case when i <= ${S.bigForumPosts} then ${forumId('1')} else ${forumId(`2 + i % ${S.forums - 1}`)} end,
        ${memberId(`1 + ${rnd('i * 11 + 1', S.members)}`)},
        ${pick(MESSAGE_SUBJECTS, 'i * 11 + 2')} || ' #' || i,
        '<p>' || body || '</p>', body, at, at
      from (
        select i, ${text('i')} as body, now() - interval '1 hour' - i * interval '1 minute' as at
        from generate_series(1, ${S.posts}) as i
      ) as s`,
    // The long thread: post 1 (the newest in forum 1) gets 10,000 replies, a second apart.
    longThread: `
      insert into forum_replies (post_id, author_id, content, created_at)
      select ${postId('1')}, ${memberId(`1 + ${rnd('j * 13 + 1', S.members)}`)},
        '<p>' || ${text('j')} || '</p>', now() - interval '1 hour' + j * interval '100 milliseconds'
      from generate_series(1, ${S.longThreadReplies}) as j`,
    // Everyone else: about 10 replies on each of the other posts.
    replies: `
      insert into forum_replies (post_id, author_id, content, created_at)
      select ${postId(`2 + j % ${S.posts - 1}`)}, ${memberId(`1 + ${rnd('j * 17 + 1', S.members)}`)},
        '<p>' || ${text('j + 7')} || '</p>', now() - ${rnd('j * 17 + 2', 60 * 24 * 30)} * interval '1 minute'
      from generate_series(1, ${otherReplies}) as j`,
  };
}

export interface ForumsFixture {
  bigForum: { id: string; posts: number };
  deepCursor: string;
  deepOffset: number;
  longThread: { forumId: string; postId: string; replies: number; lastPage: number };
  /** The signed-in member (member 1). */
  viewer: { id: string; email: string; username: string };
  counts: Record<string, number>;
  seconds: number;
}

/** Fills an empty, migrated PostgreSQL database; returns what the measurements need. */
export async function generateForumsDataset(
  db: Db,
  log: (line: string) => void,
  sizes = FORUM_SIZES,
): Promise<ForumsFixture> {
  const started = performance.now();
  // The counter triggers of migration 0006 keep running: post and reply counts are the real ones.
  await fillWithIndexesOff(db, ['forum_posts', 'forum_replies'], forumsStatements(sizes), log, { triggers: true });
  const t = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  log(`    vacuum analyze   ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;

  const big = await db.execute<{ id: string; post_count: number }>(
    sql`select id, post_count from forums where id = md5('forum-1')::uuid`,
  );
  const deep = await db.execute<{ id: string; cursor_at: string }>(sql`
    select id, created_at::text as cursor_at from forum_posts where forum_id = md5('forum-1')::uuid
    order by created_at desc, id desc offset ${sizes.deepOffset - 1} limit 1`);
  const thread = await db.execute<{ reply_count: number }>(
    sql`select reply_count from forum_posts where id = md5('forum-post-1')::uuid`,
  );
  const viewer = await db.execute<{ id: string; email: string; username: string }>(sql`
    select u.id, u.email, p.username from "user" u join profiles p on p.id = u.id where u.id = md5('forum-user-1')`);
  const counted = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from profiles) as members,
    (select count(*)::int from forums) as forums,
    (select count(*)::int from forum_posts) as posts,
    (select count(*)::int from forum_replies) as replies`);
  const replies = Number(thread.rows[0]!.reply_count);
  return {
    bigForum: { id: big.rows[0]!.id, posts: Number(big.rows[0]!.post_count) },
    deepCursor: encodeCursor(deep.rows[0]!),
    deepOffset: sizes.deepOffset,
    longThread: {
      forumId: big.rows[0]!.id,
      postId: (await db.execute<{ id: string }>(sql`select md5('forum-post-1')::uuid as id`)).rows[0]!.id,
      replies,
      lastPage: Math.max(1, Math.ceil(replies / REPLIES_PAGE_SIZE)),
    },
    viewer: viewer.rows[0]!,
    counts: Object.fromEntries(Object.entries(counted.rows[0]!).map(([k, n]) => [k, Number(n)])),
    seconds,
  };
}
