// The record of a point as every reader of it must see it (issue 33): the node's record, with a calibrated
// variant's variable replaced by its corrected copy. Statistics (the worker), zoomed and recomputed views,
// exports, buoy comparisons and contractors runs read a point through here, and the statistics threads'
// jobs (a point's batches, its intervals, a report's persistence tables, a satellite comparison's model
// values) read it where pointReading says, with the variant's correction, so a variant never shows an
// uncorrected number.
import type { CalibrationStamp } from '@metocean/contracts';
import { applyCorrection, markUnchanging, MONTH_NAMES, type Correction, type Series } from '@metocean/core';
import type { PointCalibration } from '../db/schema';
import { readPointSeries, type DataSource, type NodeReader, type PointSeries } from './sources';

export interface SeriesCorrection {
  variable: string;
  correction: Correction;
}

/** Corrected records made from a node's record, per correction: every batch of a variant shares one. */
const corrected = new WeakMap<Series, Map<string, Series>>();

/**
 * The record with one variable corrected (a new array; the record read stays as it is, for the original point
 * of the same node). The corrected values are float64 and marked unchanging like the record.
 */
export function correctedSeries(series: Series, job: SeriesCorrection): Series {
  const key = JSON.stringify(job);
  let byKey = corrected.get(series);
  if (!byKey) corrected.set(series, (byKey = new Map<string, Series>()));
  let out = byKey.get(key);
  if (!out) {
    const field = series.fields[job.variable];
    if (!field) throw new Error(`the calibrated variable ${job.variable} is not in the point's record`);
    const values = applyCorrection(job.correction, series.time, field.values).values;
    markUnchanging([values]);
    out = { ...series, fields: { ...series.fields, [job.variable]: { ...field, values } } };
    byKey.set(key, out);
  }
  return out;
}

export const correctionOf = (
  calibration: PointCalibration | null | undefined,
): SeriesCorrection | undefined =>
  calibration ? { variable: calibration.stamp.variable, correction: calibration.correction } : undefined;

/** Where a statistics thread's job reads a point: its source, its position, a variant's correction. */
export interface PointReading {
  source: DataSource;
  lat: number;
  lon: number;
  correction?: SeriesCorrection;
}

/** The reading of a point row for a statistics thread's job (every job that reads a point's record). */
export function pointReading(
  source: DataSource,
  point: { lat: number; lng: number; calibration?: PointCalibration | null },
): PointReading {
  const correction = correctionOf(point.calibration);
  return { source, lat: point.lat, lon: point.lng, ...(correction ? { correction } : {}) };
}

/** A point's record: the node nearest it, corrected when the point is a calibrated variant. */
export async function readPointRecord(
  source: DataSource,
  point: { lat: number; lng: number; calibration?: PointCalibration | null },
  readNode?: NodeReader,
): Promise<PointSeries> {
  const read = await readPointSeries(source, point.lat, point.lng, readNode);
  const correction = correctionOf(point.calibration);
  if (!correction || !point.calibration) return read;
  // the dataset's notes travel into exports and reports: they say which series was used
  const notes = `Calibrated variant: ${point.calibration.stamp.text}.`;
  return {
    ...read,
    series: correctedSeries(read.series, correction),
    dataset: { ...read.dataset, notes: read.dataset.notes ? `${read.dataset.notes} ${notes}` : notes },
  };
}

/** A skill figure of the stamp at 3 decimals, as the Calibrate dialog shows it. */
const skill = (v: number) => (Number.isFinite(v) ? (Number(v.toFixed(3)) || 0).toFixed(3) : '–');
/** A parameter at 4 significant digits, as the stamp's text writes it. */
const parameter = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4))));

/**
 * The series an export or report of a point used, as items of its About sheet (xlsx), its global attributes
 * (nc, mat) or a table of the PDF: for a calibrated variant, the correction's method, parameters, source,
 * pairs, period and skill; for any other point, that it is the original hindcast (named variants listed).
 */
export function seriesStampRows(
  calibration: PointCalibration | null | undefined,
  variants: string[] = [],
): [string, string | number][] {
  if (!calibration)
    return [
      [
        'series',
        variants.length > 0
          ? `original hindcast, uncorrected (calibrated variants of this point: ${variants.join(', ')})`
          : 'original hindcast, uncorrected',
      ],
    ];
  const s = calibration.stamp;
  const units = s.units ? ` ${s.units}` : '';
  const laws = s.parameters
    .map((p, k) => {
      const text = Object.entries(p)
        .map(([key, v]) => `${key} = ${parameter(v)}`)
        .join(', ');
      return s.perMonth ? `${MONTH_NAMES[k] ?? k + 1}: ${text}` : text;
    })
    .join('; ');
  const judged = (
    label: string,
    j: { before: CalibrationStamp['inSample']['before']; after: typeof j.before },
  ) =>
    `${label}: n ${j.before.n}, bias ${skill(j.before.bias)} → ${skill(j.after.bias)}${units}, RMSE ` +
    `${skill(j.before.rmse)} → ${skill(j.after.rmse)}${units}, SI ${skill(j.before.si)} → ${skill(j.after.si)}, ` +
    `P99 error ${skill(j.before.p99Error)} → ${skill(j.after.p99Error)}${units} (uncorrected → corrected)`;
  const rows: [string, string | number][] = [
    [
      'series',
      `calibrated: ${s.variable} corrected against measurements; every other variable is the original hindcast`,
    ],
    ['calibration variable', `${s.variable}${s.units ? ` (${s.units})` : ''}`],
    ['calibration method', `${s.method}${s.perMonth ? ' per calendar month' : ''}: ${s.description}`],
    ['calibration parameters', laws],
    ['calibration source', s.source.name],
    ['calibration pairs', s.pairs],
    ['calibration period', `${s.period.start} to ${s.period.end}`],
    ['calibration pairing window (h)', s.windowHours],
    ['calibration skill in sample', judged('in sample', s.inSample)],
  ];
  if (s.outOfSample)
    rows.push([
      'calibration skill out of sample',
      judged(`${s.outOfSample.scheme}, ${s.outOfSample.folds} folds`, s.outOfSample),
    ]);
  if (s.lowerBound !== null) rows.push(['calibration lower bound', `${s.lowerBound}${units}`]);
  if (s.warnings.length > 0) rows.push(['calibration warnings', s.warnings.join(' ')]);
  return rows;
}
