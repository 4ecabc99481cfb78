/**
 * `npx tsx scripts/screenshots.ts`: full-page screenshots of the public pages, to look at.
 *
 * Starts the real server (built web app, production mode) on a fresh embedded database seeded
 * with the demo content, as the end-to-end tests do, and photographs /, /events, the next event's
 * page, /community and /podcasts at 375 px and 1280 px wide, in the light and the dark theme.
 * Writes test-results/screenshots/<page>-<width>-<theme>.png (git-ignored). Builds the web app
 * first when dist/web is missing. Settings: SCREENSHOTS_PORT (3190), CHROMIUM_PATH
 * (/usr/bin/chromium). Run it under the e2e lock: `flock /tmp/e2e.lock npx tsx scripts/screenshots.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOTS_PORT ?? 3190);
const baseUrl = `http://127.0.0.1:${port}`;
const outDir = path.join(root, 'test-results', 'screenshots');
const widths = [375, 1280];
const themes = ['light', 'dark'] as const;

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'screenshots-only-session-secret-0123456789abcdef',
      SEED_ON_EMPTY: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let waited = 0; ; waited += 250) {
    if (exited) throw new Error('the server exited before it answered');
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 120_000) throw new Error('the server did not answer within 2 minutes');
    await sleep(250);
  }
  return async () => {
    if (exited) return;
    child.kill('SIGTERM');
    for (let waited = 0; waited < 5_000 && !exited; waited += 100) await sleep(100);
    if (!exited) child.kill('SIGKILL');
  };
}

/** Scrolls to the end and back so lazy pictures and deferred sections load, then waits for quiet. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await sleep(80);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? null : new Promise((done) => img.addEventListener('load', done)),
      ),
    );
  });
  await sleep(300);
}

async function main() {
  if (!existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  await mkdir(outDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-screenshots-'));
  const stopServer = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const landing = (await (await fetch(`${baseUrl}/api/landing`)).json()) as { nextEvent: { id: string } | null };
    const eventId = landing.nextEvent?.id;
    if (!eventId) throw new Error('the demo content has no next event');
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'events', path: '/events' },
      { name: 'event', path: `/events/${eventId}` },
      { name: 'community', path: '/community' },
      { name: 'podcasts', path: '/podcasts' },
    ];
    for (const width of widths) {
      for (const theme of themes) {
        const context = await browser.newContext({
          viewport: { width, height: width < 640 ? 812 : 900 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        // The theme as the site keeps it: localStorage 'theme', read by theme-init.js before paint.
        await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));
        for (const { name, path: route } of pages) {
          await page.goto(baseUrl + route, { waitUntil: 'load' });
          await settle(page);
          const file = path.join(outDir, `${name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`  ${path.relative(root, file)}`);
        }
        if (errors.length > 0) throw new Error(`a page threw: ${errors.join('; ')}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await stopServer();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
