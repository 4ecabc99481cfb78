import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_STAMP,
  SERVER_BUILD_INPUTS,
  SERVER_BUILD_OUTPUTS,
  WEB_BUILD_INPUTS,
  buildIfChanged,
  hashBuildInputs,
} from './web-build';

// The project's own inputs, copied to a temporary folder that each test may change freely.
const projectRoot = path.resolve(import.meta.dirname, '../../..');

describe('the web build inputs hash', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-build-'));
    for (const input of WEB_BUILD_INPUTS)
      await cp(path.join(projectRoot, input), path.join(root, input), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('is the same for an unchanged tree, wherever it lies', async () => {
    const first = await hashBuildInputs(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashBuildInputs(root)).toBe(first);
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'web-build-'));
    try {
      await cp(root, elsewhere, { recursive: true });
      expect(await hashBuildInputs(elsewhere)).toBe(first);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('changes with an edit, a new, a renamed or a deleted file under src/web, and with the config', async () => {
    const hash = () => hashBuildInputs(root);
    const original = await hash();
    await writeFile(path.join(root, 'src/web/main.tsx'), '// edited\n', { flag: 'a' });
    const edited = await hash();
    await writeFile(path.join(root, 'src/web/app/new-screen.tsx'), 'export {};\n');
    const added = await hash();
    // A name that sorts in the same place: only the name itself changes what the hash reads.
    await rename(path.join(root, 'src/web/app/new-screen.tsx'), path.join(root, 'src/web/app/new-screens.tsx'));
    const renamed = await hash();
    await writeFile(path.join(root, 'src/shared/events.ts'), '// edited\n', { flag: 'a' });
    const sharedEdited = await hash();
    await writeFile(path.join(root, 'vite.config.ts'), '// edited\n', { flag: 'a' });
    const configEdited = await hash();
    expect(new Set([original, edited, added, renamed, sharedEdited, configEdited]).size).toBe(6);

    // Deleting the file again gives back the tree, and the hash, as they were before it.
    await rm(path.join(root, 'src/web/app/new-screens.tsx'));
    await writeFile(
      path.join(root, 'src/shared/events.ts'),
      await readFile(path.join(projectRoot, 'src/shared/events.ts')),
    );
    await writeFile(path.join(root, 'vite.config.ts'), await readFile(path.join(projectRoot, 'vite.config.ts')));
    expect(await hash()).toBe(edited);
  });

  it('ignores test files and files outside the inputs', async () => {
    const before = await hashBuildInputs(root);
    await writeFile(path.join(root, 'src/shared/text.test.ts'), '// edited\n', { flag: 'a' });
    await mkdir(path.join(root, 'src/server'), { recursive: true });
    await writeFile(path.join(root, 'src/server/main.ts'), 'export {};\n');
    expect(await hashBuildInputs(root)).toBe(before);
  });
});

describe('building only when the inputs changed', () => {
  let root: string;
  let outDir: string;
  let builds: number;
  // Stands in for `vite build`: empties the output folder and leaves what the server needs.
  const build = async () => {
    builds++;
    await rm(outDir, { recursive: true, force: true });
    await mkdir(path.join(outDir, '.vite'), { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), '<!doctype html>');
    await writeFile(path.join(outDir, '.vite/manifest.json'), '{}');
    // The server's copy of the app (`vite build --ssr`), beside dist/web.
    await mkdir(path.join(root, 'dist/render'), { recursive: true });
    await writeFile(path.join(root, 'dist/render/render.js'), 'export {};');
  };
  const inputs = ['src/web'];
  const options = { inputs, nodeEnv: '' };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-build-'));
    outDir = path.join(root, 'dist/web');
    builds = 0;
    await mkdir(path.join(root, 'src/web'), { recursive: true });
    await writeFile(path.join(root, 'src/web/main.tsx'), 'export {};\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds a fresh clone, then not again until a source changes', async () => {
    expect(await buildIfChanged(root, outDir, build, options)).toBe('built');
    expect(await readFile(path.join(outDir, BUILD_STAMP), 'utf8')).toContain(await hashBuildInputs(root, inputs));
    expect(await buildIfChanged(root, outDir, build, options)).toBe('current');
    expect(builds).toBe(1);

    await writeFile(path.join(root, 'src/web/main.tsx'), '// edited\n', { flag: 'a' });
    expect(await buildIfChanged(root, outDir, build, options)).toBe('built');
    expect(await buildIfChanged(root, outDir, build, options)).toBe('current');
    expect(builds).toBe(2);
  });

  it('builds again for another NODE_ENV (Vite bundles development React under development)', async () => {
    await buildIfChanged(root, outDir, build, options);
    expect(await buildIfChanged(root, outDir, build, { inputs, nodeEnv: 'development' })).toBe('built');
    expect(await buildIfChanged(root, outDir, build, { inputs, nodeEnv: 'development' })).toBe('current');
    expect(builds).toBe(2);
  });

  it('builds again when the output lost a file the server needs', async () => {
    await buildIfChanged(root, outDir, build, options);
    await rm(path.join(outDir, 'index.html'));
    expect(await buildIfChanged(root, outDir, build, options)).toBe('built');
    expect(builds).toBe(2);
    await rm(path.join(root, 'dist/render/render.js'));
    expect(await buildIfChanged(root, outDir, build, options)).toBe('built');
    expect(builds).toBe(3);
  });

  it('checks the outputs it is given: the server build, whose bundle the server runs', async () => {
    const serverDir = path.join(root, 'dist/server');
    const buildServer = async () => {
      builds += 1;
      await mkdir(serverDir, { recursive: true });
      await writeFile(path.join(serverDir, 'main.js'), 'export {};\n');
    };
    const server = { inputs, outputs: SERVER_BUILD_OUTPUTS, nodeEnv: '' };
    expect(await buildIfChanged(root, serverDir, buildServer, server)).toBe('built');
    expect(await buildIfChanged(root, serverDir, buildServer, server)).toBe('current');
    await rm(path.join(serverDir, 'main.js'));
    expect(await buildIfChanged(root, serverDir, buildServer, server)).toBe('built');
    expect(builds).toBe(2);
    expect(SERVER_BUILD_INPUTS).toEqual(expect.arrayContaining(['src/server', 'src/shared', 'vite.server.config.ts']));
  });

  it('leaves no stamp when the build fails, so the next start tries again', async () => {
    const failing = async () => {
      await rm(outDir, { recursive: true, force: true });
      await mkdir(outDir, { recursive: true });
      throw new Error('vite build failed');
    };
    await expect(buildIfChanged(root, outDir, failing, options)).rejects.toThrow('vite build failed');
    await expect(readFile(path.join(outDir, BUILD_STAMP))).rejects.toThrow();
    expect(await buildIfChanged(root, outDir, build, options)).toBe('built');
    expect(builds).toBe(1);
  });
});
