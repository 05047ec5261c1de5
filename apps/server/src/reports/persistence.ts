// The Operability report's persistence tables: the weather windows and waits of a point's series at the
// report's limits (the stored WW and WD use the median as limit), with the 90 % year-block bootstrap
// intervals of the P50 and P90 waits (issue 31). They are computed in a statistics thread
// (jobs/statistics-worker.ts), which reads the point's series, and come back as the strings the tables print:
// their ~2 CPU s per 40-year point (20 bootstrap runs of 1,000 resamples, the series' reading) run on the
// other core while the report thread draws (issue 34, session 44). Nothing here loads the drawing's libraries.
import {
  MIN_INTERVAL_YEARS,
  waitPercentileIntervals,
  weatherDowntimes,
  weatherWindows,
  type WaitIntervalRow,
  type WindowRow,
} from '@metocean/core';
import type { PointReading } from '../data/calibrated';
import type { PointSeries } from '../data/sources';
import { fmt, MONTHS } from './format';

export const PERSISTENCE_LIMITS_M = [1.0, 1.5, 2.0, 2.5];
export const PERSISTENCE_DURATIONS_H = [6, 12, 24, 48, 72];

/** One limit's persistence tables, as drawn: the windows and waits, then the wait intervals (or a note why none). */
export interface PersistenceTable {
  limit: number;
  rows: string[][];
  intervals: { rows: string[][] } | { note: string };
}

/** A point's persistence section for one field: its tables, or the note saying why there are none. */
export type Persistence = { tables: PersistenceTable[] } | { note: string };

/**
 * The job a statistics thread runs for a point's persistence tables of one field: a calibrated variant's
 * with its correction, as its stored statistics (the report drew a variant's tables from the uncorrected
 * series until session 44).
 */
export interface PersistenceJob extends PointReading {
  kind: 'persistence';
  field: string;
}

export const NO_DATASET_NOTE =
  'the dataset of this point is no longer available: the persistence tables are left out.';

/** The tables of `field` from the point's series (in a statistics thread). */
export function persistenceTables({ series }: PointSeries, field: string): Persistence {
  const values = series.fields[field]?.values;
  if (!values)
    return {
      note: `the series of ${field} is not in the dataset any more: the persistence tables are left out.`,
    };
  const tables: PersistenceTable[] = [];
  for (const limit of PERSISTENCE_LIMITS_M) {
    const windows: WindowRow[] = weatherWindows(series.time, values, {
      below: limit,
      durationsHours: PERSISTENCE_DURATIONS_H,
      stepMs: series.stepMs,
    });
    const waits = weatherDowntimes(series.time, values, {
      below: limit,
      durationsHours: PERSISTENCE_DURATIONS_H,
      stepMs: series.stepMs,
      percentiles: [10, 50, 90],
    });
    const rows = Array.from({ length: 13 }, (_, m) => {
      const label = m === 0 ? 'Year' : MONTHS[m - 1]!;
      return [
        label,
        ...PERSISTENCE_DURATIONS_H.map((d, k) => {
          const w = windows.find((r) => r.month === m && r.durationHours === d);
          const wait = waits[k]?.find((r) => r.month === m);
          const p = wait?.waitPercentilesHours ?? {};
          // a percentile the Kaplan–Meier curve never reaches is more than the follow-up, not a number
          const at = (q: string) => {
            const v = p[q];
            return v === null && wait ? `>${fmt(wait.followUpHours, 0)}` : fmt(v ?? undefined, 0);
          };
          return `${fmt(w?.probability, 1)} · ${at('10')}/${at('50')}/${at('90')}`;
        }),
      ];
    });
    tables.push({
      limit,
      rows: [...rows.slice(1), rows[0]!],
      intervals: waitIntervalRows(series, values, field, limit),
    });
  }
  return { tables };
}

/**
 * Issue 31: beside each persistence table, the 90 % year-block bootstrap intervals of its P50 and P90
 * waits (same engine as the WD statistic, only those two percentiles computed), per month with the years
 * they rest on; an end the resamples never reach is "> c" (more than c h), never a number; under 5 years a
 * dash, and a note when no month has 5.
 */
function waitIntervalRows(
  series: { time: Float64Array; stepMs?: number },
  values: ArrayLike<number>,
  field: string,
  limit: number,
): PersistenceTable['intervals'] {
  const bands: WaitIntervalRow[][] = PERSISTENCE_DURATIONS_H.map((durationHours) =>
    waitPercentileIntervals(series.time, values, {
      below: limit,
      durationHours,
      stepMs: series.stepMs,
      percentiles: [50, 90],
    }),
  );
  const years = (bands[0] ?? []).map((r) => r.years);
  if (years.every((y) => y < MIN_INTERVAL_YEARS))
    return {
      note: `${field} < ${limit.toFixed(1)} m: no interval on the waiting times, fewer than ${MIN_INTERVAL_YEARS} years of data in every month (too few to resample whole years).`,
    };
  const bound = (row: WaitIntervalRow, p: string): string => {
    const i = row.intervals[p];
    const c = row.moreThanHours?.[p];
    const more = c === undefined ? '–' : `>${fmt(c, 0)}`;
    if (!i) return c === undefined ? '–' : `${more}–${more}`;
    return `${fmt(i[0], 0)}–${i[1] === null ? more : fmt(i[1], 0)}`;
  };
  return {
    rows: years.map((y, m) => [
      MONTHS[m]!,
      String(y),
      ...bands.map((rows) => {
        const row = rows[m]!;
        return row.years < MIN_INTERVAL_YEARS ? '–' : `${bound(row, '50')} · ${bound(row, '90')}`;
      }),
    ]),
  };
}
