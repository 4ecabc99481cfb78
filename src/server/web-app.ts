import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_META, renderIndexHtml } from './page-meta';
import { findPage } from './page-routes';
import { hasSessionCookie, preferredEncoding } from './platform/shared-answers';
import { securityHeaders } from './platform/http';
import { dataPreloadTag, firstScreenData, SIGNED_OUT_ATTRIBUTE } from '../shared/first-screen-data';
import { FIRST_STYLES_FILE, type FirstStyles } from '../shared/first-styles';
import { chosenTheme, SYSTEM_THEME_SCRIPT, type Theme } from '../shared/theme';
import { APP_CODE_LOADER_HASH, loadFirstScreens, withFirstScreen } from './first-screens';

/** Serves the built web app: hashed assets cached for a year, and index.html (never cached)
 * for every other GET that is not an API or upload path, so client routes survive reload: 200
 * for a page that exists, 404 for one that does not (page-routes.ts).
 * Files go out in the brotli or gzip copy the build wrote beside them (vite.config.ts), as the
 * browser accepts; index.html, filled in per request, is compressed as it is sent. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  let indexHtml: string | null = null;
  /** index.html with a screen's own first stylesheet in place of the whole one, by screen. */
  let screenHtml = new Map<string, string>();
  let preloads = new Map<string, string>();
  let pageCsp = securityHeaders(app.services.config)['content-security-policy']!;
  /** theme-init.js as index.html holds it inline: every page replaces it (withTheme). */
  let themeTag: string | null = null;
  let firstScreen: Awaited<ReturnType<typeof loadFirstScreens>> = null;
  if (webRoot) {
    firstScreen = await loadFirstScreens(app, webRoot);
    if (firstScreen) pageCsp = pageCsp.replace("script-src 'self'", `script-src 'self' ${APP_CODE_LOADER_HASH}`);
    const inlined = await inlineRenderBlocking(webRoot, await readFile(path.join(webRoot, 'index.html'), 'utf8'));
    indexHtml = inlined.html;
    themeTag = inlined.themeTag;
    const hashes = [...inlined.scriptHashes, ...(themeTag ? [SYSTEM_THEME_HASH] : [])];
    if (hashes.length) pageCsp = pageCsp.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
    preloads = await screenPreloads(webRoot);
    screenHtml = await screenStyles(webRoot, indexHtml);
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // The copies are served under their file's own URL, never as files of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          // A hashed file never changes and is never revalidated: its validators and range
          // support are ~110 bytes of headers on each of a first visit's scripts, for nothing.
          res.removeHeader('etag');
          res.removeHeader('last-modified');
          res.removeHeader('accept-ranges');
        } else if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) {
          // The service worker (or the compressed copy sent for it): the browser checks for a new
          // one on every visit, never a stale copy.
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
  }

  const isPage = (request: FastifyRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !request.url.startsWith('/uploads/') &&
    !request.url.startsWith('/assets/');

  /** index.html for the path, with its preview tags, preloads and CSP; 404 (and noindex) when the
   * path opens no page or the page's item is missing: the app still shows its not-found screen. */
  const screenOf = (path: string) => SCREENS.find(([pattern]) => pattern.test(path))?.[1];
  const htmlFor = (path: string) => {
    const screen = screenOf(path);
    return (screen && screenHtml.get(screen)) || indexHtml!;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, html: string, path: string, query?: string) => {
    const screen = screenOf(path);
    const signedOut = !hasSessionCookie(request);
    // A visitor's public page arrives rendered, its data inside it (first-screens.ts); any other
    // page's data downloads beside its code, not after the code has run.
    const rendered =
      signedOut && reply.statusCode === 200 && firstScreen ? await firstScreen(path, query, request.log) : null;
    const data = rendered
      ? []
      : firstScreenData(path, query ? `?${query}` : '', signedOut).map((url) => `    ${dataPreloadTag(url)}`);
    const links = [...data, ...(screen ? [preloads.get(screen) ?? ''] : [])].filter(Boolean).join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageCsp);
    const page = withTheme(
      signedOut ? html.replace('<html', `<html ${SIGNED_OUT_ATTRIBUTE}`) : html,
      themeTag,
      chosenTheme(request.headers.cookie),
    ).replace('</head>', () => `${links}\n  </head>`);
    return sendCompressed(request, reply, rendered ? withFirstScreen(page, rendered) : page);
  };

  app.setNotFoundHandler(async (request, reply) => {
    // A built file that does not exist (an old build's chunk, a compressed copy asked for by
    // name) is a 404: index.html in its place would be run as a script or applied as a style.
    // HEAD answers as GET does (uptime monitors and link checkers ask with HEAD); Node sends
    // the headers alone.
    if (isPage(request) && indexHtml) {
      const [path = '/', query] = request.url.split('?');
      const page = await findPage(path, app.services.db).catch((error: unknown) => {
        // The database did not answer: the page is served as found (the app asks again), never
        // reported missing to a crawler for a moment's outage.
        request.log.warn({ err: error }, 'page lookup failed');
        return { found: true, meta: null };
      });
      const meta = page.found ? page.meta : NOT_FOUND_META;
      reply.status(page.found ? 200 : 404);
      return sendPage(
        request,
        reply,
        // An unknown address shows the not-found screen: the whole stylesheet, as for any page
        // without a first stylesheet of its own.
        renderIndexHtml(page.found ? htmlFor(path) : indexHtml, meta, app.services.config.publicUrl, path),
        path,
        query,
      );
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  /** A page address whose percent-encoding is not UTF-8 (refused before routing): the not-found
   * page, with the headers a page gets. False when it is no page (an API path, no web build). */
  return function sendBadPageUrl(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!isPage(request) || !indexHtml) return false;
    const [path = '/'] = request.url.split('?');
    reply.headers(securityHeaders(app.services.config)).status(404);
    void sendPage(
      request,
      reply,
      renderIndexHtml(indexHtml, NOT_FOUND_META, app.services.config.publicUrl, path),
      path,
    );
    return true;
  };
}

const SYSTEM_THEME_HASH = `'sha256-${createHash('sha256').update(SYSTEM_THEME_SCRIPT).digest('base64')}'`;

/** The theme the visitor chose, as the page's `<html class>` (no script before the first paint),
 * or the system's script when they chose none; `themeTag` is theme-init.js inline, which reads
 * the cookie itself where index.html is served as it is (the dev server). */
function withTheme(html: string, themeTag: string | null, theme: Theme | null): string {
  if (!themeTag) return html;
  const page = html.replace(themeTag, () => (theme ? '' : `<script>${SYSTEM_THEME_SCRIPT}</script>`));
  return theme ? page.replace('<html', `<html class="${theme}"`) : page;
}

/** The page's render-blocking files, written into index.html: the theme script and the
 * stylesheet. Each was a request a phone waited for (a round trip and more) before the first
 * paint. A script's hash joins the page's CSP, which still refuses any other inline script;
 * the files themselves stay served for anything that links them. theme-init.js is kept apart
 * (`themeTag`): each page replaces it (withTheme). */
async function inlineRenderBlocking(webRoot: string, source: string) {
  const scriptHashes: string[] = [];
  let themeTag: string | null = null;
  // index.html's comments (each on lines of its own) are for whoever edits it, not for every
  // visitor's download.
  const html = source.replace(/\n[ \t]*<!--[\s\S]*?-->(?=[ \t]*\n)/g, '');
  let out = html;
  for (const match of html.matchAll(/<script src="(\/[\w.-]+\.js)"><\/script>/g)) {
    const js = await readFile(path.join(webRoot, match[1]!), 'utf8').catch(() => null);
    if (js === null || /<\/script/i.test(js)) continue;
    const tag = `<script>${js}</script>`;
    if (match[1] === '/theme-init.js') themeTag = tag;
    else scriptHashes.push(`'sha256-${createHash('sha256').update(js).digest('base64')}'`);
    out = out.replace(match[0], () => tag);
  }
  for (const match of html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g)) {
    const css = await readFile(path.join(webRoot, match[1]!), 'utf8').catch(() => null);
    // Only a stylesheet that refers to nothing by a relative URL reads the same from any page.
    if (css === null || /<\/style/i.test(css) || /url\((?!["']?(data:|\/))/i.test(css)) continue;
    // The disabled link is never fetched; it tells Vite's loader (which adds the stylesheets a
    // later screen's chunks depend on) that this one is on the page already.
    out = out.replace(match[0], () => `<style>${css}</style><link rel="stylesheet" href="${match[1]}" disabled>`);
  }
  return { html: out, scriptHashes, themeTag };
}

/** index.html for each screen the build wrote a first stylesheet for (scripts/build/first-styles.ts):
 * those rules in place of the whole stylesheet, whose link is marked `data-rest` for the app to
 * enable when the visitor goes on to another screen (src/web/lib/full-styles.ts). */
async function screenStyles(webRoot: string, html: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  let styles: FirstStyles;
  try {
    styles = JSON.parse(await readFile(path.join(webRoot, FIRST_STYLES_FILE), 'utf8')) as FirstStyles;
  } catch {
    return pages;
  }
  const css = await readFile(path.join(webRoot, styles.whole), 'utf8').catch(() => '');
  const whole = `<style>${css}</style><link rel="stylesheet" href="${styles.whole}" disabled>`;
  if (!css || !html.includes(whole)) return pages;
  for (const [, screen] of SCREENS) {
    const first = styles.screens[screen];
    if (first === undefined || /<\/style/i.test(first)) continue;
    pages.set(
      screen,
      html.replace(
        whole,
        () => `<style>${first}</style><link rel="stylesheet" href="${styles.whole}" disabled data-rest>`,
      ),
    );
  }
  return pages;
}

/** Sends text compressed as the browser prefers (brotli, then gzip, else as it is). */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string) {
  // A page differs by its cookies too: the session's (signed out, its first screen) and the theme's.
  reply.header('vary', 'cookie, accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    const body = brotliCompressSync(text, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(text, { level: 6 }));
  return reply.send(text);
}

/** The screen module the router loads for a public page (src/web/app/routes), by path: its chunks
 * are announced with index.html, so the browser fetches them beside the entry script instead of
 * after it has run (one round trip less before the page's content). */
const SCREENS: [RegExp, string][] = [
  [/^\/$/, 'features/home/home-page.tsx'],
  [/^\/events\/?$/, 'features/events/events-page.tsx'],
  [/^\/events\/(?!create\/?$)[^/]+\/?$/, 'app/routes/event-route.tsx'],
  [/^\/community\/?$/, 'features/community/community-page.tsx'],
  [/^\/user\/[^/]+\/?$/, 'features/profile/profile-page.tsx'],
  // Opened by a phone's camera from someone's connect code: usually a first visit.
  [/^\/connect\/[^/]+\/?$/, 'features/connect/connect-page.tsx'],
  [/^\/podcasts\/?$/, 'features/podcasts/podcasts-page.tsx'],
  [/^\/contact\/?$/, 'features/contact/contact-page.tsx'],
  [/^\/login\/?$/, 'features/auth/login-page.tsx'],
  [/^\/register\/?$/, 'features/auth/register-page.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** `<link rel="modulepreload">` tags per screen, from the build's manifest (vite.config.ts):
 * the screen's chunk and the chunks it imports, less those index.html already loads. None when
 * the build has no manifest. */
async function screenPreloads(webRoot: string): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return links;
  }
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const loadedByPage = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  for (const [, screen] of SCREENS) {
    if (!manifest[screen]) continue;
    const files = [...closure([screen])].filter((key) => !loadedByPage.has(key)).map((key) => manifest[key]!.file);
    links.set(screen, files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`).join('\n'));
  }
  return links;
}
