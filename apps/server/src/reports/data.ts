// What a report reads: the project, its offer and zone, the selected points with their stored results
// (finished tasks only), the datasets those results name, where each point's series is read (persistence).
// Numbers in a report come from here only. A report's memory stays flat in its number of points (issue 29):
// its header (the project, the datasets, the maps, a summary of each point) is read once and sent to the
// report thread (jobs/report-worker.ts), which has no database; the thread then asks for one point's stored
// results (or its buoy comparisons) at a time, draws it, and lets it go before the next.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { kindOf, type Field, type OverviewRow, type VariableKind } from '@metocean/core';
import { OVERVIEW_ID, REPORT_PARTS, type BuoyComparison, type ReportPart } from '@metocean/contracts';
import { greatCircleKm } from '@metocean/hindcast';
import { datasetsOfZones, sourceForPoint, type ZoneDataset } from '../data/registry';
import { openSource, type DataSource } from '../data/sources';
import type { reports } from '../db/schema';
import { points, resultPayload, results, tasks, users, projects } from '../db/schema';
import type { Db } from '../db/client';
import { projectAccessRows, type ProjectAccess } from '../services/project-access';
import { buoysNearPoint, compareAtPoint } from '../services/buoys';
import { reportMaps, type ReportMaps } from '../services/stat2ds';
import { HttpError } from '../http/errors';
import type { Persistence } from './persistence';
import { isExpired } from '../services/zones';

export type ReportRow = typeof reports.$inferSelect;
type PointRow = typeof points.$inferSelect;

export interface StoredResult {
  statId: string;
  code: string;
  target: { field?: string; partner?: string; variable?: string };
  /** The engine's result as stored (-999 for a missing number), or undefined when the run failed. */
  result: unknown;
  error?: string;
  /** The stored payload whole (target, dataset, node, result): what the visualisation payload is made of. */
  payload: Record<string, unknown>;
}

/** What the report holds of a point from start to end: small, whatever the point's results. */
export interface PointSummary {
  point: PointRow;
  node: { lat: number; lon: number; distanceKm: number } | null;
  dataset: { name: string; notes: string; synthetic: boolean } | null;
  fields: OverviewRow[];
  /** The registered dataset the results were read from (its name, or the zone's synthetic hindcast). */
  registered?: ZoneDataset;
  /** Where the point's series is read now (the persistence tables), or null when no dataset serves it. */
  source: DataSource | null;
  /** The buoys of the zone near the point (services/buoys.ts rule), nearest first: compared or why not. */
  buoys: BuoySummary[];
}

/** A buoy near a point, named with its distance, and whether it could be compared. */
export interface BuoySummary {
  buoy: string;
  distanceKm: number;
  compared: boolean;
}

/** A point with its stored results: read when its section is drawn, let go after it. */
export interface ReportPoint extends PointSummary {
  results: Map<string, StoredResult>;
}

/** A buoy near a point: its comparison, or why it could not be compared (no common variable…). */
export type Validation =
  { comparison: BuoyComparison } | { buoy: string; distanceKm: number; refusal: string };

/** What the report thread receives: plain data (structured-cloneable), of a size that does not grow with results. */
export interface ReportHeader {
  report: ReportRow;
  access: ProjectAccess;
  author: string;
  points: PointSummary[];
  /** The parts asked for (every part when none was), in the order of REPORT_PARTS. */
  parts: ReportPart[];
  datasets: ZoneDataset[];
  /** The zone's 2D statistics maps of the parts, or why there are none (the Maps section). */
  maps: ReportMaps;
  generatedAt: Date;
}

/**
 * Reads a point's stored results or buoy comparisons when the drawing gets to them, and has a statistics
 * thread compute its persistence tables (from the job's side).
 */
export interface PointReader {
  results(point: PointSummary): Promise<Map<string, StoredResult>>;
  validations(point: PointSummary): Promise<Validation[]>;
  persistence(point: PointSummary, field: string): Promise<Persistence>;
}

export interface ReportData extends ReportHeader {
  /** The point with its stored results: hold it only while its section is drawn. */
  load(point: PointSummary): Promise<ReportPoint>;
  /** The buoy comparisons of a point (the validation annex). */
  validations(point: PointSummary): Promise<Validation[]>;
  /** The Operability report's persistence tables of a point's field (a point with a source). */
  persistence(point: PointSummary, field: string): Promise<Persistence>;
}

/** The report's data over its header and a reader of points. */
export function reportData(header: ReportHeader, reader: PointReader): ReportData {
  return {
    ...header,
    load: async (point) => ({ ...point, results: await reader.results(point) }),
    validations: (point) => reader.validations(point),
    persistence: (point, field) => reader.persistence(point, field),
  };
}

/** The statistics a report reads (by code): the others (series, APD, windows at the median…) stay unread. */
export const REPORT_CODES = ['EPD', 'DR', 'EJPD', 'ENVC', 'EXT', 'CUREXT', 'HEIEXT', OVERVIEW_ID];

const PART_KINDS: Record<ReportPart, VariableKind[]> = {
  waves: ['waveHeight', 'period'],
  wind: ['windSpeed'],
  currents: ['currentSpeed'],
  waterLevels: ['waterLevel', 'surge', 'tide'],
};

export function kindOfRow(row: OverviewRow): VariableKind {
  return kindOf(row.field, { variable: row.variable, longName: row.longName } as unknown as Field);
}

/** The fields of a part at a point (its scalar fields; directions go with their magnitude). */
export function partFields(point: PointSummary, part: ReportPart): OverviewRow[] {
  return point.fields.filter((row) => PART_KINDS[part].includes(kindOfRow(row)));
}

/** The field a part is about: Hs for waves, the speed for wind and currents, the total level for levels. */
export function mainField(point: PointSummary, part: ReportPart): OverviewRow | undefined {
  const fields = partFields(point, part);
  return fields.find((row) => kindOfRow(row) === PART_KINDS[part][0]) ?? fields[0];
}

/** The stored result of a stat id, if computed without error. */
export function resultOf<T>(point: ReportPoint, statId: string): T | undefined {
  const stored = point.results.get(statId);
  return stored && stored.error === undefined ? (stored.result as T) : undefined;
}

/** The first stored stat id starting with the prefix (e.g. 'DR__hs__' finds the rose with its direction). */
export function statIdWithPrefix(point: ReportPoint, prefix: string): string | undefined {
  for (const statId of point.results.keys()) if (statId.startsWith(prefix)) return statId;
  return undefined;
}

/** The project's access as the policy gives it, for the job (no caller: the report was allowed when asked). */
async function accessOf(db: Db, projectId: number): Promise<ProjectAccess> {
  const [row] = await projectAccessRows(db, eq(projects.id, projectId)).limit(1);
  if (!row) throw new Error(`project ${projectId} not found`);
  return { ...row, canEdit: false, expired: isExpired(row.instance.offerEnd) };
}

/**
 * The buoy comparisons a report job made, by what they depend on (the buoy, the node and source read, the
 * point's correction), each kept once: the job's summary and both drawing passes ask for a point's
 * comparisons, and points on one node share them (issue 29: they were made three times per point, on the
 * job's event loop). A comparison is small (metrics and a binned scatter); the memo lives as long as the job.
 */
export type ComparisonMemo = Map<
  string,
  Promise<Omit<BuoyComparison, 'point' | 'distanceKm'> | { refusal: string }>
>;

/** The comparisons of the buoys near a point, computed by the code of GET /api/buoys/{id}/comparison/. */
export async function validationsOf(
  db: Db,
  access: ProjectAccess,
  point: PointRow,
  memo: ComparisonMemo = new Map(),
): Promise<Validation[]> {
  const near = await buoysNearPoint(db, access.zone, point);
  if (near.length === 0) return [];
  const source = await sourceForPoint(db, access.zone.id, point.lat, point.lng);
  const node = source ? (await openSource(source)).nearest(point.lat, point.lng).index : null;
  const validations: Validation[] = [];
  for (const buoy of near) {
    const distanceKm = greatCircleKm(point.lat, point.lng, buoy.latitude, buoy.longitude);
    const key = JSON.stringify([buoy.id, source ?? null, node, point.calibration ?? null]);
    let made = memo.get(key);
    if (!made) {
      made = compareAtPoint(db, access.zone, point, buoy).then(
        ({ point: _point, distanceKm: _distance, ...comparison }) => comparison,
        (error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
          return { refusal: error.message };
        },
      );
      memo.set(key, made);
    }
    const outcome = await made;
    validations.push(
      'refusal' in outcome
        ? { buoy: buoy.name, distanceKm, refusal: outcome.refusal }
        : {
            comparison: {
              ...outcome,
              point: { id: point.id, name: point.name, lat: point.lat, lng: point.lng },
              distanceKm,
            },
          },
    );
  }
  return validations;
}

/** The rows of a point's finished results a report reads, oldest first; `codes` narrows them. */
function resultRows(db: Db, pointId: number, codes: readonly string[]) {
  return db
    .select({ statId: results.statId, code: results.code, payload: resultPayload() })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .where(and(eq(results.pointId, pointId), eq(tasks.status, 'FINISHED'), inArray(results.code, [...codes])))
    .orderBy(asc(results.id));
}

/** A point's stored results the report reads (not its overview, which the summary holds). */
export async function loadPointResults(db: Db, pointId: number): Promise<Map<string, StoredResult>> {
  const stored = new Map<string, StoredResult>();
  const codes = REPORT_CODES.filter((code) => code !== OVERVIEW_ID);
  for (const r of await resultRows(db, pointId, codes)) {
    const payload = r.payload as { target?: StoredResult['target']; result?: unknown; error?: string };
    stored.set(r.statId, {
      statId: r.statId,
      code: r.code,
      target: payload.target ?? {},
      result: payload.result,
      payload: r.payload,
      ...(payload.error !== undefined ? { error: payload.error } : {}),
    });
  }
  return stored;
}

/**
 * A point's summary: its node and dataset (as its first stored result names them), its fields (the
 * overview), where its series is read, its buoys. One point's rows are read at a time.
 */
async function pointSummary(
  db: Db,
  access: ProjectAccess,
  point: PointRow,
  memo: ComparisonMemo,
): Promise<PointSummary> {
  const [first] = await db
    .select({ payload: resultPayload() })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .where(
      and(eq(results.pointId, point.id), eq(tasks.status, 'FINISHED'), inArray(results.code, REPORT_CODES)),
    )
    .orderBy(asc(results.id))
    .limit(1);
  const [overview] = await resultRows(db, point.id, [OVERVIEW_ID]);
  const validations = await validationsOf(db, access, point, memo);
  return {
    point,
    node: (first?.payload.node as PointSummary['node'] | undefined) ?? null,
    dataset: (first?.payload.dataset as PointSummary['dataset'] | undefined) ?? null,
    fields: ((overview?.payload.result as OverviewRow[] | undefined) ?? []).filter(
      (row) => typeof row === 'object',
    ),
    source: (await sourceForPoint(db, access.zone.id, point.lat, point.lng)) ?? null,
    buoys: validations.map((v) =>
      'comparison' in v
        ? { buoy: v.comparison.buoy.name, distanceKm: v.comparison.distanceKm, compared: true }
        : { buoy: v.buoy, distanceKm: v.distanceKm, compared: false },
    ),
  };
}

export async function loadReportHeader(
  db: Db,
  report: ReportRow,
  dataDir: string,
  memo: ComparisonMemo = new Map(),
): Promise<ReportHeader> {
  const access = await accessOf(db, report.projectId);
  const [author] = report.userId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, report.userId))
    : [];
  const pointRows = await db
    .select()
    .from(points)
    .where(and(eq(points.projectId, report.projectId), inArray(points.id, report.points)))
    .orderBy(asc(points.id));
  const asked = report.parts.length > 0 ? report.parts : [...REPORT_PARTS];
  const parts = REPORT_PARTS.filter((part) => asked.includes(part));
  // the synthetic reader names its series 'Synthetic demo hindcast'; the registry, one per zone
  const zoneDatasets = await datasetsOfZones(db, [access.zone.id]);
  const summaries: PointSummary[] = [];
  for (const point of pointRows) {
    const p = await pointSummary(db, access, point, memo);
    p.registered =
      zoneDatasets.find((d) => d.name === p.dataset?.name) ??
      (p.dataset?.synthetic ? zoneDatasets.find((d) => d.meta.synthetic) : undefined);
    summaries.push(p);
  }
  const datasets = zoneDatasets.filter((d) => summaries.some((p) => p.registered === d));
  return {
    report,
    access,
    author: author ? `${author.firstName} ${author.lastName}`.trim() : 'a former user',
    points: summaries,
    parts,
    datasets,
    maps: await reportMaps(db, dataDir, access, parts),
    generatedAt: new Date(),
  };
}
