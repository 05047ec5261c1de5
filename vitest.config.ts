import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const unitFiles = [
  'packages/*/test/**/*.test.ts',
  'apps/*/test/unit/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
];
const isolated = '**/*.isolated.test.ts';
const unit = {
  // a few tests check against brute force over a million nodes or run the CLI's process: 4–11 s beside the
  // lint on a quiet machine, more than 20 s on a loaded one (the CI run of 0b44c2b timed one out): the
  // timeout catches a hang, not a slow machine
  testTimeout: 60_000,
  // every core: the unit suite runs alone, or beside the build's ~12 s (vitest's default leaves one idle)
  maxWorkers: availableParallelism(),
};

// Three suites, one runner: `unit` (pure code, fast; `unit-isolated` holds its files that mock a module or
// stub a global), `integration` (the server over real HTTP against a real database: PGlite by default,
// PostgreSQL when DATABASE_URL is set) and `e2e` (the built app in Debian's Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          ...unit,
          // the files of a worker share their modules instead of importing them again each (CI: 328 s with
          // one worker, isolated, 123 s like this with two): a test that mocks a module or stubs a global
          // runs isolated, in a file named *.isolated.test.ts (the lint rule in eslint.config.js)
          isolate: false,
          include: unitFiles,
          exclude: [...configDefaults.exclude, isolated],
        },
      },
      {
        test: {
          name: 'unit-isolated',
          ...unit,
          include: unitFiles.map((files) => files.replace(/\*\.test\.ts$/, '*.isolated.test.ts')),
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
          // its files run in turn in one worker and share their modules instead of importing the server
          // again each (40 files on PGlite, quiet machine: 645 → 525 s, imports 71 → 8 s). The server's
          // in-memory state is kept per database (services/context.ts perDatabase) or per data folder, so one
          // file's server never answers from another's; the lint refuses mocks in these files.
          isolate: false,
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
