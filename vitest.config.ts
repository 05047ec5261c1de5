import { defineConfig } from 'vitest/config';

// Three suites, one runner: `unit` (pure code, fast), `integration` (the server over real HTTP against
// a real database: PGlite by default, PostgreSQL when DATABASE_URL is set) and `e2e` (the built app in
// Debian's Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // a few tests check against brute force over a million nodes: seconds, more on a loaded machine
          testTimeout: 20_000,
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/*/test/unit/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          // seeds once the database every test server copies (apps/server/test/harness.ts)
          globalSetup: ['apps/server/test/seeded-template.ts'],
          testTimeout: 30_000,
          // a file's beforeAll starts a server (a copy of the seeded template; a file that changes a setting
          // of the seeding seeds its own): under load a seeding server has taken over a minute
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // seeds once the DATA_DIR every test server copies (e2e/harness.ts)
          globalSetup: ['e2e/seeded-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
