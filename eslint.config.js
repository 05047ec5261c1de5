// Type-aware lint for the whole monorepo. The import restrictions below enforce the one-way
// dependency direction of ARCHITECTURE.md (apps -> packages -> core), the server's layers and the absence
// of any import circle (docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const ours = (allowed) => {
  const all = ['core', 'contracts', 'hindcast', 'charts'];
  return all.filter((name) => !allowed.includes(name)).map((name) => `@metocean/${name}`);
};
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'crypto', 'http'];
const restrict = (files, forbidden, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
});

// The server's layers, top to bottom, and what each may import (docs/architecture.md "Server layers"): a
// folder of apps/server/src, a file at its root, or one file of a folder that sits lower than the rest of
// it (http/errors.ts, the error vocabulary; jobs/queue.ts, the queue services send to). A layer may import
// itself and what it lists, nothing else of the server; test files may import anything.
const SERVER = 'apps/server/src';
const SERVER_LAYERS = {
  'main.ts': ['runtime.ts', 'config.ts', 'seed'],
  'runtime.ts': ['app.ts', 'config.ts', 'routes', 'jobs', 'services', 'seed', 'data', 'db', 'mail'],
  'app.ts': ['routes', 'http', 'services', 'config.ts'],
  routes: ['http', 'exports', 'reports', 'services', 'config.ts'],
  http: ['services', 'config.ts'],
  jobs: ['exports', 'reports', 'services', 'data', 'db', 'mail', 'config.ts'],
  exports: ['services', 'data', 'db', 'http/errors.ts', 'jobs/queue.ts', 'config.ts'],
  reports: ['services', 'data', 'db', 'http/errors.ts', 'jobs/queue.ts', 'config.ts'],
  seed: ['services', 'data', 'db', 'config.ts'],
  services: ['data', 'db', 'mail', 'http/errors.ts', 'jobs/queue.ts', 'jobs/planning-thread.ts', 'config.ts'],
  'jobs/queue.ts': ['db', 'mail', 'config.ts'],
  'jobs/planning-thread.ts': ['jobs/worker-file.ts', 'jobs/planning-worker.ts'],
  'jobs/planning-worker.ts': ['data/sources.ts', 'data/calibrated.ts'],
  'jobs/worker-file.ts': [],
  data: ['db'],
  mail: [],
  db: [],
  'http/errors.ts': [],
  'config.ts': [],
};

/** import-x/no-restricted-paths zones: for each layer, every other part of the server it may not import. */
function serverLayerZones() {
  const tops = [...new Set(Object.keys(SERVER_LAYERS).map((unit) => unit.split('/')[0]))];
  return Object.entries(SERVER_LAYERS).flatMap(([unit, allowed]) => {
    const [top, file] = unit.split('/');
    const message = `${unit} may import ${allowed.join(', ') || 'nothing of the server'} (docs/architecture.md).`;
    return tops
      .filter((other) => !allowed.includes(other) && (other !== top || file !== undefined))
      .map((other) => {
        // a lower file of that folder that the layer may import, and a file layer's own file
        const except = [...allowed, ...(other === top ? [unit] : [])]
          .filter((entry) => entry.startsWith(`${other}/`))
          .map((entry) => `./${entry.slice(other.length + 1)}`);
        return {
          target: `${SERVER}/${unit}`,
          from: `${SERVER}/${other}`,
          ...(except.length > 0 ? { except } : {}),
          message,
        };
      });
  });
}

/** How import-x finds our modules: TypeScript sources, workspace packages through their `exports`. */
const importResolution = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  },
};

/**
 * Refuses vitest's calls that change what the files of one worker share (a mocked module, a stubbed global or
 * environment variable, a fake clock, a reset module registry), with `message`.
 */
function noSharedStateChanges(message) {
  const calls = ['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers', 'resetModules'];
  return {
    'no-restricted-properties': ['error', ...calls.map((property) => ({ object: 'vi', property, message }))],
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'apps/server/drizzle/**', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/require-array-sort-compare': ['error', { ignoreStringArrays: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  restrict(
    ['packages/core/src/**'],
    ['@metocean/*', ...nodeBuiltins],
    'core is the pure numeric engine: no I/O, no Node, nothing of ours',
  ),
  restrict(['packages/contracts/src/**'], ['@metocean/*', ...nodeBuiltins], 'contracts depends on zod only'),
  restrict(
    ['packages/charts/src/**'],
    [...ours(['core', 'contracts']), ...nodeBuiltins],
    'charts: core and contracts only',
  ),
  restrict(['packages/hindcast/src/**'], ours(['core', 'contracts']), 'hindcast: core and contracts only'),
  restrict(['apps/web/src/**'], ['@metocean/hindcast', ...nodeBuiltins], 'the web app runs in the browser'),
  {
    files: [`${SERVER}/**/*.ts`],
    ...importResolution,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverLayerZones() }],
    },
  },
  {
    // The unit suite's files (as vitest.config.ts lists them) share their modules in each worker: a file
    // that mocks a module, stubs a global or the environment, or fakes the clock would change them for the
    // files after it, so it must run isolated, named *.isolated.test.ts.
    files: ['packages/*/test/**/*.test.ts', 'apps/*/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    ignores: ['**/*.isolated.test.ts'],
    rules: noSharedStateChanges(
      'a test that mocks, stubs or fakes the clock runs isolated: name its file *.isolated.test.ts',
    ),
  },
  {
    // The integration suite's files share their modules too (one worker, in turn: vitest.config.ts), and it
    // tests the real server: nothing in it mocks a module, stubs a global or fakes the clock.
    files: ['apps/server/test/integration/**/*.test.ts'],
    rules: noSharedStateChanges(
      'the integration suite runs the real server and its files share their modules: no mock',
    ),
  },
  {
    // No import circle in any workspace: a module is loaded before the one it needs, and a layer rule
    // cannot hold across a circle. Type-only imports are left out (import-x's rule): they vanish at run time.
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    ...importResolution,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
