// Stored statistic results of a project's points (spec 000 §7 stats, get_visu_data).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { visuPayloadOf, type FieldInfo } from '@metocean/charts';
import { visuPayload, type OverviewRow, type VisuPayload } from '@metocean/contracts';
import { points, results, tasks } from '../db/schema';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { OVERVIEW_ID } from '../jobs/point-statistics';
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
    .where(and(eq(points.projectId, projectId), eq(tasks.status, 'FINISHED'), ne(results.code, OVERVIEW_ID)))
    .orderBy(asc(results.pointId), asc(results.id));
}

/**
 * One statistic of one point as the visualisation payload of spec 002 §3 (packages/charts visuPayloadOf):
 * the stored result with the units and names of the point's variables, read from its overview row.
 */
export async function visuData(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
): Promise<VisuPayload> {
  await projectFor(services.db, caller, projectId);
  const rows = await services.db
    .select({ statId: results.statId, code: results.code, payload: results.payload })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .innerJoin(points, eq(points.id, results.pointId))
    .where(
      and(
        eq(points.projectId, projectId),
        eq(results.pointId, pointId),
        inArray(results.statId, [statId, OVERVIEW_ID]),
        eq(tasks.status, 'FINISHED'),
      ),
    );
  const row = rows.find((r) => r.statId === statId && r.code !== OVERVIEW_ID);
  if (!row) throw notFound();
  const overview = rows.find((r) => r.code === OVERVIEW_ID)?.payload as { result?: FieldInfo[] } | undefined;
  return visuPayload.parse(visuPayloadOf(row, overview?.result ?? []));
}

interface StoredOverviewRow {
  field: string;
  variable: string;
  longName: string;
  units: string;
  level: number | null;
  levelType: 'depth' | 'altitude' | null;
  mean: number;
  min: number;
  max: number;
  median: number;
  std: number;
}

/** 'surface', '10 m' (altitude) or '-50 m' (depth below MSL); '' when the variable has no levels. */
function layerLabel(row: StoredOverviewRow): string {
  if (row.level === null) return '';
  if (row.level === 0) return 'surface';
  return row.levelType === 'depth' ? `-${row.level} m` : `${row.level} m`;
}

/** The overview popup tables of a project's computed points (finished tasks only), by point id. */
export async function overviewStats(db: Db, pointIds: number[]): Promise<Record<string, OverviewRow[]>> {
  if (pointIds.length === 0) return {};
  const rows = await db
    .select({ pointId: results.pointId, payload: results.payload })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .where(
      and(inArray(results.pointId, pointIds), eq(results.code, OVERVIEW_ID), eq(tasks.status, 'FINISHED')),
    )
    .orderBy(asc(results.id));
  const byPoint: Record<string, OverviewRow[]> = {};
  for (const { pointId, payload } of rows) {
    const table = (payload as { result?: StoredOverviewRow[] }).result ?? [];
    byPoint[String(pointId)] = table.map((row) => ({
      layer: layerLabel(row),
      variable: row.variable,
      longName: row.longName,
      units: row.units,
      mean: row.mean,
      min: row.min,
      max: row.max,
      median: row.median,
      std: row.std,
    }));
  }
  return byPoint;
}
