import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { settings } from './settings';

// The build every suite's server runs: the web app (dist/web, what a visitor receives, measured by
// the page suite, scripts/bench/page.ts) and the server itself (dist/server), as in production.

/** Builds what changed since the last build (as `npm start` does), or everything with
 * BENCH_BUILD=1, before any server starts. */
export function ensureWebBuild(): string {
  const started = performance.now();
  const [command, args] = settings.forceBuild
    ? ['npm', ['run', 'build']]
    : ['npx', ['tsx', 'scripts/build-if-changed.ts']];
  const build = spawnSync(command, args, { cwd: settings.root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}\n${build.stderr}`);
  const built = (file: string) => statSync(path.join(settings.root, file)).mtime.toISOString();
  return `dist/web built ${built('dist/web/index.html')}, dist/server ${built('dist/server/main.js')} (checked in ${((performance.now() - started) / 1000).toFixed(1)} s; BENCH_BUILD=1 rebuilds both)`;
}
