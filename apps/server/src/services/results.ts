// Stored statistic results of a project's points (spec 000 §7 stats, get_visu_data).
import { and, asc, eq, inArray, like, ne } from 'drizzle-orm';
// The overview row is stored as the engine makes it (toStoredJson: -999 for a number that is not finite).
import {
  concomitantDownsample,
  minMaxDownsample,
  quantile,
  statisticOf,
  type OverviewRow as StoredOverviewRow,
  type Series,
  type StatisticTarget,
} from '@metocean/core';
import { visuPayloadOf, type FieldInfo } from '@metocean/charts';
import {
  OVERVIEW_ID,
  statIdParts,
  toStoredJson,
  visuPayload,
  type OverviewRow,
  type VisuPayload,
} from '@metocean/contracts';
import { points, resultPayload, results, tasks } from '../db/schema';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { sourceForPoint } from '../data/registry';
import { readPointRecord } from '../data/calibrated';
import type { Caller, Services } from './context';
import { projectFor, type ProjectAccess } from './project-access';

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

/** A zoomed window of a time series, refined from the full record to the plot's pixels. */
export interface VisuWindow {
  start: number;
  end: number;
  pixels: number;
}

const WINDOWED = new Set(['TS', 'CTS']);

/** A user's limit and durations for WW or WD (each defaults to the stored run's). */
export interface WindowSettings {
  below?: number;
  durationsHours?: number[];
}

const RECOMPUTED = new Set(['WW', 'WD']);

/**
 * One statistic of one point as the visualisation payload of spec 002 §3 (packages/charts visuPayloadOf):
 * the stored result with the units and names of the point's variables, read from its overview row. With a
 * window, TS and CTS are re-read from the point's full record over [start, end] and min/max-downsampled to
 * the pixels (the stored series holds 1,000 buckets of the whole record: too coarse once zoomed in).
 */
export async function visuData(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
  window?: VisuWindow,
  settings?: WindowSettings,
): Promise<VisuPayload> {
  const access = await projectFor(services.db, caller, projectId);
  return storedPayload(services, access, pointId, statId, window, settings);
}

/**
 * The stored results of a point of the project under the given stat ids, from finished tasks only, with what
 * reading the point's series again needs (its place and calibration).
 */
export function finishedResults(db: Db, projectId: number, pointId: number, statIds: string[]) {
  return db
    .select({
      id: results.id,
      statId: results.statId,
      code: results.code,
      payload: resultPayload(),
      lat: points.lat,
      lng: points.lng,
      calibration: points.calibration,
    })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .innerJoin(points, eq(points.id, results.pointId))
    .where(
      and(
        eq(points.projectId, projectId),
        eq(results.pointId, pointId),
        inArray(results.statId, statIds),
        eq(tasks.status, 'FINISHED'),
      ),
    );
}

/** The payload of one stored statistic of a point of a project the caller may already see. */
export async function storedPayload(
  services: Services,
  access: ProjectAccess,
  pointId: number,
  statId: string,
  window?: VisuWindow,
  settings?: WindowSettings,
): Promise<VisuPayload> {
  const projectId = access.project.id;
  const { id } = statIdParts(statId);
  if (settings && !RECOMPUTED.has(id))
    throw badRequest({
      detail: 'A limit and durations apply to weather windows (WW) and weather downtime (WD) only.',
    });
  const rows = await finishedResults(services.db, projectId, pointId, [statId, OVERVIEW_ID]);
  const row = rows.find((r) => r.statId === statId && r.code !== OVERVIEW_ID);
  if (!row) throw notFound();
  const overview = rows.find((r) => r.code === OVERVIEW_ID)?.payload as { result?: FieldInfo[] } | undefined;
  let stored = row;
  if (window && WINDOWED.has(id) && typeof row.payload.result === 'object') {
    const source = await sourceForPoint(services.db, access.zone.id, row.lat, row.lng);
    if (!source) throw notFound();
    const { series } = await readPointRecord(source, row);
    const target = row.payload.target as { field?: string; partner?: string };
    stored = {
      ...row,
      payload: { ...row.payload, result: toStoredJson(windowed(series, id, target, window)) },
    };
  }
  if (settings && row.payload.result !== undefined && typeof row.payload.error !== 'string') {
    const source = await sourceForPoint(services.db, access.zone.id, row.lat, row.lng);
    if (!source) throw notFound();
    const { series } = await readPointRecord(source, row);
    stored = { ...row, payload: recomputedWindows(series, id, row.payload, settings) };
  }
  if (EXTREMES.has(id) && typeof row.payload.result === 'object' && row.payload.result !== null) {
    const field = (row.payload.target as { field?: string }).field;
    const direction = field ? await directionOf(services.db, pointId, field) : undefined;
    if (direction) {
      const source = await sourceForPoint(services.db, access.zone.id, row.lat, row.lng);
      if (source) {
        const { series } = await readPointRecord(source, row);
        const result = row.payload.result as { peaks?: { time: number }[] };
        const peakDirections = (result.peaks ?? []).map((peak) => {
          const i = lowerBound(series.time, peak.time);
          const value = series.time[i] === peak.time ? series.fields[direction]?.values[i] : undefined;
          return value === undefined || !Number.isFinite(value) ? -999 : value;
        });
        stored = {
          ...stored,
          payload: {
            ...stored.payload,
            result: { ...result, peakDirections, peakDirectionField: direction },
          },
        };
      }
    }
  }
  const payload = visuPayload.parse(visuPayloadOf(stored, overview?.result ?? []));
  // WD's and WW's intervals are computed on request for the stored limit and durations (wd_intervals,
  // ww_intervals): a user's limit or durations, recomputed here on the API thread, get none (the bootstrap
  // would block it: ≈1 s of CPU for WD)
  if (id === 'WD' || id === 'WW') {
    if (settings)
      payload.kwargs.intervalsNote = id === 'WD' ? WAIT_INTERVALS_AT_STORED : WINDOW_INTERVALS_AT_STORED;
    else if (typeof row.payload.intervalsNote === 'string')
      payload.kwargs.intervalsNote = row.payload.intervalsNote;
  }
  return payload;
}

/** The WD payload's intervalsNote with a user's limit or durations. */
export const WAIT_INTERVALS_AT_STORED =
  'no intervals at this limit and these durations: the 90 % intervals of the wait percentiles are computed on request for the stored limit and durations only';

/** The WW payload's intervalsNote with a user's limit or durations. */
export const WINDOW_INTERVALS_AT_STORED =
  'no intervals at this limit and these durations: the 90 % intervals of the window probabilities are computed on request for the stored limit and durations only';

const EXTREMES = new Set(['EXT', 'MAEXT', 'MIEXT', 'NOCYC']);

/** LIKE's own wildcards escaped (field names hold underscores). */
const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The direction paired with a field: the partner of its stored distribution rose (DR__hs__dp -> dp). */
async function directionOf(db: Db, pointId: number, field: string): Promise<string | undefined> {
  const [rose] = await db
    .select({ statId: results.statId })
    .from(results)
    .where(and(eq(results.pointId, pointId), like(results.statId, `DR__${escapeLike(field)}__%`)))
    .limit(1);
  return rose ? statIdParts(rose.statId).partner || undefined : undefined;
}

/**
 * WW or WD recomputed from the full record with the user's limit and durations (the stored run's durations
 * when none are given; the limit is required to move away from the stored median). A duration must be a
 * whole number of the record's steps: a window is counted in steps, and 1.5 h on hourly data would silently
 * be 2 h.
 */
function recomputedWindows(
  series: Series,
  id: string,
  payload: Record<string, unknown>,
  settings: WindowSettings,
): Record<string, unknown> {
  const target = payload.target as StatisticTarget;
  const field = target.field === undefined ? undefined : series.fields[target.field];
  if (!field) throw notFound();
  const stepHours = series.stepMs / 3_600_000;
  const stored = storedDurations(payload.result);
  const durationsHours = settings.durationsHours ?? stored;
  const uneven = durationsHours.find((d) => Math.abs(d / stepHours - Math.round(d / stepHours)) > 1e-9);
  if (uneven !== undefined)
    throw badRequest({
      fieldErrors: {
        durations: [
          `${uneven} h is not a whole number of the record's ${stepHours} h time steps: give multiples of ${stepHours} h`,
        ],
      },
    });
  const below = settings.below ?? quantile(field.values, 0.5);
  const result = statisticOf(id).compute(series, target, {
    below,
    durationsHours: [...new Set(durationsHours)].sort((a, b) => a - b),
  });
  // a user's limit is stated as such; without one the label names the median, as for the stored run
  return {
    ...payload,
    result: toStoredJson(result),
    ...(settings.below === undefined ? {} : { limit: below }),
  };
}

/** The durations of a stored WW (rows) or WD (rows per duration) result. */
function storedDurations(result: unknown): number[] {
  const rows = (Array.isArray(result) ? result.flat() : []) as { durationHours?: unknown }[];
  const durations = rows.map((r) => r.durationHours).filter((d): d is number => typeof d === 'number');
  return [...new Set(durations)];
}

/** The TS or CTS display series of [start, end] at the pixels, from the full record. */
function windowed(
  series: Series,
  id: string,
  target: { field?: string; partner?: string },
  { start, end, pixels }: VisuWindow,
) {
  if (!(start < end)) throw badRequest({ fieldErrors: { end: ['end must be after start'] } });
  const from = lowerBound(series.time, start);
  const to = lowerBound(series.time, end, true);
  const time = series.time.subarray(from, to);
  const values = (name: string | undefined) => {
    const field = name === undefined ? undefined : series.fields[name];
    if (!field) throw notFound();
    return field.values.subarray(from, to);
  };
  return id === 'CTS'
    ? concomitantDownsample(time, values(target.field), values(target.partner), pixels)
    : minMaxDownsample(time, values(target.field), pixels);
}

/** First index whose time is ≥ x (> x with `after`). */
function lowerBound(time: Float64Array, x: number, after = false): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! < x || (after && time[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
    .select({ pointId: results.pointId, payload: resultPayload() })
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
      // stored before issue 21: no flag, and an arithmetic mean
      circular: row.circular === true,
    }));
  }
  return byPoint;
}
