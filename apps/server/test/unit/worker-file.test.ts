// The options a worker thread starts with (worker-file.ts): the process's own, without tsx's loader, which a
// thread running the built file or the bundle never needs and which cost each thread 1.1–1.5 CPU s to load.
import { describe, expect, it } from 'vitest';
import { withoutTsx } from '../../src/jobs/worker-file';

describe('withoutTsx', () => {
  it('drops the loader the tsx command adds (a --require and an --import of its dist files)', () => {
    // what `tsx file.ts` gives process.execArgv (node_modules/tsx 4, printed on this machine)
    const argv = [
      '--require',
      '/work/app/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'file:///work/app/node_modules/tsx/dist/loader.mjs',
    ];
    expect(withoutTsx(argv)).toEqual([]);
  });

  it('drops `--import tsx` and the inline spelling, and keeps every other option with its value', () => {
    const argv = [
      '--max-old-space-size=512',
      '--import',
      'tsx',
      '--import=file:///srv/node_modules/tsx/dist/loader.mjs',
      '--import',
      './instrument.mjs',
      '--require',
      'dotenv/config',
      '--cpu-prof',
      '--no-experimental-require-module',
    ];
    expect(withoutTsx(argv)).toEqual([
      '--max-old-space-size=512',
      '--import',
      './instrument.mjs',
      '--require',
      'dotenv/config',
      '--cpu-prof',
      '--no-experimental-require-module',
    ]);
  });

  it('keeps a module whose name merely contains tsx, and options of other names that mention it', () => {
    const argv = ['--import', '/opt/mytsx-hooks/register.mjs', '--title=tsx', '--inspect'];
    expect(withoutTsx(argv)).toEqual(argv);
  });
});
