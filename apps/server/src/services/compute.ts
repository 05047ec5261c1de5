// Computing a project: charge credits and create one task per point in one transaction, enqueue after
// commit (spec 000 §4, §5; ARCHITECTURE.md); cancelling gives the credits back. The job that then computes
// each point is jobs/compute-point.ts.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { projectMessages, type Project } from '@metocean/contracts';
import { computations, customers, points, projects, tasks } from '../db/schema';
import { lockTasks, lockedTasks } from '../db/task-locks';
import { badRequest } from '../http/errors';
import type { Caller, Services } from './context';
import { chargeCredits } from './credits';
import { logCallerEvent } from './events';
import { ACTIVE, DRAFT } from './task-state';
import { notifyIfComputationEnded } from './computation-done';
import { projectFor, requireEditable, type ProjectAccess } from './project-access';
import { creditsPerPoint, getProject } from './projects';

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
    // the draft before the customer's credits: a cancel takes its tasks, then the customer (db/task-locks.ts)
    if (target.kind === 'task') await lockTasks(tx, eq(tasks.id, target.taskId));
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
  const cancelled = await services.db.transaction(async (tx) => {
    const active = and(
      inArray(tasks.status, ACTIVE),
      taskIds ? inArray(tasks.id, taskIds.length > 0 ? taskIds : [0]) : undefined,
      inArray(
        tasks.pointId,
        tx.select({ id: points.id }).from(points).where(eq(points.projectId, access.project.id)),
      ),
    );
    // the tasks first, in id order (db/task-locks.ts), then the customer and the computation
    const locked = await lockTasks(tx, active);
    const cancelled = await tx
      .update(tasks)
      .set({ status: 'CANCELLED', updatedAt: new Date() })
      .where(and(lockedTasks(locked), inArray(tasks.status, ACTIVE)))
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
    return cancelled;
  });
  // After commit: a cancel may settle a computation's last task (the others finished or failed).
  for (const computationId of new Set(cancelled.map((t) => t.computationId)))
    await notifyIfComputationEnded(services, computationId);
  return cancelled.map((t) => t.id);
}

/** Cancels the active tasks; the credits of points not computed are given back. */
export async function cancelProject(services: Services, caller: Caller, projectId: number): Promise<Project> {
  const access = await projectFor(services.db, caller, projectId);
  await cancelTasks(services, access);
  return getProject(services, caller, projectId);
}
