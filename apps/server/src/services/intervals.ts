// The year-block bootstrap intervals of a point's WD wait percentiles (issue 31, session 30) and of its WW
// window probabilities (issue 34, session 31) on request, modelled on the contour band: the bootstrap costs
// seconds of CPU (WD) or most of the statistic's time (WW) on a 40-year record, too much for every point's
// standard set, so it is computed once, when asked, in a statistics thread from the point's record (the same
// node, correction and analysed series as the standard set), at the stored result's limit and durations,
// stored with the result (a second request, the Analyze view and the exports read it) and answered as the
// result's visualisation payload. No credit: the point was paid for when computed.
import type { VisuPayload } from '@metocean/contracts';
import type { StatisticTarget } from '@metocean/core';
import type { PointReading } from '../data/calibrated';
import type { Caller, Services } from './context';
import { viewOnRequest, type ViewOnRequest } from './on-request';

/** The statistics whose intervals are computed on request. */
export type IntervalsStatistic = 'WD' | 'WW';

/** The job a statistics thread runs for the intervals (jobs/intervals.ts). */
export interface IntervalsJob extends PointReading {
  kind: 'intervals';
  statistic: IntervalsStatistic;
  /** The stored result's target (its field). */
  target: StatisticTarget;
  /** The stored result's durations (h) and its limit (absent: the field's median, as the standard set). */
  durationsHours: number[];
  below?: number;
}

/** The WD payload's intervalsNote when the stored rows are not those the record gives now. */
export const WAIT_INTERVALS_STALE =
  'no intervals: the stored waiting times differ from those of the record now (computed by an earlier version); recompute the point to get intervals';

/** The WW payload's intervalsNote when the stored rows are not those the record gives now. */
export const WINDOW_INTERVALS_STALE =
  'no intervals: the stored window probabilities differ from those of the record now (computed by an earlier version); recompute the point to get intervals';

/** The row keys the intervals add to a WD row (DowntimeRowWithIntervals) or a WW row (WindowRowWithInterval). */
const INTERVAL_KEYS = new Set([
  'waitPercentileIntervals',
  'waitIntervalMoreThanHours',
  'probabilityInterval',
  'intervalYears',
  'intervalNote',
]);

/**
 * Whether a stored WD or WW result has its intervals (some month's row says its years), or a note why not.
 * WD's result holds rows per duration, WW's the rows themselves.
 */
export function intervalsSettled(payload: Record<string, unknown>): boolean {
  if (typeof payload.intervalsNote === 'string') return true;
  const result = payload.result;
  return (
    Array.isArray(result) &&
    result
      .flat()
      .some(
        (r) =>
          typeof r === 'object' &&
          r !== null &&
          (r as { intervalYears?: unknown }).intervalYears !== undefined,
      )
  );
}

/** The WD or WW rows without their intervals, as JSON: the stored rows and the recomputed ones compared. */
export function bareRows(result: unknown): string {
  return JSON.stringify(result, (key, value: unknown) => (INTERVAL_KEYS.has(key) ? undefined : value));
}

/** The durations of a stored WD (rows per duration) or WW (rows) result. */
function durationsOf(result: unknown): number[] {
  const rows = (Array.isArray(result) ? result.flat() : []) as { durationHours?: unknown }[];
  return [...new Set(rows.map((r) => r.durationHours).filter((d): d is number => typeof d === 'number'))];
}

/** The view of the intervals of one statistic: its refusals and its stale note. */
function intervalsView(
  statistic: IntervalsStatistic,
  words: { wrongStatistic: string; notComputed: string; stale: string },
): ViewOnRequest<unknown[]> {
  return {
    statistic,
    wrongStatistic: words.wrongStatistic,
    computed: (result) => Array.isArray(result),
    notComputed: words.notComputed,
    settled: intervalsSettled,
    job(row, at): IntervalsJob {
      const limit = row.payload.limit;
      return {
        kind: 'intervals',
        statistic,
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
        : { ...row.payload, intervalsNote: words.stale },
  };
}

const waitIntervalsView = intervalsView('WD', {
  wrongStatistic: 'Intervals on request are computed for weather downtime (WD) only',
  notComputed: 'These waiting times were not computed',
  stale: WAIT_INTERVALS_STALE,
});

const windowIntervalsView = intervalsView('WW', {
  wrongStatistic: 'These intervals are computed for weather windows (WW) only',
  notComputed: 'These window probabilities were not computed',
  stale: WINDOW_INTERVALS_STALE,
});

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
  return viewOnRequest(waitIntervalsView, services, caller, projectId, pointId, statId);
}

/**
 * POST /api/projects/{id}/ww_intervals/: the probability intervals of the stored WW result `statId` of a
 * point of the project (the caller must be able to see the project: 404 otherwise), computed once and stored.
 */
export function wwIntervals(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
): Promise<VisuPayload> {
  return viewOnRequest(windowIntervalsView, services, caller, projectId, pointId, statId);
}
