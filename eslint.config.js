// Type-aware lint for the whole monorepo. The import restrictions below enforce the one-way
// dependency direction of ARCHITECTURE.md: apps -> packages -> core.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
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
);
