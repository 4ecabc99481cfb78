import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { settings } from './settings';

// The web app's build, which every suite's server serves (what a visitor receives is measured
// by the page suite, scripts/bench/page.ts).

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
