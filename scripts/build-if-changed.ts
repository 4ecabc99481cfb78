import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildIfChanged,
  SERVER_BUILD_INPUTS,
  SERVER_BUILD_OUTPUTS,
  WEB_BUILD_INPUTS,
  WEB_BUILD_OUTPUTS,
} from '../src/server/setup/web-build';

// `npm start`'s first step: `npm run build:web` when the web app's sources changed since the last
// build into dist/web (or there is none yet, as on a fresh clone), and `npm run build:server`
// likewise for dist/server; else nothing.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each build is its npm script, so there is one definition of it. */
function npmRun(script: string) {
  return () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`npm run ${script} failed (${signal ?? `exit code ${code}`})`)),
      );
    });
}

try {
  const web = await buildIfChanged(root, path.join(root, 'dist/web'), npmRun('build:web'), {
    inputs: WEB_BUILD_INPUTS,
    outputs: WEB_BUILD_OUTPUTS,
  });
  if (web === 'current') console.log('Web app unchanged since the last build: serving dist/web as it is.');
  const server = await buildIfChanged(root, path.join(root, 'dist/server'), npmRun('build:server'), {
    inputs: SERVER_BUILD_INPUTS,
    outputs: SERVER_BUILD_OUTPUTS,
  });
  if (server === 'current') console.log('Server unchanged since the last build: running dist/server as it is.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
