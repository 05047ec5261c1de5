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
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!)) continue;
    valid[month[i]!]!++;
    valid[0]!++;
    seen[(year[i]! - firstYear) * 13 + month[i]!] = 1;
    seen[(year[i]! - firstYear) * 13] = 1;
  }
  const yearsWithData = Array.from({ length: 13 }, (_, m) => {
    let count = 0;
    for (let y = 0; y < yearCount; y++) count += seen[y * 13 + m]!;
    return count;
  });
  const rows: WindowRow[] = [];
  for (const durationHours of options.durationsHours) {
    const d = stepsFor(durationHours, stepMs, 'weatherWindows');
    const starts = new Float64Array(13);
    const periods = new Float64Array(13);
    const lengths = new Float64Array(13);
    for (let i = 0; i < calm.length; i++) {
      const run = calm[i]!;
      if (run < d) continue;
      const m = month[i]!;
      starts[m]!++;
      if (i === 0 || calm[i - 1] === 0) {
        periods[m]!++;
        lengths[m]! += run * stepHours;
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
  if (time.length !== values.length)
    throw new RangeError('weatherDowntime: time and values differ in length');
  const stepMs = options.stepMs ?? HOUR_MS;
  const stepHours = stepMs / HOUR_MS;
  const d = stepsFor(options.durationHours, stepMs, 'weatherDowntime');
  const next = nextWindowStart(sharedCalm(values, options.below), d);
  const { month } = sharedCalendar(time);
  const n = values.length;
  const starts = new Float64Array(13);
  const censored = new Float64Array(13);
  const uncensored = new Int32Array(13);
  const sums = new Float64Array(13);
  let longest = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(values[i]!)) continue;
    const m = month[i]!;
    starts[m]!++;
    if (next[i]! < 0) {
      censored[m]!++;
      continue;
    }
    uncensored[m]!++;
    const steps = next[i]! - i;
    if (steps > longest) longest = steps;
    // sums in time order, per month and over the year
    const wait = steps * stepHours;
    sums[m]! += wait;
    sums[0]! += wait;
  }
  for (let m = 1; m <= 12; m++) {
    starts[0]! += starts[m]!;
    censored[0]! += censored[m]!;
    uncensored[0]! += uncensored[m]!;
  }
  const percentiles = options.percentiles ?? DOWNTIME_PERCENTILES;
  const probabilities = [0.5, 0.9, ...percentiles.map((p) => p / 100)];
  for (const p of probabilities) checkProbability(p, 'weatherDowntime');
  // waits are whole steps: their quantiles come from a count per wait length (counting sort, O(n + the
  // longest wait)); selection on the grouped waits when the longest wait is too long for a table
  const quantilesOf =
    13 * (longest + 1) <= 4 * n + 4096
      ? waitQuantilesByCounts(values, next, month, longest, uncensored, stepHours, probabilities)
      : waitQuantilesBySelection(values, next, month, uncensored, stepHours, probabilities);
  return Array.from(uncensored, (count, m) => {
    const mean = count ? sums[m]! / count : NaN;
    const [p50, p90, ...atPercentiles] = quantilesOf[m]!;
    const table = Object.fromEntries(percentiles.map((p, i) => [String(p), atPercentiles[i]!]));
    return {
      month: m,
      durationHours: options.durationHours,
      starts: starts[m]!,
      censored: censored[m]!,
      meanWaitHours: mean,
      waitPercentilesHours: table,
      p50WaitHours: p50!,
      p90WaitHours: p90!,
      meanTotalHours: mean + options.durationHours,
    };
  });
}

/** Type 7 quantiles of the waits of each month (0: all) from counts of the wait lengths in steps. */
function waitQuantilesByCounts(
  values: ArrayLike<number>,
  next: Int32Array,
  month: Uint8Array,
  longest: number,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
  const width = longest + 1;
  const counts = new Int32Array(13 * width);
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!) || next[i]! < 0) continue;
    const steps = next[i]! - i;
    counts[month[i]! * width + steps]!++;
    counts[steps]!++;
  }
  return Array.from(uncensored, (n, m) => {
    if (n === 0) return probabilities.map(() => NaN);
    const ranks = new Set<number>();
    for (const p of probabilities) {
      const lo = Math.floor((n - 1) * p);
      ranks.add(lo);
      if (lo + 1 < n) ranks.add(lo + 1);
    }
    const value = new Map<number, number>();
    let below = 0;
    let steps = 0;
    for (const r of [...ranks].sort((a, b) => a - b)) {
      while (below + counts[m * width + steps]! <= r) below += counts[m * width + steps++]!;
      value.set(r, steps * stepHours);
    }
    return probabilities.map((p) => {
      const h = (n - 1) * p;
      const lo = Math.floor(h);
      const low = value.get(lo)!;
      return lo + 1 < n ? low + (h - lo) * (value.get(lo + 1)! - low) : low;
    });
  });
}

/** The same by selection on the waits grouped by month (very long waits). */
function waitQuantilesBySelection(
  values: ArrayLike<number>,
  next: Int32Array,
  month: Uint8Array,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
  const waits = Array.from(uncensored, (count) => new Float64Array(count));
  const fill = new Int32Array(13);
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!) || next[i]! < 0) continue;
    const wait = (next[i]! - i) * stepHours;
    const m = month[i]!;
    waits[m]![fill[m]!++] = wait;
    waits[0]![fill[0]!++] = wait;
  }
  return waits.map((wait) => quantilesOfValid(wait, probabilities));
}
