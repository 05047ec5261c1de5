// The intervals of a point's WD wait percentiles, computed on request in a statistics thread (issue 31,
// session 30: ~0.7 s of CPU per WD field and duration on a 40-year record, too much for every point's
// standard set). The thread reads the point's record as the standard set did (the same node, correction and
// analysed series) and answers the WD result with its intervals: the server checks its rows are the stored ones.
import { toStoredJson } from '@metocean/contracts';
import { statisticOf } from '@metocean/core';
import { analysedSeries, type PointSeries } from '../data/sources';
import type { WdIntervalsJob } from '../services/wd-intervals';

export type { WdIntervalsJob } from '../services/wd-intervals';

export function wdIntervalsOf({ series }: PointSeries, job: WdIntervalsJob): unknown {
  const result = statisticOf('WD').compute(analysedSeries(series), job.target, {
    durationsHours: job.durationsHours,
    ...(job.below === undefined ? {} : { below: job.below }),
    waitIntervals: true,
  });
  return toStoredJson(result);
}
