// The worker threads for CPU-heavy statistics, so the event loop keeps serving HTTP. One thread per lane;
// a point computes in one lane (its series read once, its statistics sharing the engine's per-array work),
// and the worker computes as many points at once as there are lanes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { StatisticJob } from './statistics-worker';
import type { SatelliteCollocationJob } from './satellite-collocate';
import type { Stat2dNodeJob } from '../data/stat2d';

/** What a thread of the pool runs: a point's plan or batch, a node of a 2D map, a satellite collocation. */
export type PoolJob = StatisticJob | Stat2dNodeJob | SatelliteCollocationJob;

export interface StatisticsPool {
  /** Threads, each computing one point at a time: the points a worker takes at once. */
  readonly lanes: number;
  /**
   * A job in the thread of `lane` (a point's plan and batches, all in the lane the point holds), or, without
   * one, in the thread with the fewest jobs (one node of a zone's 2D statistics maps, the collocation of a
   * satellite comparison).
   */
  run(job: PoolJob, lane?: number): Promise<unknown>;
  /** A lane no point holds, held until released (the queue takes no more points at once than lanes). */
  claimLane(): Lane;
  close(): Promise<void>;
}

export interface Lane {
  index: number;
  release(): void;
}

/**
 * A worker file of jobs/ ('statistics-worker', 'report-worker'): dist/<name>.js beside the built server; from
 * source (tests, tsx) worker threads cannot load TypeScript, so the worker is bundled once with esbuild exactly
 * as the build does. `bundleDir`, when set, is the caller's to remove once its threads are gone.
 */
export async function workerFile(name: string): Promise<{ file: string; bundleDir?: string }> {
  if (!import.meta.url.endsWith('.ts'))
    return { file: fileURLToPath(new URL(`./${name}.js`, import.meta.url)) };
  const { build } = await import('esbuild');
  // Inside node_modules/.cache so that the bundle's imports resolve from the project's node_modules.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const bundleDir = mkdtempSync(path.join(cache, `${name}-`));
  const outfile = path.join(bundleDir, `${name}.mjs`);
  await build({
    entryPoints: [fileURLToPath(new URL(`./${name}.ts`, import.meta.url))],
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

/** The flag that turns require() of ES modules off, where this Node has it. */
const REFUSE_REQUIRE_OF_ESM = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];

/**
 * The execArgv of a worker thread. piscina loads the worker with require() first: on Node 20, require() of
 * an ES module can abort the whole process (FATAL ERROR: v8::Module::IsGraphAsync ... instantiated module,
 * seen once in CI with two threads starting together). Refused, it falls back to import(), which Node loads
 * safely.
 */
export const WORKER_EXEC_ARGV = [...process.execArgv, ...REFUSE_REQUIRE_OF_ESM];

export async function createStatisticsPool(lanes: number): Promise<StatisticsPool> {
  if (!(Number.isInteger(lanes) && lanes > 0))
    throw new RangeError(`a statistics pool needs a positive whole number of lanes, got ${lanes}`);
  const { file, bundleDir } = await workerFile('statistics-worker');
  const threads = Array.from(
    { length: lanes },
    () =>
      new Piscina({
        filename: file,
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: 60_000,
        execArgv: WORKER_EXEC_ARGV,
        // The thread holds a point's next batches while it runs one: each starts as soon as the previous
        // ends, not when the event loop, held by a large insert (PGlite runs on it), gets round to posting it.
        concurrentTasksPerWorker: BATCHES_IN_FLIGHT,
      }),
  );
  const held = new Array<boolean>(lanes).fill(false);
  const pending = new Array<number>(lanes).fill(0);
  const run = async (job: PoolJob, lane?: number): Promise<unknown> => {
    const index = lane ?? pending.indexOf(Math.min(...pending));
    const thread = threads[index];
    if (!thread) throw new RangeError(`no lane ${lane} in a pool of ${lanes}`);
    pending[index]!++;
    try {
      return await thread.run(job);
    } finally {
      pending[index]!--;
    }
  };
  return {
    lanes,
    run,
    claimLane() {
      const index = held.indexOf(false);
      if (index < 0) throw new Error(`every one of the ${lanes} statistics lanes is held by a point`);
      held[index] = true;
      let released = false;
      return {
        index,
        release() {
          if (!released) held[index] = false;
          released = true;
        },
      };
    },
    close: async () => {
      await Promise.all(threads.map((thread) => thread.destroy()));
      // the bundle made for this pool (from source) goes with it
      if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
