import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { onCleanup } from './cleanup';
import { settings } from './settings';

// The landing page's JavaScript weight as a first-time visitor's browser downloads it:
// every script response, gzipped at level 9 (what a compressing proxy or CDN would send).

const indexHtml = path.join(settings.root, 'dist/web/index.html');

/** The server reads dist/web at start-up, so the build must exist before a server starts. */
export function ensureWebBuild(): string {
  if (existsSync(indexHtml) && !settings.forceBuild) {
    return `dist/web built ${statSync(indexHtml).mtime.toISOString()} (BENCH_BUILD=1 rebuilds)`;
  }
  const started = performance.now();
  const build = spawnSync('npx', ['vite', 'build'], { cwd: settings.root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  return `dist/web built now in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

export interface JsSize {
  files: { url: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function measureLandingJs(baseUrl: string): Promise<JsSize> {
  const browser = await chromium.launch({ executablePath: settings.chromiumPath, args: CHROMIUM_ARGS });
  const forget = onCleanup('Chromium', () => browser.close());
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const bodies: Promise<JsSize['files'][number]>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      bodies.push(
        response.body().then((body) => ({
          url: response.url(),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    const response = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET / answered ${response?.status()}`);
    const files = await Promise.all(bodies);
    if (files.length === 0) throw new Error('the landing page loaded no JavaScript: is dist/web built?');
    if (pageErrors.length > 0) throw new Error(`the landing page threw: ${pageErrors.join('; ')}`);
    return {
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    };
  } finally {
    await browser.close();
    forget();
  }
}
