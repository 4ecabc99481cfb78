import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

// `npm start` builds the web app and the server, each only when what its build reads changed
// since its last build (scripts/build-if-changed.ts), so a restart does not wait for Vite.

/** What `vite build` reads (vite.config.ts: root src/web, whose tree Tailwind also scans): the app
 * with its index.html and public files, the shared contracts it imports, the build's configuration
 * with its own plugins (scripts/build) and, through the lock file, the versions of Vite, its
 * plugins and every bundled package. */
export const WEB_BUILD_INPUTS = [
  'src/web',
  'src/shared',
  'scripts/build',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

/** What `vite build -c vite.server.config.ts` reads: the server and the shared contracts it
 * imports, its configuration, and the versions of Vite and every package through the lock file. */
export const SERVER_BUILD_INPUTS = [
  'src/server',
  'src/shared',
  'vite.server.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

/** Written into the output folder after a successful build; Vite empties that folder before
 * building, so an interrupted build leaves no stamp and the next start builds again. */
export const BUILD_STAMP = '.build-hash';

/** Files the web build must have left for the stamp to be trusted (the server needs them all; the
 * last is its copy of the app, which renders first screens, beside dist/web). */
export const WEB_BUILD_OUTPUTS = ['index.html', '.vite/manifest.json', '../render/render.js'];
/** And the server build. */
export const SERVER_BUILD_OUTPUTS = ['main.js'];

/** Tests are never bundled: editing one should not cost a rebuild. */
const NOT_BUNDLED = /\.test\.tsx?$/;

/** The files of one input (a file or a folder, recursively), relative to root, '/'-separated. */
async function inputFiles(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) return [input];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !NOT_BUNDLED.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** One SHA-256 over the names and contents of every input file, in a fixed order: the same tree
 * gives the same hash wherever it lies, and any edit, new, renamed or deleted file changes it. */
export async function hashBuildInputs(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS) {
  const files = (await Promise.all(inputs.map((input) => inputFiles(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = await readFile(path.join(root, file));
    // Name and length first, so no two different trees can feed the hash the same bytes.
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** Runs `build` unless outDir holds a complete build of exactly these inputs, then stamps it.
 * The hash is taken before building: a file edited during the build makes the next start build
 * again rather than trust output that may predate the edit. NODE_ENV is part of the stamp: Vite
 * bundles React's development build when it is `development`, which must not be served later in
 * production mode. */
export async function buildIfChanged(
  root: string,
  outDir: string,
  build: () => Promise<void>,
  { inputs = WEB_BUILD_INPUTS, outputs = WEB_BUILD_OUTPUTS, nodeEnv = process.env.NODE_ENV ?? '' } = {},
): Promise<'built' | 'current'> {
  const wanted = `${await hashBuildInputs(root, inputs)} NODE_ENV=${nodeEnv}`;
  const stamp = await readFile(path.join(outDir, BUILD_STAMP), 'utf8').catch(() => null);
  const complete = await Promise.all(outputs.map((file) => stat(path.join(outDir, file)).then(Boolean, () => false)));
  if (stamp?.trim() === wanted && complete.every(Boolean)) return 'current';
  await build();
  await writeFile(path.join(outDir, BUILD_STAMP), `${wanted}\n`);
  return 'built';
}
