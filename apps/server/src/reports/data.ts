// What a report reads: the project, its offer and zone, the selected points with their stored results
// (finished tasks only), the datasets those results name, where each point's series is read (persistence).
// Numbers in a report come from here only. Plain data (structured-cloneable): the PDF is drawn from it in the
// report thread (jobs/report-worker.ts), which has no database.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { kindOf, type Field, type OverviewRow, type VariableKind } from '@metocean/core';
import { OVERVIEW_ID, REPORT_PARTS, type BuoyComparison, type ReportPart } from '@metocean/contracts';
import { greatCircleKm } from '@metocean/hindcast';
import { datasetsOfZones, sourceForPoint, type ZoneDataset } from '../data/registry';
import type { DataSource } from '../data/sources';
import type { reports } from '../db/schema';
import {
  offerInstances,
  offers,
  points,
  resultPayload,
  results,
  tasks,
  users,
  zones,
  projects,
} from '../db/schema';
import type { Db } from '../db/client';
import type { ProjectAccess } from '../services/project-access';
import { buoysNearPoint, compareAtPoint } from '../services/buoys';
import { reportMaps, type ReportMaps } from '../services/stat2ds';
import { HttpError } from '../http/errors';
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

export interface ReportPoint {
  point: PointRow;
  node: { lat: number; lon: number; distanceKm: number } | null;
  dataset: { name: string; notes: string; synthetic: boolean } | null;
  fields: OverviewRow[];
  results: Map<string, StoredResult>;
  /** The registered dataset the results were read from (its name, or the zone's synthetic hindcast). */
  registered?: ZoneDataset;
  /** Where the point's series is read now (the persistence tables), or null when no dataset serves it. */
  source: DataSource | null;
  /** The buoys of the zone near the point (services/buoys.ts rule), nearest first, compared as the API does. */
  validations: Validation[];
}

/** A buoy near a point: its comparison, or why it could not be compared (no common variable…). */
export type Validation =
  { comparison: BuoyComparison } | { buoy: string; distanceKm: number; refusal: string };

export interface ReportData {
  report: ReportRow;
  access: ProjectAccess;
  author: string;
  points: ReportPoint[];
  /** The parts asked for (every part when none was), in the order of REPORT_PARTS. */
  parts: ReportPart[];
  datasets: ZoneDataset[];
  /** The zone's 2D statistics maps of the parts, or why there are none (the Maps section). */
  maps: ReportMaps;
  generatedAt: Date;
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
export function partFields(point: ReportPoint, part: ReportPart): OverviewRow[] {
  return point.fields.filter((row) => PART_KINDS[part].includes(kindOfRow(row)));
}

/** The field a part is about: Hs for waves, the speed for wind and currents, the total level for levels. */
export function mainField(point: ReportPoint, part: ReportPart): OverviewRow | undefined {
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
  const [row] = await db
    .select({ project: projects, instance: offerInstances, offerName: offers.name, zone: zones })
    .from(projects)
    .innerJoin(offerInstances, eq(offerInstances.id, projects.offerInstanceId))
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .innerJoin(zones, eq(zones.id, projects.zoneId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw new Error(`project ${projectId} not found`);
  return { ...row, canEdit: false, expired: isExpired(row.instance.offerEnd) };
}

/** The comparisons of the buoys near a point, computed by the code of GET /api/buoys/{id}/comparison/. */
async function validationsOf(db: Db, access: ProjectAccess, point: PointRow): Promise<Validation[]> {
  const validations: Validation[] = [];
  for (const buoy of await buoysNearPoint(db, access.zone, point)) {
    try {
      validations.push({ comparison: await compareAtPoint(db, access.zone, point, buoy) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const distanceKm = greatCircleKm(point.lat, point.lng, buoy.latitude, buoy.longitude);
      validations.push({ buoy: buoy.name, distanceKm, refusal: error.message });
    }
  }
  return validations;
}

export async function loadReportData(db: Db, report: ReportRow, dataDir: string): Promise<ReportData> {
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
  const rows = await db
    .select({
      pointId: results.pointId,
      statId: results.statId,
      code: results.code,
      payload: resultPayload(),
    })
    .from(results)
    .innerJoin(tasks, eq(tasks.id, results.taskId))
    .where(
      and(
        inArray(results.pointId, report.points),
        eq(tasks.status, 'FINISHED'),
        inArray(results.code, REPORT_CODES),
      ),
    )
    .orderBy(asc(results.id));
  const reportPoints = pointRows.map((point): ReportPoint => {
    const mine = rows.filter((r) => r.pointId === point.id);
    const overview = mine.find((r) => r.code === OVERVIEW_ID)?.payload;
    const first = mine[0]?.payload;
    const stored = new Map<string, StoredResult>();
    for (const r of mine) {
      if (r.code === OVERVIEW_ID) continue;
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
    return {
      point,
      node: (first?.node as ReportPoint['node'] | undefined) ?? null,
      dataset: (first?.dataset as ReportPoint['dataset'] | undefined) ?? null,
      fields: ((overview?.result as OverviewRow[] | undefined) ?? []).filter(
        (row) => typeof row === 'object',
      ),
      results: stored,
      source: null,
      validations: [],
    };
  });
  const asked = report.parts.length > 0 ? report.parts : [...REPORT_PARTS];
  const parts = REPORT_PARTS.filter((part) => asked.includes(part));
  // the synthetic reader names its series 'Synthetic demo hindcast'; the registry, one per zone
  const zoneDatasets = await datasetsOfZones(db, [access.zone.id]);
  for (const p of reportPoints) {
    p.source = (await sourceForPoint(db, access.zone.id, p.point.lat, p.point.lng)) ?? null;
    p.registered =
      zoneDatasets.find((d) => d.name === p.dataset?.name) ??
      (p.dataset?.synthetic ? zoneDatasets.find((d) => d.meta.synthetic) : undefined);
    p.validations = await validationsOf(db, access, p.point);
  }
  const datasets = zoneDatasets.filter((d) => reportPoints.some((p) => p.registered === d));
  return {
    report,
    access,
    author: author ? `${author.firstName} ${author.lastName}`.trim() : 'a former user',
    points: reportPoints,
    parts,
    datasets,
    maps: await reportMaps(db, dataDir, access, parts),
    generatedAt: new Date(),
  };
}
