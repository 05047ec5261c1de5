// Payloads of the weather windows (WW) and weather downtime (WD), drawn by ../windows.ts.
import type { VisuArray } from '@metocean/contracts';
import { WAIT_INTERVALS_ON_REQUEST, WINDOW_INTERVALS_ON_REQUEST } from '@metocean/core';
import { label, type PayloadBuilder } from './context';
import { array, list, num, obj, type Arrays, type Json } from './read';

/** Rows grouped by a key, groups in the order their key first appears (WW: one row per duration and month). */
function groupBy(rows: Json[], key: (r: Json) => number): Json[][] {
  const groups = new Map<number, Json[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.values()];
}

/** A limit as its label shows it: at most two decimals. */
function round(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** How WD reads its censored starts, stated beside every chart and export of it. */
export const DOWNTIME_CENSORING =
  'Kaplan–Meier product-limit estimate (Kaplan & Meier 1958) over every start with data: a start whose search for a window meets a window of unknown outcome (missing data or the end of the record, no exceedance) counts as "waited at least c hours", c the hours to that window; percentiles from the curve; a percentile the curve never reaches is left blank: it is more than the follow-up (longest wait followed); the mean is the restricted mean up to its horizon';

/** The probability's interval as its columns name it. */
const PROBABILITY_INTERVAL = '90 % interval (year-block bootstrap, 1,000 resamples)';

/** How the WW intervals were drawn, stated beside the chart and in the exports (issue 31). */
export const PROBABILITY_INTERVAL_METHOD =
  "90 % interval of each month's probability: year-block bootstrap, the years with a start of known outcome in the month drawn with replacement (1,000 resamples, seed 1), 5 % and 95 % percentiles of the resampled probabilities; none under 5 years in the month, none for the whole year";

/** The wait percentiles' interval as their columns name it. */
const WAIT_INTERVAL = '90 % interval (year-block bootstrap, 1,000 resamples)';

/** How the WD intervals were drawn, stated beside the chart and in the exports (issue 31). */
export const WAIT_INTERVAL_METHOD =
  "90 % interval of each month's waiting-time percentile: year-block bootstrap, the years with a start in the month drawn with replacement (1,000 resamples, seed 1), each resample's Kaplan–Meier percentile, 5 % and 95 % percentiles of the resampled values, to 0.1 h; a bound is blank where more than 5 % of the resamples never reach the percentile: it is then more than the hours in waitIntervalMoreThan (the shortest follow-up of those resamples); none under 5 years in the month, none for the whole year";

/** WW and WD: per duration and month (and the whole year), the window or downtime statistics. */
export const windowsPayload: PayloadBuilder = (result, { id, field, limit: given }) => {
  // Months 1-12 on the month dimension (the exports' zero-based month picks one); the whole year
  // (the engine's month 0) in the `…Annual` arrays, by duration.
  const perDuration: Json[][] =
    id === 'WD'
      ? Array.isArray(result)
        ? result.map(list)
        : []
      : groupBy(list(result), (r) => num(r.durationHours));
  const durations = perDuration.map((rows) => num(rows[0]?.durationHours));
  const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const at = (rows: Json[], month: number) => rows.find((r) => r.month === month) ?? {};
  const arrays: Arrays = {
    duration: array(durations, ['duration'], 'hour', id === 'WW' ? 'window duration' : 'operation duration'),
    month: array(months, ['month'], '1', 'calendar month'),
  };
  const add = (
    name: string,
    pick: (r: Json) => VisuArray['values'][number],
    units: string,
    longName: string,
    extra: string[] = [],
  ) => {
    arrays[name] = array(
      perDuration.map((rows) => months.map((m) => pick(at(rows, m)))),
      ['duration', 'month', ...extra],
      units,
      longName,
    );
    arrays[`${name}Annual`] = array(
      perDuration.map((rows) => pick(at(rows, 0))),
      ['duration', ...extra],
      units,
      `${longName}, whole year`,
    );
  };
  const value = given ?? field.median;
  const limit = {
    limit: value ?? null,
    limitLabel: `${label(field)} < ${value === undefined ? 'median' : `${round(value)} ${field.units}`}${given === undefined ? ' (median)' : ''}`,
  };
  if (id === 'WW') {
    add('probability', (r) => num(r.probability), '%', 'probability that a window starts');
    // issue 31: the probability's year-block bootstrap interval per month (results stored before it lack it)
    const monthly = perDuration.flatMap((rows) => months.map((m) => at(rows, m)));
    const intervals = monthly.some((r) => r.intervalYears !== undefined);
    const bound = (k: 0 | 1) => (r: Json) => {
      const i = r.probabilityInterval;
      // no interval (under 5 years): the payload's missing value, a blank cell in the exports
      return num(Array.isArray(i) ? i[k] : undefined);
    };
    if (intervals) {
      const grid = (pick: (r: Json) => number) =>
        perDuration.map((rows) => months.map((m) => pick(at(rows, m))));
      arrays.probabilityLower = array(
        grid(bound(0)),
        ['duration', 'month'],
        '%',
        `probability, lower bound of its ${PROBABILITY_INTERVAL}`,
      );
      arrays.probabilityUpper = array(
        grid(bound(1)),
        ['duration', 'month'],
        '%',
        `probability, upper bound of its ${PROBABILITY_INTERVAL}`,
      );
      arrays.intervalYears = array(
        grid((r) => num(r.intervalYears)),
        ['duration', 'month'],
        '1',
        'years the interval rests on (blank bounds: fewer than 5 years, no interval)',
      );
    }
    add('meanCalmPeriods', (r) => num(r.meanCalmPeriods), '1', 'calm periods per year');
    add('meanCalmLength', (r) => num(r.meanCalmLengthHours), 'hour', 'mean calm length');
    add('hoursWithData', (r) => num(r.hoursWithData), 'hour', 'hours with data');
    add('censored', (r) => num(r.censored), '1', 'censored starts (window runs into missing data)');
    return {
      arrays,
      kwargs: {
        xName: 'month',
        yName: 'probability',
        xLabel: 'Month',
        yLabel: 'Probability (%)',
        ...limit,
        // issue 34: the standard set leaves the intervals to a request (ww_intervals)
        ...(intervals
          ? { intervals: PROBABILITY_INTERVAL_METHOD, intervalCi: 0.9 }
          : { intervalsNote: WINDOW_INTERVALS_ON_REQUEST }),
      },
    };
  }
  const percentiles = Object.keys(obj(perDuration[0]?.[0]?.waitPercentilesHours))
    .map(Number)
    .sort((a, b) => a - b);
  arrays.percentile = array(percentiles, ['percentile'], '%', 'percentile');
  add(
    'meanWait',
    (r) => num(r.meanWaitHours),
    'hour',
    'mean waiting time (Kaplan–Meier restricted mean up to meanHorizon)',
  );
  add('meanHorizon', (r) => num(r.meanHorizonHours), 'hour', 'horizon of the restricted mean');
  add(
    'waitPercentile',
    (r) => percentiles.map((q) => num(obj(r.waitPercentilesHours)[String(q)])),
    'hour',
    'waiting time percentile',
    ['percentile'],
  );
  add('meanTotal', (r) => num(r.meanTotalHours), 'hour', 'mean total duration');
  add('starts', (r) => num(r.starts), '1', 'start times considered');
  add(
    'followUp',
    (r) => num(r.followUpHours),
    'hour',
    'longest wait followed (a blank percentile is more than it)',
  );
  add('censored', (r) => num(r.censored), '1', 'censored starts (waited at least c hours)');
  // issue 31: the wait percentiles' year-block bootstrap intervals per month (results stored before lack them)
  const waitIntervals = perDuration.some((rows) =>
    months.some((m) => at(rows, m).intervalYears !== undefined),
  );
  if (waitIntervals) {
    const cube = (pick: (r: Json, q: string) => number) =>
      perDuration.map((rows) => months.map((m) => percentiles.map((q) => pick(at(rows, m), String(q)))));
    const bound = (k: 0 | 1) => (r: Json, q: string) => {
      const i = obj(r.waitPercentileIntervals)[q];
      // no interval (under 5 years) or a censored end: the payload's missing value, a blank cell
      return num(Array.isArray(i) ? i[k] : undefined);
    };
    arrays.waitPercentileLower = array(
      cube(bound(0)),
      ['duration', 'month', 'percentile'],
      'hour',
      `waiting time percentile, lower bound of its ${WAIT_INTERVAL} (blank: see waitIntervalMoreThan)`,
    );
    arrays.waitPercentileUpper = array(
      cube(bound(1)),
      ['duration', 'month', 'percentile'],
      'hour',
      `waiting time percentile, upper bound of its ${WAIT_INTERVAL} (blank: see waitIntervalMoreThan)`,
    );
    arrays.waitIntervalMoreThan = array(
      cube((r, q) => num(obj(r.waitIntervalMoreThanHours)[q])),
      ['duration', 'month', 'percentile'],
      'hour',
      'a blank interval bound is more than this (the resamples never reaching the percentile: their shortest follow-up)',
    );
    arrays.intervalYears = array(
      perDuration.map((rows) => months.map((m) => num(at(rows, m).intervalYears))),
      ['duration', 'month'],
      '1',
      'years the intervals rest on (no interval under 5 years)',
    );
  }
  return {
    arrays,
    kwargs: {
      censoring: DOWNTIME_CENSORING,
      ...(waitIntervals
        ? { intervals: WAIT_INTERVAL_METHOD, intervalCi: 0.9 }
        : id === 'WD'
          ? { intervalsNote: WAIT_INTERVALS_ON_REQUEST }
          : {}),
      xName: 'month',
      yName: 'meanWait',
      xLabel: 'Month',
      yLabel: 'Waiting time (hour)',
      ...limit,
    },
  };
};
