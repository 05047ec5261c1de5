import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API calls to the server started with `npm start` (or `npm run start:api`).
const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/api-auth': { target: api, changeOrigin: true },
    },
  },
  // the manifest lists each chunk and its imports: the bundle budget test (e2e/bundle-budget.test.ts) reads it
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
});
