// pg-boss on the application's own database, in both modes. On PGlite it goes through the
// Database.executeSql adapter (one connection: never enqueue inside an open transaction).
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { MailMessage } from '../mail/mailer';

/** Every job name and its payload. */
export interface JobPayloads {
  'send-email': MailMessage;
  'forward-contact': { contactRequestId: number };
  'compute-point': { taskId: number };
  /** A compute-point job that failed for good without its handler saying so (its worker died). */
  'compute-point-failed': { taskId: number };
  /** The 2D statistics maps of a zone (one job per zone at a time: 'stately' queue keyed by zone). */
  'render-stat2d': { zoneId: number };
  /** A PDF report; `token` is the generation's: a job of an earlier, cancelled generation does nothing. */
  'render-report': { reportId: number; token: string };
  /** An AWD planning simulated from every hourly start (issue 22). */
  'simulate-planning': { planningId: number };
  /** The marine contractors wizard's run of a project (spec 001 §2.6). */
  'contractors-run': { jobId: number };
  /** A satellite comparison of a point (spec 002 "Satellite comparison"). */
  'satellite-comparison': { comparisonId: number };
  /** A satellite-comparison job that failed for good without its handler saying so (its worker died). */
  'satellite-comparison-failed': { comparisonId: number };
}
export type JobName = keyof JobPayloads;
/** In creation order: a dead-letter queue exists before the queue that names it. */
export const jobNames: JobName[] = [
  'send-email',
  'forward-contact',
  'compute-point-failed',
  'compute-point',
  'render-stat2d',
  'render-report',
  'simulate-planning',
  'contractors-run',
  'satellite-comparison-failed',
  'satellite-comparison',
];

interface QueueOptions {
  retryLimit: number;
  retryDelay: number;
  expireInSeconds: number;
  deadLetter?: JobName;
  /** 'stately': at most one job per singleton key queued and one active. */
  policy?: 'standard' | 'stately';
}

export interface QueueSettings {
  /** How long a compute job may stay active before it counts as lost (its worker died) and is retried. */
  computeExpireSeconds: number;
  computeRetryLimit: number;
  /** How often pg-boss looks for expired jobs. */
  maintenanceSeconds: number;
  /** How often an idle worker looks for jobs (POLLING_SECONDS; a test of the wake-up makes it long). */
  pollingSeconds?: number;
}

function whole(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer ≥ ${min}, got '${raw}'`);
  return value;
}

/**
 * A point may take up to 10 minutes (spec 000 §9): a compute job expires after 15 by default. Tests of
 * lost workers shorten it with COMPUTE_JOB_EXPIRE_SECONDS and JOB_MAINTENANCE_SECONDS.
 */
export function queueSettings(env: Record<string, string | undefined> = process.env): QueueSettings {
  return {
    computeExpireSeconds: whole(env, 'COMPUTE_JOB_EXPIRE_SECONDS', 900, 1),
    computeRetryLimit: whole(env, 'COMPUTE_JOB_RETRY_LIMIT', 2, 0),
    maintenanceSeconds: whole(env, 'JOB_MAINTENANCE_SECONDS', 120, 1),
  };
}

/** Retries and expiry per job: a killed worker's job expires and is retried from a clean state; after
 * the last retry it goes to the dead-letter queue, whose handler fails the task with a message. */
function queueOptions(settings: QueueSettings): Record<JobName, QueueOptions> {
  return {
    'send-email': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
    'forward-contact': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
    'compute-point-failed': { retryLimit: 5, retryDelay: 5, expireInSeconds: 120 },
    'compute-point': {
      retryLimit: settings.computeRetryLimit,
      retryDelay: 5,
      expireInSeconds: settings.computeExpireSeconds,
      deadLetter: 'compute-point-failed',
    },
    'render-stat2d': { retryLimit: 2, retryDelay: 30, expireInSeconds: 3600, policy: 'stately' },
    // A retry of these comes only from a lost worker (their handlers end every error themselves): it starts
    // within seconds, so that a job interrupted by a crash ends within a minute of the restart (issue 29)
    'render-report': { retryLimit: 1, retryDelay: 2, expireInSeconds: 900 },
    // a planning may take up to 20 minutes (spec 001 §9)
    'simulate-planning': { retryLimit: 1, retryDelay: 2, expireInSeconds: 1800 },
    // one simulation per (point, boat), each like a planning's
    'contractors-run': { retryLimit: 1, retryDelay: 2, expireInSeconds: 1800 },
    // a satellite comparison can take up to 20 minutes (spec 002 §9)
    'satellite-comparison': {
      retryLimit: 1,
      retryDelay: 2,
      expireInSeconds: 1800,
      deadLetter: 'satellite-comparison-failed',
    },
    'satellite-comparison-failed': { retryLimit: 5, retryDelay: 5, expireInSeconds: 120 },
  };
}

export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type JobHandlers = { [K in JobName]: (payload: JobPayloads[K], attempt: JobAttempt) => Promise<void> };

export interface LiveJob {
  id: string;
  state: 'created' | 'retry' | 'active';
  retryCount: number;
  retryLimit: number;
}

export interface Queue {
  send<K extends JobName>(
    name: K,
    payload: JobPayloads[K],
    options?: { singletonKey?: string },
  ): Promise<void>;
  /** Takes jobs for the handlers: of each name one at a time, or as many at once as `concurrency` says. */
  work(handlers: JobHandlers, concurrency?: Partial<Record<JobName, number>>): Promise<void>;
  /**
   * The jobs of `name` that may still run (waiting, waiting for a retry, or taken by a worker) whose
   * payload's `key` is `id`: what the reconciler asks of a row whose heartbeat stopped.
   */
  liveJobs(name: JobName, key: string, id: number): Promise<LiveJob[]>;
  /** Fails a job: pg-boss retries it if it has an attempt left, else hands it to its dead-letter queue. */
  fail(name: JobName, jobId: string, reason: string): Promise<void>;
  ping(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * How often a worker looks for jobs when it has none. A job sent through Queue.send wakes the workers of
 * every process at once (JOB_SENT_CHANNEL), so the poll only finds the jobs nobody announced: a retry once
 * its delay has passed, a dead-letter job pg-boss made, a stately queue's next job, one whose announcement
 * a reconnecting listener missed; those wait up to 2 s instead of 0.5. The polls themselves cost: 11
 * workers on the embedded database at 0.5 s took 55–80 CPU ms per second idle, at 2 s 28 (issue 34).
 */
const POLLING_SECONDS = 2;

/**
 * The channel on which a sent job is announced (its queue's name as the payload): the workers of every
 * process on the database take it at once instead of at their next poll.
 */
export const JOB_SENT_CHANNEL = 'metocean_job_sent';

export async function startQueue(
  database: Database,
  log: FastifyBaseLogger,
  settings: QueueSettings = queueSettings(),
): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Mail and short jobs should not wait long; the minimum pg-boss accepts is 0.5 s.
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const options = queueOptions(settings);
  for (const name of jobNames) {
    await boss.createQueue(name, { name, retryBackoff: true, ...options[name] });
    // createQueue leaves an existing queue as it was: the settings of this start apply to new jobs.
    await boss.updateQueue(name, { name, retryBackoff: true, ...options[name] });
  }
  /** This process's workers of each queue, woken by a job sent (Queue.send) here or by another process. */
  const workers = new Map<JobName, string[]>();
  const wake = (name: string) => {
    for (const id of workers.get(name as JobName) ?? []) boss.notifyWorker(id);
  };
  const pollingIntervalSeconds = settings.pollingSeconds ?? POLLING_SECONDS;
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async send(name, payload, sendOptions) {
      await boss.send(name, payload as object, sendOptions ?? {});
      // A worker takes the job now, not at its next poll (up to POLLING_SECONDS later, issue 34): pg-boss
      // fetches again at once when woken. Every process's workers hear the announcement (work): this one's
      // (the embedded default runs one beside the API) and a PostgreSQL deployment's worker processes. One
      // lost (a listener reconnecting) leaves the job to the poll.
      await database
        .executeSql('SELECT pg_notify($1, $2)', [JOB_SENT_CHANNEL, name])
        .catch((error: unknown) => log.warn({ err: error, job: name }, 'a sent job was not announced'));
    },
    async work(handlers, concurrency = {}) {
      // pg-boss 10 takes a queue's jobs one at a time per registered worker: one per job taken at once
      const register = async <K extends JobName>(name: K) => {
        const id = await boss.work<JobPayloads[K]>(
          name,
          { pollingIntervalSeconds, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              log.debug({ job: name, id: job.id }, 'job started');
              await handlers[name](job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
            }
          },
        );
        workers.set(name, [...(workers.get(name) ?? []), id]);
      };
      for (const name of jobNames) {
        for (let k = 0; k < (concurrency[name] ?? 1); k++) await register(name);
      }
      unlisten ??= await database.listen(JOB_SENT_CHANNEL, wake);
    },
    async liveJobs(name, key, id) {
      const { rows } = await database.executeSql(
        `SELECT id, state, retry_count, retry_limit FROM pgboss.job
         WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>$2 = $3`,
        [name, key, String(id)],
      );
      return rows.map((row) => ({
        id: String(row.id),
        state: row.state as LiveJob['state'],
        retryCount: Number(row.retry_count),
        retryLimit: Number(row.retry_limit),
      }));
    },
    async fail(name, jobId, reason) {
      await boss.fail(name, jobId, { message: reason });
    },
    ping: () =>
      boss.getQueueSize(jobNames[0] ?? 'send-email').then(
        () => true,
        () => false,
      ),
    async stop() {
      await unlisten?.();
      unlisten = undefined;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
