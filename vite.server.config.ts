import { cp } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The server, built for production: one ES module, dist/server/main.js, that Node runs as it is
// (`npm run serve`), with source maps for its stack traces. Packages stay in node_modules: Vite
// leaves a server build's dependencies external. What the server reads beside its own module at
// run time (the migrations, the demo episodes' audio) is copied next to it, where the same
// `import.meta.url`-relative paths find it as they do in src/server.

const outDir = 'dist/server';

/** Folders the server reads by a path relative to its module, copied beside the bundle. */
const BESIDE = [
  { from: 'src/server/db/migrations', to: 'migrations' },
  { from: 'src/server/setup/seed/episodes', to: 'episodes' },
];

function copyBeside(): Plugin {
  return {
    name: 'copy-beside',
    apply: 'build',
    async closeBundle() {
      for (const { from, to } of BESIDE) await cp(from, path.join(outDir, to), { recursive: true });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [copyBeside()],
  build: {
    ssr: 'src/server/main.ts',
    outDir,
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    // Readable stack traces and profiles; minifying a server saves nothing the user waits for.
    minify: false,
    rolldownOptions: {
      // One file: every module's `import.meta.url` is then the bundle's own (see BESIDE).
      output: { inlineDynamicImports: true },
    },
  },
});
