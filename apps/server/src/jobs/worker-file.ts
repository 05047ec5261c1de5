// The file a worker thread runs, for every thread of the server (the statistics pool, the report thread, the
// planning threads): the built file beside the server, or from source a bundle made once with esbuild.
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A worker file of jobs/ ('statistics-worker', 'report-worker'): dist/<name>.js beside the built server; from
 * source (tests, tsx) worker threads cannot load TypeScript, so the worker is bundled once with esbuild exactly
 * as the build does. `bundleDir`, when set, is the caller's to remove once its threads are gone.
 */
export async function workerFile(name: string): Promise<{ file: string; bundleDir?: string }> {
  if (!import.meta.url.endsWith('.ts'))
    return { file: fileURLToPath(new URL(`./${name}.js`, import.meta.url)) };
  return bundleWorker(fileURLToPath(new URL(`./${name}.ts`, import.meta.url)), name);
}

/**
 * A worker thread's TypeScript `entry` bundled with esbuild as the build bundles the server's (the
 * workspace's packages from source, the other dependencies left to node_modules), into a directory of its
 * own (`bundleDir`, the caller's to remove once its threads are gone). Also the bench's thread (bench/set-thread.ts).
 */
export async function bundleWorker(
  entry: string,
  name: string,
): Promise<{ file: string; bundleDir: string }> {
  const { build } = await import('esbuild');
  // Inside node_modules/.cache so that the bundle's imports resolve from the project's node_modules.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const bundleDir = mkdtempSync(path.join(cache, `${name}-`));
  const outfile = path.join(bundleDir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalise-dependencies',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@metocean/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { file: outfile, bundleDir };
}

/** The flag that turns require() of ES modules off, where this Node has it. */
const REFUSE_REQUIRE_OF_ESM = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];

/**
 * The process's options without tsx's loader (`--import tsx`, or the `--require …/tsx/dist/preflight.cjs
 * --import …/tsx/dist/loader.mjs` the tsx command adds): a worker runs JavaScript only, the built file or
 * the bundle workerFile makes, and tsx cost each thread 1.1–1.5 CPU s to load at its start (issue 34,
 * session 31), in the pipeline bench and the tests, which run from source.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const isTsx = (value: string) => /(^|[/\\:])tsx([/\\]|$)/.test(value);
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i]!;
    const [name, inline] = option.split(/=(.*)/s, 2) as [string, string | undefined];
    if (['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(name)) {
      const value = inline ?? execArgv[i + 1];
      if (value !== undefined && isTsx(value)) {
        if (inline === undefined) i++;
        continue;
      }
    }
    kept.push(option);
  }
  return kept;
}

/**
 * The execArgv of a worker thread. piscina loads the worker with require() first: on Node 20, require() of
 * an ES module can abort the whole process (FATAL ERROR: v8::Module::IsGraphAsync ... instantiated module,
 * seen once in CI with two threads starting together). Refused, it falls back to import(), which Node loads
 * safely.
 */
export const WORKER_EXEC_ARGV = [...withoutTsx(process.execArgv), ...REFUSE_REQUIRE_OF_ESM];
