// Runs in the worker-thread pool: the statistics of one point, a batch per call (point-statistics.ts), or
// the point's plan. The point's series is read once per thread and kept for the calls that follow.
import { readPointSeries, type DataSource, type PointSeries } from '../data/sources';
import { stat2dNode, type Stat2dNodeJob } from '../data/stat2d';
import { planPoint, runStatisticsJson, type StatisticRun } from './point-statistics';

export interface StatisticJob {
  source: DataSource;
  lat: number;
  lon: number;
  /** The batch to run (answered as the JSON text of each outcome); absent, the call answers the point's plan. */
  runs?: StatisticRun[];
}

let cached: { key: string; point: Promise<PointSeries> } | undefined;

export function pointSeries(source: DataSource, lat: number, lon: number): Promise<PointSeries> {
  const key = JSON.stringify([source, lat, lon]);
  if (cached?.key !== key) cached = { key, point: readPointSeries(source, lat, lon) };
  return cached.point;
}

export default async function run(job: StatisticJob | Stat2dNodeJob): Promise<unknown> {
  if ('kind' in job) return stat2dNode(job);
  const point = await pointSeries(job.source, job.lat, job.lon);
  return job.runs ? runStatisticsJson(point.series, job.runs) : planPoint(point);
}
