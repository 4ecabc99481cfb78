import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp, type App } from './app';
import { createEvent } from './test/factories';

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

  it('keeps API 404s as JSON', async () => {
    const res = await app.inject('/api/missing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
