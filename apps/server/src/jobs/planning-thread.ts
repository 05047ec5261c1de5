// The threads that read plans and simulate plannings and contractors runs (planning-worker.ts), off the
// event loop and under resourceLimits (issue 29): a plan read or a simulation that needs more memory than its
// thread is given ends that thread, not the process, and comes back as a refusal with a message. Three pools,
// each started with its first job (the worker is bundled then when running from source) and ended after a
// minute idle: one reads uploaded plans (scan, create), one reads the points' records and simulates
// (plannings, contractors runs), one fits calibrations; a scan never waits behind a long simulation.
import { rmSync } from 'node:fs';
import Piscina from 'piscina';
import { CalibrationRefused, type Calibration, type PlanRead } from '@metocean/core';
import { WORKER_EXEC_ARGV, workerFile } from './worker-file';
import type {
  CalibrateJob,
  ContractorsPointJob,
  ContractorsPointResults,
  PlanningThreadAnswer,
  PlanningThreadJob,
  PlanIntervalsJob,
  PlanningThreadResults,
  PlanSimulateJob,
  RecordRead,
} from './planning-worker';

/** The job types services build (services may import this file, not the worker's). */
export type { PlanSimulateJob, RecordPoint } from './planning-worker';

/** Heap of the thread that reads a plan: a bounded workbook (16 MB inflated, 100,000 cells) needs far less. */
export const PLAN_READ_MEMORY_MB = 512;

type Kind = 'read' | 'simulate' | 'calibrate';

/** Heap of the thread that fits a calibration: a 40-year hourly point's pairs and folds need a few tens of MB. */
export const CALIBRATION_MEMORY_MB = 512;

interface Running {
  pool: Piscina;
  /** Rejects the jobs waiting on this pool: called when its thread dies before it could take them. */
  waiting: Set<(error: unknown) => void>;
}
const pools = new Map<string, Promise<Running>>();
/** The worker file, bundled once for both pools when running from source. */
let bundle: Promise<{ file: string; bundleDir?: string }> | undefined;

function poolFor(kind: Kind, memoryMb: number): Promise<Running> {
  const key = `${kind}:${memoryMb}`;
  let started = pools.get(key);
  if (!started) {
    bundle ??= workerFile('planning-worker');
    started = bundle.then(
      ({ file }) => {
        const running: Running = {
          pool: new Piscina({
            filename: file,
            minThreads: 0,
            maxThreads: 1,
            idleTimeout: 60_000,
            execArgv: WORKER_EXEC_ARGV,
            resourceLimits: { maxOldGenerationSizeMb: memoryMb, stackSizeMb: 8 },
          }),
          waiting: new Set(),
        };
        // A thread that dies outside a job (breaking its limit while it loads) is reported here, not to the
        // job waiting for it, which would wait for ever: that job fails with the error, and the pool is
        // replaced by a new one at the next job.
        running.pool.on('error', (error: unknown) => {
          if (pools.get(key) === started) pools.delete(key);
          for (const reject of running.waiting) reject(error);
          running.waiting.clear();
          void running.pool.destroy();
        });
        return running;
      },
      (error: unknown) => {
        // the next job tries again (a failed bundle is not kept)
        pools.delete(key);
        bundle = undefined;
        throw error;
      },
    );
    pools.set(key, started);
  }
  return started;
}

/** A thread that broke its memory limit (Node ends it and says so with this code). */
function outOfMemory(error: unknown): boolean {
  return (
    error instanceof Error &&
    ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory limit/i.test(error.message))
  );
}

export class PlanningThreadRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanningThreadRefusal';
  }
}

async function run(kind: Kind, memoryMb: number, job: PlanningThreadJob) {
  const running = await poolFor(kind, memoryMb);
  let died: (error: unknown) => void = () => {};
  const death = new Promise<never>((_, reject) => (died = reject));
  running.waiting.add(died);
  const task = running.pool.run(job) as Promise<PlanningThreadAnswer>;
  // settled one way or the other: the race below answers whichever comes first
  task.catch(() => undefined);
  try {
    return await Promise.race([task, death]);
  } catch (error) {
    if (outOfMemory(error))
      throw new PlanningThreadRefusal(
        kind === 'read'
          ? `the workbook needs more than the ${memoryMb} MB of memory a plan may take to read`
          : kind === 'calibrate'
            ? `the calibration needed more than the ${memoryMb} MB of memory a fit may take, and was stopped`
            : `the simulation needed more than the ${memoryMb} MB of memory a planning may take, and was stopped`,
      );
    // a thread that died otherwise (a crash of its own) says so, whatever its error
    if (error instanceof Error && /worker (exited|terminated)/i.test(error.message))
      throw new PlanningThreadRefusal(
        `the ${kind === 'read' ? 'plan reader' : kind === 'calibrate' ? 'calibration' : 'simulation'} stopped: ${error.message}`,
      );
    throw error;
  } finally {
    running.waiting.delete(died);
  }
}

/**
 * The plan of an uploaded workbook and its issues; throws PlanningThreadRefusal when the file cannot be read
 * (not an .xlsx, over the limits, a lying archive) or the reading breaks its memory limit.
 */
export async function readPlanInThread(
  bytes: Uint8Array,
  coords: { envCoords?: string | null; tasksCoords?: string | null } = {},
  memoryMb = PLAN_READ_MEMORY_MB,
): Promise<PlanRead> {
  const answer = await run('read', memoryMb, { kind: 'read', bytes, ...coords });
  if (answer.kind === 'refused') throw new PlanningThreadRefusal(answer.message);
  if (answer.kind !== 'read') throw new Error('the plan reader answered another job');
  return { plan: answer.plan, issues: answer.issues, ranges: answer.ranges };
}

/**
 * The results of a plan simulated on its points' records (read in the thread), with what was read of each
 * point; throws PlanningThreadRefusal when the plan cannot run on them (no common record, a trip longer than
 * it) or the simulation breaks its memory limit.
 */
export async function simulateInThread(
  job: Omit<PlanSimulateJob, 'kind'>,
  memoryMb: number,
): Promise<{ results: PlanningThreadResults; reads: RecordRead[] }> {
  const answer = await run('simulate', memoryMb, { kind: 'simulate', ...job });
  if (answer.kind === 'refused') throw new PlanningThreadRefusal(answer.message);
  if (answer.kind !== 'results') throw new Error('the simulation thread answered another job');
  return { results: answer.results, reads: answer.reads };
}

/**
 * One breakdown's intervals of a planning on request (issue 31, session 31): the plan simulated again in the
 * simulation pool and that breakdown's statistics and intervals; throws PlanningThreadRefusal as a simulation.
 */
export async function planningIntervalsInThread(
  job: Omit<PlanIntervalsJob, 'kind'>,
  memoryMb: number,
): Promise<Extract<PlanningThreadAnswer, { kind: 'intervals' }>> {
  const answer = await run('simulate', memoryMb, { kind: 'intervals', ...job });
  if (answer.kind === 'refused') throw new PlanningThreadRefusal(answer.message);
  if (answer.kind !== 'intervals') throw new Error('the simulation thread answered another job');
  return answer;
}

/**
 * One point of a contractors run (its record read, each boat's sequence simulated) in the simulation pool;
 * throws PlanningThreadRefusal when it cannot run or breaks the memory limit.
 */
export async function contractorsPointInThread(
  job: Omit<ContractorsPointJob, 'kind'>,
  memoryMb: number,
): Promise<ContractorsPointResults> {
  const answer = await run('simulate', memoryMb, { kind: 'contractors', ...job });
  if (answer.kind === 'refused') throw new PlanningThreadRefusal(answer.message);
  if (answer.kind !== 'contractors') throw new Error('the simulation thread answered another job');
  return answer.results;
}

/** Ends the threads (at the process's stop) and removes their bundle. */
export async function closePlanningThreads(): Promise<void> {
  const started = [...pools.values()];
  pools.clear();
  for (const running of await Promise.all(started.map((p) => p.catch(() => undefined)))) {
    if (!running) continue;
    running.waiting.clear();
    await running.pool.destroy();
  }
  const made = await bundle?.catch(() => undefined);
  bundle = undefined;
  if (made?.bundleDir) rmSync(made.bundleDir, { recursive: true, force: true });
}

/**
 * A calibration fitted and judged in a thread of its own (issue 33), so a 40-year fit does not hold the event
 * loop; a refusal comes back as the core's CalibrationRefused with its reason.
 */
export async function calibrateInThread(
  job: Omit<CalibrateJob, 'kind'>,
  memoryMb = CALIBRATION_MEMORY_MB,
): Promise<Calibration> {
  const answer = await run('calibrate', memoryMb, { kind: 'calibrate', ...job });
  if (answer.kind === 'refused') throw new CalibrationRefused(answer.message);
  if (answer.kind !== 'calibration') throw new Error('the calibration thread answered another job');
  return answer.calibration;
}
