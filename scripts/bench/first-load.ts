import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { FIRST_STYLES_FILE, type FirstStyles } from '../../src/shared/first-styles';
import { SYSTEM_THEME_SCRIPT } from '../../src/shared/theme';

// The landing page's first load, by weight: the JavaScript and CSS a first visit to `/` makes
// the browser load before anyone scrolls or touches it, counted from the build (dist/web) in
// brotli, as the server sends each file. The weight ratchet (tests/e2e/weight.spec.ts) fails
// when it grows past the budget below; the bench's page part prints it beside the bytes on the wire.

/** The budget, in brotli bytes: the landing page's first load when it was set, plus a margin of
 * less than 1 KB. Lower it when the page gets lighter; never raise it to let a change through
 * without saying why in the commit. The shell lists every lazy chunk by its hashed file name,
 * which brotli cannot compress: the same code weighs up to about 150 bytes more or less as the
 * hashes of other chunks change. Lowered from 118,400 when the router became the declarative
 * one and the page carried only its own first stylesheet (101,019 measured), then from 102,000
 * when the app's own router replaced React Router (91,457 measured; decision 046), then from
 * 92,400 when the server wrote the theme into the page instead of theme-init.js (91,449). */
export const LANDING_FIRST_LOAD_BUDGET = 92_000;

/** The module the router loads for `/` (src/web/app/router.tsx), as the build's manifest names
 * it: the server preloads its chunks with index.html (src/server/web-app.ts). */
const LANDING_SCREEN = 'features/home/home-page.tsx';

interface FirstLoadFile {
  /** The URL path the browser asks for (`/assets/shell-….js`), or `inline script` / `inline style`. */
  url: string;
  kind: 'script' | 'style';
  bytes: number;
  brotli: number;
}

export interface FirstLoad {
  files: FirstLoadFile[];
  bytes: number;
  brotli: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Brotli at quality 11 with the size hint: what the build writes beside each file
 * (vite.config.ts, precompress) and the server sends as it is. */
function brotliSize(content: Buffer): number {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  }).length;
}

/** What the built index.html loads (its scripts, module preloads and stylesheets; the inline
 * ones too), and the landing screen's chunks with their static imports and stylesheets; each
 * file once. The theme script and the first stylesheet are written into the page by the server:
 * they count as what the page holds. */
export async function landingFirstLoad(webRoot: string): Promise<FirstLoad> {
  // Comments load nothing (the page's own mention tags in prose).
  const html = (await readFile(path.join(webRoot, 'index.html'), 'utf8')).replace(/<!--[\s\S]*?-->/g, '');
  const manifest = JSON.parse(await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const urls = new Map<string, FirstLoadFile['kind']>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="(\/[^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (tag.startsWith('<script')) urls.set(src, 'script');
    else if (/\brel="modulepreload"/.test(tag)) urls.set(src, 'script');
    else if (/\brel="stylesheet"/.test(tag)) urls.set(src, 'style');
  }
  const screen = manifest[LANDING_SCREEN];
  if (!screen) throw new Error(`the build's manifest has no ${LANDING_SCREEN}: has the landing route moved?`);
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    urls.set(`/${chunk.file}`, 'script');
    for (const css of chunk.css ?? []) urls.set(`/${css}`, 'style');
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  walk(LANDING_SCREEN);

  // The server writes the landing screen's own first stylesheet into the page in place of the
  // whole one (scripts/build/first-styles.ts), which waits for the next screen.
  const first = await readFile(path.join(webRoot, FIRST_STYLES_FILE), 'utf8')
    .then((text) => JSON.parse(text) as FirstStyles)
    .catch(() => null);
  const firstStyles = first?.screens[LANDING_SCREEN];
  if (first && firstStyles !== undefined) urls.delete(first.whole);

  const files: FirstLoadFile[] = [];
  // The server writes the visitor's theme into the page (none chosen: the system's, by a script of
  // a line) in place of theme-init.js, which only the dev server's index.html runs.
  if (urls.delete('/theme-init.js')) {
    const content = Buffer.from(SYSTEM_THEME_SCRIPT);
    files.push({ url: 'system theme script', kind: 'script', bytes: content.length, brotli: brotliSize(content) });
  }
  if (firstStyles !== undefined) {
    const content = Buffer.from(firstStyles);
    files.push({ url: 'first stylesheet', kind: 'style', bytes: content.length, brotli: brotliSize(content) });
  }
  for (const [url, kind] of urls) {
    const content = await readFile(path.join(webRoot, url));
    files.push({ url, kind, bytes: content.length, brotli: brotliSize(content) });
  }
  const inline = /<(script|style)\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/\1>/g;
  for (const [, tag, body] of html.matchAll(inline)) {
    if (!body?.trim()) continue;
    const content = Buffer.from(body);
    const kind = tag === 'style' ? 'style' : 'script';
    files.push({ url: `inline ${kind}`, kind, bytes: content.length, brotli: brotliSize(content) });
  }
  files.sort((a, b) => b.brotli - a.brotli);
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    brotli: files.reduce((sum, f) => sum + f.brotli, 0),
  };
}

/** One line per file, heaviest first, and the total beside the budget. */
export function describeFirstLoad(load: FirstLoad, budget = LANDING_FIRST_LOAD_BUDGET): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    ...load.files.map((f) => `  ${kb(f.brotli).padStart(9)} br  ${kb(f.bytes).padStart(9)} raw  ${f.url}`),
    `  ${kb(load.brotli).padStart(9)} br  ${kb(load.bytes).padStart(9)} raw  in all (${load.brotli} bytes; budget ${budget} bytes)`,
  ].join('\n');
}
