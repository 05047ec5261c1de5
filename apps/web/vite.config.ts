import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** What the precompress plugin compresses: text assets of at least 1 kB (smaller ones gain nothing). */
const COMPRESSED = /\.(js|css|svg|json)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * The built assets compressed beside themselves once, at build time (brotli at its best quality, gzip -9):
 * the server sends the variant the browser accepts (@fastify/static `preCompressed`), where it sent the raw
 * JavaScript (issue 34: a first page of 196 kB gzipped went out as 580 kB).
 */
function precompress(): Plugin {
  return {
    name: 'metocean-precompress',
    apply: 'build',
    writeBundle(options) {
      const assets = path.join(options.dir ?? 'dist', 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSED.test(name)) continue;
        const file = path.join(assets, name);
        const body = readFileSync(file);
        if (body.length < COMPRESS_FROM_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sessionStart = source('./src/session-start.ts');
const main = source('./src/main.tsx');
const homePage = source('./src/features/home/HomePage.tsx');

/**
 * The session's start as an entry of its own, loaded `async` from index.html beside the app (issue 34): the
 * token refresh goes out while the app's scripts download, not after they ran. It imports only the API
 * client (no React), which the app imports too: the page loads no byte more and both share one instance.
 */
function earlySessionStart(): Plugin {
  return {
    name: 'metocean-early-session-start',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: sessionStart, name: 'session-start' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === sessionStart,
        );
        if (!chunk) throw new Error(`the build has no chunk for ${sessionStart}`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * The libraries of the first pages in two chunks (issue 34). Left to itself the bundler splits the modules
 * the entry loads statically into a chunk per set of importers: 25 scripts before the home page's own 16,
 * many under 1 kB, which a browser fetches six at a time over HTTP/1.1 (and the page's API calls queue
 * behind them). This plugin notes, once the module graph is built, the packages (node_modules) the entry
 * reaches statically, and those the home page adds; the chunking (`codeSplitting.groups`) puts each set in
 * one chunk. The first pages load fewer bytes (one chunk compresses better) in 6 + 6 requests, and a lazy
 * screen imports those libraries from these chunks rather than from small shared ones.
 *
 * Packages only: a group also takes the dependencies of what it captures, and the app's own modules reach,
 * through the contracts' index, schemas that only lazily loaded code uses (with zod, which is skipped for
 * the same reason: lazy-schema.ts).
 */
function firstPageLibraries(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean }[] } {
  const frame = new Set<string>();
  const home = new Set<string>();
  const plugin: Plugin = {
    name: 'metocean-first-page-libraries',
    apply: 'build',
    buildEnd() {
      const reach = (id: string, into: Set<string>, known?: Set<string>) => {
        if (into.has(id) || known?.has(id) || id.includes('/node_modules/zod/')) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) reach(imported, into, known);
      };
      frame.clear();
      home.clear();
      reach(main, frame);
      reach(homePage, home, frame);
    },
  };
  const library = (set: Set<string>) => (id: string) => set.has(id) && id.includes('/node_modules/');
  return {
    plugin,
    groups: [
      { name: 'frame', test: library(frame) },
      { name: 'home', test: library(home) },
    ],
  };
}
const libraries = firstPageLibraries();

// The dev server forwards API calls to the server started with `npm start` (or `npm run start:api`).
const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), earlySessionStart(), libraries.plugin, precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/api-auth': { target: api, changeOrigin: true },
    },
  },
  // the manifest lists each chunk and its imports: the bundle budget test (e2e/bundle-budget.test.ts) reads it
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: libraries.groups } } },
  },
});
