// Calibrated variants of a point (issue 33, docs/methods/calibration.md): one variable of the point's hindcast
// corrected against measurements — a buoy the point's comparison allows (within BUOY_NEAR_KM, in the zone) or
// a finished satellite comparison of the point (its matchups) or an uploaded point CSV — by a linear, power or quantile-mapping law fitted on the pairs and judged out of
// sample. The original point is untouched; the variant is a new point of the project at the same position
// whose computation reads the same node and corrects the variable before every statistic (jobs/
// statistics-worker.ts), so its statistics come from the same engine. Its credits are those of any point.
import { eq } from 'drizzle-orm';
import {
  CALIBRATION_METHODS,
  limits,
  messages,
  SATELLITE_VARIABLES,
  type SatelliteVisuData,
  projectMessages,
  type CalibratePointRequest,
  type CalibrationStamp,
  type Point,
} from '@metocean/contracts';
import {
  CalibrationRefused,
  CORRECTION_METHOD_TEXT,
  isDirection,
  lawParameters,
  pairByTime,
  type Calibration,
  type Series,
  type TimedSeries,
} from '@metocean/core';
import { catalogueKey, readCsvSeries } from '@metocean/hindcast';
import { buoys, points, satelliteComparisons } from '../db/schema';
import { openStore, type BuoyMeta } from '../data/buoys';
import { sourceForPoint } from '../data/registry';
import { readPointSeries } from '../data/sources';
import { badRequest, notFound } from '../http/errors';
import { calibrateInThread } from '../jobs/planning-thread';
import { buoysNearPoint } from './buoys';
import type { Caller, Services } from './context';
import { presentPoints } from './points';
import type { StoredMatchups } from './satellite';
import { projectFor, requireEditable } from './project-access';

export const calibrationMessages = {
  isVariant: 'This point is a calibrated variant: calibrate its original point instead',
  noModelData: 'No hindcast serves this point',
  unknownVariable: (name: string, have: string[]) =>
    `The point's hindcast has no variable "${name}" (have ${have.join(', ')})`,
  unknownObsVariable: (name: string, have: string[]) =>
    `The measurements have no column "${name}" (have ${have.join(', ')})`,
  buoyNotNear: 'This buoy is not compared with this point (outside the zone or too far from the point)',
  unitsDiffer: (model: string, obs: string) =>
    `The hindcast is in ${model} and the measurements in ${obs}: convert the file first`,
  badFile: (reason: string) => `The measurement file cannot be read: ${reason}`,
  refused: (reason: string) => `No correction: ${reason}`,
  satelliteNotOfPoint: 'This satellite comparison is not one of this point',
  satelliteNotFinished: 'This satellite comparison is not finished: calibrate once it is',
  satelliteNoVariable: (name: string, have: string[]) =>
    `The satellite comparison has no matchups of "${name}" (it has ${have.join(', ') || 'none'})`,
};

const iso = (t: number) => new Date(t).toISOString();

/** Parameters at 4 significant digits in the one-line stamp (the JSON keeps them whole). */
const fmt = (v: number) => (Number.isInteger(v) ? String(v) : Number(v.toPrecision(4)).toString());

export function stampOf(
  c: Calibration,
  variable: string,
  units: string,
  source: CalibrationStamp['source'],
  windowHours: number,
): CalibrationStamp {
  const parameters = c.correction.laws.map(lawParameters);
  const law = parameters
    .map((p, k) => {
      const text = Object.entries(p)
        .map(([key, v]) => `${key} = ${fmt(v)}`)
        .join(', ');
      return c.correction.perMonth ? `month ${k + 1}: ${text}` : text;
    })
    .join('; ');
  const period = { start: iso(c.period[0]), end: iso(c.period[1]) };
  return {
    variable,
    units,
    method: c.correction.method,
    perMonth: c.correction.perMonth,
    description: CORRECTION_METHOD_TEXT[c.correction.method],
    parameters,
    lowerBound: c.correction.lowerBound,
    source,
    pairs: c.pairs,
    period,
    windowHours,
    inSample: c.inSample,
    outOfSample: c.outOfSample
      ? {
          scheme: c.outOfSample.scheme,
          folds: c.outOfSample.folds,
          before: c.outOfSample.before,
          after: c.outOfSample.after,
        }
      : null,
    warnings: c.warnings,
    text:
      `${variable} corrected by ${c.correction.method}${c.correction.perMonth ? ' per calendar month' : ''} ` +
      `(${law}) fitted on ${c.pairs} pairs with ${source.name}, ${period.start.slice(0, 10)} to ` +
      `${period.end.slice(0, 10)}`,
  };
}

interface Measured {
  /** The measured values of the chosen column, by time. */
  obs: TimedSeries;
  units: string;
  source: CalibrationStamp['source'];
  /** The pairing window these measurements impose (a satellite comparison's matchups are already paired). */
  windowHours?: number;
}

/** The measured series and its column: a buoy's record, a satellite comparison's matchups, an uploaded CSV. */
async function measurements(
  services: Services,
  zone: Parameters<typeof buoysNearPoint>[1],
  point: Parameters<typeof buoysNearPoint>[2] & { id: number },
  request: CalibratePointRequest,
): Promise<Measured> {
  const source = request.source;
  if ('satellite' in source)
    return satelliteMeasurements(services, point.id, request.variable, source.satellite);
  if ('buoy' in source) {
    const [row] = await services.db.select().from(buoys).where(eq(buoys.id, source.buoy)).limit(1);
    if (!row) throw notFound();
    const near = await buoysNearPoint(services.db, zone, point);
    if (!near.some((b) => b.id === row.id))
      throw badRequest({ fieldErrors: { 'source.buoy': [calibrationMessages.buoyNotNear] } });
    const meta = row.meta as unknown as BuoyMeta;
    const run = source.run ?? request.variable;
    const info = meta.fields.find((f) => f.field === run);
    if (!info)
      throw badRequest({
        fieldErrors: {
          'source.run': [
            calibrationMessages.unknownObsVariable(
              run,
              meta.fields.map((f) => f.field),
            ),
          ],
        },
      });
    const series = await (await openStore(meta.path)).readNode(0, [run]);
    return {
      obs: { time: series.time, values: series.fields[run]!.values },
      units: info.units,
      source: { kind: 'buoy', name: `buoy ${row.code} (${row.name}), ${run}` },
    };
  }
  let series: Series;
  try {
    series = readCsvSeries(source.csv).series;
  } catch (error) {
    throw badRequest({
      fieldErrors: { 'source.csv': [calibrationMessages.badFile((error as Error).message)] },
    });
  }
  const names = Object.keys(series.fields);
  const wanted = source.obsVariable ?? request.variable;
  const key = catalogueKey(wanted, {});
  const column =
    names.find((n) => n === wanted || n.toLowerCase() === wanted.toLowerCase()) ??
    (key === null ? undefined : names.find((n) => catalogueKey(n, {}) === key));
  if (column === undefined)
    throw badRequest({
      fieldErrors: { 'source.obsVariable': [calibrationMessages.unknownObsVariable(wanted, names)] },
    });
  const fileName = 'fileName' in source && source.fileName ? source.fileName : 'measurements.csv';
  return {
    obs: { time: series.time, values: series.fields[column]!.values },
    units: series.fields[column]!.units,
    source: { kind: 'upload', name: `${fileName}, ${column}` },
  };
}

/**
 * The matchups of a FINISHED satellite comparison of this point as a measured series: each matchup's time is
 * the model step it was attached to and its value the mean of the altimeter samples (satellite-collocate.ts),
 * so pairing it with the node's record at exact times gives back the comparison's pairs.
 */
async function satelliteMeasurements(
  services: Services,
  pointId: number,
  variable: string,
  comparisonId: number,
): Promise<Measured> {
  const [row] = await services.db
    .select()
    .from(satelliteComparisons)
    .where(eq(satelliteComparisons.id, comparisonId))
    .limit(1);
  if (!row || row.pointId !== pointId)
    throw badRequest({ fieldErrors: { 'source.satellite': [calibrationMessages.satelliteNotOfPoint] } });
  if (row.status !== 'FINISHED')
    throw badRequest({ fieldErrors: { 'source.satellite': [calibrationMessages.satelliteNotFinished] } });
  const compared = SATELLITE_VARIABLES.find((v) => v.field === variable || v.name === variable);
  const matchups = ((row.matchups ?? []) as StoredMatchups[]).find((m) => m.name === compared?.name);
  if (!compared || !matchups)
    throw badRequest({
      fieldErrors: {
        variable: [
          calibrationMessages.satelliteNoVariable(
            variable,
            ((row.matchups ?? []) as StoredMatchups[]).map(
              (m) => SATELLITE_VARIABLES.find((v) => v.name === m.name)?.field ?? m.name,
            ),
          ),
        ],
      },
    });
  const visu = row.visu as SatelliteVisuData | null;
  const synthetic = row.synthetic === true;
  const altimetry = synthetic
    ? 'synthetic altimetry'
    : `altimetry (${visu?.altimetry.missions.join(', ') || 'L3 along-track'})`;
  return {
    obs: { time: matchups.time, values: matchups.measure },
    units: matchups.units,
    source: {
      kind: 'satellite',
      name: `satellite comparison "${row.name}" (${altimetry}), ${compared.name}`,
      comparison: row.id,
    },
    windowHours: 0,
  };
}

/** A name for the variant not used in the project: "<point> · <var> <method>", numbered when taken. */
async function variantName(services: Services, projectId: number, base: string): Promise<string> {
  const taken = new Set(
    (await services.db.select({ name: points.name }).from(points).where(eq(points.projectId, projectId))).map(
      (r) => r.name.toLowerCase(),
    ),
  );
  for (let k = 1; ; k++) {
    const name = k === 1 ? base : `${base} (${k})`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

interface Fitted {
  point: typeof points.$inferSelect;
  stamp: CalibrationStamp;
  result: Calibration;
}

/**
 * The fit behind both calibrate routes: managers of the project, an original point, a method, a variable the
 * point's hindcast holds in the measurements' units; refused with the reason when the pairs cannot carry it.
 */
async function fitPointCalibration(
  services: Services,
  caller: Caller,
  id: number,
  request: CalibratePointRequest,
): Promise<Fitted> {
  const [point] = await services.db.select().from(points).where(eq(points.id, id)).limit(1);
  if (!point) throw notFound();
  const access = await projectFor(services.db, caller, point.projectId);
  requireEditable(access);
  if (point.calibrationOf !== null) throw badRequest({ nonFieldErrors: [calibrationMessages.isVariant] });
  // a variant is one more point of the project: a trial project holds one
  if (access.instance.isTrial) throw badRequest({ nonFieldErrors: [projectMessages.trialOnePoint] });
  if (!(CALIBRATION_METHODS as readonly string[]).includes(request.method))
    throw badRequest({ fieldErrors: { method: [messages.required] } });
  const dataSource = await sourceForPoint(services.db, access.zone.id, point.lat, point.lng);
  if (!dataSource) throw badRequest({ nonFieldErrors: [calibrationMessages.noModelData] });
  const model = await readPointSeries(dataSource, point.lat, point.lng);
  const field = model.series.fields[request.variable];
  if (!field)
    throw badRequest({
      fieldErrors: {
        variable: [calibrationMessages.unknownVariable(request.variable, Object.keys(model.series.fields))],
      },
    });
  const measured = await measurements(services, access.zone, point, request);
  if (field.units && measured.units && field.units !== measured.units)
    throw badRequest({ nonFieldErrors: [calibrationMessages.unitsDiffer(field.units, measured.units)] });
  const windowHours = measured.windowHours ?? request.windowHours ?? 0;
  const pairs = pairByTime({ time: model.series.time, values: field.values }, measured.obs, windowHours);
  let negative = false;
  for (const v of pairs.model) if (v < 0) negative = true;
  for (const v of pairs.obs) if (v < 0) negative = true;
  let result: Calibration;
  try {
    // 41 fits of up to 350,000 pairs: in a thread, off the event loop
    result = await calibrateInThread({
      pairs,
      options: {
        method: request.method,
        perMonth: request.perMonth ?? false,
        lowerBound: negative ? null : 0,
        directional: isDirection(request.variable, field),
      },
    });
  } catch (error) {
    if (error instanceof CalibrationRefused)
      throw badRequest({ nonFieldErrors: [calibrationMessages.refused(error.message)] });
    throw error;
  }
  return {
    point,
    result,
    stamp: stampOf(result, request.variable, field.units, measured.source, windowHours),
  };
}

/** POST /api/points/{id}/calibrate/preview/: the fit and its judgement, nothing stored. */
export async function previewCalibration(
  services: Services,
  caller: Caller,
  id: number,
  request: CalibratePointRequest,
): Promise<CalibrationStamp> {
  return (await fitPointCalibration(services, caller, id, request)).stamp;
}

/**
 * POST /api/points/{id}/calibrate/: managers of the project. Fits the correction (refusing it with the reason
 * when the pairs cannot carry it) and creates the variant, not yet computed.
 */
export async function calibratePoint(
  services: Services,
  caller: Caller,
  id: number,
  request: CalibratePointRequest,
): Promise<Point> {
  const { point, stamp, result } = await fitPointCalibration(services, caller, id, request);
  const name = await variantName(
    services,
    point.projectId,
    `${point.name} · ${request.variable} ${request.method}`.slice(0, limits.pointNameMax - 4),
  );
  const [created] = await services.db
    .insert(points)
    .values({
      projectId: point.projectId,
      name,
      lat: point.lat,
      lng: point.lng,
      calibrationOf: point.id,
      calibration: { stamp, correction: result.correction },
    })
    .returning();
  const [presented] = await presentPoints(services, [created!]);
  return presented!;
}
