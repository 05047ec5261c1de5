// One heartbeat and one reconcile rule for every kind of job (issues 23 and 29): no job may stay RUNNING
// because its worker died (kill -9, a lost machine, an aborted heap). The worker running a job beats the
// heartbeat of the job's row at once and then every HEARTBEAT; every worker process reconciles at start and
// then every RECONCILE: a row in flight whose heartbeat is older than STALE is taken back (in one statement,
// so of several reconciling processes one gets it) and waits for a worker again, with its partial results
// gone. Its pg-boss job is then failed at once: pg-boss retries it from a clean state if it has an attempt
// left; on its last attempt, or with no job left at all, the row fails for good with a message saying the
// job was lost (and what it cost is given back) — never retried into the same crash more than the queue's
// retry limit. A row whose job waits for a worker (queued, not started: no heartbeat yet) is not touched.
// The kinds of job are registered in tracked-jobs.ts. With the defaults, a job interrupted by a crash is
// failed or retried within 25 s of its last beat.
import type { Services } from '../services/context';
import type { Db } from '../db/client';
import { compactProjectChanges } from '../db/project-changes';
import type { JobName, JobPayloads } from './queue';

export interface ReconcileSettings {
  heartbeatSeconds: number;
  staleSeconds: number;
  intervalSeconds: number;
}

/** A payload field of the job (over a union of names: a field of any of them). */
type PayloadKey<K extends JobName> = K extends JobName ? Extract<keyof JobPayloads[K], string> : never;

/** A kind of job whose row carries a heartbeat: registered once in tracked-jobs.ts. */
export interface TrackedJob<K extends JobName = JobName> {
  /** The pg-boss queue of its jobs. */
  queue: K;
  /** The payload field that names the job's row. */
  key: PayloadKey<K>;
  /** Beats the row's heartbeat, only while the row is in flight. */
  beat(db: Db, id: number, now: Date): Promise<void>;
  /**
   * Takes back the rows in flight whose heartbeat is older than `cutoff`, in one statement: each waits for a
   * worker again (heartbeat cleared, partial results deleted). Answers their ids.
   */
  takeBack(db: Db, cutoff: Date): Promise<number[]>;
  /** Ends the row for good with its "worker lost" message and gives back what it cost; a no-op once ended. */
  failLost(services: Services, id: number): Promise<void>;
}

function seconds(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

/**
 * Defaults: a beat every 5 s, stale after 20 s, checked every 5 s (tests shorten them): a job interrupted by a
 * crash is taken back within 25 s of its last beat, so that a restarted all-in-one process has every job
 * FINISHED or FAILED within a minute (issue 29's proof).
 */
export function reconcileSettings(env: Record<string, string | undefined> = process.env): ReconcileSettings {
  const heartbeatSeconds = seconds(env, 'TASK_HEARTBEAT_SECONDS', 5);
  return {
    heartbeatSeconds,
    staleSeconds: Math.max(seconds(env, 'TASK_STALE_SECONDS', 20), 2 * heartbeatSeconds),
    intervalSeconds: seconds(env, 'TASK_RECONCILE_SECONDS', 5),
  };
}

/** Beats the row's heartbeat at once and then every HEARTBEAT while `work` runs. */
export async function withHeartbeat<K extends JobName, T>(
  services: Services,
  kind: TrackedJob<K>,
  id: number,
  settings: ReconcileSettings,
  work: () => Promise<T>,
): Promise<T> {
  const beat = () =>
    kind
      .beat(services.db, id, new Date())
      .catch((error: unknown) =>
        services.log.warn({ err: error, job: kind.queue, id }, 'job heartbeat failed'),
      );
  await beat();
  const timer = setInterval(() => void beat(), settings.heartbeatSeconds * 1000);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export interface LostJob {
  queue: JobName;
  id: number;
  /** 'retried': its pg-boss job has an attempt left (or a retry already waits); 'failed': ended for good. */
  outcome: 'retried' | 'failed';
}

/** One pass over every kind: takes back the rows whose heartbeat stopped; answers what became of each. */
export async function reconcileJobs(
  services: Services,
  kinds: readonly TrackedJob[],
  settings: ReconcileSettings,
): Promise<LostJob[]> {
  const cutoff = new Date(Date.now() - settings.staleSeconds * 1000);
  const lost: LostJob[] = [];
  for (const kind of kinds) {
    for (const id of await kind.takeBack(services.db, cutoff)) {
      const jobs = await services.queue.liveJobs(kind.queue, kind.key, id);
      const active = jobs.filter((job) => job.state === 'active');
      const waiting = jobs.some((job) => job.state !== 'active');
      const attemptLeft = active.some((job) => job.retryCount < job.retryLimit);
      const outcome = waiting || attemptLeft ? 'retried' : 'failed';
      // ended first: a dead-letter handler that runs on the failed job finds the row ended already
      if (outcome === 'failed') await kind.failLost(services, id);
      for (const job of active) await services.queue.fail(kind.queue, job.id, 'worker lost');
      services.log.warn({ job: kind.queue, id, outcome }, 'interrupted job taken back');
      lost.push({ queue: kind.queue, id, outcome });
    }
  }
  return lost;
}

/** Reconciles now and every `intervalSeconds`, then folds the projects' change logs; answers the stop function. */
export function startReconciler(
  services: Services,
  kinds: readonly TrackedJob[],
  settings: ReconcileSettings,
): () => void {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    reconcileJobs(services, kinds, settings)
      .catch((error: unknown) => services.log.error({ err: error }, 'job reconciliation failed'))
      // the projects' change logs folded on the same beat (one process at a time: db/project-changes.ts)
      .then(() => compactProjectChanges(services.db))
      .catch((error: unknown) =>
        services.log.error({ err: error }, 'compacting the project change log failed'),
      )
      .finally(() => {
        running = false;
      });
  };
  pass();
  const timer = setInterval(pass, settings.intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
