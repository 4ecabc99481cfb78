import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfChanged } from '../src/server/setup/web-build';

// `npm start`'s first step: `npm run build` when the web app's sources changed since the last
// build into dist/web (or there is none yet, as on a fresh clone), else nothing.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build is `npm run build` itself, so there is one definition of it. */
function npmRunBuild() {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

try {
  const outcome = await buildWebIfChanged(root, path.join(root, 'dist/web'), npmRunBuild);
  if (outcome === 'current') console.log('Web app unchanged since the last build: serving dist/web as it is.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
