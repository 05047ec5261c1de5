// The one lock order of the writers of several task rows (issue 34, session 31): a statement that updates
// several tasks locks them in the order its plan visits them, and two such writers (two cancels, a cancel and
// the reconciler's take-back) visiting them in different orders could each hold a task the other waits for.
// Taking them first in one SELECT … FOR UPDATE ordered by id gives every such writer the same order; a writer
// of one task (a worker's progress, its heartbeat) holds one row and cannot close a circle with them. Tasks
// come before the customer's row: the cancel refunds after its tasks, and the compute of a draft takes the
// draft before charging the credits.
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { tasks } from './schema';

/**
 * Locks the tasks matching `where` in id order, within the caller's transaction; answers their ids (the rows
 * still matching once their locks were granted: a row changed meanwhile is read again by PostgreSQL).
 */
export async function lockTasks(tx: Db, where: SQL | undefined): Promise<number[]> {
  const rows = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(where)
    .orderBy(asc(tasks.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The condition "one of the locked tasks" for the update that follows lockTasks. */
export const lockedTasks = (ids: readonly number[]): SQL =>
  inArray(tasks.id, ids.length > 0 ? [...ids] : [0]);
