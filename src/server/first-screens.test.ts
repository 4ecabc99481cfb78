import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp, type App } from './app';
import { createEvent } from './test/factories';

// A visitor's public page arrives with its first screen rendered (first-screens.ts), by whatever
// the build put in dist/render. Here that is a small renderer of the same shape as the web app's
// (src/web/render.tsx, which the end-to-end suite exercises: tests/e2e/first-screen.spec.ts): it
// asks the server for the screen's data as the browser would, and counts its renders.

let app: App;
let database: Database;

const RENDERER = `
let renders = 0;
export async function renderFirstScreen(url, answer) {
  renders += 1;
  if (url === '/podcasts') throw new Error('this screen fails to render');
  const path = url === '/' ? '/api/landing' : '/api/events';
  const data = await (await answer(path)).json();
  const names = (data.events ?? []).map((event) => '<li>' + event.name.replace(/</g, '&lt;') + '</li>');
  return {
    html: '<link rel="preload" as="image" href="/hero.webp"/><main><h1>Rendered ' + url + '</h1><ul>' + names.join('') + '</ul><p>renders ' + renders + '</p></main>',
    state: JSON.stringify({ queries: [{ queryKey: ['events'], state: { data } }] }),
  };
}
`;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'pm-first-'));
  const webRoot = path.join(dist, 'web');
  await mkdir(path.join(webRoot, '.vite'), { recursive: true });
  await mkdir(path.join(dist, 'render'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Power Mixer</title>' +
      '<script type="module" crossorigin src="/assets/rolldown-runtime-1.js"></script>' +
      '<script type="module" crossorigin src="/assets/shell-1.js"></script>' +
      '</head><body>\n<div id="root"><header>the frame</header><main></main></div>\n</body></html>',
  );
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/shell-1.js', isEntry: true },
      'features/events/events-page.tsx': { file: 'assets/events-page-1.js', imports: ['index.html'] },
    }),
  );
  await writeFile(path.join(dist, 'render', 'render.js'), RENDERER);
  database = await openDatabase('memory://');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://mixer.example',
    CACHE_STALE_MS: '0',
  });
  app = await buildApp({ config, database, webRoot });
  await app.ready();
  await createEvent(database.db, { name: 'Rooftop </script><script>alert(1)</script> Mixer' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const inlineModule = (html: string) => /<script type="module">([^<]*)<\/script>/.exec(html)?.[1];
const state = (html: string) => /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(html)?.[1];
const code = (html: string) => /<script type="application\/json" id="app-code">([^<]*)<\/script>/.exec(html)?.[1];

describe('first screens rendered on the server', () => {
  it("writes a visitor's events page with its data, its code after it, and nothing that could run", async () => {
    const res = await app.inject('/events');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The screen in place of the static frame, with the event from the database.
    expect(html).toContain('<div id="root"><main><h1>Rendered /events</h1>');
    expect(html).toContain('<li>Rooftop &lt;/script>&lt;script>alert(1)&lt;/script> Mixer</li>');
    expect(html).not.toContain('the frame');
    // What React asked to preload goes to the head.
    expect(html.indexOf('<link rel="preload" as="image" href="/hero.webp"/>')).toBeLessThan(html.indexOf('</head>'));
    // The answers ride along, with no `<` that could close their element; the data is not fetched again.
    const answers = state(html)!;
    expect(answers).toContain('Rooftop \\u003c/script>\\u003cscript>alert(1)\\u003c/script> Mixer');
    expect(JSON.parse(answers).queries[0].state.data.events[0].name).toContain('</script>');
    expect(html).not.toContain('rel="preload" as="fetch"');
    // The code is listed for the loader, entry scripts to run and the screen's chunk to fetch.
    expect(html).not.toContain('<script type="module" crossorigin');
    expect(JSON.parse(code(html)!)).toEqual({
      run: ['/assets/rolldown-runtime-1.js', '/assets/shell-1.js'],
      preload: ['/assets/events-page-1.js'],
    });
    // The one inline script is the loader, allowed by its hash and by nothing wider.
    const loader = inlineModule(html)!;
    expect(loader).toContain("addEventListener('load'");
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
    expect(loader).toContain("['pointerdown', 'keydown']");
    const hash = createHash('sha256').update(loader).digest('base64');
    const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scripts).toContain(`'sha256-${hash}'`);
    expect(scripts).not.toContain('unsafe-inline');
  });

  it('renders again only when the answers change, at most once a second', async () => {
    const renders = async () => Number(/renders (\d+)/.exec((await app.inject('/events')).body)?.[1]);
    const first = await renders();
    const again = [await renders(), await renders(), await renders()];
    // Within a second the page is served as rendered; a second boundary may add one.
    expect(Math.max(...again) - first).toBeLessThanOrEqual(1);
    await createEvent(database.db, { name: 'Harbor Lights Mixer' });
    await app.services.changes.caughtUp();
    const page = await app.inject('/events');
    expect(page.body).toContain('<li>Harbor Lights Mixer</li>');
  });

  it('serves members, filtered lists, missing pages and failed renders the page without a render', async () => {
    const signedIn = await app.inject({ url: '/events', headers: { cookie: 'better-auth.session_token=abc.def' } });
    const filtered = await app.inject('/events?q=rooftop');
    const missing = await app.inject('/events/00000000-0000-4000-8000-000000000000');
    const failed = await app.inject('/podcasts');
    for (const res of [signedIn, filtered, missing, failed]) {
      expect(res.body).toContain('<div id="root"><header>the frame</header>');
      expect(state(res.body)).toBeUndefined();
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/shell-1.js"></script>');
    }
    expect([signedIn, filtered, failed].map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(missing.statusCode).toBe(404);
    // Those pages still announce the data their screen asks for first.
    expect(signedIn.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/events">');
  });
});
