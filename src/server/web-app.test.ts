import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp, type App } from './app';
import { eq } from 'drizzle-orm';
import { profiles } from './db/schema';
import { renderIndexHtml } from './page-meta';
import { createEvent, createMembers } from './test/factories';

let app: App;
let database: Database;

beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'pm-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Power Mixer</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
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
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
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

  it('answers a profile page whose address is not a valid name with the default preview', async () => {
    for (const url of ['/user/%00', '/user/a%01b']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Power Mixer · Charlotte&#39;s professional networking community</title>');
    }
    // A broken percent-encoding is refused by the router itself.
    expect((await app.inject('/user/%E0%A4%A')).statusCode).toBe(400);
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
