// Type-checks every workspace with its own tsconfig (core has no Node or DOM types, web has the DOM),
// then the root files (e2e, bench, scripts). Exits non-zero on the first failure.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/core',
  'packages/core/test',
  'packages/contracts',
  'packages/charts',
  'packages/hindcast',
  'apps/cli',
  'apps/server',
  'apps/web',
  '.',
];
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck: ${project} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`typecheck: ${projects.length} projects clean`);
