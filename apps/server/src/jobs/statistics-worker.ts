// Runs in the worker-thread pool: one statistic of one point per call. The point's series is read once
// per thread and kept for the calls that follow (a point's statistics arrive one after another).
import { overview, statisticOf, type StatisticTarget } from '@metocean/core';
import { analysedSeries, readPointSeries, type DataSource, type PointSeries } from '../data/sources';

/** Not a statistic code: the overview table of the point's map popup (spec 000 §2.8). */
export const OVERVIEW_ID = 'OVERVIEW';

export interface StatisticJob {
  source: DataSource;
  lat: number;
  lon: number;
  id: string;
  target: StatisticTarget;
}

let cached: { key: string; point: Promise<PointSeries> } | undefined;

export function pointSeries(source: DataSource, lat: number, lon: number): Promise<PointSeries> {
  const key = JSON.stringify([source, lat, lon]);
  if (cached?.key !== key) cached = { key, point: readPointSeries(source, lat, lon) };
  return cached.point;
}

/** JSON-safe copy: typed arrays become arrays, missing values (NaN, ±Infinity) become -999 (spec 002). */
export function toJson(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : -999;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return Array.from(value as unknown as ArrayLike<number>, (v) => (Number.isFinite(v) ? v : -999));
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value;
}

export default async function run(job: StatisticJob): Promise<unknown> {
  const { series } = await pointSeries(job.source, job.lat, job.lon);
  if (job.id === OVERVIEW_ID) return toJson(overview(analysedSeries(series)));
  return toJson(statisticOf(job.id).compute(series, job.target));
}
