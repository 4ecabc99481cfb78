import { createHash } from 'node:crypto';
import { SYSTEM_THEME_SCRIPT } from '../shared/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp, type App } from './app';
import { eq } from 'drizzle-orm';
import { profiles } from './db/schema';
import { renderIndexHtml } from './page-meta';
import { preferredEncoding } from './platform/shared-answers';
import { createEvent, createMembers } from './test/factories';

let app: App;
let database: Database;
const themeScript = "document.documentElement.classList.add('light');";
const stylesheet = 'body{margin:0}.bg{background:url(/assets/dot.svg)}';
// A built script large enough to be worth compressing, with the copies the build writes beside it.
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'pm-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Power Mixer</title><meta name="description" content="x">' +
      '<script src="/theme-init.js"></script>' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/shell-abc.css">' +
      '</head><body>\n    <!-- The frame, for whoever edits this file. -->\n<div id="root"></div></body></html>',
  );
  await writeFile(path.join(webRoot, 'theme-init.js'), themeScript);
  await writeFile(path.join(webRoot, 'assets', 'shell-abc.css'), stylesheet);
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webRoot, 'assets', 'big-def456.js'), bundle);
  await writeFile(path.join(webRoot, 'assets', 'big-def456.js.br'), brotliCompressSync(bundle));
  await writeFile(path.join(webRoot, 'assets', 'big-def456.js.gz'), gzipSync(bundle));
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-main.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_button.js': { file: 'assets/button-1.js', imports: ['_react.js'] },
      'features/events/events-page.tsx': {
        file: 'assets/events-page-1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react.js', '_button.js'],
      },
      'app/routes/event-route.tsx': { file: 'assets/event-page-1.js', imports: ['_button.js'] },
    }),
  );
  // The events list's own first stylesheet (scripts/build/first-styles.ts); the others have none.
  await writeFile(
    path.join(webRoot, '.vite', 'first-styles.json'),
    JSON.stringify({
      whole: '/assets/shell-abc.css',
      screens: { 'features/events/events-page.tsx': 'body{margin:0}' },
    }),
  );
  database = await openDatabase('memory://');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://mixer.example',
    DATA_DIR: webRoot,
  });
  app = await buildApp({ config, database, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('serving the web app', () => {
  it('answers client routes with index.html, never cached', async () => {
    const res = await app.inject('/community?page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    // index.html's comments stay in the source.
    expect(res.body).not.toContain('<!--');
  });

  it('answers HEAD on a page, a built file and an API read as GET does, without the body', async () => {
    for (const url of ['/', '/community?page=2', '/theme-init.js', '/api/health']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
    // What does not exist is missing for HEAD as well.
    expect((await app.inject({ method: 'HEAD', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends built files in brotli, gzip or as they are, as the browser accepts', async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 2);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(bundle);
  });

  it('never serves the compressed copies as files of their own', async () => {
    for (const url of ['/assets/big-def456.js.br', '/assets/big-def456.js.gz']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('answers a built file that does not exist with 404, not with the page', async () => {
    // An old build's chunk: the page would otherwise be run as a script.
    const res = await app.inject('/assets/index-0ld.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('sends index.html compressed as the browser accepts', async () => {
    const br = await app.inject({ url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root"></div>');

    const gzip = await app.inject({ url: '/events', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompressSync(br.rawPayload).toString());

    const plain = await app.inject('/events');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(gunzipSync(gzip.rawPayload).toString());
  });

  it('sends a large cached API answer in brotli or gzip, the same JSON either way', async () => {
    const event = await createEvent(database.db, {
      description: `<p>${'Rooftop views and introductions. '.repeat(120)}</p>`,
    });
    await app.services.changes.caughtUp();
    const url = `/api/events/${event.id}`;
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    for (const attempt of [1, 2]) {
      // The second is answered from the published copy, before routing.
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode, `attempt ${attempt}`).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it("puts an event's title, summary and image into the preview tags of /events/:id", async () => {
    const event = await createEvent(database.db, {
      name: 'Rooftop <Social>',
      summary: 'Drinks & "deals" uptown',
      imageUrl: '/uploads/event-images/rooftop.webp',
    });
    const res = await app.inject(`/events/${event.id}`);
    expect(res.body).toContain('<title>Rooftop &lt;Social&gt; · Power Mixer</title>');
    expect(res.body).toContain('<meta property="og:title" content="Rooftop &lt;Social&gt; · Power Mixer">');
    expect(res.body).toContain('<meta property="og:description" content="Drinks &amp; &quot;deals&quot; uptown">');
    expect(res.body).toContain(
      '<meta property="og:image" content="https://mixer.example/uploads/event-images/rooftop.webp">',
    );
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('inserts member text literally: $ patterns in a name do not paste parts of the page', async () => {
    const [member] = await createMembers(database.db, 1, 'dollar');
    await database.db
      .update(profiles)
      .set({ fullName: "$` $' $&", position: "$'", company: '$`' })
      .where(eq(profiles.id, member!.id));
    const res = await app.inject(`/user/${member!.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>$\` $&#39; $&amp; (@${member!.username}) · Power Mixer</title>`);
    expect(res.body).toContain('<meta property="og:description" content="$&#39; at $`">');
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);

    const event = await createEvent(database.db, { name: "$' and $`", summary: '$&$&' });
    const page = await app.inject(`/events/${event.id}`);
    expect(page.body).toContain('<title>$&#39; and $` · Power Mixer</title>');
    expect(page.body).toContain('<meta name="description" content="$&amp;$&amp;">');
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('answers a profile page whose address is not a valid name as a missing page', async () => {
    // The last is a broken percent-encoding, refused before routing: the same page all the same.
    for (const url of ['/user/%00', '/user/a%01b', '/user/%E0%A4%A']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Page not found · Power Mixer</title>');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('gives each public screen its own title and description', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/events', '/community/', '/podcasts', '/contact', '/register']) {
      const res = await app.inject(url);
      const description = res.body.match(/<meta name="description" content="([^"]+)">/)?.[1];
      expect(description, url).toBeTruthy();
      expect(res.body.match(/name="description"/g), url).toHaveLength(1);
      seen.add(description!);
    }
    expect(seen.size).toBe(6);
    expect((await app.inject('/community')).body).toContain('<title>Community · Power Mixer</title>');
  });

  it('describes an event without a summary with the site description', async () => {
    const event = await createEvent(database.db, { summary: '  ' });
    const res = await app.inject(`/events/${event.id}`);
    expect(res.body).toMatch(/<meta name="description" content="Mixers, a podcast/);
  });

  it('describes an event without a summary by its page text, blocks apart and cut at a word', async () => {
    const content = `<p>Hosted by Rashad Owens.</p><h3>What to expect</h3><ul><li>Lunch &amp; introductions</li></ul><p>${'More words here. '.repeat(20)}</p>`;
    const event = await createEvent(database.db, { summary: null, content });
    const res = await app.inject(`/events/${event.id}`);
    const description = res.body.match(/<meta name="description" content="([^"]+)">/)?.[1];
    expect(description).toMatch(/^Hosted by Rashad Owens\. What to expect Lunch &amp; introductions More words here\./);
    expect(description!.endsWith('…')).toBe(true);
    expect(description!.replace('&amp;', '&').length).toBeLessThanOrEqual(200);
  });

  it("announces a page's own chunks with index.html, less those the page loads anyway", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads((await app.inject('/events')).body)).toEqual(['/assets/events-page-1.js', '/assets/button-1.js']);
    const event = await createEvent(database.db);
    expect(preloads((await app.inject(`/events/${event.id}`)).body)).toEqual([
      '/assets/event-page-1.js',
      '/assets/button-1.js',
    ]);
    // A screen the build does not have, and a page that is no listed screen: nothing.
    expect(preloads((await app.inject('/community')).body)).toEqual([]);
    expect(preloads((await app.inject('/events/create')).body)).toEqual([]);
    expect((await app.inject('/events')).body.match(/<\/head>/g)).toHaveLength(1);
  });

  it("announces a public page's first data with index.html, exactly as the app asks for it", async () => {
    const data = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);
    // A browser holding a session cookie: the session is announced too.
    const withSession = (url: string) =>
      app.inject({ url, headers: { cookie: 'better-auth.session_token=abc.def' } }).then((res) => res.body);
    expect(data(await withSession('/'))).toEqual(['/api/me', '/api/landing']);
    expect(data(await withSession('/community/'))).toEqual(['/api/me', '/api/members', '/api/members/filters']);
    const event = await createEvent(database.db);
    expect(data(await withSession(`/events/${event.id}`))).toEqual(['/api/me', `/api/events/${event.id}`]);
    // A filtered list builds its own query string: only the session is announced.
    expect(data(await withSession('/events?category=Mixer'))).toEqual(['/api/me']);
    expect(data(await withSession('/dashboard'))).toEqual(['/api/me']);
    expect(await withSession('/')).toContain('<html>');

    // Without one, nobody is signed in: the page says so and the app asks nothing about it.
    const visitor = (await app.inject('/')).body;
    expect(data(visitor)).toEqual(['/api/landing']);
    expect(visitor).toContain('<html data-signed-out>');
    expect(data((await app.inject('/dashboard')).body)).toEqual([]);
  });

  it("writes a screen's own first stylesheet into its page, and the whole one's link for the next screen", async () => {
    const events = (await app.inject('/events')).body;
    expect(events).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" href="/assets/shell-abc.css" disabled data-rest>',
    );
    expect(events).not.toContain(stylesheet);
    // A screen without one, and an address that opens no page: the whole stylesheet.
    for (const url of ['/podcasts', '/no-such-page']) {
      const body = (await app.inject(url)).body;
      expect(body).toContain(
        `<style>${stylesheet}</style><link rel="stylesheet" href="/assets/shell-abc.css" disabled>`,
      );
      expect(body).not.toContain('data-rest');
    }
  });

  it('writes the render-blocking script and stylesheet into the page, and lets only that script run inline', async () => {
    const res = await app.inject('/contact');
    // No theme chosen: the system's, by a script that reads no cookie, in place of theme-init.js.
    expect(res.body).toContain(`<script>${SYSTEM_THEME_SCRIPT}</script>`);
    expect(res.body).not.toContain(themeScript);
    expect(res.body).not.toContain('src="/theme-init.js"');
    expect(res.body).toMatch(/<html(?![^>]*class=)/);
    expect(res.body).toContain(`<style>${stylesheet}</style>`);
    // The stylesheet's link stays, disabled (never fetched), for the app's chunk loader to find.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/shell-abc.css" disabled>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
    const hash = createHash('sha256').update(SYSTEM_THEME_SCRIPT).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain(createHash('sha256').update(themeScript).digest('base64'));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Other documents keep the plain policy.
    expect(String((await app.inject('/api/docs')).headers['content-security-policy'] ?? '')).not.toContain('sha256');
  });

  it('writes the theme a visitor chose into the page, with no script for it', async () => {
    for (const theme of ['dark', 'light']) {
      for (const url of ['/contact', '/no-such-page']) {
        const res = await app.inject({ url, headers: { cookie: `a=1; theme=${theme}; b=2` } });
        expect(res.body).toMatch(new RegExp(`<html class="${theme}"[^>]*>`));
        expect(res.headers.vary).toContain('cookie');
        expect(res.body).not.toContain(SYSTEM_THEME_SCRIPT);
        expect(res.body).not.toContain(themeScript);
      }
    }
    // Anything else in the cookie is no choice: the system's theme.
    const odd = await app.inject({ url: '/contact', headers: { cookie: 'theme=blue; xtheme=dark' } });
    expect(odd.body).toContain(`<script>${SYSTEM_THEME_SCRIPT}</script>`);
    expect(odd.body).toMatch(/<html(?![^>]*class=)/);
  });

  it('keeps API 404s as JSON', async () => {
    const res = await app.inject('/api/missing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('renderIndexHtml', () => {
  const template = [
    '<!doctype html><html><head>',
    '<title>Power Mixer</title>',
    '<meta name="description" content="x">',
    '<script type="module" crossorigin src="/assets/app-abc.js"></script>',
    '<link rel="stylesheet" href="/assets/app-abc.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it.each(["$` $'", '$&', "$$ $1 $<name> $' $&"])('puts %s into the page literally', (name) => {
    const html = renderIndexHtml(template, { title: name, description: name }, 'https://mixer.example', '/user/x');
    const escaped = name.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<!doctype/g)).toHaveLength(1);
    // Everything after the preview tags is the template's own end, once.
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', null],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
