// Tasks whose worker died (kill -9, a lost machine) must not stay RUNNING until pg-boss's job expiry
// (issue 23). A worker beats a heartbeat on its running task (`updatedAt`, every HEARTBEAT); every worker
// process reconciles at start and then every RECONCILE: a RUNNING task whose heartbeat is older than STALE
// goes back to PENDING with its partial results deleted, and its pg-boss job is failed at once, so pg-boss
// retries it (a new attempt, from a clean state) or, on its last attempt, hands it to the dead-letter queue
// whose handler fails the task with a message and gives its credit back. A task left RUNNING with no live
// job gets a new one. With the defaults, an interrupted task is re-queued within 45 s of its last beat.
import { and, eq, lt } from 'drizzle-orm';
import { results, tasks } from '../db/schema';
import type { Services } from '../services/context';

export interface ReconcileSettings {
  heartbeatSeconds: number;
  staleSeconds: number;
  intervalSeconds: number;
}

function seconds(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

/** Defaults: a beat every 10 s, stale after 30 s, checked every 15 s (tests shorten them). */
export function reconcileSettings(env: Record<string, string | undefined> = process.env): ReconcileSettings {
  const heartbeatSeconds = seconds(env, 'TASK_HEARTBEAT_SECONDS', 10);
  return {
    heartbeatSeconds,
    staleSeconds: Math.max(seconds(env, 'TASK_STALE_SECONDS', 30), 2 * heartbeatSeconds),
    intervalSeconds: seconds(env, 'TASK_RECONCILE_SECONDS', 15),
  };
}

/** Beats the task's heartbeat while `work` runs. */
export async function withHeartbeat<T>(
  services: Services,
  taskId: number,
  settings: ReconcileSettings,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(() => {
    services.db
      .update(tasks)
      .set({ updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'RUNNING')))
      .catch((error: unknown) => services.log.warn({ err: error, taskId }, 'task heartbeat failed'));
  }, settings.heartbeatSeconds * 1000);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** One pass: re-queues the RUNNING tasks whose heartbeat stopped; answers their ids. */
export async function reconcileTasks(services: Services, settings: ReconcileSettings): Promise<number[]> {
  const cutoff = new Date(Date.now() - settings.staleSeconds * 1000);
  // Taken back in one statement: of several reconciling processes, one gets each task.
  const lost = await services.db.transaction(async (tx) => {
    const rows = await tx
      .update(tasks)
      .set({ status: 'PENDING', progress: 0, updatedAt: new Date() })
      .where(and(eq(tasks.status, 'RUNNING'), lt(tasks.updatedAt, cutoff)))
      .returning({ id: tasks.id });
    for (const { id } of rows) await tx.delete(results).where(eq(results.taskId, id));
    return rows.map((row) => row.id);
  });
  for (const taskId of lost) {
    const failed = await services.queue.failActive('compute-point', taskId, 'worker lost');
    if (failed === 0) await services.queue.send('compute-point', { taskId });
    services.log.warn({ taskId, jobsFailed: failed }, 'interrupted task re-queued');
  }
  return lost;
}

/** Reconciles now and every `intervalSeconds`; answers the stop function. */
export function startReconciler(services: Services, settings: ReconcileSettings): () => void {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    reconcileTasks(services, settings)
      .catch((error: unknown) => services.log.error({ err: error }, 'task reconciliation failed'))
      .finally(() => {
        running = false;
      });
  };
  pass();
  const timer = setInterval(pass, settings.intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
