// The record of a point as every reader of it must see it (issue 33): the node's record, with a calibrated
// variant's variable replaced by its corrected copy. Statistics (the worker), zoomed and recomputed views,
// exports, buoy comparisons and contractors runs read a point through here, so a variant never shows an
// uncorrected number.
import { applyCorrection, markUnchanging, type Correction, type Series } from '@metocean/core';
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
