// The intervals of a point's WD wait percentiles on request (issue 31, session 30; modelled on the contour
// band): the year-block bootstrap costs seconds of CPU on a 40-year record, too much for every point's
// standard set, so it is computed once, when asked, in a statistics thread from the point's record (the same
// node, correction and analysed series as the standard set), at the stored result's limit and durations,
// stored with the WD result (a second request, the Analyze view and the exports read it) and answered as the
// result's visualisation payload. No credit: the point was paid for when computed.
import type { VisuPayload } from '@metocean/contracts';
import type { StatisticTarget } from '@metocean/core';
import type { SeriesCorrection } from '../data/calibrated';
import type { DataSource } from '../data/sources';
import type { Caller, Services } from './context';
import { viewOnRequest, type ViewOnRequest } from './on-request';

/** The job a statistics thread runs for the intervals (jobs/wd-intervals.ts). */
export interface WdIntervalsJob {
  kind: 'wd-intervals';
  source: DataSource;
  lat: number;
  lon: number;
  correction?: SeriesCorrection;
  /** The stored WD's target (its field). */
  target: StatisticTarget;
  /** The stored result's durations (h) and its limit (absent: the field's median, as the standard set). */
  durationsHours: number[];
  below?: number;
}

/** The payload's intervalsNote when the stored rows are not those the record gives now. */
export const WAIT_INTERVALS_STALE =
  'no intervals: the stored waiting times differ from those of the record now (computed by an earlier version); recompute the point to get intervals';

/** The row keys the intervals add to a WD row (DowntimeRowWithIntervals). */
const INTERVAL_KEYS = new Set([
  'waitPercentileIntervals',
  'waitIntervalMoreThanHours',
  'intervalYears',
  'intervalNote',
]);

/** Whether a stored WD result has its intervals (some month's row says its years), or a note why not. */
export function intervalsSettled(payload: Record<string, unknown>): boolean {
  if (typeof payload.intervalsNote === 'string') return true;
  const result = payload.result;
  return (
    Array.isArray(result) &&
    result.some(
      (rows) =>
        Array.isArray(rows) &&
        rows.some((r) => (r as { intervalYears?: unknown }).intervalYears !== undefined),
    )
  );
}

/** The WD rows without their intervals, as JSON: the stored rows and the recomputed ones compared. */
export function bareRows(result: unknown): string {
  return JSON.stringify(result, (key, value: unknown) => (INTERVAL_KEYS.has(key) ? undefined : value));
}

/** The durations of a stored WD result (rows per duration). */
function durationsOf(result: unknown): number[] {
  const rows = (Array.isArray(result) ? result.flat() : []) as { durationHours?: unknown }[];
  return [...new Set(rows.map((r) => r.durationHours).filter((d): d is number => typeof d === 'number'))];
}

/**
 * POST /api/projects/{id}/wd_intervals/: the wait-percentile intervals of the stored WD result `statId` of a
 * point of the project (the caller must be able to see the project: 404 otherwise), computed once and stored.
 */
export function wdIntervals(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
): Promise<VisuPayload> {
  return viewOnRequest(intervalsView, services, caller, projectId, pointId, statId);
}

const intervalsView: ViewOnRequest<unknown[]> = {
  statistic: 'WD',
  wrongStatistic: 'Intervals on request are computed for weather downtime (WD) only',
  computed: (result) => Array.isArray(result),
  notComputed: 'These waiting times were not computed',
  settled: intervalsSettled,
  job(row, at): WdIntervalsJob {
    const limit = row.payload.limit;
    return {
      kind: 'wd-intervals',
      ...at,
      target: row.payload.target as StatisticTarget,
      durationsHours: durationsOf(row.payload.result),
      ...(typeof limit === 'number' ? { below: limit } : {}),
    };
  },
  // the intervals are those of the stored rows only if the record gives the same rows now
  stored: (row, answer) =>
    bareRows(answer) === bareRows(row.payload.result)
      ? { ...row.payload, result: answer }
      : { ...row.payload, intervalsNote: WAIT_INTERVALS_STALE },
};
