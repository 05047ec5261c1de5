// Satellite comparisons (spec 002 "Satellite comparison", §7 /api/satellite_comparisons/): the records of a
// project's points, launched by its managers while its offer runs, computed by the satellite-comparison job,
// and read back as scatter data or as a zip of the matchups and metrics. Every read goes through the
// project access policy: a comparison of a project the caller may not see is a 404.
import { and, desc, eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import {
  COMPARISON_METRICS,
  float32Decimal,
  satelliteFileName,
  satelliteMessages,
  type CreateSatelliteComparison,
  type SatelliteComparison,
  type SatelliteStatus,
  type SatelliteVisuData,
} from '@metocean/contracts';
import { points, projects, satelliteComparisons } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { sourceForPoint } from '../data/registry';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import type { Caller, Services } from './context';
import { projectFor, visibleTo, type ProjectAccess } from './project-access';

type Row = typeof satelliteComparisons.$inferSelect;

/** The matchups of one variable as stored for the download (columns of equal length). */
export interface StoredMatchups {
  name: string;
  units: string;
  time: number[];
  model: number[];
  measure: number[];
  samples: number[];
  spread: number[];
  distanceKm: number[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentSatellite(row: Row): SatelliteComparison {
  return {
    id: row.id,
    name: row.name,
    project: row.projectId,
    point: row.pointId,
    user: row.userId,
    status: row.status as SatelliteStatus,
    errorMessage: row.errorMessage,
    stats: (row.stats as SatelliteComparison['stats']) ?? null,
    synthetic: row.synthetic,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    computedAt: iso(row.computedAt),
  };
}

/** A launch needs a manager of the project (spec 000 §6) and a running offer (spec 002 §6). */
function requireLauncher(access: ProjectAccess): void {
  if (!access.canEdit) throw forbidden(satelliteMessages.managersOnly);
  if (access.expired) throw badRequest({ nonFieldErrors: [satelliteMessages.expired] });
}

async function comparisonFor(
  services: Services,
  caller: Caller,
  id: number,
): Promise<{ row: Row; access: ProjectAccess }> {
  const [row] = await services.db.select().from(satelliteComparisons).where(eq(satelliteComparisons.id, id));
  if (!row) throw notFound();
  return { row, access: await projectFor(services.db, caller, row.projectId) };
}

/** GET /api/satellite_comparisons/: the caller's visible comparisons, newest first (of a project, a point). */
export async function listSatellite(
  services: Services,
  caller: Caller,
  query: { project?: number | undefined; point?: number | undefined },
): Promise<SatelliteComparison[]> {
  if (query.project !== undefined) await projectFor(services.db, caller, query.project);
  const visible = services.db
    .select({ id: projects.id })
    .from(projects)
    .where(visibleTo(services.db, caller));
  const rows = await services.db
    .select()
    .from(satelliteComparisons)
    .where(
      and(
        inArray(satelliteComparisons.projectId, visible),
        query.project === undefined ? undefined : eq(satelliteComparisons.projectId, query.project),
        query.point === undefined ? undefined : eq(satelliteComparisons.pointId, query.point),
      ),
    )
    .orderBy(desc(satelliteComparisons.id));
  return rows.map(presentSatellite);
}

export async function getSatellite(services: Services, caller: Caller, id: number) {
  return presentSatellite((await comparisonFor(services, caller, id)).row);
}

/**
 * POST /api/satellite_comparisons/: a manager creates the comparison of a point of their project (PENDING);
 * PUT …/compute/ starts it. One comparison per point may be in flight (409).
 */
export async function createSatellite(
  services: Services,
  caller: Caller,
  body: CreateSatelliteComparison,
): Promise<SatelliteComparison> {
  const access = await projectFor(services.db, caller, body.project);
  requireLauncher(access);
  if (body.user !== undefined && body.user !== caller.id)
    throw badRequest({ fieldErrors: { user: [satelliteMessages.wrongUser] } });
  const [point] = await services.db
    .select()
    .from(points)
    .where(and(eq(points.id, body.point), eq(points.projectId, body.project)));
  if (!point) throw badRequest({ fieldErrors: { point: [satelliteMessages.wrongPoint] } });
  if (!(await sourceForPoint(services.db, access.zone.id, point.lat, point.lng)))
    throw badRequest({ nonFieldErrors: [satelliteMessages.noModelData] });
  try {
    const [row] = await services.db
      .insert(satelliteComparisons)
      .values({ name: body.name, projectId: body.project, pointId: point.id, userId: caller.id })
      .returning();
    return presentSatellite(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, { nonFieldErrors: [satelliteMessages.running] });
    throw error;
  }
}

/** PUT /api/satellite_comparisons/{id}/compute/: RUNNING, then the job (enqueued after the update). */
export async function computeSatellite(
  services: Services,
  caller: Caller,
  id: number,
): Promise<SatelliteComparison> {
  const { access } = await comparisonFor(services, caller, id);
  requireLauncher(access);
  let updated: Row | undefined;
  try {
    [updated] = await services.db
      .update(satelliteComparisons)
      .set({
        status: 'RUNNING',
        errorMessage: '',
        userId: caller.id,
        queuedAt: new Date(),
        // the heartbeat of an earlier run is not this one's (reconcile.ts)
        heartbeatAt: null,
        startedAt: null,
        computedAt: null,
      })
      .where(
        and(eq(satelliteComparisons.id, id), inArray(satelliteComparisons.status, ['PENDING', 'FAILED'])),
      )
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, { nonFieldErrors: [satelliteMessages.running] });
    throw error;
  }
  if (!updated) {
    const [row] = await services.db
      .select()
      .from(satelliteComparisons)
      .where(eq(satelliteComparisons.id, id));
    throw new HttpError(409, {
      nonFieldErrors: [
        row?.status === 'FINISHED' ? satelliteMessages.alreadyFinished : satelliteMessages.running,
      ],
    });
  }
  await services.queue.send('satellite-comparison', { comparisonId: id });
  return presentSatellite(updated);
}

async function finished(services: Services, caller: Caller, id: number): Promise<Row> {
  const { row } = await comparisonFor(services, caller, id);
  if (row.status !== 'FINISHED' || row.visu === null)
    throw new HttpError(409, { nonFieldErrors: [satelliteMessages.notFinished] });
  return row;
}

/** GET /api/satellite_comparisons/{id}/get_visu_data/: 409 until FINISHED. */
export async function satelliteVisuData(
  services: Services,
  caller: Caller,
  id: number,
): Promise<SatelliteVisuData> {
  return (await finished(services, caller, id)).visu as SatelliteVisuData;
}

/** Significant digits of a derived number (a mean of samples, a metric): far past the data's own precision. */
const DERIVED_DIGITS = 6;

/**
 * A CSV cell, text quoted when it holds a separator, a quote or a line break. Numbers without float noise
 * (issue 30): whole numbers as they are, a float32 value (the hindcast, one altimeter sample) as its
 * shortest decimal (1.3, not 1.2999999523), a derived float64 to 6 significant digits.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    if (Number.isInteger(value)) return String(value);
    if (Math.fround(value) === value) return String(float32Decimal(value));
    return String(Number(value.toPrecision(DERIVED_DIGITS)));
  }
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const csv = (rows: (string | number | null)[][]) => rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';

/**
 * GET /api/satellite_comparisons/{id}/download/: a zip of README.txt (provenance, the matchup rule and the
 * synthetic flag), matchups.csv (one row per matchup and variable) and metrics.csv (one row per variable).
 */
export async function downloadSatellite(
  services: Services,
  caller: Caller,
  id: number,
): Promise<{ fileName: string; body: Buffer }> {
  const row = await finished(services, caller, id);
  const visu = row.visu as SatelliteVisuData;
  const matchups = (row.matchups ?? []) as StoredMatchups[];
  const { altimetry, dataset, node, point } = visu;
  const readme = [
    `Satellite comparison "${row.name}" (Metocean Studio), computed ${iso(row.computedAt)}.`,
    `Provenance: model ${dataset.name}${dataset.synthetic ? ' (synthetic demo hindcast)' : ''}, node lat ${node.lat}, lon ${node.lon} (${node.distanceKm.toFixed(2)} km from point "${point.name}", lat ${point.lat}, lon ${point.lng}); altimetry ${altimetry.source} (missions: ${altimetry.missions.join(', ') || 'none'}); synthetic altimetry: ${altimetry.synthetic ? 'yes' : 'no'}.`,
    altimetry.synthetic
      ? 'SYNTHETIC: no real along-track file was available for this zone; the altimeter samples were drawn from the hindcast with altimeter-like noise. They show the method, not the skill of the model.'
      : 'The altimeter samples are the L3 along-track files placed for this zone.',
    `Matchup rule: samples within ${altimetry.radiusKm} km of the point, each attached to the nearest hourly model step within ±${altimetry.halfWindowMinutes} min, averaged per step; a step needs ${altimetry.minSamples} samples and a model value. The model is not interpolated in time.`,
    'matchups.csv: variable, time (UTC, ISO 8601), model and measure (mean of the samples) in the variable units, samples averaged, their standard deviation and their mean distance to the point (km).',
    'Numbers: values stored as 32-bit floats (model, single samples) are written as their shortest decimal; means and metrics to 6 significant digits.',
    "metrics.csv: per variable, the matchup counts and the metrics of the comparison (bias = mean(model - measure)); bias, rmse and intercept in the variable units, pbias in %, the others without units; slope, intercept and r2: the least-squares line of the measure on the model over the matchups where both are non-zero (the scatter plot's line); empty where undefined.",
    dataset.notes ? `Model notes: ${dataset.notes}` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
  const matchupRows: (string | number | null)[][] = [
    ['variable', 'units', 'time', 'model', 'measure', 'samples', 'measure_std', 'distance_km'],
  ];
  for (const m of matchups)
    m.time.forEach((t, i) =>
      matchupRows.push([
        m.name,
        m.units,
        new Date(t).toISOString(),
        m.model[i]!,
        m.measure[i]!,
        m.samples[i]!,
        m.spread[i]!,
        m.distanceKm[i]!,
      ]),
    );
  const metricNames = COMPARISON_METRICS.filter((name) => visu.variables.some((v) => name in v.metrics));
  const metricRows: (string | number | null)[][] = [
    [
      'variable',
      'units',
      'matchups',
      'samples_in_radius',
      'first',
      'last',
      ...metricNames,
      'slope',
      'intercept',
      'r2',
    ],
    ...visu.variables.map((v) => [
      v.name,
      v.units,
      v.counts.matchups,
      v.counts.inRadius,
      v.period.from,
      v.period.to,
      ...metricNames.map((name) => v.metrics[name] ?? null),
      // the regression line the scatter plot draws (issue 30: the csv lacked it)
      v.scatter.linregress.slope,
      v.scatter.linregress.intercept,
      v.scatter.linregress.r2,
    ]),
  ];
  const zip = new JSZip();
  const date = row.computedAt ?? new Date();
  zip.file('README.txt', readme + '\n', { date });
  zip.file('matchups.csv', csv(matchupRows), { date });
  zip.file('metrics.csv', csv(metricRows), { date });
  const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { fileName: satelliteFileName(row.name, 'zip'), body };
}
