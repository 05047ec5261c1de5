// Buoys (spec 002 §3 Buoy, §7 GET /api/buoys/, GET /api/buoys/{id}/get_visu_data/): the measuring buoys inside
// the zones the caller's offers cover, and their observations in the visualisation payload of spec 002 §3.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  BUOY_NEAR_KM,
  buoyMessages,
  type BuoyComparison,
  MISSING_VALUE,
  type Buoy,
  type VisuArray,
  type VisuKwargs,
  type VisuPayload,
} from '@metocean/contracts';
import { greatCircleKm } from '@metocean/hindcast';
import { buoys, offerInstances, offerInstanceZones, points, zones } from '../db/schema';
import { openStore, type BuoyMeta } from '../data/buoys';
import { badRequest, notFound } from '../http/errors';
import type { Db } from '../db/client';
import type { Caller, Services } from './context';
import { collocate, compareVariable, containsPoint, isDirection, type Collocated } from '@metocean/core';
import { sourceForPoint } from '../data/registry';
import { readPointRecord } from '../data/calibrated';
import { projectFor } from './project-access';

type BuoyRow = typeof buoys.$inferSelect;
type ZoneRow = typeof zones.$inferSelect;

/** The zones of the caller's offers, expired ones included (every zone for superusers). */
async function zonesOf(services: Services, caller: Caller): Promise<ZoneRow[]> {
  if (caller.isSuperuser) return services.db.select().from(zones).orderBy(asc(zones.id));
  const ids = services.db
    .selectDistinct({ id: offerInstanceZones.zoneId })
    .from(offerInstanceZones)
    .innerJoin(offerInstances, eq(offerInstances.id, offerInstanceZones.offerInstanceId))
    .where(eq(offerInstances.customerId, caller.customerId));
  return services.db.select().from(zones).where(inArray(zones.id, ids)).orderBy(asc(zones.id));
}

const inside = (zone: ZoneRow, buoy: BuoyRow) => containsPoint(zone.geom, buoy.longitude, buoy.latitude);

/** The buoys the caller may see: inside one of their zones (or inside `zoneId`, which must be one). */
async function visibleBuoys(services: Services, caller: Caller, zoneId?: number): Promise<BuoyRow[]> {
  const zoneRows = await zonesOf(services, caller);
  const scope = zoneId === undefined ? zoneRows : zoneRows.filter((zone) => zone.id === zoneId);
  if (zoneId !== undefined && scope.length === 0) throw notFound();
  const rows = await services.db.select().from(buoys).orderBy(asc(buoys.code));
  return rows.filter((buoy) => scope.some((zone) => inside(zone, buoy)));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentBuoy(row: BuoyRow): Buoy {
  const meta = row.meta as unknown as BuoyMeta;
  const geometry = { type: 'Point' as const, coordinates: [row.longitude, row.latitude] as [number, number] };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    centre: row.centre,
    provider: row.provider,
    geom: JSON.stringify(geometry),
    geometry,
    sensors: row.sensors,
    dateBegin: iso(row.dateBegin),
    dateEnd: iso(row.dateEnd),
    from: iso(row.dateBegin),
    to: iso(row.dateEnd),
    latitude: row.latitude,
    longitude: row.longitude,
    runs: meta.fields.map((f) => ({ id: f.field, longName: f.longName, units: f.units })),
    type: row.type,
    notes: meta.notes,
    licence: meta.licence,
  };
}

export async function listBuoys(services: Services, caller: Caller, zoneId?: number): Promise<Buoy[]> {
  return (await visibleBuoys(services, caller, zoneId)).map(presentBuoy);
}

/** Parses an ISO date or date-time as UTC epoch ms; a plain date `to` runs to the end of that day. */
function epoch(text: string | undefined, endOfDay: boolean): number | undefined {
  if (text === undefined) return undefined;
  const plainDate = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const ms = Date.parse(plainDate ? `${text}T00:00:00Z` : text);
  return plainDate && endOfDay ? ms + 86_400_000 - 1 : ms;
}

/**
 * The observations of a buoy as the visualisation payload (spec 002 §3): `time` and one array per asked
 * series, -999 where the hour is missing, with units and long names; kwargs name the buoy and its licence.
 */
export async function buoyVisuData(
  services: Services,
  caller: Caller,
  id: number,
  query: { runs?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<VisuPayload> {
  const row = (await visibleBuoys(services, caller)).find((buoy) => buoy.id === id);
  if (!row) throw notFound();
  const meta = row.meta as unknown as BuoyMeta;
  const available = meta.fields.map((f) => f.field);
  const asked =
    query.runs === undefined || query.runs.trim() === ''
      ? available
      : [...new Set(query.runs.split(',').map((run) => run.trim()))].filter((run) => run !== '');
  const unknown = asked.filter((run) => !available.includes(run));
  if (unknown.length > 0)
    throw badRequest({ fieldErrors: { runs: [buoyMessages.unknownRuns(unknown, available)] } });
  const from = epoch(query.from, false) ?? -Infinity;
  const to = epoch(query.to, true) ?? Infinity;
  if (from > to) throw badRequest({ nonFieldErrors: [buoyMessages.badPeriod] });

  const series = await (await openStore(meta.path)).readNode(0, asked);
  let first = 0;
  while (first < series.time.length && series.time[first]! < from) first++;
  let end = first;
  while (end < series.time.length && series.time[end]! <= to) end++;
  const arrays: Record<string, VisuArray> = {
    time: {
      values: Array.from(series.time.subarray(first, end)),
      dimensions: ['time'],
      attributes: { units: 'milliseconds since 1970-01-01 00:00:00', longName: 'time (UTC)' },
    },
  };
  for (const run of asked) {
    const field = series.fields[run];
    const info = meta.fields.find((f) => f.field === run)!;
    arrays[run] = {
      values: Array.from(field?.values.subarray(first, end) ?? [], (v) =>
        Number.isFinite(v) ? Math.round(v * 1e4) / 1e4 : MISSING_VALUE,
      ),
      dimensions: ['time'],
      attributes: { units: info.units, longName: info.longName },
    };
  }
  const kwargs: VisuKwargs = {
    statId: `BUOY_${row.code}`,
    code: 'TS',
    periodicity: 'annual',
    title: `${row.name}: observations`,
    xName: 'time',
    yName: asked[0],
    xLabel: 'Time (UTC)',
    yLabel: asked
      .map((run) => `${run} (${meta.fields.find((f) => f.field === run)?.units ?? ''})`)
      .join(', '),
    dataset: `${row.name} (${row.provider})`,
    method: 'hourly observations as measured, no gap filling; missing hours are -999',
    buoy: row.code,
    licence: meta.licence,
    notes: meta.notes,
  };
  // The payload is kwargs beside the named arrays (spec 002 §3); the index signature of the contract type
  // rejects that object literal; Object.assign types it as the intersection it is.
  return Object.assign({ kwargs }, arrays);
}

/** Finite numbers as they are; NaN and infinities (undefined metrics) as null. */
const finiteOrNull = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);

type PointRow = typeof points.$inferSelect;

/**
 * Why a buoy is not compared with a point of a zone (outside the zone, farther than BUOY_NEAR_KM), or
 * undefined when it is: the one rule of the endpoint and of the reports' validation annex.
 */
function refusal(zone: ZoneRow, point: PointRow, row: BuoyRow): string | undefined {
  if (!inside(zone, row)) return buoyMessages.notInZone;
  const distanceKm = greatCircleKm(point.lat, point.lng, row.latitude, row.longitude);
  return distanceKm > BUOY_NEAR_KM ? buoyMessages.tooFar(distanceKm) : undefined;
}

/** The buoys of a zone that are compared with a point of it (within BUOY_NEAR_KM), nearest first. */
export async function buoysNearPoint(db: Db, zone: ZoneRow, point: PointRow): Promise<BuoyRow[]> {
  const rows = await db.select().from(buoys).orderBy(asc(buoys.code));
  const km = (row: BuoyRow) => greatCircleKm(point.lat, point.lng, row.latitude, row.longitude);
  return rows.filter((row) => refusal(zone, point, row) === undefined).sort((a, b) => km(a) - km(b));
}

/**
 * A buoy against the hindcast at the node of a project's point (spec 002 "Buoy comparison"): per variable both
 * hold, the pairs on common hours, the metrics of spec 002 §9 and the scatter data of §3. The project must be
 * the caller's, its offer running, the buoy inside its zone and within BUOY_NEAR_KM of the point.
 */
export async function buoyComparison(
  services: Services,
  caller: Caller,
  id: number,
  query: { project: number; point: number; runs?: string | undefined },
  pairs?: Map<string, Collocated>,
): Promise<BuoyComparison> {
  const access = await projectFor(services.db, caller, query.project);
  const [point] = await services.db
    .select()
    .from(points)
    .where(and(eq(points.id, query.point), eq(points.projectId, query.project)));
  if (!point) throw notFound();
  const row = (await visibleBuoys(services, caller)).find((buoy) => buoy.id === id);
  if (!row) throw notFound();
  if (access.expired) throw badRequest({ nonFieldErrors: [buoyMessages.expired] });
  const refused = refusal(access.zone, point, row);
  if (refused !== undefined) throw badRequest({ nonFieldErrors: [refused] });
  return compareAtPoint(services.db, access.zone, point, row, query.runs, pairs);
}

/**
 * The comparison of a buoy the rule above allows with a point (the endpoint after its checks; a report's
 * data loading for the buoys near each point). Refuses a point no hindcast serves and unknown variables.
 */
export async function compareAtPoint(
  db: Db,
  zone: ZoneRow,
  point: PointRow,
  row: BuoyRow,
  runs?: string,
  /** Filled with each variable's pairs when given (the download writes them). */
  pairs?: Map<string, Collocated>,
): Promise<BuoyComparison> {
  const distanceKm = greatCircleKm(point.lat, point.lng, row.latitude, row.longitude);
  const source = await sourceForPoint(db, zone.id, point.lat, point.lng);
  if (!source) throw badRequest({ nonFieldErrors: [buoyMessages.noModelData] });
  const model = await readPointRecord(source, point);
  const meta = row.meta as unknown as BuoyMeta;
  const shared = meta.fields.map((f) => f.field).filter((field) => model.series.fields[field] !== undefined);
  const asked =
    runs === undefined || runs.trim() === ''
      ? shared
      : [...new Set(runs.split(',').map((run) => run.trim()))].filter((run) => run !== '');
  const unknown = asked.filter((run) => !shared.includes(run));
  if (unknown.length > 0)
    throw badRequest({ fieldErrors: { runs: [buoyMessages.unknownRuns(unknown, shared)] } });
  if (asked.length === 0) throw badRequest({ nonFieldErrors: [buoyMessages.nothingToCompare] });

  const measured = await (await openStore(meta.path)).readNode(0, asked);
  const variables = asked.map((name) => {
    const info = meta.fields.find((f) => f.field === name)!;
    const variable = {
      name,
      units: info.units,
      longName: info.longName,
      directional: isDirection(name, { longName: info.longName }),
    };
    const modelValues = { time: model.series.time, values: model.series.fields[name]!.values };
    const measureValues = { time: measured.time, values: measured.fields[name]!.values };
    const result = compareVariable(modelValues, measureValues, variable, {
      model: model.dataset.name,
      measure: row.name,
    });
    pairs?.set(name, collocate(modelValues, measureValues));
    const { scatter } = result;
    return {
      ...variable,
      counts: result.counts,
      period: {
        from: result.firstPair === undefined ? null : new Date(result.firstPair).toISOString(),
        to: result.lastPair === undefined ? null : new Date(result.lastPair).toISOString(),
      },
      metrics: Object.fromEntries(Object.entries(result.metrics).map(([k, v]) => [k, finiteOrNull(v)])),
      scatter: {
        ...scatter,
        linregress: {
          slope: finiteOrNull(scatter.linregress.slope),
          intercept: finiteOrNull(scatter.linregress.intercept),
          r2: finiteOrNull(scatter.linregress.r2),
        },
      },
    };
  });
  return {
    buoy: presentBuoy(row),
    point: { id: point.id, name: point.name, lat: point.lat, lng: point.lng },
    distanceKm,
    node: model.node,
    dataset: model.dataset,
    variables,
  };
}
