// Stored statistic results of a project's points (spec 000 §7 stats, get_visu_data).
import { and, asc, eq } from 'drizzle-orm';
import { points, results, tasks } from '../db/schema';
import { notFound } from '../http/errors';
import type { Caller, Services } from './context';
import { projectFor } from './projects';

/** Only results of finished tasks are listed: a running or retried task's partial results stay hidden. */
export async function listResults(services: Services, caller: Caller, projectId: number) {
  await projectFor(services.db, caller, projectId);
  return services.db
    .select({ pointId: results.pointId, statId: results.statId, code: results.code })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .innerJoin(points, eq(points.id, results.pointId))
    .where(and(eq(points.projectId, projectId), eq(tasks.status, 'FINISHED')))
    .orderBy(asc(results.pointId), asc(results.id));
}

export async function visuData(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
) {
  await projectFor(services.db, caller, projectId);
  const [row] = await services.db
    .select({ payload: results.payload })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .innerJoin(points, eq(points.id, results.pointId))
    .where(
      and(
        eq(points.projectId, projectId),
        eq(results.pointId, pointId),
        eq(results.statId, statId),
        eq(tasks.status, 'FINISHED'),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row.payload;
}
