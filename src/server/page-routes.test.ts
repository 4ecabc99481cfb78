import { randomUUID } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, forumPosts, forums, podcasts } from './db/schema';
import { matchPage, PAGE_ROUTES } from './page-routes';
import { createEvent, createMembers, createSeries, createSponsor } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';
import { createWebRoot } from './test/web-root';
import { paths } from '../web/lib/paths';

// The same page pattern whatever its parameters are called.
const shape = (pattern: string) => pattern.replace(/:\w+/g, ':');

/** Every `path:` of the web router (router.tsx and routes/*.tsx), resolved to its pattern. */
async function webRouterPaths(): Promise<string[]> {
  const dir = path.resolve('src/web/app');
  const files = [path.join(dir, 'router.tsx')];
  for (const name of await readdir(path.join(dir, 'routes')))
    if (name.endsWith('-routes.tsx')) files.push(path.join(dir, 'routes', name));
  const table = paths as unknown as Record<string, unknown>;
  const resolve = (expression: string) => {
    const named = (key: string) => {
      const value = table[key];
      if (typeof value !== 'string') throw new Error(`paths.${key} is not a fixed path (${expression})`);
      return value;
    };
    const literal = /^'([^']*)'$/.exec(expression);
    if (literal) return literal[1]!;
    const reference = /^paths\.(\w+)$/.exec(expression);
    if (reference) return named(reference[1]!);
    const template = /^`([^`]*)`$/.exec(expression);
    if (template) return template[1]!.replace(/\$\{paths\.(\w+)\}/g, (_, key: string) => named(key));
    throw new Error(`cannot read the route path ${expression}`);
  };
  const found: string[] = [];
  for (const file of files) {
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(/^\s*path:\s*(.+?),?\s*$/gm)) found.push(resolve(match[1]!));
    if (/^\s*index:\s*true/m.test(source)) found.push('/');
  }
  return found.filter((p) => p !== '*');
}

describe('the list of pages', () => {
  it('holds every page of the web router and no other, so a new screen cannot answer 404 nor a removed one 200', async () => {
    const web = await webRouterPaths();
    expect(web.length).toBeGreaterThan(30);
    const server = new Set(PAGE_ROUTES.map((route) => shape(route.path)));
    const missing = web.filter((page) => !server.has(shape(page)));
    expect(missing, 'add these to PAGE_ROUTES in src/server/page-routes.ts').toEqual([]);
    // And nothing more: a removed screen must not keep answering 200.
    const screens = new Set(web.map(shape));
    const stale = PAGE_ROUTES.map((route) => route.path).filter((page) => !screens.has(shape(page)));
    expect(stale, 'remove these from PAGE_ROUTES in src/server/page-routes.ts').toEqual([]);
  });

  it('matches as the web router does: fixed segments first, any case, trailing slashes, decoded', () => {
    expect(matchPage('/events/create')?.route.path).toBe('/events/create');
    expect(matchPage('/events/abc')?.params).toEqual({ eventId: 'abc' });
    expect(matchPage('/forums/f1/create')?.route.path).toBe('/forums/:forumId/create');
    expect(matchPage('/forums/f1/p1')?.params).toEqual({ forumId: 'f1', postId: 'p1' });
    expect(matchPage('/Community/')?.route.path).toBe('/community');
    expect(matchPage('/user/O%26Brien')?.params).toEqual({ username: 'O&Brien' });
    expect(matchPage('/')?.route.path).toBe('/');
    for (const unknown of ['/nope', '/events/a/b/c', '/user', '/events//edit', '/user/%E0%A4%A'])
      expect(matchPage(unknown), unknown).toBeNull();
  });
});

describe('page statuses', () => {
  let ctx: TestContext;
  let webRoot: string;
  let base: string;
  const ids = {} as Record<
    'event' | 'series' | 'username' | 'userId' | 'forum' | 'otherForum' | 'post' | 'podcast' | 'sponsor',
    string
  >;

  beforeAll(async () => {
    webRoot = await createWebRoot();
    ctx = await createTestContext({}, { webRoot });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = ctx.app.services;
    const event = await createEvent(db);
    const { series } = await createSeries(db, [new Date(Date.now() + 7 * 86_400_000)], {
      template: { name: 'Coffee & Connections', summary: 'Coffee before work.' },
    });
    const [member] = await createMembers(db, 1, 'status');
    const [forum, otherForum] = await db
      .insert(forums)
      .values([{ name: 'Lenders' }, { name: 'Brokers' }])
      .returning();
    const [post] = await db
      .insert(forumPosts)
      .values({ forumId: forum!.id, authorId: member!.id, title: 'SBA loans', content: '<p>Who knows?</p>' })
      .returning();
    const [podcast] = await db.insert(podcasts).values({ title: 'Episode one' }).returning();
    const sponsor = await createSponsor(db, event.id);
    Object.assign(ids, {
      event: event.id,
      series: series.id,
      username: member!.username,
      userId: member!.id,
      forum: forum!.id,
      otherForum: otherForum!.id,
      post: post!.id,
      podcast: podcast!.id,
      sponsor: sponsor.id,
    });
    await ctx.app.services.changes.caughtUp();
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, method = 'GET') => fetch(base + url, { method, redirect: 'manual' });

  /** The status of each address, by GET and by HEAD (the same, with no body). */
  async function statuses(urls: string[]) {
    const out: Record<string, number> = {};
    for (const url of urls) {
      const [got, head] = await Promise.all([get(url), get(url, 'HEAD')]);
      expect(head.status, `HEAD ${url}`).toBe(got.status);
      expect(await head.text(), `HEAD ${url}`).toBe('');
      out[url] = got.status;
    }
    return out;
  }
  const each = (urls: string[], status: number) => Object.fromEntries(urls.map((url) => [url, status]));

  it('answers an unknown path with 404 and the page, which shows the not-found screen', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Page not found · Power Mixer</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('answers the fixed pages with 200, indexable, whatever the case or trailing slash', async () => {
    const fixed = PAGE_ROUTES.map((route) => route.path).filter((p) => !p.includes(':'));
    const variants = ['/Events', '/community/', '/community?page=2', '/events//', '/connect/any-token'];
    expect(await statuses([...fixed, ...variants])).toEqual(each([...fixed, ...variants], 200));
    const html = await (await get('/events')).text();
    expect(html).toContain('<title>Events · Power Mixer</title>');
    expect(html).not.toContain('noindex');
  });

  it('answers an event that exists with 200 and a missing or malformed one with 404', async () => {
    const found = [
      `/events/${ids.event}`,
      `/events/${ids.event}/`,
      `/events/${ids.event.toUpperCase()}`,
      `/events/${ids.event}/edit`,
      `/events/${ids.event}/ticket`,
      `/events/${ids.event}/check-in`,
    ];
    const gone = randomUUID();
    const missing = [
      `/events/${gone}`,
      '/events/not-an-id',
      '/events/%27%3B%20drop',
      `/events/${gone}/edit`,
      `/events/${gone}/ticket`,
      `/events/${gone}/check-in`,
      `/events/${ids.event}/nothing`,
    ];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
    const html = await (await get(`/events/${gone}`)).text();
    expect(html).toContain('<title>Page not found · Power Mixer</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers a series that exists with 200 and its schedule in the preview, a missing one with 404', async () => {
    const gone = randomUUID();
    const found = [`/series/${ids.series}`, `/series/${ids.series}/`];
    const missing = [`/series/${gone}`, '/series/not-an-id', `/series/${ids.series}/more`];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
    const html = await (await get(`/series/${ids.series}`)).text();
    expect(html).toContain('<title>Coffee &amp; Connections · Power Mixer</title>');
    expect(html).toContain('Every first Thursday, 6-9 PM. Coffee before work.');
  });

  it('answers an announcement that went out with 200 (a members-only one without its subject), others with 404', async () => {
    const { db } = ctx.app.services;
    const row = (subject: string, status: string, membersOnly: boolean) => ({
      subject,
      bodyHtml: `<p>${subject} in full.</p>`,
      bodyText: `${subject} in full.`,
      audience: { kind: 'all' },
      status,
      membersOnly,
      startedAt: status === 'sent' ? new Date() : null,
    });
    const [open, closed, draft] = await db
      .insert(announcements)
      .values([row('Spring dates', 'sent', false), row('Members mixer', 'sent', true), row('Draft', 'draft', false)])
      .returning({ id: announcements.id });
    const found = [`/news/${open!.id}`, `/news/${closed!.id}`, `/admin/announcements/${draft!.id}`];
    const missing = [
      `/news/${draft!.id}`,
      `/news/${randomUUID()}`,
      '/news/not-an-id',
      `/admin/announcements/${randomUUID()}`,
    ];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
    const html = await (await get(`/news/${open!.id}`)).text();
    expect(html).toContain('<title>Spring dates · Power Mixer</title>');
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Power Mixer News" href="/news/feed.xml">',
    );
    const membersOnly = await (await get(`/news/${closed!.id}`)).text();
    expect(membersOnly).toContain('<title>News · Power Mixer</title>');
    expect(membersOnly).not.toContain('Members mixer');
  });

  it("answers a member's profile with 200, in any case, and a missing one with 404", async () => {
    const found = [`/user/${ids.username}`, `/user/${ids.username.toUpperCase()}`];
    const missing = ['/user/nobody-by-this-name', '/user/a%01b', '/user/%E0%A4%A', `/user/${ids.username}/more`];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
    // A broken percent-encoding (refused before routing) gets the page too, with a page's headers.
    const broken = await get('/user/%E0%A4%A');
    expect(broken.headers.get('content-type')).toContain('text/html');
    expect(broken.headers.get('x-content-type-options')).toBe('nosniff');
    expect(broken.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await broken.text()).toContain('<title>Page not found · Power Mixer</title>');
  });

  it('answers forums and posts with 404 when missing, or when the post is in another forum', async () => {
    const gone = randomUUID();
    const found = [
      `/forums/${ids.forum}`,
      `/forums/${ids.forum}/create`,
      `/forums/${ids.forum}/edit`,
      `/forums/${ids.forum}/${ids.post}`,
    ];
    const missing = [
      `/forums/${gone}`,
      '/forums/lenders',
      `/forums/${gone}/create`,
      `/forums/${gone}/edit`,
      `/forums/${ids.forum}/${gone}`,
      `/forums/${ids.otherForum}/${ids.post}`,
      `/forums/${gone}/${ids.post}`,
      `/forums/${ids.forum}/not-a-post`,
    ];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
  });

  it("answers an episode's page and the admin's edit pages with 404 when the podcast, sponsor or member is missing", async () => {
    const gone = randomUUID();
    const found = [
      `/podcasts/${ids.podcast}/edit`,
      `/sponsors/${ids.sponsor}/edit`,
      `/users/${ids.userId}/edit`,
      // An episode's own page (issue 36).
      `/podcasts/${ids.podcast}`,
    ];
    const missing = [
      `/podcasts/${gone}/edit`,
      `/sponsors/${gone}/edit`,
      `/users/${gone}/edit`,
      '/podcasts/x/edit',
      '/users/%20/edit',
      `/podcasts/${gone}`,
      '/podcasts/not-an-episode',
    ];
    expect(await statuses([...found, ...missing])).toEqual({ ...each(found, 200), ...each(missing, 404) });
  });

  it('keeps the API, uploads and built files out of it: their 404 is JSON', async () => {
    for (const url of ['/api/no-such-thing', '/uploads/none.webp', '/assets/old-123.js']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
    }
    // A broken encoding in an API path stays the API's 400.
    const api = await get('/api/events/%ED%A0%80');
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('BAD_URL');
  });
});
