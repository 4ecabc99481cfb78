import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FIRST_SCREEN_STATE_ID, firstScreenData, type RenderedScreen } from '../shared/first-screen-data';

// A signed-out visitor's first screen of a public page, rendered by the web app's own server copy
// (src/web/render.tsx, built into dist/render beside dist/web) and written into index.html: the
// phone paints the page from the HTML, without waiting for the shell's code (issue 38's LCP).

type Render = (url: string, answer: (path: string) => Promise<Response>) => Promise<RenderedScreen>;

/** However the render goes, the visitor is not kept waiting longer than this for the page. */
const RENDER_WAIT_MS = 2_000;
/** Pages kept rendered (the public pages, an event's page per event). */
const KEPT = 200;

interface Kept {
  /** The answers it was rendered from, and the second: the countdown on the landing page moves. */
  key: string;
  screen: Promise<RenderedScreen | null>;
}

/** null when there is no render build (tests, `npm run dev`): pages go out as the frame alone. */
export async function loadFirstScreens(app: FastifyInstance, webRoot: string) {
  const file = path.join(webRoot, '..', 'render', 'render.js');
  if (!existsSync(file)) return null;
  const { renderFirstScreen } = (await import(pathToFileURL(file).href)) as { renderFirstScreen: Render };
  const kept = new Map<string, Kept>();

  /** The API's answer as a browser without a session gets it. */
  const answer = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), body: response.body };
  };

  /** The rendered screen for a page's path and query, or null: the page then goes out unrendered. */
  return async function firstScreen(
    pathname: string,
    query: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<RenderedScreen | null> {
    const urls = firstScreenData(pathname, query ? `?${query}` : '', true);
    if (urls.length === 0) return null;
    const answers = new Map(await Promise.all(urls.map(async (url) => [url, await answer(url)] as const)));
    if ([...answers.values()].some((a) => a.status !== 200)) return null;
    const url = query ? `${pathname}?${query}` : pathname;
    const key = `${Math.floor(Date.now() / 1000)}\n${[...answers.values()].map((a) => a.body).join('\n')}`;
    const known = kept.get(url);
    if (known?.key === key) return known.screen;

    const rendering = renderFirstScreen(url, async (asked) => {
      const a = answers.get(asked) ?? (await answer(asked));
      return new Response(a.body, { status: a.status, headers: { 'content-type': a.type } });
    });
    let timer: NodeJS.Timeout | undefined;
    const screen = Promise.race([
      rendering,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
      }),
    ])
      .catch((error: unknown) => {
        log.error({ err: error, url }, 'first screen render failed');
        return null;
      })
      .finally(() => clearTimeout(timer));
    if (kept.size >= KEPT) kept.clear();
    kept.set(url, { key, screen });
    return screen;
  };
}

/** The element listing the app's code on a rendered page, for the loader below. */
const APP_CODE_ID = 'app-code';

/** On a rendered page the app's code is asked for once the page has loaded (the pictures in view
 * with it) and painted (its first contentful paint, then two frames: the pictures that came with
 * the load are on screen; two seconds after the load if no paint is reported), or at the
 * visitor's first press or key: the content never shares the phone's bandwidth or main thread
 * with the code, which then takes over what is on screen (web main.tsx). Links work as plain
 * links before. A button pressed before is held and pressed again once the app has taken over
 * the screen (`data-app` on `<html>`, web app/app-started.tsx), if React kept that element;
 * if the code fails to load or takes over ten seconds, the press is dropped and buttons are left
 * alone. The screen's chunks are fetched beside the entry, and run when the entry asks for them,
 * after it (it sets up what they rely on: zod without eval, under the page's CSP). */
const APP_CODE_LOADER =
  `const code = JSON.parse(document.getElementById('${APP_CODE_ID}').textContent);` +
  `const root = document.documentElement;` +
  `let pressed = null;` +
  `const hold = (event) => { const button = event.target.closest?.('button'); if (!button) return; event.preventDefault(); event.stopPropagation(); pressed = button; start(); };` +
  `const release = () => { observer.disconnect(); removeEventListener('click', hold, true); };` +
  `const observer = new MutationObserver(() => { if (!root.hasAttribute('data-app')) return; release(); if (pressed?.isConnected) pressed.click(); });` +
  `observer.observe(root, { attributes: true, attributeFilter: ['data-app'] });` +
  `addEventListener('click', hold, true);` +
  `const load = () => {` +
  `for (const href of code.preload) {` +
  `const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link);` +
  `}` +
  `for (const src of code.run) import(src).catch(release);` +
  `setTimeout(release, 10000);` +
  `};` +
  `let started = false;` +
  `const start = () => { if (!started) { started = true; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load))); } };` +
  `const painted = (then) => PerformanceObserver.supportedEntryTypes?.includes('paint')` +
  ` ? new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); then(); } }).observe({ type: 'paint', buffered: true })` +
  ` : then();` +
  `const loaded = (then) => (document.readyState === 'complete' ? then() : addEventListener('load', then, { once: true }));` +
  `loaded(() => { painted(start); setTimeout(start, 2000); });` +
  `for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, passive: true });`;

/** The loader's hash, for the pages' CSP (it is the only inline script besides the theme's). */
export const APP_CODE_LOADER_HASH = `'sha256-${createHash('sha256').update(APP_CODE_LOADER).digest('base64')}'`;

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** index.html with the screen in `#root` in place of the static frame, the resources the render
 * asked to preload (React writes them first: the hero's picture) in the head, the app's code
 * loaded after the page (above), and the answers at the end of the body for the app to start from
 * (web main.tsx). */
export function withFirstScreen(page: string, screen: RenderedScreen): string {
  const run = [...page.matchAll(ENTRY_TAG)].map((match) => match[1]!);
  const preload = [...page.matchAll(PRELOAD_TAG)].map((match) => match[1]!).filter((href) => !run.includes(href));
  const html = page.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '');
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (start < 0 || end < start || run.length === 0) return page;
  const hoisted = /^(?:<link [^>]*>)*/.exec(screen.html)?.[0] ?? '';
  const body = screen.html.slice(hoisted.length);
  // JSON inside a script element: `<` escaped, so no text in it can close the element.
  const json = (text: string) => text.replace(/</g, '\\u003c');
  return (
    html.slice(0, start + open.length).replace('</head>', () => `${hoisted}\n  </head>`) +
    body +
    html.slice(end, html.lastIndexOf('</body>')) +
    `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json(screen.state)}</script>\n  ` +
    `<script type="application/json" id="${APP_CODE_ID}">${json(JSON.stringify({ run, preload }))}</script>\n  ` +
    `<script type="module">${APP_CODE_LOADER}</script>\n  ` +
    html.slice(html.lastIndexOf('</body>'))
  );
}
