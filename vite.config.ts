import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstStyles } from './scripts/build/first-styles';

// The web app lives in src/web and builds to dist/web, which the server serves in production.
// In `npm run dev` Vite serves it with hot reload and proxies the API to the server on API_PORT.
const apiPort = process.env.API_PORT ?? '3001';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes a `.br` and a `.gz` copy beside every text file of the build (scripts, styles, SVG,
 * HTML...) and the door's QR decoder (WebAssembly, a third of its size in brotli), at the highest
 * levels: done once here, the server sends them as they are (@fastify/static `preCompressed`,
 * src/server/web-app.ts). Files too small to gain are skipped. */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map|wasm)$/;
  const MIN_BYTES = 256;
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          if (!COMPRESSIBLE.test(file) || !(await stat(file)).isFile()) return;
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotliAsync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          // A copy no smaller than the file would only cost the browser time.
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const entry = path.resolve('src/web/main.tsx');
// Reached through a package's index but used only by later screens (forms' mutations, the search
// results' "Show more"): left out.
const LATER =
  /@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\./;
const SMALL_SHARED =
  /rolldown[\\/]runtime|src[\\/]web[\\/]lib[\\/]use-document-title\.|src[\\/]web[\\/]lib[\\/]responsive-image\.|src[\\/]shared[\\/]image-widths\./;
/** The modules main.tsx imports, directly or through others, without a dynamic import(). */
const entryModules = new WeakMap<object, Set<string>>();
function loadedByEntry(ctx: Rolldown.ChunkingContext): Set<string> {
  let found = entryModules.get(ctx);
  if (found) return found;
  found = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id) || LATER.test(id)) continue;
    found.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  entryModules.set(ctx, found);
  return found;
}

/** The server's copy of the app (`vite build --ssr render.tsx`, see src/web/render.tsx), with its
 * packages inside (the icons are imported by file, which Node's resolver would refuse); each screen
 * stays a chunk of its own, loaded when first rendered. Kept out of dist/web, which is served to
 * anyone. */
const renderBuild: UserConfig = {
  root: 'src/web',
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'render.tsx',
    outDir: '../../dist/render',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: false,
  },
  publicDir: false,
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? renderBuild : webBuild));

const webBuild: UserConfig = {
  root: 'src/web',
  plugins: [react(), tailwindcss(), firstStyles(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server preloads each page's own chunks with index.html (web-app.ts).
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        advancedChunks: {
          // Only the matched modules themselves: their dependencies stay where they were.
          includeDependenciesRecursively: false,
          groups: [
            // main.tsx and everything it loads up front (React, the router, the query client, header
            // and footer with their pieces) as one file, not split by which screens happen to share
            // a piece of it; the entry that loads it is then Rolldown's runtime alone (one request
            // less than with main.tsx in an entry of its own). The shell imports its icons one by one
            // (lucide-react/icons/name): through the barrel it would seem to load all of them.
            // The picture helpers too: a few hundred bytes that many screens share would otherwise
            // be files of their own, waited for in turn.
            {
              name: (id, ctx) => (SMALL_SHARED.test(id) || loadedByEntry(ctx).has(id) ? 'shell' : null),
              priority: 2,
            },
            // The small pieces the other screens share (buttons, fields, icons, helpers, zod-free
            // constants) travel as one file rather than a dozen tiny ones a page must wait for. The
            // screen-sized pieces only a few screens share (event card, profile sections, member
            // rows) stay out of it, so the other screens do not carry them; so do the badge
            // download (its query schema would bring zod to every public page), the ticket code and
            // the door duty links (their query and texts).
            {
              name: (id, ctx) => (loadedByEntry(ctx).has(id) ? null : 'ui'),
              test: /src[\\/]web[\\/]components[\\/](?!rich-text-editor|dialog|recent-sign-in|password-confirm-form|report-button|block-button|event-card|profile-sections|connections-list|person-link|badge-download|ticket-code|door-duty)|src[\\/]shared[\\/](event-texts|video-links|rich-text|passkey-texts)\.|node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      // changeOrigin stays false so the browser's Origin header reaches the server's CSRF check.
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/uploads': { target: `http://127.0.0.1:${apiPort}` },
      '/calendar.ics': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
};
