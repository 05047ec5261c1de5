// Computing a project: charge credits and create one task per point in one transaction, enqueue after
// commit; a worker runs every statistic the point's dataset supports (spec 000 §4, §5; ARCHITECTURE.md).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { statisticOf } from '@metocean/core';
import { projectMessages, statIdOf, type Project } from '@metocean/contracts';
import { computations, customers, points, projects, results, tasks, zones } from '../db/schema';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { sourceForPoint } from '../data/registry';
import { BATCHES_IN_FLIGHT, type StatisticsPool } from '../jobs/pool';
import { batchesOf, OVERVIEW_ID, raiseStop, stopFlag, type PointPlan } from '../jobs/point-statistics';
import type { Caller, Services } from './context';
import { chargeCredits } from './credits';
import { logCallerEvent } from './events';
import { DRAFT } from './task-state';
import { projectFor, requireEditable, type ProjectAccess } from './project-access';
import { creditsPerPoint, getProject } from './projects';

const ACTIVE = ['PENDING', 'RUNNING'];

type PointRow = typeof points.$inferSelect;

/** What to compute: every uncomputed point of the project, or one point through its draft task. */
export type ComputeTarget =
  { kind: 'project' } | { kind: 'task'; taskId: number; pointId: number; processType: string };

/**
 * The one way a computation starts (project compute and task compute alike): the offer's point allowance,
 * no point already active, credits charged atomically with the creation of the computation and its tasks;
 * jobs are enqueued after commit. The checks that depend on other requests run inside the transaction, on
 * the locked project row, so two concurrent computes can never both pass them.
 */
export async function startComputation(
  services: Services,
  caller: Caller,
  access: ProjectAccess,
  target: ComputeTarget,
): Promise<number[]> {
  requireEditable(access);
  const { instance, zone, project } = access;
  const price = creditsPerPoint(instance, zone);
  const { taskIds, todo, cost } = await services.db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    const pointRows: PointRow[] = await tx.select().from(points).where(eq(points.projectId, project.id));
    if (instance.nbAuthPoints !== null && pointRows.length > instance.nbAuthPoints)
      throw badRequest({ nonFieldErrors: [projectMessages.tooManyPoints(instance.nbAuthPoints)] });
    const scope = target.kind === 'task' ? pointRows.filter((p) => p.id === target.pointId) : pointRows;
    const active = await tx
      .select({ pointId: tasks.pointId })
      .from(tasks)
      .where(
        and(
          inArray(tasks.pointId, scope.length > 0 ? scope.map((p) => p.id) : [0]),
          inArray(tasks.status, ACTIVE),
          ne(tasks.processType, DRAFT),
        ),
      );
    if (active.length > 0) throw badRequest({ nonFieldErrors: [projectMessages.running] });
    const todo = scope.filter((p) => !p.isComputed);
    if (todo.length === 0) throw badRequest({ nonFieldErrors: [projectMessages.nothingToCompute] });
    const cost = todo.length * price;
    await chargeCredits(tx, caller, cost, (available) =>
      badRequest({
        nonFieldErrors: [projectMessages.insufficientCredits(cost, available)],
        code: 'insufficient_credits',
      }),
    );
    const [computation] = await tx
      .insert(computations)
      .values({ projectId: project.id, spentById: caller.id, credits: cost, status: 'RUNNING' })
      .returning({ id: computations.id });
    if (!computation) throw new Error('computation insert returned nothing');
    let created: { id: number }[];
    if (target.kind === 'task') {
      // The draft turns into the computation's task; a concurrent compute of the same draft finds it
      // taken and rolls back (its credits untouched).
      created = await tx
        .update(tasks)
        .set({
          status: 'PENDING',
          processType: target.processType,
          computationId: computation.id,
          progress: 0,
          error: '',
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, target.taskId), eq(tasks.status, 'PENDING'), eq(tasks.processType, DRAFT)))
        .returning({ id: tasks.id });
      if (created.length === 0) throw badRequest({ nonFieldErrors: [projectMessages.taskStarted] });
    } else {
      created = await tx
        .insert(tasks)
        .values(
          todo.map((p) => ({
            pointId: p.id,
            computationId: computation.id,
            status: 'PENDING',
            processType: 'ALL',
          })),
        )
        .returning({ id: tasks.id });
    }
    await tx.update(projects).set({ status: 'RUNNING' }).where(eq(projects.id, project.id));
    return { taskIds: created.map((t) => t.id), todo, cost };
  });
  // After commit: never enqueue inside an open transaction (PGlite has one connection).
  for (const taskId of taskIds) await services.queue.send('compute-point', { taskId });
  await logCallerEvent(
    services.db,
    caller,
    'project.computed',
    `#${project.id}: ${todo.length} points, ${cost} credits`,
  );
  return taskIds;
}

export async function computeProject(
  services: Services,
  caller: Caller,
  projectId: number,
): Promise<Project> {
  const access = await projectFor(services.db, caller, projectId);
  await startComputation(services, caller, access, { kind: 'project' });
  return getProject(services, caller, projectId);
}

/**
 * Cancels the active tasks of a project (or only `taskIds`); the credits of the points not computed go
 * back to the account and out of the computation that charged them. Drafts were never charged.
 */
export async function cancelTasks(
  services: Services,
  access: ProjectAccess,
  taskIds?: number[],
): Promise<number[]> {
  requireEditable(access);
  const price = creditsPerPoint(access.instance, access.zone);
  return services.db.transaction(async (tx) => {
    const cancelled = await tx
      .update(tasks)
      .set({ status: 'CANCELLED', updatedAt: new Date() })
      .where(
        and(
          inArray(tasks.status, ACTIVE),
          taskIds ? inArray(tasks.id, taskIds.length > 0 ? taskIds : [0]) : undefined,
          inArray(
            tasks.pointId,
            tx.select({ id: points.id }).from(points).where(eq(points.projectId, access.project.id)),
          ),
        ),
      )
      .returning({ id: tasks.id, computationId: tasks.computationId });
    const perComputation = new Map<number, number>();
    for (const { computationId } of cancelled)
      if (computationId !== null)
        perComputation.set(computationId, (perComputation.get(computationId) ?? 0) + price);
    for (const [computationId, refund] of perComputation) {
      if (refund <= 0) continue;
      await tx
        .update(customers)
        .set({ credits: sql`${customers.credits} + ${refund}` })
        .where(eq(customers.id, access.project.customerId));
      await tx
        .update(computations)
        .set({ credits: sql`${computations.credits} - ${refund}` })
        .where(eq(computations.id, computationId));
    }
    return cancelled.map((t) => t.id);
  });
}

/** Cancels the active tasks; the credits of points not computed are given back. */
export async function cancelProject(services: Services, caller: Caller, projectId: number): Promise<Project> {
  const access = await projectFor(services.db, caller, projectId);
  await cancelTasks(services, access);
  return getProject(services, caller, projectId);
}

/**
 * A compute job that failed for good while its task was still active: its worker died (the job expired)
 * on the last attempt. The task must not stay RUNNING: it fails with a message, its partial results go.
 */
export async function failLostTask(services: Services, taskId: number): Promise<void> {
  await services.db.transaction(async (tx) => {
    const failed = await tx
      .update(tasks)
      .set({ status: 'FAILED', error: projectMessages.computationLost, updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ACTIVE)))
      .returning({ id: tasks.id });
    if (failed.length > 0) await tx.delete(results).where(eq(results.taskId, taskId));
  });
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

async function taskStatus(db: Db, taskId: number): Promise<string | undefined> {
  const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  return row?.status;
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
    const point = { source, lat: row.point.lat, lon: row.point.lng };
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
        if ((await taskStatus(db, taskId)) !== 'RUNNING') return;
        // A statistic the data cannot support (a constant field, too few storms) is stored with its reason;
        // the point's other statistics still count. Every result names its dataset and the node read. The
        // worker sends each payload compressed, stored as it is (db/payload.ts).
        await db.insert(results).values(
          batch.map((run, i) => ({
            taskId,
            pointId: row.point.id,
            statId: statIdOf(run.id, run.target),
            code: run.id === OVERVIEW_ID ? OVERVIEW_ID : statisticOf(run.id).code,
            payload: outcomes[i]!,
          })),
        );
        stored += batch.length;
        await db
          .update(tasks)
          .set({ progress: Math.round((stored / runs.length) * 100), updatedAt: new Date() })
          .where(eq(tasks.id, taskId));
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
  } catch (error) {
    const last = attempt.retryCount >= attempt.retryLimit;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(tasks)
      .set({ status: last ? 'FAILED' : 'PENDING', error: last ? message : '', updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'RUNNING')));
    if (!last) throw error;
    services.log.error({ err: error, taskId }, 'point computation failed');
  }
}
