import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

// The dev server forwards API calls to the server started with `npm start` (or `npm run start:api`).
const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/api-auth': { target: api, changeOrigin: true },
    },
  },
  // the manifest lists each chunk and its imports: the bundle budget test (e2e/bundle-budget.test.ts) reads it
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
});
