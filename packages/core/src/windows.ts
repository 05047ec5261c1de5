// Weather windows (WW) and weather downtime (WD). One backward pass computes, for every step, the length
// of the calm run starting there, so every duration is answered in O(n) whatever its length.
import { checkProbability, quantilesOfValid } from './order';
import { HOUR_MS, stepOfTime } from './series';
import { checkedOnce, memoized } from './memo';
import { hasGaps, sharedCalendar } from './shared';

/**
 * calm[i] = number of consecutive steps from i on whose value exists and is strictly below the limit
 * (0 where the value is missing or not below). Missing values break windows.
 */
export function calmRunLengths(values: ArrayLike<number>, limit: number): Int32Array {
  const n = values.length;
  const calm = new Int32Array(n);
  // the run carried in a local, not read back from the step just written
  let run = 0;
  for (let i = n - 1; i >= 0; i--) {
    run = values[i]! < limit ? run + 1 : 0;
    calm[i] = run;
  }
  return calm;
}

/** calmRunLengths shared by the windows and every downtime duration at one limit (read-only, memo.ts). */
function sharedCalm(values: ArrayLike<number>, limit: number): Int32Array {
  return memoized(values, `calm:${limit}`, () => calmRunLengths(values, limit));
}

/** No value at or above the limit before the end of the series (a distance larger than any window). */
const NO_EXCEEDANCE = 0x7fffffff;

/**
 * exceed[i] = number of steps from i to the first value that exists and is at or above the limit
 * (0 where the value at i is; NO_EXCEEDANCE when none follows). A window of d steps starting at i is a
 * known failure when exceed[i] < d, whatever the missing values in it.
 */
export function exceedanceDistances(values: ArrayLike<number>, limit: number): Int32Array {
  const n = values.length;
  const exceed = new Int32Array(n);
  let next = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (values[i]! >= limit) next = i;
    exceed[i] = next < 0 ? NO_EXCEEDANCE : next - i;
  }
  return exceed;
}

function sharedExceedance(values: ArrayLike<number>, limit: number): Int32Array {
  return memoized(values, `exceed:${limit}`, () => exceedanceDistances(values, limit));
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
  /**
   * Chance, %, that a window of at least the duration starts at a random time with data: window starts
   * over the starts whose outcome is known (censored starts are neither).
   */
  probability: number;
  /**
   * Starts with data whose window runs into missing data (or past the end of the record) before any value
   * at or above the limit: their outcome is unknown, so they are left out of the probability and counted.
   */
  censored: number;
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
 * [t, t + D) exists and is below the limit) among the starts t with data whose outcome is known: a start
 * fails when a value in [t, t + D) exists and is at or above the limit, and is censored (counted, neither
 * success nor failure) when neither holds, i.e. its window runs into missing data or past the end of the
 * record before any exceedance. The calm periods (maximal runs, counted in the month they
 * start) of at least D hours. Month 0 is the whole year.
 */
export function weatherWindows(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationsHours: readonly number[]; stepMs?: number },
): WindowRow[] {
  if (time.length !== values.length) throw new RangeError('weatherWindows: time and values differ in length');
  const stepMs = options.stepMs ?? stepOfTime(time);
  const stepHours = stepMs / HOUR_MS;
  const calm = sharedCalm(values, options.below);
  const exceed = sharedExceedance(values, options.below);
  const { year, month, runStart } = sharedCalendar(time);
  const valid = new Float64Array(13);
  const firstYear = year.length ? year[0]! : 0;
  const yearCount = year.length ? year[year.length - 1]! - firstYear + 1 : 0;
  // seen[(y - firstYear)·13 + m]: the year has data in month m (m = 0: in any month)
  const seen = new Uint8Array(yearCount * 13);
  // valid steps per run of one month of one year (the calendar's runs); counted only when the field has gaps
  const gaps = hasGaps(values);
  for (let r = 0; r + 1 < runStart.length; r++) {
    const from = runStart[r]!;
    const to = runStart[r + 1]!;
    let runValid = gaps ? 0 : to - from;
    if (gaps) for (let i = from; i < to; i++) runValid += values[i]! === values[i]! ? 1 : 0;
    if (runValid > 0) {
      const m = month[from]!;
      valid[m]! += runValid;
      valid[0]! += runValid;
      seen[(year[from]! - firstYear) * 13 + m] = 1;
      seen[(year[from]! - firstYear) * 13] = 1;
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
  // integer cells (each step counted once, each calm step in one period's length: all below 2^31); an
  // integer increment is the shortest chain through memory when consecutive steps hit the same cell
  const stepsBy = new Int32Array(13 * width);
  const periodsBy = new Int32Array(13 * width);
  const lengthsBy = new Int32Array(13 * width);
  // starts with data by their distance to the next exceedance (capped): the known failures of d are below d
  const failsBy = new Int32Array(13 * width);
  let previous = 0;
  for (let i = 0; i < calm.length; i++) {
    const run = calm[i]!;
    const v = values[i]!;
    if (v === v) {
      const e = exceed[i]!;
      failsBy[month[i]! * width + (e < cap ? e : cap)]!++;
    }
    if (run !== 0) {
      const k = month[i]! * width + (run < cap ? run : cap);
      stepsBy[k]!++;
      if (previous === 0) {
        periodsBy[k]!++;
        lengthsBy[k]! += run;
      }
    }
    previous = run;
  }
  const rows: WindowRow[] = [];
  for (const [index, durationHours] of options.durationsHours.entries()) {
    const d = durations[index]!;
    const starts = new Float64Array(13);
    const fails = new Float64Array(13);
    const periods = new Float64Array(13);
    const lengths = new Float64Array(13);
    for (let m = 1; m <= 12; m++) {
      for (let r = d; r <= cap; r++) {
        starts[m]! += stepsBy[m * width + r]!;
        periods[m]! += periodsBy[m * width + r]!;
        lengths[m]! += lengthsBy[m * width + r]! * stepHours;
      }
      for (let r = 0; r < d; r++) fails[m]! += failsBy[m * width + r]!;
    }
    for (let m = 1; m <= 12; m++) {
      starts[0]! += starts[m]!;
      fails[0]! += fails[m]!;
      periods[0]! += periods[m]!;
      lengths[0]! += lengths[m]!;
    }
    for (let m = 0; m <= 12; m++) {
      const years = yearsWithData[m]!;
      const known = starts[m]! + fails[m]!;
      rows.push({
        month: m,
        durationHours,
        probability: known > 0 ? (100 * starts[m]!) / known : NaN,
        censored: valid[m]! - known,
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
  /**
   * Starts left out of the statistics because their wait is unknown: no window before the end of the
   * series, or the search for the first window runs into a window whose outcome is unknown (it holds
   * missing data and no value at or above the limit) before it finds one.
   */
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
 * A start is censored when, walking from t, a window of unknown outcome (missing data, no exceedance) comes
 * before the first window start, or no window follows: its true wait is unknown.
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
 * WD for several durations at one limit (the registry's table). The waits are not walked step by step: the
 * series is described by its calm runs, its runs of one month and its missing steps (shared by every
 * duration), a duration's window starts are the first L − D + 1 steps of each calm run of length L ≥ D, and
 * between two blocks of starts the wait falls by one step per step. So each piece of a gap inside one month
 * adds its count, its arithmetic sum of waits and a range of wait lengths (a difference array) at once;
 * missing steps are taken back one by one. O(runs + months + missing + the longest wait) per duration.
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
  const stepMs = options.stepMs ?? stepOfTime(time);
  const percentiles = options.percentiles ?? DOWNTIME_PERCENTILES;
  const probabilities = [0.5, 0.9, ...percentiles.map((p) => p / 100)];
  for (const p of probabilities) checkProbability(p, 'weatherDowntime');
  const steps = options.durationsHours.map((h) => stepsFor(h, stepMs, 'weatherDowntime'));
  const layout = checkedOnce(() => downtimeLayout(time, values, options.below));
  return options.durationsHours.map((durationHours, k) =>
    downtimeRows(layout, steps[k]!, durationHours, stepMs / HOUR_MS, percentiles, probabilities),
  );
}

/** What the downtime of every duration reads: calm runs, runs of one month, missing steps. */
interface DowntimeLayout {
  values: ArrayLike<number>;
  calm: Int32Array;
  /** Steps to the next value at or above the limit (exceedanceDistances). */
  exceed: Int32Array;
  month: Uint8Array;
  n: number;
  runStart: Int32Array;
  runLength: Int32Array;
  /** First step of each run of one calendar month, and its month (1-12); a run ends where the next starts. */
  monthStart: Int32Array;
  monthOf: Uint8Array;
  /** Steps whose value is missing, ascending. */
  missing: Int32Array;
}

function downtimeLayout(time: Float64Array, values: ArrayLike<number>, limit: number): DowntimeLayout {
  const calm = sharedCalm(values, limit);
  const { month } = sharedCalendar(time);
  const runs = memoized(values, `calmRuns:${limit}`, () => {
    const start: number[] = [];
    const length: number[] = [];
    for (let i = 0; i < calm.length; i++) {
      const run = calm[i]!;
      if (run > 0) {
        start.push(i);
        length.push(run);
        i += run; // over the period: the step after it is not calm
      }
    }
    return { start: Int32Array.from(start), length: Int32Array.from(length) };
  });
  const months = memoized(time, 'monthRuns', () => {
    // the calendar's runs of one month of one year, merged where the same month follows
    const { runStart } = sharedCalendar(time);
    const start: number[] = [];
    const of: number[] = [];
    for (let r = 0; r + 1 < runStart.length; r++) {
      const m = month[runStart[r]!]!;
      if (of.length === 0 || of[of.length - 1] !== m) {
        start.push(runStart[r]!);
        of.push(m);
      }
    }
    return { start: Int32Array.from(start), of: Uint8Array.from(of) };
  });
  const missing = memoized(values, 'missing', () => {
    const out: number[] = [];
    // a field without gaps (its shared count says so) needs no pass
    if (hasGaps(values)) for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i]!)) out.push(i);
    return Int32Array.from(out);
  });
  return {
    values,
    calm,
    exceed: sharedExceedance(values, limit),
    month,
    n: values.length,
    runStart: runs.start,
    runLength: runs.length,
    monthStart: months.start,
    monthOf: months.of,
    missing,
  };
}

function downtimeRows(
  layout: DowntimeLayout,
  steps: number,
  durationHours: number,
  stepHours: number,
  percentiles: readonly number[],
  probabilities: readonly number[],
): DowntimeRow[] {
  const { n, runStart, runLength, monthStart, monthOf, missing } = layout;
  const undecided = undecidedWindows(layout, steps);
  // blocks of window starts [first, last]
  const first: number[] = [];
  const last: number[] = [];
  let longest = 0;
  let position = 0;
  for (let r = 0; r < runStart.length; r++) {
    if (runLength[r]! < steps) continue;
    const block = runStart[r]!;
    longest = Math.max(longest, block - position);
    first.push(block);
    last.push(block + runLength[r]! - steps);
    position = block + runLength[r]! - steps + 1;
  }
  const starts = new Float64Array(13);
  const censored = new Float64Array(13);
  const uncensored = new Int32Array(13);
  const sums = new Float64Array(13);
  const width = longest + 1;
  const tabled = 13 * width <= 4 * n + 4096;
  // difference array of the wait lengths per month (one spare slot per month)
  const diff = tabled ? new Int32Array(13 * (width + 1)) : null;
  let monthRun = 0;
  let nextMissing = 0;
  // kind 0: a gap whose next start is `next` (wait next − i), 1: window starts (wait 0), 2: censored
  const piece = (a: number, b: number, m: number, kind: number, next: number): void => {
    const count = b - a + 1;
    let missed = 0;
    let missedWaits = 0;
    const row = m * (width + 1);
    for (; nextMissing < missing.length && missing[nextMissing]! <= b; nextMissing++) {
      missed++;
      if (kind === 0) {
        const wait = next - missing[nextMissing]!;
        missedWaits += wait;
        if (diff) {
          diff[row + wait]!--;
          diff[row + wait + 1]!++;
        }
      }
    }
    const valid = count - missed;
    starts[m]! += valid;
    if (kind === 2) {
      censored[m]! += valid;
      return;
    }
    uncensored[m]! += valid;
    if (kind === 1) {
      if (diff) {
        diff[row]! += valid;
        diff[row + 1]! -= valid;
      }
      return;
    }
    // Σ (next − i) for i in [a, b], exact in integers
    sums[m]! += count * next - ((a + b) * count) / 2 - missedWaits;
    if (diff) {
      diff[row + next - b]!++;
      diff[row + next - a + 1]!--;
    }
  };
  // [a, b] split at the month runs it crosses
  const segment = (a: number, b: number, kind: number, next: number): void => {
    while (a <= b) {
      while (monthRun + 1 < monthStart.length && monthStart[monthRun + 1]! <= a) monthRun++;
      const end = monthRun + 1 < monthStart.length ? Math.min(b, monthStart[monthRun + 1]! - 1) : b;
      piece(a, end, monthOf[monthRun]!, kind, next);
      a = end + 1;
    }
  };
  position = 0;
  let u = -1;
  for (let k = 0; k < first.length; k++) {
    const b = first[k]! - 1;
    if (b >= position) {
      // the starts up to the last window of unknown outcome before the block are censored
      while (u + 1 < undecided.lo.length && undecided.lo[u + 1]! <= b) u++;
      const q = u >= 0 ? Math.min(undecided.hi[u]!, b) : -1;
      if (q >= position) {
        segment(position, q, 2, 0);
        if (q < b) segment(q + 1, b, 0, first[k]!);
      } else segment(position, b, 0, first[k]!);
    }
    segment(first[k]!, last[k]!, 1, 0);
    position = last[k]! + 1;
  }
  if (position < n) segment(position, n - 1, 2, 0);
  for (let m = 1; m <= 12; m++) {
    starts[0]! += starts[m]!;
    censored[0]! += censored[m]!;
    uncensored[0]! += uncensored[m]!;
    sums[0]! += sums[m]!;
  }
  let quantilesOf: number[][];
  if (diff) {
    const counts = new Int32Array(13 * width);
    for (let m = 1; m <= 12; m++) {
      let running = 0;
      for (let w = 0; w < width; w++) {
        running += diff[m * (width + 1) + w]!;
        counts[m * width + w] = running;
        counts[w]! += running;
      }
    }
    quantilesOf = countQuantiles(counts, width, uncensored, stepHours, probabilities);
  } else {
    const { values, calm, month } = layout;
    quantilesOf = waitQuantilesBySelection(
      values,
      calm,
      layout.exceed,
      month,
      steps,
      uncensored,
      stepHours,
      probabilities,
    );
  }
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
function countQuantiles(
  counts: Int32Array,
  width: number,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
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
  exceed: Int32Array,
  month: Uint8Array,
  steps: number,
  uncensored: Int32Array,
  stepHours: number,
  probabilities: readonly number[],
): number[][] {
  const waits = Array.from(uncensored, (count) => new Float64Array(count));
  const fill = new Int32Array(13);
  let upcoming = -1;
  // the nearest window of unknown outcome at or after i: a start before it and before `upcoming` is censored
  let unknown = -1;
  for (let i = values.length - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    else if (exceed[i]! >= steps) unknown = i;
    const v = values[i]!;
    if (v !== v || upcoming < 0 || (unknown >= 0 && unknown < upcoming)) continue;
    const wait = (upcoming - i) * stepHours;
    const m = month[i]!;
    waits[m]![fill[m]!++] = wait;
    waits[0]![fill[0]!++] = wait;
  }
  return waits.map((wait) => quantilesOfValid(wait, probabilities));
}

/**
 * The windows of `steps` steps whose outcome is unknown, as ascending disjoint intervals [lo, hi] of start
 * steps, found from the missing steps alone (the end of the record is handled by the caller: every start
 * after the last window is censored). A window starting at s is unknown when its first step that is not
 * calm is a missing step m < s + steps and no exceedance comes before s + steps: s runs from the start of
 * the calm run ending at m (or m) and from m − steps + 1, to m and to m + exceed[m] − steps.
 */
function undecidedWindows(layout: DowntimeLayout, steps: number): { lo: Int32Array; hi: Int32Array } {
  const { missing, exceed, runStart, runLength } = layout;
  const lo: number[] = [];
  const hi: number[] = [];
  let r = 0;
  for (let j = 0; j < missing.length; j++) {
    const m = missing[j]!;
    // the last calm run starting before m; it ends right before m or earlier
    while (r + 1 < runStart.length && runStart[r + 1]! < m) r++;
    const ending = r < runStart.length && runStart[r]! < m && runStart[r]! + runLength[r]! === m;
    const a = Math.max(ending ? runStart[r]! : m, m - steps + 1);
    const b = Math.min(m, m + exceed[m]! - steps);
    if (a <= b) {
      lo.push(a);
      hi.push(b);
    }
  }
  return { lo: Int32Array.from(lo), hi: Int32Array.from(hi) };
}
