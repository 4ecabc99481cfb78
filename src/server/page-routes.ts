import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';
import { announcements, events, forumPosts, forums, podcasts, profiles, sponsors } from './db/schema';
import { isUuid } from './db/query-values';
import {
  eventPageMeta,
  fixedPageMeta,
  newsPageMeta,
  podcastPageMeta,
  profilePageMeta,
  seriesPageMeta,
  type PageMeta,
} from './page-meta';

// The web app's pages (src/web/app/router.tsx and routes/), as the server answers them: a path
// no page has, or a page whose item is missing, answers 404 (still with index.html, so the app
// shows its not-found screen) and search engines and link checkers see it as missing.
// page-routes.test.ts keeps this list in step with the web router.

type Params = Record<string, string>;

/** An item page's check: null when the item is missing; its preview tags, or true, when found. */
type Find = (params: Params, db: Db) => Promise<PageMeta | true | null>;

export interface PageRoute {
  /** In the web router's syntax: `:name` is one segment. */
  path: string;
  find?: Find;
}

/** Whether the row exists: one primary-key lookup. */
const exists = async (db: Db, table: PgTable, where: SQL | undefined) =>
  (
    await db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(1)
  ).length > 0 || null;

const byId =
  (table: PgTable, id: PgColumn, param: string): Find =>
  async (params, db) =>
    isUuid(params[param]!) ? exists(db, table, eq(id, params[param]!)) : null;

const eventPage: Find = (params, db) => eventPageMeta(db, params.eventId!);
const eventExists = byId(events, events.id, 'eventId');
const forumExists = byId(forums, forums.id, 'forumId');
/** The post must be in the forum its address names. */
const postExists: Find = async ({ forumId, postId }, db) =>
  isUuid(forumId!) && isUuid(postId!)
    ? exists(db, forumPosts, and(eq(forumPosts.id, postId!), eq(forumPosts.forumId, forumId!)))
    : null;
// Account ids are text (better-auth's; ours are uuids): compared as text, never cast.
const userExists: Find = async ({ userId }, db) =>
  /^[\w-]{1,64}$/.test(userId!) ? exists(db, profiles, eq(profiles.id, userId!)) : null;

export const PAGE_ROUTES: PageRoute[] = [
  { path: '/' },
  { path: '/login' },
  { path: '/register' },
  { path: '/reset-password' },
  { path: '/new-password' },
  { path: '/unsubscribe' },
  { path: '/feedback' },
  { path: '/dashboard' },
  { path: '/search' },
  { path: '/dev/mailbox' },
  { path: '/events' },
  { path: '/events/create' },
  { path: '/events/:eventId', find: eventPage },
  { path: '/events/:eventId/edit', find: eventExists },
  { path: '/events/:eventId/ticket', find: eventExists },
  { path: '/events/:eventId/check-in', find: eventExists },
  { path: '/series/:seriesId', find: (params, db) => seriesPageMeta(db, params.seriesId!) },
  { path: '/podcasts' },
  { path: '/podcasts/create' },
  { path: '/podcasts/:podcastId', find: (params, db) => podcastPageMeta(db, params.podcastId!) },
  { path: '/podcasts/:podcastId/edit', find: byId(podcasts, podcasts.id, 'podcastId') },
  // The news archive (issue 35): an announcement that has not gone out is no page yet.
  { path: '/news' },
  { path: '/news/:newsId', find: (params, db) => newsPageMeta(db, params.newsId!) },
  { path: '/contact' },
  { path: '/community' },
  { path: '/user/:username', find: (params, db) => profilePageMeta(db, params.username!) },
  // A scanned connect code: its page says itself when the code is no longer valid.
  { path: '/connect/:token' },
  { path: '/connections' },
  { path: '/connect-code' },
  { path: '/messages' },
  { path: '/admin' },
  { path: '/admin/announcements/create' },
  { path: '/admin/announcements/:announcementId', find: byId(announcements, announcements.id, 'announcementId') },
  { path: '/sponsors/create' },
  { path: '/sponsors/:sponsorId/edit', find: byId(sponsors, sponsors.id, 'sponsorId') },
  { path: '/users/create' },
  { path: '/users/:userId/edit', find: userExists },
  { path: '/forums' },
  { path: '/forums/create' },
  { path: '/forums/:forumId', find: forumExists },
  { path: '/forums/:forumId/create', find: forumExists },
  { path: '/forums/:forumId/edit', find: forumExists },
  { path: '/forums/:forumId/:postId', find: postExists },
];

interface Compiled {
  route: PageRoute;
  segments: string[];
  /** As the web router ranks them: a fixed segment beats a parameter (/events/create). */
  score: number;
}

const compiled: Compiled[] = PAGE_ROUTES.map((route) => {
  const segments = route.path.split('/').filter(Boolean);
  return { route, segments, score: segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), 0) };
});

/** The route a path opens and its parameters, matched as the web router does: fixed segments in
 * any case, trailing slashes ignored, each segment percent-decoded. Null: no page (or an
 * address that cannot be decoded). */
export function matchPage(pathname: string): { route: PageRoute; params: Params } | null {
  const raw = pathname.replace(/\/+$/, '').split('/').slice(1);
  let segments: string[];
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.some((s) => s === '')) return null;
  let best: { route: PageRoute; params: Params; score: number } | null = null;
  for (const { route, segments: pattern, score } of compiled) {
    if (pattern.length !== segments.length || (best && best.score >= score)) continue;
    const params: Params = {};
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) return ((params[part.slice(1)] = segments[i]!), true);
      return part.toLowerCase() === segments[i]!.toLowerCase();
    });
    if (matches) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/** What a page request finds: whether it exists (else the answer is 404) and its preview tags
 * (null: the site's default). One indexed query at most, and only for an item page. */
export async function findPage(pathname: string, db: Db): Promise<{ found: boolean; meta: PageMeta | null }> {
  const match = matchPage(pathname);
  if (!match) return { found: false, meta: null };
  const { route, params } = match;
  if (!route.find) return { found: true, meta: fixedPageMeta(route.path) };
  const found = await route.find(params, db);
  return { found: found !== null, meta: found === true ? null : found };
}
