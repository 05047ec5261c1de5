// Weather windows (WW) and weather downtime (WD). One backward pass computes, for every step, the length
// of the calm run starting there, so every duration is answered in O(n) whatever its length.
import { checkProbability, quantilesOfValid } from './descriptive';
import { HOUR_MS } from './series';
import { memoized } from './memo';
import { sharedCalendar } from './shared';

/**
 * calm[i] = number of consecutive steps from i on whose value exists and is strictly below the limit
 * (0 where the value is missing or not below). Missing values break windows.
 */
export function calmRunLengths(values: ArrayLike<number>, limit: number): Int32Array {
  const n = values.length;
  const calm = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const v = values[i]!;
    calm[i] = v < limit ? (i + 1 < n ? calm[i + 1]! : 0) + 1 : 0;
  }
  return calm;
}

/** calmRunLengths shared by the windows and every downtime duration at one limit (read-only, memo.ts). */
function sharedCalm(values: ArrayLike<number>, limit: number): Int32Array {
  return memoized(values, `calm:${limit}`, () => calmRunLengths(values, limit));
}

function stepsFor(durationHours: number, stepMs: number, caller: string): number {
  if (!(durationHours > 0))
    throw new RangeError(`${caller}: durations must be positive hours, got ${durationHours}`);
  return Math.ceil((durationHours * HOUR_MS) / stepMs - 1e-9);
}

export interface WindowRow {
  /** Calendar month 1-12, or 0 for the whole year. */
  month: number;
  durationHours: number;
  /** Chance, %, that a window of at least the duration starts at a random time with data. */
  probability: number;
  /** Calm periods of at least the duration starting in the month, per year with data in that month. */
  meanCalmPeriods: number;
  /** Mean length of those calm periods, hours (NaN when none). */
  meanCalmLengthHours: number;
  /** Steps with data in the month (the denominator of the probability). */
  hoursWithData: number;
  /** Years with data in the month. */
  years: number;
}

/**
 * WW: for each duration and month, the probability that a window starts at t (every value in
 * [t, t + D) exists and is below the limit), and the calm periods (maximal runs, counted in the month they
 * start) of at least D hours. Month 0 is the whole year.
 */
export function weatherWindows(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationsHours: readonly number[]; stepMs?: number },
): WindowRow[] {
  if (time.length !== values.length) throw new RangeError('weatherWindows: time and values differ in length');
  const stepMs = options.stepMs ?? HOUR_MS;
  const stepHours = stepMs / HOUR_MS;
  const calm = sharedCalm(values, options.below);
  const { year, month } = sharedCalendar(time);
  const valid = new Float64Array(13);
  const firstYear = year.length ? year[0]! : 0;
  const yearCount = year.length ? year[year.length - 1]! - firstYear + 1 : 0;
  // seen[(y - firstYear)·13 + m]: the year has data in month m (m = 0: in any month)
  const seen = new Uint8Array(yearCount * 13);
  // valid steps per run of one month of one year, counted in a local and written at the run's end
  let runValid = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v) runValid++;
    if (i + 1 === values.length || month[i + 1] !== month[i] || year[i + 1] !== year[i]) {
      if (runValid > 0) {
        valid[month[i]!]! += runValid;
        valid[0]! += runValid;
        seen[(year[i]! - firstYear) * 13 + month[i]!] = 1;
        seen[(year[i]! - firstYear) * 13] = 1;
      }
      runValid = 0;
    }
  }
  const yearsWithData = Array.from({ length: 13 }, (_, m) => {
    let count = 0;
    for (let y = 0; y < yearCount; y++) count += seen[y * 13 + m]!;
    return count;
  });
  // one pass for every duration: per month, the steps, the calm periods and their lengths by the length of
  // the calm run from that step (capped at the longest duration); a duration's counts are the sums above it
  const durations = options.durationsHours.map((h) => stepsFor(h, stepMs, 'weatherWindows'));
  const cap = Math.max(1, ...durations);
  const width = cap + 1;
  const stepsBy = new Float64Array(13 * width);
  const periodsBy = new Float64Array(13 * width);
  const lengthsBy = new Float64Array(13 * width);
  for (let i = 0; i < calm.length; i++) {
    const run = calm[i]!;
    if (run === 0) continue;
    const k = month[i]! * width + (run < cap ? run : cap);
    stepsBy[k]!++;
    if (i === 0 || calm[i - 1] === 0) {
      periodsBy[k]!++;
      lengthsBy[k]! += run;
    }
  }
  const rows: WindowRow[] = [];
  for (const [index, durationHours] of options.durationsHours.entries()) {
    const d = durations[index]!;
    const starts = new Float64Array(13);
    const periods = new Float64Array(13);
    const lengths = new Float64Array(13);
    for (let m = 1; m <= 12; m++) {
      for (let r = d; r <= cap; r++) {
        starts[m]! += stepsBy[m * width + r]!;
        periods[m]! += periodsBy[m * width + r]!;
        lengths[m]! += lengthsBy[m * width + r]! * stepHours;
      }
    }
    for (let m = 1; m <= 12; m++) {
      starts[0]! += starts[m]!;
      periods[0]! += periods[m]!;
      lengths[0]! += lengths[m]!;
    }
    for (let m = 0; m <= 12; m++) {
      const years = yearsWithData[m]!;
      rows.push({
        month: m,
        durationHours,
        probability: valid[m]! > 0 ? (100 * starts[m]!) / valid[m]! : NaN,
        meanCalmPeriods: years > 0 ? periods[m]! / years : NaN,
        meanCalmLengthHours: periods[m]! > 0 ? lengths[m]! / periods[m]! : NaN,
        hoursWithData: valid[m]! * stepHours,
        years,
      });
    }
  }
  return rows;
}

/**
 * next[i] = first step s ≥ i where a window of `steps` steps starts, or -1 when none does before the
 * end of the series.
 */
export function nextWindowStart(calm: Int32Array, steps: number): Int32Array {
  const n = calm.length;
  const next = new Int32Array(n);
  let upcoming = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    next[i] = upcoming;
  }
  return next;
}

export interface DowntimeRow {
  /** Calendar month 1-12, or 0 for the whole year. */
  month: number;
  durationHours: number;
  /** Start times considered: steps with data in the month. */
  starts: number;
  /** Starts with no window before the end of the series, left out of the statistics. */
  censored: number;
  meanWaitHours: number;
  /** Percentile (0-100) -> waiting hours, type 7. */
  waitPercentilesHours: Record<string, number>;
  p50WaitHours: number;
  p90WaitHours: number;
  /** Mean total duration: waiting plus the operation itself, hours. */
  meanTotalHours: number;
}

export const DOWNTIME_PERCENTILES: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90];

/**
 * WD: for an operation needing a continuous window of D hours below the limit, the waiting time from each
 * start t (a step with data) to the first window start ≥ t, and the total duration wait + D, per month.
 */
export function weatherDowntime(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationHours: number; stepMs?: number; percentiles?: readonly number[] },
): DowntimeRow[] {
  const { durationHours, ...rest } = options;
  return weatherDowntimes(time, values, { ...rest, durationsHours: [durationHours] })[0]!;
}

/**
 * WD for several durations at one limit (the registry's table), sharing the calm runs and the calendar.
 * Each duration takes two backward passes with its next window start carried along (no array of them):
 * the first sums the waits per month as whole steps (exact) and finds the longest, the second counts the
 * waits by length for their quantiles.
 */
export function weatherDowntimes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: {
    below: number;
    durationsHours: readonly number[];
    stepMs?: number;
    percentiles?: readonly number[];
  },
): DowntimeRow[][] {
  if (time.length !== values.length)
    throw new RangeError('weatherDowntime: time and values differ in length');
  const stepMs = options.stepMs ?? HOUR_MS;
  const percentiles = options.percentiles ?? DOWNTIME_PERCENTILES;
  const probabilities = [0.5, 0.9, ...percentiles.map((p) => p / 100)];
  for (const p of probabilities) checkProbability(p, 'weatherDowntime');
  const steps = options.durationsHours.map((h) => stepsFor(h, stepMs, 'weatherDowntime'));
  const calm = sharedCalm(values, options.below);
  const { month } = sharedCalendar(time);
  return options.durationsHours.map((durationHours, k) =>
    downtimeRows(values, calm, month, steps[k]!, durationHours, stepMs / HOUR_MS, percentiles, probabilities),
  );
}

function downtimeRows(
  values: ArrayLike<number>,
  calm: Int32Array,
  month: Uint8Array,
  steps: number,
  durationHours: number,
  stepHours: number,
  percentiles: readonly number[],
  probabilities: readonly number[],
): DowntimeRow[] {
  const n = values.length;
  const starts = new Float64Array(13);
  const censored = new Float64Array(13);
  const uncensored = new Int32Array(13);
  const sums = new Float64Array(13);
  let longest = 0;
  let upcoming = -1;
  // counts and sums of the current run of one month kept in locals, written out when the month changes
  // (an increment in memory per step would make every step wait for the previous one's store)
  let m = n > 0 ? month[n - 1]! : 0;
  let runStarts = 0;
  let runCensored = 0;
  let runUncensored = 0;
  let runSum = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    if (month[i] !== m) {
      starts[m]! += runStarts;
      censored[m]! += runCensored;
      uncensored[m]! += runUncensored;
      sums[m]! += runSum;
      m = month[i]!;
      runStarts = runCensored = runUncensored = runSum = 0;
    }
    const v = values[i]!;
    if (v !== v) continue; // NaN: not a start
    runStarts++;
    if (upcoming < 0) {
      runCensored++;
      continue;
    }
    runUncensored++;
    const wait = upcoming - i;
    if (wait > longest) longest = wait;
    runSum += wait;
  }
  starts[m]! += runStarts;
  censored[m]! += runCensored;
  uncensored[m]! += runUncensored;
  sums[m]! += runSum;
  for (let m = 1; m <= 12; m++) {
    starts[0]! += starts[m]!;
    censored[0]! += censored[m]!;
    uncensored[0]! += uncensored[m]!;
    sums[0]! += sums[m]!;
  }
  const quantilesOf =
    13 * (longest + 1) <= 4 * n + 4096
      ? waitQuantilesByCounts(values, calm, month, steps, longest, uncensored, stepHours, probabilities)
      : waitQuantilesBySelection(values, calm, month, steps, uncensored, stepHours, probabilities);
  return Array.from(uncensored, (count, m) => {
    const mean = count ? (sums[m]! * stepHours) / count : NaN;
    const [p50, p90, ...atPercentiles] = quantilesOf[m]!;
    const table = Object.fromEntries(percentiles.map((p, i) => [String(p), atPercentiles[i]!]));
    return {
      month: m,
      durationHours,
      starts: starts[m]!,
      censored: censored[m]!,
      meanWaitHours: mean,
      waitPercentilesHours: table,
      p50WaitHours: p50!,
      p90WaitHours: p90!,
      meanTotalHours: mean + durationHours,
    };
  });
}

/** Type 7 quantiles of the waits of each month (0: all) from counts of the wait lengths in steps. */
function waitQuantilesByCounts(
  values: ArrayLike<number>,
  calm: Int32Array,
  month: Uint8Array,
  steps: number,
  longest: number,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
  const width = longest + 1;
  const counts = new Int32Array(13 * width);
  let upcoming = -1;
  for (let i = values.length - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    const v = values[i]!;
    if (v !== v || upcoming < 0) continue;
    counts[month[i]! * width + upcoming - i]!++;
  }
  // month 0 (the whole year) is the sum of the months
  for (let m = 1; m <= 12; m++) for (let w = 0; w < width; w++) counts[w]! += counts[m * width + w]!;
  return Array.from(uncensored, (total, m) => {
    if (total === 0) return probabilities.map(() => NaN);
    const ranks = new Set<number>();
    for (const p of probabilities) {
      const lo = Math.floor((total - 1) * p);
      ranks.add(lo);
      if (lo + 1 < total) ranks.add(lo + 1);
    }
    const value = new Map<number, number>();
    let below = 0;
    let wait = 0;
    for (const r of [...ranks].sort((a, b) => a - b)) {
      while (below + counts[m * width + wait]! <= r) below += counts[m * width + wait++]!;
      value.set(r, wait * stepHours);
    }
    return probabilities.map((p) => {
      const h = (total - 1) * p;
      const lo = Math.floor(h);
      const low = value.get(lo)!;
      return lo + 1 < total ? low + (h - lo) * (value.get(lo + 1)! - low) : low;
    });
  });
}

/** The same by selection on the waits grouped by month (waits too long for a table of counts). */
function waitQuantilesBySelection(
  values: ArrayLike<number>,
  calm: Int32Array,
  month: Uint8Array,
  steps: number,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
  const waits = Array.from(uncensored, (count) => new Float64Array(count));
  const fill = new Int32Array(13);
  let upcoming = -1;
  for (let i = values.length - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    const v = values[i]!;
    if (v !== v || upcoming < 0) continue;
    const wait = (upcoming - i) * stepHours;
    const m = month[i]!;
    waits[m]![fill[m]!++] = wait;
    waits[0]![fill[0]!++] = wait;
  }
  return waits.map((wait) => quantilesOfValid(wait, probabilities));
}
