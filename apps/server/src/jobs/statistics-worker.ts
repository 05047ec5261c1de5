// Runs in a lane's thread of the statistics pool: the statistics of one point, a batch per call
// (point-statistics.ts), or the point's plan; also one node of a 2D map (stat2d.ts), the collocation of a
// satellite comparison (satellite-collocate.ts), the band of a point's contours (contour-band.ts), the
// intervals of its WD waits or WW probabilities (intervals.ts) and an Operability report's persistence
// tables (reports/persistence.ts). The record of the node read is kept for the calls that follow: every
// batch of the point, and the next point of the lane when it reads the same node (points closer together
// than the grid step).
import { markUnchanging, type Series } from '@metocean/core';
import { correctedSeries, type PointReading } from '../data/calibrated';
import { readPointSeries, type DataSource, type NodeReader, type PointSeries } from '../data/sources';
import { stat2dNode } from '../data/stat2d';
import { planPoint, runStatisticsStored, type StatisticRun } from './point-statistics';
import type { PoolJob } from './pool';
import { collocateSatellite } from './satellite-collocate';
import { contourBandOf } from './contour-band';
import { intervalsOf } from './intervals';
import { persistenceTables } from '../reports/persistence';

/** A point's plan or batch; a calibrated variant's `correction` (issue 33) applies before every statistic. */
export interface StatisticJob extends PointReading {
  /** The batch to run (answered as each run's payload as stored); absent, the call answers the plan. */
  runs?: StatisticRun[];
  /** The point's stop flag (stopFlag): once raised, the batch ends before its next statistic (BatchStopped). */
  stop?: Int32Array;
}

let kept: { key: string; series: Promise<Series> } | undefined;

/**
 * The last node's record, read again only for another node (or after a failed read). Nothing writes to it:
 * its arrays are marked unchanging, so the engine does not fingerprint them again for every batch.
 */
const keepLastNode: NodeReader = (source, dataset, index) => {
  const key = JSON.stringify([source, index]);
  if (kept?.key !== key) {
    const series = dataset.readNode(index).then((record) => {
      markUnchanging([record.time, ...Object.values(record.fields).map((field) => field.values)]);
      return record;
    });
    kept = { key, series };
    series.catch(() => {
      if (kept?.series === series) kept = undefined;
    });
  }
  return kept.series;
};

export function pointSeries(source: DataSource, lat: number, lon: number): Promise<PointSeries> {
  return readPointSeries(source, lat, lon, keepLastNode);
}

export default async function run(job: PoolJob): Promise<unknown> {
  // a satellite comparison reads its node once: not through the lane's kept record, which a point may use
  if ('kind' in job && job.kind === 'stat2d-node') return stat2dNode(job);
  if ('kind' in job && job.kind === 'satellite-collocation') return collocateSatellite(job);
  const read = await pointSeries(job.source, job.lat, job.lon);
  const point = job.correction ? { ...read, series: correctedSeries(read.series, job.correction) } : read;
  if ('kind' in job && job.kind === 'intervals') return intervalsOf(point, job);
  if ('kind' in job && job.kind === 'persistence') return persistenceTables(point, job.field);
  if ('kind' in job) return contourBandOf(point, job.target);
  return job.runs ? runStatisticsStored(point, job.runs, job.stop) : planPoint(point);
}
