// The worker threads for CPU-heavy statistics, so the event loop keeps serving HTTP. One thread per lane;
// a point computes in one lane (its series read once, its statistics sharing the engine's per-array work),
// and the worker computes as many points at once as there are lanes.
import { rmSync } from 'node:fs';
import Piscina from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import { WORKER_EXEC_ARGV, workerFile } from './worker-file';
import type { StatisticJob } from './statistics-worker';
import type { SatelliteCollocationJob } from './satellite-collocate';
import type { Stat2dNodeJob } from '../data/stat2d';
import type { ContourBandJob } from './contour-band';
import type { IntervalsJob } from './intervals';
import type { PersistenceJob } from '../reports/persistence';

/**
 * What a thread of the pool runs: a point's plan or batch, a node of a 2D map, a satellite collocation, the
 * band of a point's contours, the intervals of a point's WD waits or WW probabilities, the persistence
 * tables of an Operability report's point.
 */
export type PoolJob =
  StatisticJob | Stat2dNodeJob | SatelliteCollocationJob | ContourBandJob | IntervalsJob | PersistenceJob;

export { WORKER_EXEC_ARGV, workerFile } from './worker-file';

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
 * Batches of a point in the worker pool at a time (running or waiting in the thread), however many computed
 * ones still wait to be stored: enough that the thread does not run dry while the event loop is held by one
 * large insert (PGlite runs on it); few enough that a job of another kind (a zone's maps) is not queued
 * behind a whole point. runPointTask keeps this many in flight; a thread may hold them all.
 */
export const BATCHES_IN_FLIGHT = 8;

/**
 * The young generation of a statistics thread: a point's statistics and payloads make tens of MB of
 * short-lived objects. With Node's default (48 MB: 16 MB semi-spaces) a scavenge came every ~15 MB (~53
 * scavenges and ~9 mark-compacts per 40-year point, much of their work in V8's helper threads); at 64 MB
 * (32 MB semi-spaces, V8 rounds them to a power of two) ~34 and ~7. Measured (issue 34, session 32,
 * docs/decisions.md): a worker of one thread, as a PostgreSQL deployment's worker processes run, spent
 * 0.1–0.2 CPU s less per point in V8's helper threads; two threads in one process showed no difference
 * beyond the noise; 128 MB gave no more than 64. The price is up to ~48 MB more memory per thread.
 */
export const STATISTICS_YOUNG_GENERATION_MB = 64;

/** A lane's thread that died outside a job this many times in a row is started again after a pause. */
export const RESTARTS_AT_ONCE = 3;
/** The pause before such a thread is started again (doubling up to a minute, while it keeps dying). */
export const RESTART_PAUSE_MS = 1_000;

export interface StatisticsPoolOptions {
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The thread's file (the statistics worker, unless a test gives one that fails as a real one may). */
  file?: string;
}

export async function createStatisticsPool(
  lanes: number,
  { log, file: givenFile }: StatisticsPoolOptions = {},
): Promise<StatisticsPool> {
  if (!(Number.isInteger(lanes) && lanes > 0))
    throw new RangeError(`a statistics pool needs a positive whole number of lanes, got ${lanes}`);
  const { file, bundleDir } = givenFile ? { file: givenFile } : await workerFile('statistics-worker');
  /** The jobs of each lane not answered yet: rejected when their thread dies outside a job. */
  const waiting = Array.from({ length: lanes }, () => new Set<(error: unknown) => void>());
  /** Deaths outside a job since the lane's thread last answered one, and why the last one died. */
  const deaths = new Array<number>(lanes).fill(0);
  const lastDeath = new Array<unknown>(lanes).fill(undefined);
  const pauses = new Set<NodeJS.Timeout>();
  let closed = false;
  const start = (index: number): Piscina => {
    const thread = new Piscina({
      filename: file,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 60_000,
      execArgv: WORKER_EXEC_ARGV,
      resourceLimits: { maxYoungGenerationSizeMb: STATISTICS_YOUNG_GENERATION_MB },
      // The thread holds a point's next batches while it runs one: each starts as soon as the previous
      // ends, not when the event loop, held by a large insert (PGlite runs on it), gets round to posting it.
      concurrentTasksPerWorker: BATCHES_IN_FLIGHT,
    });
    // A thread that dies outside a job (while it starts) is reported here, not to the jobs queued for it,
    // which piscina would leave waiting for ever (it starts no new thread after a failed start): they fail
    // with the error, and the lane gets a new pool (issue 29). Unheard, the 'error' would end the process.
    // A thread that cannot start at all would be restarted in a tight loop: after RESTARTS_AT_ONCE deaths in
    // a row the lane pauses, and the jobs asked of it meanwhile fail at once with the reason.
    thread.on('error', (error: unknown) => {
      log?.error({ err: error, lane: index }, 'a statistics thread died outside a job');
      for (const reject of waiting[index]!) reject(error);
      waiting[index]!.clear();
      void thread.destroy().catch(() => undefined);
      if (threads[index] !== thread || closed) return;
      deaths[index]!++;
      lastDeath[index] = error;
      if (deaths[index]! < RESTARTS_AT_ONCE) {
        threads[index] = start(index);
        return;
      }
      threads[index] = undefined;
      const pause = Math.min(60_000, RESTART_PAUSE_MS * 2 ** (deaths[index]! - RESTARTS_AT_ONCE));
      const timer = setTimeout(() => {
        pauses.delete(timer);
        if (!closed) threads[index] = start(index);
      }, pause);
      timer.unref();
      pauses.add(timer);
    });
    return thread;
  };
  const threads: (Piscina | undefined)[] = Array.from({ length: lanes }, (_, index) => start(index));
  const held = new Array<boolean>(lanes).fill(false);
  const pending = new Array<number>(lanes).fill(0);
  const run = async (job: PoolJob, lane?: number): Promise<unknown> => {
    const index = lane ?? pending.indexOf(Math.min(...pending));
    if (!(index >= 0 && index < lanes)) throw new RangeError(`no lane ${lane} in a pool of ${lanes}`);
    const thread = threads[index];
    if (!thread) {
      const reason = lastDeath[index] instanceof Error ? lastDeath[index].message : String(lastDeath[index]);
      throw new Error(`the statistics thread cannot start (${deaths[index]} times in a row): ${reason}`);
    }
    pending[index]!++;
    let died: (error: unknown) => void = () => {};
    const death = new Promise<never>((_, reject) => (died = reject));
    waiting[index]!.add(died);
    const task = thread.run(job) as Promise<unknown>;
    // settled one way or the other: the race below answers whichever comes first
    task.catch(() => undefined);
    try {
      const answer = await Promise.race([task, death]);
      deaths[index] = 0;
      return answer;
    } finally {
      waiting[index]!.delete(died);
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
      closed = true;
      for (const timer of pauses) clearTimeout(timer);
      for (const lane of waiting) lane.clear();
      await Promise.all(threads.flatMap((thread) => (thread ? [thread.destroy()] : [])));
      // the bundle made for this pool (from source) goes with it
      if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
