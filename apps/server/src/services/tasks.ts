// Point tasks: create (reusing a draft), compute with a process type, poll, cancel, download the result
// document (spec 000 §4 task flow, §7 Points and tasks). Computing and cancelling go through the compute
// service, so a task compute obeys the same rules and the same atomic credit charge as a project compute.
import { and, asc, desc, eq } from 'drizzle-orm';
import { paths, projectMessages, type Status, type Task } from '@metocean/contracts';
import { points, resultPayload, results, tasks } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { cancelTasks, startComputation } from './compute';
import { DRAFT, latestStartedTasks } from './task-state';
import type { Caller, Services } from './context';
import { projectFor, requireEditable, type ProjectAccess } from './project-access';

type TaskRow = typeof tasks.$inferSelect;
type PointRow = typeof points.$inferSelect;

/** The result document is served by the download call once the task is finished. */
export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    point: row.pointId,
    status: row.status as Status,
    processType: row.processType,
    progress: row.progress,
    error: row.error,
    document: row.status === 'FINISHED' ? paths.taskDownload(row.id) : null,
  };
}

/** The task and its point, if the caller may see the point's project (404 otherwise). */
async function taskFor(
  services: Services,
  caller: Caller,
  taskId: number,
): Promise<{ task: TaskRow; point: PointRow; access: ProjectAccess }> {
  const [row] = await services.db
    .select({ task: tasks, point: points })
    .from(tasks)
    .innerJoin(points, eq(points.id, tasks.pointId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) throw notFound();
  const access = await projectFor(services.db, caller, row.point.projectId);
  return { ...row, access };
}

async function reload(services: Services, taskId: number): Promise<Task> {
  const [row] = await services.db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!row) throw notFound();
  return presentTask(row);
}

/** The latest started task of each point of a project (drafts carry no state and are left out). */
export async function listTasks(services: Services, caller: Caller, projectId: number): Promise<Task[]> {
  await projectFor(services.db, caller, projectId);
  return (await latestStartedTasks(services.db, eq(points.projectId, projectId))).map(presentTask);
}

/** A pending task with an empty process type is reused, otherwise one is created (spec 000 §4). */
export async function createTask(
  services: Services,
  caller: Caller,
  pointId: number,
): Promise<{ task: Task; created: boolean }> {
  const [point] = await services.db.select().from(points).where(eq(points.id, pointId)).limit(1);
  if (!point) throw notFound();
  requireEditable(await projectFor(services.db, caller, point.projectId));
  const [draft] = await services.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.pointId, pointId), eq(tasks.status, 'PENDING'), eq(tasks.processType, DRAFT)))
    .orderBy(desc(tasks.id))
    .limit(1);
  if (draft) return { task: presentTask(draft), created: false };
  const [created] = await services.db
    .insert(tasks)
    .values({ pointId, status: 'PENDING', processType: DRAFT })
    .returning();
  if (!created) throw new Error('task insert returned nothing');
  return { task: presentTask(created), created: true };
}

export async function computeTask(
  services: Services,
  caller: Caller,
  taskId: number,
  processType: string,
): Promise<Task> {
  const { task, access } = await taskFor(services, caller, taskId);
  requireEditable(access);
  if (task.status !== 'PENDING' || task.processType !== DRAFT)
    throw badRequest({ nonFieldErrors: [projectMessages.taskStarted] });
  await startComputation(services, caller, access, {
    kind: 'task',
    taskId,
    pointId: task.pointId,
    processType,
  });
  return reload(services, taskId);
}

/** Cancels the task; the credits of its point come back when the point was not computed. */
export async function cancelTask(services: Services, caller: Caller, taskId: number): Promise<Task> {
  const { access } = await taskFor(services, caller, taskId);
  await cancelTasks(services, access, [taskId]);
  return reload(services, taskId);
}

export interface TaskDocument {
  fileName: string;
  body: string;
}

function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'point';
}

/**
 * The stored results of a finished task as one JSON document named after project, point and statistics,
 * with the dataset's provenance. Only offers that may download statistics get it (spec 000 §6).
 */
export async function downloadTask(
  services: Services,
  caller: Caller,
  taskId: number,
): Promise<TaskDocument> {
  const { task, point, access } = await taskFor(services, caller, taskId);
  if (!access.instance.canDownload) throw forbidden(projectMessages.downloadNeedsUpgrade);
  if (task.status !== 'FINISHED') throw notFound();
  const rows = await services.db
    .select({ statId: results.statId, code: results.code, payload: resultPayload() })
    .from(results)
    .where(eq(results.taskId, taskId))
    .orderBy(asc(results.id));
  // Every stored result names the dataset and the node it was read at; the document states them once.
  const first = rows[0]?.payload ?? {};
  const dataset = (first.dataset as Record<string, unknown> | undefined) ?? { name: 'unknown' };
  const document = {
    project: { id: point.projectId, name: access.project.name },
    point: { id: point.id, name: point.name, lat: point.lat, lng: point.lng },
    task: { id: task.id, processType: task.processType, finishedAt: task.updatedAt.toISOString() },
    dataset: { ...dataset, zone: access.zone.name, nearestNode: first.node ?? null },
    conventions: {
      missingValue: -999,
      time: 'UTC',
      months: 'calendar months 1–12; monthly statistic ids contain "month"',
    },
    statistics: Object.fromEntries(
      rows.map(({ statId, code, payload }) => {
        const { dataset: _d, node: _n, ...rest } = payload;
        return [statId, { code, ...rest }];
      }),
    ),
  };
  return {
    fileName: `${fileSafe(document.project.name)}_${fileSafe(point.name)}_statistics.json`,
    body: JSON.stringify(document, null, 1),
  };
}
