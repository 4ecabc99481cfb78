import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { events, profiles, user } from '../../db/schema';
import { createEvent, createMembers, createSeries } from '../../test/factories';
import { createTestContext, ORIGIN, type TestContext } from '../../test/harness';
import { createWebRoot } from '../../test/web-root';
import { PRIVATE_PAGES, PUBLIC_PAGES } from './service';

let ctx: TestContext;
let webRoot: string;
beforeAll(async () => {
  // With the web app's index.html: the sitemap's pages are answered as a crawler gets them.
  webRoot = await createWebRoot();
  ctx = await createTestContext({}, { webRoot });
});
afterAll(async () => {
  await ctx?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of member screens and names the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const page of ['/admin', '/dashboard', '/messages', '/connections'])
      expect(lines).toContain(`Disallow: ${page}`);
    // The public screens stay crawlable, and the API the pages render from is not blocked.
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      const rule = line.slice('Disallow: '.length);
      for (const page of [...PUBLIC_PAGES, '/events/x', '/user/x', '/api/events'])
        expect(page.startsWith(rule), `${rule} blocks ${page}`).toBe(false);
    }
    expect(PRIVATE_PAGES.length).toBe(lines.filter((l) => l.startsWith('Disallow: ')).length);
  });
});

describe('sitemap.xml', () => {
  it('lists the public screens, every event and every member profile, and follows changes', async () => {
    const { db } = ctx.app.services;
    const past = await createEvent(db, { name: 'Past mixer', startTime: new Date(Date.now() - 30 * 86_400_000) });
    const next = await createEvent(db, { name: 'Next mixer' });
    const { series, dates } = await createSeries(db, [new Date(Date.now() + 9 * 86_400_000)]);
    const [member] = await createMembers(db, 1, 'map');
    await db.update(profiles).set({ username: 'O&Brien' }).where(eq(profiles.id, member!.id));
    await ctx.app.services.changes.caughtUp();

    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const urls = locations(res.body);
    for (const page of PUBLIC_PAGES) expect(urls).toContain(`${ORIGIN}${page}`);
    expect(urls).toContain(`${ORIGIN}/events/${past.id}`);
    expect(urls).toContain(`${ORIGIN}/events/${next.id}`);
    expect(urls).toContain(`${ORIGIN}/series/${series.id}`);
    expect(urls).toContain(`${ORIGIN}/events/${dates[0]!.id}`);
    // Escaped for XML on top of the URL's own encoding.
    expect(res.body).toContain(`<loc>${ORIGIN}/user/O%26Brien</loc>`);
    expect(urls.some((u) => u.includes('/admin') || u.includes('/dashboard'))).toBe(false);
    expect(res.body).toMatch(new RegExp(`/events/${next.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));

    // A removed event leaves the sitemap at once (the change stream drops the cached copy).
    await db.delete(events).where(eq(events.id, past.id));
    await ctx.app.services.changes.caughtUp();
    const after = locations((await ctx.app.inject('/sitemap.xml')).body);
    expect(after).not.toContain(`${ORIGIN}/events/${past.id}`);
    expect(after).toContain(`${ORIGIN}/events/${next.id}`);
  });

  it('answers 304 to its own ETag and sends brotli or gzip when accepted', async () => {
    const { db } = ctx.app.services;
    // Enough events for a sitemap worth compressing.
    for (let i = 0; i < 40; i++) await createEvent(db, { name: `Sitemap mixer ${i}` });
    await ctx.app.services.changes.caughtUp();
    const plain = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(2048);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const again = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': plain.headers.etag! } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lists only what exists: a deleted event or member leaves it, and every address it lists answers 200', async () => {
    const { db } = ctx.app.services;
    const [kept, gone] = [await createEvent(db), await createEvent(db)];
    const [member, departed, odd, unlinkable] = await createMembers(db, 4, 'exists');
    await db.update(profiles).set({ username: 'José.Ñ-Ortiz' }).where(eq(profiles.id, odd!.id));
    // Written around the sign-up rule: its page could never open, so it is not listed.
    await db.update(profiles).set({ username: 'bell\u0007x' }).where(eq(profiles.id, unlinkable!.id));
    await ctx.app.services.changes.caughtUp();
    const before = locations((await ctx.app.inject('/sitemap.xml')).body);
    expect(before).toContain(`${ORIGIN}/events/${gone.id}`);
    expect(before).toContain(`${ORIGIN}/user/${departed!.username}`);
    expect(before.some((u) => u.includes('bell'))).toBe(false);

    await db.delete(events).where(eq(events.id, gone.id));
    await db.delete(user).where(eq(user.id, departed!.id)); // the account goes, its profile with it
    await ctx.app.services.changes.caughtUp();
    const after = locations((await ctx.app.inject('/sitemap.xml')).body);
    expect(after).not.toContain(`${ORIGIN}/events/${gone.id}`);
    expect(after).not.toContain(`${ORIGIN}/user/${departed!.username}`);
    for (const page of [
      `/events/${kept.id}`,
      `/user/${member!.username}`,
      `/user/${encodeURIComponent('José.Ñ-Ortiz')}`,
    ])
      expect(after).toContain(`${ORIGIN}${page}`);

    // Over HTTP, as a crawler asks: each listed page is there, and what left answers 404.
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const status = async (url: string) => (await fetch(url.replace(ORIGIN, base), { method: 'HEAD' })).status;
    const unescape = (loc: string) =>
      loc
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const answers = new Map<string, number>();
    for (const url of after.map(unescape)) answers.set(url, await status(url));
    expect([...answers].filter(([, code]) => code !== 200)).toEqual([]);
    expect(answers.size).toBeGreaterThan(8);
    expect(await status(`${ORIGIN}/events/${gone.id}`)).toBe(404);
    expect(await status(`${ORIGIN}/user/${departed!.username}`)).toBe(404);
  });
});
