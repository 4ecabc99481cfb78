import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { eventsListResponse, eventDetailResponse, attendeesResponse } from '../../shared/events';
import { landingResponse } from '../../shared/landing';
import { seriesResponse } from '../../shared/series';
import { membersResponse, profileResponse } from '../../shared/members';
import { inboxResponse } from '../../shared/messages';
import { episodeResponse, podcastsResponse } from '../../shared/podcasts';
import { searchResponse } from '../../shared/search';
import { forumsResponse, postsResponse, repliesResponse } from '../../shared/forums';
import { eventGuests, forumPosts, forumReplies, forums, podcasts } from '../db/schema';
import { communityInsightsResponse, eventInsightsResponse } from '../features/insights/schemas';
import { adminClient, createEvent, createSeries, createSponsor } from '../test/factories';
import { createTestContext, registeredClient, type Client, type TestContext } from '../test/harness';
import { loadingEntry } from './cache';

// Keeps the cache honest: every query a cached answer's loader runs may touch only the tables
// the answer declared (or a change there would leave it stale: the rename bug), every declared
// table announces its changes, and no cached answer carries a field its response schema lacks
// (a cached body skips the serializer, so an e-mail or a flag could slip out).

let ctx: TestContext;
interface Observed {
  key: string;
  declared: string[];
  sql: string;
  params: unknown[];
}
const observed: Observed[] = [];
let member: Client;
let admin: Client;
let eventId: string;
let username: string;
let forumId: string;
let postId: string;
let seriesId: string;
let podcastId: string;

beforeAll(async () => {
  loadingEntry.storage = new AsyncLocalStorage();
  ctx = await createTestContext();
  const { db } = ctx.app.services;
  const event = await createEvent(db, { name: 'Audit mixer', galleryUrls: ['/uploads/event-images/a.webp'] });
  eventId = event.id;
  await createSponsor(db, event.id);
  const day = 86_400_000;
  const { series } = await createSeries(db, [new Date(Date.now() - 28 * day), new Date(Date.now() + 7 * day)]);
  seriesId = series.id;
  const [episode] = await db
    .insert(podcasts)
    .values({ title: 'Audit episode', guests: ['Sam Audit'], showNotes: 'Notes' })
    .returning();
  podcastId = episode!.id;
  const alice = await registeredClient(ctx.app);
  const bob = await registeredClient(ctx.app);
  member = alice.client;
  admin = (await adminClient(ctx.app)).client;
  username = bob.user.username;
  await alice.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
  await db
    .insert(eventGuests)
    .values({ eventId: event.id, profileId: alice.user.id, guestName: 'Guest', guestEmail: 'g@x.org' });
  await bob.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });
  await bob.client.post('/api/me/skills', { name: 'Auditing' });
  const asked = await alice.client.post('/api/connections', { username: bob.user.username });
  await bob.client.post(`/api/connections/${asked.json().connection.id}/accept`);
  await bob.client.post('/api/messages', { to: alice.user.username, subject: 'Audit', content: 'Hello' });
  const [forum] = await db.insert(forums).values({ name: 'Audit forum' }).returning();
  const [post] = await db
    .insert(forumPosts)
    .values({ forumId: forum!.id, authorId: bob.user.id, title: 'Audit post', content: '<p>Audit</p>' })
    .returning();
  await db.insert(forumReplies).values({ postId: post!.id, authorId: alice.user.id, content: '<p>Reply</p>' });
  forumId = forum!.id;
  postId = post!.id;

  ctx.database.observer = (sql, params) => {
    const entry = loadingEntry.storage?.getStore();
    if (entry) observed.push({ key: entry.key, declared: entry.reads.map((r) => r.table), sql, params });
  };
});
afterAll(async () => {
  loadingEntry.storage = null;
  if (ctx) ctx.database.observer = null;
  await ctx?.close();
});

/** The tables a query reads, as PostgreSQL plans it (sub-selects and CTEs included). */
async function tablesRead(sql: string, params: unknown[]): Promise<string[]> {
  // A read in a transaction (the insights set work_mem for one statement) sends its `begin` and
  // `commit` through the pool on PostgreSQL: they read nothing and cannot be explained.
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(sql)) return [];
  const [row] = await ctx.database.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const plan = typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN'];
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const relation = (node as Record<string, unknown>)['Relation Name'];
    if (typeof relation === 'string') names.add(relation);
    Object.values(node).forEach(walk);
  };
  walk(plan);
  return [...names];
}

/** Every cached read of the API, with the schema of its answer. */
const cachedRoutes = (): { url: string; schema: ZodType; signedIn?: boolean; asAdmin?: boolean }[] => [
  { url: '/api/landing', schema: landingResponse },
  { url: '/api/events', schema: eventsListResponse },
  { url: '/api/events?q=audit&status=upcoming', schema: eventsListResponse },
  { url: `/api/events/${eventId}`, schema: eventDetailResponse },
  { url: `/api/events/${eventId}`, schema: eventDetailResponse, signedIn: true },
  { url: `/api/events/${eventId}/attendees`, schema: attendeesResponse },
  { url: `/api/series/${seriesId}`, schema: seriesResponse },
  { url: `/api/series/${seriesId}`, schema: seriesResponse, signedIn: true },
  { url: '/api/podcasts', schema: podcastsResponse },
  { url: '/api/podcasts?q=sam', schema: podcastsResponse },
  { url: `/api/podcasts/${podcastId}/episode`, schema: episodeResponse },
  { url: '/api/members', schema: membersResponse },
  { url: '/api/members?q=member', schema: membersResponse },
  { url: `/api/members?event=${eventId}`, schema: membersResponse },
  { url: `/api/profiles/${username}`, schema: profileResponse },
  { url: `/api/profiles/${username}`, schema: profileResponse, signedIn: true },
  { url: '/api/messages', schema: inboxResponse, signedIn: true },
  { url: '/api/forums', schema: forumsResponse, signedIn: true },
  { url: `/api/forums/${forumId}/posts`, schema: postsResponse, signedIn: true },
  { url: `/api/forums/${forumId}/posts/${postId}/replies`, schema: repliesResponse, signedIn: true },
  { url: '/api/search?q=audit', schema: searchResponse },
  { url: '/api/search?q=audit', schema: searchResponse, signedIn: true },
  { url: `/api/search?q=post&forum=${forumId}`, schema: searchResponse, signedIn: true },
  { url: '/api/admin/insights?period=all', schema: communityInsightsResponse, asAdmin: true },
  { url: `/api/admin/events/${eventId}/insights`, schema: eventInsightsResponse, asAdmin: true },
];

const read = (route: ReturnType<typeof cachedRoutes>[number]) =>
  route.asAdmin ? admin.get(route.url) : route.signedIn ? member.get(route.url) : ctx.app.inject(route.url);

describe('cached reads', () => {
  it('touch only the tables they declare, and each of those announces its changes', async () => {
    for (const route of cachedRoutes()) {
      const res = await read(route);
      expect(res.statusCode, route.url).toBe(200);
    }
    // Cached reads that are not JSON (no response schema for the second test).
    for (const url of ['/sitemap.xml']) expect((await ctx.app.inject(url)).statusCode, url).toBe(200);
    const keys = new Set(observed.map((o) => o.key));
    // Every kind of cached answer was loaded (and so audited) at least once.
    for (const prefix of [
      'landing',
      'events:',
      'event-categories',
      'event:',
      'event-attendees:',
      'series:',
      'podcasts:',
    ])
      expect(
        [...keys].some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
    for (const prefix of [
      'members:',
      'members-count',
      'profile:',
      'inbox:',
      'forums',
      'forum-posts:',
      'forum-replies:',
      'sitemap',
      'search-group:',
      'search-blocks:',
      'insights:',
      'event-insights:',
    ])
      expect(
        [...keys].some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);

    const undeclared: string[] = [];
    for (const query of observed) {
      for (const table of await tablesRead(query.sql, query.params)) {
        if (!query.declared.includes(table)) undeclared.push(`${query.key} reads ${table}`);
      }
    }
    expect([...new Set(undeclared)]).toEqual([]);

    const declared = [...new Set(observed.flatMap((o) => o.declared))];
    const triggers = await ctx.database.query<{ table: string; n: number }>(
      `select c.relname as table, count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname like 'pm_change_%' and c.relname = any($1) group by c.relname`,
      [declared],
    );
    const announced = new Map(triggers.map((t) => [t.table, Number(t.n)]));
    expect(declared.filter((t) => announced.get(t) !== 4)).toEqual([]);
  });

  it('carry no field their response schema lacks', async () => {
    for (const route of cachedRoutes()) {
      // Twice: the second answer comes from the cache (for visitors, before routing).
      for (let i = 0; i < 2; i++) {
        const res = await read(route);
        const body = res.json();
        const parsed = route.schema.safeParse(body);
        expect(parsed.success, `${route.url}: ${parsed.error?.message}`).toBe(true);
        // Parsing drops unknown keys: anything dropped was a field the answer should not carry.
        expect(parsed.data, route.url).toEqual(body);
      }
    }
  });
});
