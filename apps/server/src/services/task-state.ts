// What a point's tasks say about it: one rule for the point list, the project status and the task list.
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { points, tasks } from '../db/schema';

/** A task created for a point but not computed yet has an empty process type (spec 000 §4 task flow). */
export const DRAFT = '';

/** A task still to run or running (spec 000 §4): the states a cancel, a compute and a job act on. */
export const ACTIVE = ['PENDING', 'RUNNING'];

/** The latest started task of each point matching `pointsWhere`; drafts carry no state and are left out. */
export async function latestStartedTasks(db: Db, pointsWhere: SQL): Promise<(typeof tasks.$inferSelect)[]> {
  const rows = await db
    .selectDistinctOn([tasks.pointId], { task: tasks })
    .from(tasks)
    .innerJoin(points, eq(points.id, tasks.pointId))
    .where(and(pointsWhere, ne(tasks.processType, DRAFT)))
    .orderBy(asc(tasks.pointId), desc(tasks.id));
  return rows.map((row) => row.task);
}
