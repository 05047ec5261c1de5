// The intervals of a point's WD wait percentiles or WW window probabilities, computed on request in a
// statistics thread (issue 31, session 30, and issue 34, session 31: too much CPU on a 40-year record for
// every point's standard set). The thread reads the point's record as the standard set did (the same node,
// correction and analysed series) and answers the result with its intervals: the server checks its rows are
// the stored ones.
import { toStoredJson } from '@metocean/contracts';
import { statisticOf } from '@metocean/core';
import { analysedSeries, type PointSeries } from '../data/sources';
import type { IntervalsJob } from '../services/intervals';

export type { IntervalsJob } from '../services/intervals';

export function intervalsOf({ series }: PointSeries, job: IntervalsJob): unknown {
  const result = statisticOf(job.statistic).compute(analysedSeries(series), job.target, {
    durationsHours: job.durationsHours,
    ...(job.below === undefined ? {} : { below: job.below }),
    ...(job.statistic === 'WD' ? { waitIntervals: true } : { probabilityIntervals: true }),
  });
  return toStoredJson(result);
}
