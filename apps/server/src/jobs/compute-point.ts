// The compute-point job (queue.ts): a worker takes a point's task, runs every statistic the point's dataset
// supports in the statistics pool and stores the results (spec 000 §4, §5; ARCHITECTURE.md "Data flow of a
// computation", step 2). The computation itself starts in services/compute.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { statisticOf } from '@metocean/core';
import { OVERVIEW_ID, projectMessages, statIdOf } from '@metocean/contracts';
import {
  computations,
  customers,
  offerInstances,
  points,
  projects,
  results,
  tasks,
  zones,
} from '../db/schema';
import { creditsPerPoint } from '../services/projects';
import type { Db } from '../db/client';
import { sourceForPoint } from '../data/registry';
import { pointReading } from '../data/calibrated';
import type { Services } from '../services/context';
import { ACTIVE } from '../services/task-state';
import { notifyIfComputationEnded } from '../services/computation-done';
import { BATCHES_IN_FLIGHT, type StatisticsPool } from './pool';
import { batchesOf, raiseStop, stopFlag, type PointPlan } from './point-statistics';

/**
 * A compute job that failed for good while its task was still active: its worker died (the job expired or
 * was found lost by the reconciler) on the last attempt. The task must not stay RUNNING: it fails with a
 * message, its partial results go, and the point's credit goes back to the account and out of the
 * computation (the spec is silent on lost computations: the customer does not pay for a point not computed).
 */
export async function failLostTask(services: Services, taskId: number): Promise<void> {
  const computationId = await services.db.transaction(async (tx) => {
    const failed = await tx
      .update(tasks)
      .set({ status: 'FAILED', error: projectMessages.computationLost, updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ACTIVE)))
      .returning({ id: tasks.id, computationId: tasks.computationId });
    if (failed.length === 0) return null;
    await tx.delete(results).where(eq(results.taskId, taskId));
    const computationId = failed[0]?.computationId;
    if (computationId === null || computationId === undefined) return null;
    const [row] = await tx
      .select({ customerId: projects.customerId, instance: offerInstances, zone: zones })
      .from(tasks)
      .innerJoin(points, eq(points.id, tasks.pointId))
      .innerJoin(projects, eq(projects.id, points.projectId))
      .innerJoin(offerInstances, eq(offerInstances.id, projects.offerInstanceId))
      .innerJoin(zones, eq(zones.id, projects.zoneId))
      .where(eq(tasks.id, taskId))
      .limit(1);
    const refund = row ? creditsPerPoint(row.instance, row.zone) : 0;
    if (!row || refund <= 0) return computationId;
    await tx
      .update(customers)
      .set({ credits: sql`${customers.credits} + ${refund}` })
      .where(eq(customers.id, row.customerId));
    await tx
      .update(computations)
      .set({ credits: sql`${computations.credits} - ${refund}` })
      .where(eq(computations.id, computationId));
    return computationId;
  });
  await notifyIfComputationEnded(services, computationId);
}

/**
 * Takes a task for its job: RUNNING, with the results of an earlier attempt deleted (a retried job starts
 * clean), only while the task is still active. A cancel committed after the job read the task wins: the job
 * computes nothing, and the task stays CANCELLED with its credit given back. Without the condition the
 * job turned it RUNNING again and computed a point whose credit had been refunded.
 */
export async function takeTask(db: Db, taskId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(tasks)
      .set({ status: 'RUNNING', progress: 0, error: '', updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ACTIVE)))
      .returning({ id: tasks.id });
    if (taken.length === 0) return false;
    await tx.delete(results).where(eq(results.taskId, taskId));
    return true;
  });
}

/**
 * Stores a batch's results and the task's progress in one statement, only while the task is RUNNING (a
 * cancel, or the reconciler taking the task back, stops the point before its next batch is stored): answers
 * whether it was. One round trip and one statement per batch, where reading the status, inserting the rows
 * and writing the progress took three (issue 34, session 31); the status is checked and the rows written
 * atomically, so no batch is stored after a cancel that committed before it.
 */
async function storeBatch(
  db: Db,
  batch: {
    taskId: number;
    pointId: number;
    progress: number;
    rows: { statId: string; code: string; payload: string }[];
  },
): Promise<boolean> {
  const values = sql.join(
    batch.rows.map((r) => sql`(${r.statId}::text, ${r.code}::text, ${r.payload}::text)`),
    sql`, `,
  );
  // both drivers (node-postgres, PGlite) answer the returned rows as `rows`
  const answer: unknown = await db.execute(sql`
    with live as (
      update ${tasks} set "progress" = ${batch.progress}, "updated_at" = ${new Date().toISOString()}::timestamptz
      where "id" = ${batch.taskId} and "status" = 'RUNNING'
      returning "id"
    )
    insert into ${results} ("task_id", "point_id", "stat_id", "code", "payload")
    select live."id", ${batch.pointId}::integer, v.stat_id, v.code, decode(v.payload, 'base64')
    from live cross join (values ${values}) as v (stat_id, code, payload)
    returning 1 as "stored"`);
  return (answer as { rows: unknown[] }).rows.length === batch.rows.length;
}

/**
 * The job of one point. A retried job starts clean (its earlier results are deleted); a cancelled task stops
 * before the next statistic; the task turns FINISHED only when every result is stored.
 */
export async function runPointTask(
  services: Services,
  pool: StatisticsPool,
  taskId: number,
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const db = services.db;
  const [row] = await db
    .select({ task: tasks, point: points, zone: zones })
    .from(tasks)
    .innerJoin(points, eq(points.id, tasks.pointId))
    .innerJoin(projects, eq(projects.id, points.projectId))
    .innerJoin(zones, eq(zones.id, projects.zoneId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row || !ACTIVE.includes(row.task.status)) return;
  // every job of the point in one thread: its series read once, the engine's per-array work shared
  const lane = pool.claimLane();
  try {
    await computePoint(services, pool, lane.index, row, attempt);
  } finally {
    lane.release();
  }
}

async function computePoint(
  services: Services,
  pool: StatisticsPool,
  lane: number,
  row: {
    task: typeof tasks.$inferSelect;
    point: typeof points.$inferSelect;
    zone: typeof zones.$inferSelect;
  },
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const db = services.db;
  const taskId = row.task.id;
  if (!(await takeTask(db, taskId))) return;
  try {
    const source = await sourceForPoint(db, row.zone.id, row.point.lat, row.point.lng);
    if (!source) throw new Error(`no dataset serves ${row.zone.name} at ${row.point.lat}, ${row.point.lng}`);
    // a calibrated variant reads the same node and corrects its variable (statistics-worker.ts)
    const point = pointReading(source, row.point);
    // the worker reads the series (never the event loop) and says what the point supports
    const { runs } = (await pool.run(point, lane)) as PointPlan;
    // The worker has the next batches in hand while the server stores the previous ones: a batch is posted
    // as soon as one in flight ends, not when its outcomes are stored, so storing (on the embedded database
    // PGlite's work on the event loop) overlaps the statistics instead of pacing them. Computed outcomes
    // wait in memory for their turn. A cancel or a failure stops the posting and raises the point's stop
    // flag: the batches in flight end before their next statistic, unread.
    const batches = batchesOf(runs);
    const stop = stopFlag();
    const outcomesOf: Promise<string[]>[] = [];
    let inFlight = 0;
    let stopped = false;
    const launch = () => {
      while (!stopped && inFlight < BATCHES_IN_FLIGHT && outcomesOf.length < batches.length) {
        const job = { ...point, runs: batches[outcomesOf.length]!, stop };
        const outcomes = pool.run(job, lane) as Promise<string[]>;
        inFlight++;
        // a stopped point leaves batches unread (BatchStopped, or a failure): it must not go unhandled
        outcomes.then(
          () => {
            inFlight--;
            launch();
          },
          () => {
            inFlight--;
          },
        );
        outcomesOf.push(outcomes);
      }
    };
    try {
      launch();
      let stored = 0;
      for (const [k, batch] of batches.entries()) {
        const outcomes = await outcomesOf[k]!;
        stored += batch.length;
        // A statistic the data cannot support (a constant field, too few storms) is stored with its reason;
        // the point's other statistics still count. Every result names its dataset and the node read. The
        // worker sends each payload compressed, stored as it is (db/payload.ts).
        const stillRunning = await storeBatch(db, {
          taskId,
          pointId: row.point.id,
          progress: Math.round((stored / runs.length) * 100),
          rows: batch.map((run, i) => ({
            statId: statIdOf(run.id, run.target),
            code: run.id === OVERVIEW_ID ? OVERVIEW_ID : statisticOf(run.id).code,
            payload: outcomes[i]!,
          })),
        });
        if (!stillRunning) return;
      }
    } finally {
      stopped = true;
      raiseStop(stop);
    }
    await db.transaction(async (tx) => {
      const finished = await tx
        .update(tasks)
        .set({ status: 'FINISHED', progress: 100, updatedAt: new Date() })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'RUNNING')))
        .returning({ id: tasks.id });
      if (finished.length > 0)
        await tx.update(points).set({ isComputed: true }).where(eq(points.id, row.point.id));
    });
    await notifyIfComputationEnded(services, row.task.computationId);
  } catch (error) {
    const last = attempt.retryCount >= attempt.retryLimit;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(tasks)
      .set({ status: last ? 'FAILED' : 'PENDING', error: last ? message : '', updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'RUNNING')));
    if (!last) throw error;
    services.log.error({ err: error, taskId }, 'point computation failed');
    await notifyIfComputationEnded(services, row.task.computationId);
  }
}
