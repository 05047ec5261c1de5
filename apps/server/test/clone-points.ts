// Copies of a computed point, for the tests and benches of reports with many points (issue 29): each copy is
// a point of the same project at the same place with a FINISHED task holding the same stored results, so a
// 40- or 500-point report is built without computing every point again. What a report reads of a point is
// its row, its finished results and its series at the place: a copy reads exactly what the original does.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { points, tasks } from '../src/db/schema';

/** The ids of `count` copies of the point (named `<prefix> 1`…), in order. */
export async function clonePoints(
  db: Db,
  pointId: number,
  count: number,
  prefix = 'Copy',
): Promise<number[]> {
  const [point] = await db.select().from(points).where(eq(points.id, pointId));
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.pointId, pointId), eq(tasks.status, 'FINISHED')))
    .orderBy(desc(tasks.id))
    .limit(1);
  if (!point || !task) throw new Error(`point ${pointId} is not computed`);
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const [copy] = await db
      .insert(points)
      .values({
        projectId: point.projectId,
        name: `${prefix} ${i}`,
        lat: point.lat,
        lng: point.lng,
        isComputed: true,
      })
      .returning({ id: points.id });
    const [copyTask] = await db
      .insert(tasks)
      .values({
        pointId: copy!.id,
        computationId: task.computationId,
        status: 'FINISHED',
        processType: task.processType,
        progress: 100,
      })
      .returning({ id: tasks.id });
    await db.execute(
      sql`INSERT INTO results (task_id, point_id, stat_id, code, payload)
          SELECT ${copyTask!.id}, ${copy!.id}, stat_id, code, payload FROM results WHERE task_id = ${task.id}`,
    );
    ids.push(copy!.id);
  }
  return ids;
}
