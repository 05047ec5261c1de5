// The worker-thread pool for CPU-heavy statistics, so the event loop keeps serving HTTP.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { StatisticJob } from './statistics-worker';
import type { Stat2dNodeJob } from '../data/stat2d';

export interface StatisticsPool {
  /** A statistic of a point, or one node of a zone's 2D statistics maps. */
  run(job: StatisticJob | Stat2dNodeJob): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The worker file: dist/statistics-worker.js beside the built server; from source (tests, tsx) worker
 * threads cannot load TypeScript, so the worker is bundled once with esbuild exactly as the build does.
 */
async function workerFile(): Promise<{ file: string; bundleDir?: string }> {
  if (!import.meta.url.endsWith('.ts'))
    return { file: fileURLToPath(new URL('./statistics-worker.js', import.meta.url)) };
  const { build } = await import('esbuild');
  // Inside node_modules/.cache so that the bundle's imports resolve from the project's node_modules.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const bundleDir = mkdtempSync(path.join(cache, 'statistics-worker-'));
  const outfile = path.join(bundleDir, 'statistics-worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./statistics-worker.ts', import.meta.url))],
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

/**
 * Batches of a point in the worker pool at a time (running or waiting in the thread), however many computed
 * ones still wait to be stored: enough that the thread does not run dry while the event loop is held by one
 * large insert (PGlite runs on it); few enough that a job of another kind (a zone's maps) is not queued
 * behind a whole point. runPointTask keeps this many in flight; a thread may hold them all.
 */
export const BATCHES_IN_FLIGHT = 8;

export async function createStatisticsPool(
  threads = Math.max(1, availableParallelism() - 1),
): Promise<StatisticsPool> {
  const { file, bundleDir } = await workerFile();
  const pool = new Piscina({
    filename: file,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A thread holds a point's next batches while it runs one (LeastBusyBalancer still prefers idle threads):
    // each starts as soon as the previous ends, not when the event loop, held by a large insert (PGlite runs
    // on it), gets round to posting it.
    concurrentTasksPerWorker: BATCHES_IN_FLIGHT,
  });
  return {
    run: (job) => pool.run(job) as Promise<unknown>,
    close: async () => {
      await pool.destroy();
      // the bundle made for this pool (from source) goes with it
      if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
