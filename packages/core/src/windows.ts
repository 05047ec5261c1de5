// Weather windows (WW) and weather downtime (WD). One backward pass computes, for every step, the length
// of the calm run starting there, so every duration is answered in O(n) whatever its length.
import { HOUR_MS, stepOfTime } from './series';
import { checkedOnce, memoized } from './memo';
import { hasGaps, sharedCalendar } from './shared';
import { kaplanMeierCounts, restrictedMean, survivalQuantile, type SurvivalCurve } from './survival';

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

/** WW's counts per month (rows of cap + 1, flat): see weatherWindows. */
export interface WindowCounts {
  stepsBy: Int32Array;
  periodsBy: Int32Array;
  lengthsBy: Int32Array;
  failsBy: Int32Array;
}

/**
 * WW's counts in one pass over every step: per month, the steps by their calm run (capped at `cap`), the
 * calm periods and their lengths by the period's length (in the month of its first step), the steps with
 * data by their distance to the next exceedance (capped). Integer cells (each step counted once, each calm
 * step in one period's length: all below 2^31); an integer increment is the shortest chain through memory
 * when consecutive steps hit the same cell.
 */
export function windowCounts(
  values: ArrayLike<number>,
  calm: Int32Array,
  exceed: Int32Array,
  month: Uint8Array,
  cap: number,
): WindowCounts {
  const width = cap + 1;
  const stepsBy = new Int32Array(13 * width);
  const periodsBy = new Int32Array(13 * width);
  const lengthsBy = new Int32Array(13 * width);
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
  return { stepsBy, periodsBy, lengthsBy, failsBy };
}

/**
 * windowCounts of a column without missing values, from its calm runs: the steps of a run [j, e) have calm
 * runs e − i, consecutive integers per calendar month, added as a difference row (the part at or above
 * `cap` to the cap column); a run's steps are e − i from the next exceedance too (the last run's, when it
 * reaches the end, none: the cap column), and the other steps 0. O(runs + months + cap), the same integers
 * (test: windows-runs.test.ts).
 */
export function windowCountsOfRuns(
  runs: CalmRuns,
  calendar: { month: Uint8Array; runStart: Int32Array },
  cap: number,
): WindowCounts {
  const { month, runStart } = calendar;
  const n = month.length;
  const width = cap + 1;
  const periodsBy = new Int32Array(13 * width);
  const lengthsBy = new Int32Array(13 * width);
  // difference rows of the calm runs below the cap (one more column for the −1 past the last), and the cap
  // columns; the steps' distances to the next exceedance are the same, but for the last run when it
  // reaches the end (no exceedance follows: the cap column)
  const stride = width + 1;
  const stepsDiff = new Int32Array(13 * stride);
  const failsDiff = new Int32Array(13 * stride);
  const stepsAtCap = new Int32Array(13);
  const failsAtCap = new Int32Array(13);
  const calmSteps = new Int32Array(13);
  const monthSteps = new Int32Array(13);
  for (let r = 0; r + 1 < runStart.length; r++)
    monthSteps[month[runStart[r]!]!]! += runStart[r + 1]! - runStart[r]!;
  let r = 0; // the calendar run holding the steps being written, walked upwards
  for (let k = 0; k < runs.start.length; k++) {
    const j = runs.start[k]!;
    const e = runs.end[k]!;
    const length = e - j;
    const first = month[j]! * width + (length < cap ? length : cap);
    periodsBy[first]!++;
    lengthsBy[first]! += length;
    const last = e === n;
    for (let lo = j; lo < e;) {
      while (runStart[r + 1]! <= lo) r++;
      const hi = Math.min(e, runStart[r + 1]!) - 1;
      const m = month[lo]!;
      calmSteps[m]! += hi - lo + 1;
      // calm runs e − hi … e − lo: those below the cap one by one, the others in the cap column
      const a = e - hi;
      const b = e - lo;
      const below = Math.min(b, cap - 1);
      const above = Math.max(0, b - Math.max(a, cap) + 1);
      if (a <= below) {
        stepsDiff[m * stride + a]!++;
        stepsDiff[m * stride + below + 1]!--;
        if (!last) {
          failsDiff[m * stride + a]!++;
          failsDiff[m * stride + below + 1]!--;
        }
      }
      stepsAtCap[m]! += above;
      failsAtCap[m]! += last ? hi - lo + 1 : above;
      lo = hi + 1;
    }
  }
  const stepsBy = new Int32Array(13 * width);
  const failsBy = new Int32Array(13 * width);
  for (let m = 1; m <= 12; m++) {
    let steps = 0;
    let fails = 0;
    for (let c = 1; c < cap; c++) {
      steps += stepsDiff[m * stride + c]!;
      fails += failsDiff[m * stride + c]!;
      stepsBy[m * width + c] = steps;
      failsBy[m * width + c] = fails;
    }
    stepsBy[m * width + cap] = stepsAtCap[m]!;
    failsBy[m * width + cap] = failsAtCap[m]!;
    // the steps at or above the limit: 0 steps from the next exceedance
    failsBy[m * width] = monthSteps[m]! - calmSteps[m]!;
  }
  return { stepsBy, periodsBy, lengthsBy, failsBy };
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
  // per month, the steps, the calm periods and their lengths by the length of the calm run from that step
  // (capped at the longest duration), and the starts by their distance to the next exceedance; a
  // duration's counts are the sums above it (the known failures of d below d)
  const durations = options.durationsHours.map((h) => stepsFor(h, stepMs, 'weatherWindows'));
  const cap = Math.max(1, ...durations);
  const width = cap + 1;
  const { stepsBy, periodsBy, lengthsBy, failsBy } = gaps
    ? windowCounts(
        values,
        sharedCalm(values, options.below),
        sharedExceedance(values, options.below),
        month,
        cap,
      )
    : windowCountsOfRuns(sharedCalmRuns(values, options.below), { month, runStart }, cap);
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
   * Starts whose wait is only known to be at least some hours (Kaplan–Meier censored): the search for the
   * first window runs into a window whose outcome is unknown (it holds missing data, or runs past the end
   * of the record, and no value at or above the limit), or no window follows before the end of the
   * record. They enter the estimate as "waited at least c hours", c the hours to that window.
   */
  censored: number;
  /**
   * Restricted mean wait, hours: the area under the Kaplan–Meier curve up to `meanHorizonHours` (the
   * longest wait followed, event or censored). When `meanRestricted` is false the curve falls to 0 before
   * the horizon and this is the mean itself. NaN when no start has data.
   */
  meanWaitHours: number;
  meanHorizonHours: number;
  meanRestricted: boolean;
  /**
   * Percentile (0-100) -> waiting hours from the Kaplan–Meier curve (first wait where the curve is at or
   * below 1 − p; midpoint of the flat where it equals 1 − p). null: the curve never falls that low, the
   * percentile is more than `followUpHours` and unknown.
   */
  waitPercentilesHours: Record<string, number | null>;
  p50WaitHours: number | null;
  p90WaitHours: number | null;
  /** The longest wait followed (event or censored), hours: a percentile left null is more than it. */
  followUpHours: number;
  /** Mean total duration: restricted mean wait plus the operation itself, hours. */
  meanTotalHours: number;
}

export const DOWNTIME_PERCENTILES: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90];

/**
 * WD: for an operation needing a continuous window of D hours below the limit, the waiting time from each
 * start t (a step with data) to the first window start ≥ t, and the total duration wait + D, per month.
 * A start is censored when, walking from t, a window of unknown outcome (missing data, no exceedance) comes
 * before the first window start, or no window follows: its wait is at least the distance c to that window
 * (or to the end of the record). The wait distribution is the product-limit (Kaplan–Meier) estimate over
 * all starts, censored ones included (survival.ts).
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
 * WD for several durations at one limit (the registry's table). One backward pass per duration finds,
 * for each start, the next window start and the next window of unknown outcome (calm and exceedance
 * distances are shared by every duration); the waits and censoring distances are counted per month and
 * wait length, and each month's Kaplan–Meier curve is read from the counts. O(n + longest wait).
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
  for (const p of percentiles) {
    if (!(p > 0 && p < 100))
      throw new RangeError(`weatherDowntime: percentiles must be in (0, 100), got ${p}`);
  }
  const steps = options.durationsHours.map((h) => stepsFor(h, stepMs, 'weatherDowntime'));
  return checkedOnce(() => {
    const calendar = sharedCalendar(time);
    // a column without missing values: from its calm runs; else step by step
    const runs = hasGaps(values) ? null : sharedCalmRuns(values, options.below);
    const layout = runs
      ? null
      : {
          values,
          calm: sharedCalm(values, options.below),
          exceed: sharedExceedance(values, options.below),
          month: calendar.month,
        };
    return options.durationsHours.map((durationHours, k) =>
      downtimeRows(
        runs ? downtimeCountsOfRuns(runs, calendar, steps[k]!) : downtimeCounts(layout!, steps[k]!),
        durationHours,
        stepMs / HOUR_MS,
        percentiles,
      ),
    );
  });
}

export interface DowntimeLayout {
  values: ArrayLike<number>;
  calm: Int32Array;
  /** Steps to the next value at or above the limit (exceedanceDistances). */
  exceed: Int32Array;
  month: Uint8Array;
}

/**
 * Per start (a step with data), in steps: its wait (≥ 0) or, when censored, −1 − c with c the distance
 * to the first window of unknown outcome (or to the end of the record); NO_START where there is no data.
 */
const NO_START = -0x7fffffff;

function waitsOrCensoring(layout: DowntimeLayout, steps: number): Int32Array {
  const { values, calm, exceed } = layout;
  const n = calm.length;
  const out = new Int32Array(n);
  let upcoming = -1;
  let unknown = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    else if (exceed[i]! >= steps) unknown = i;
    const v = values[i]!;
    if (v !== v) out[i] = NO_START;
    else if (upcoming >= 0 && (unknown < 0 || upcoming < unknown)) out[i] = upcoming - i;
    else out[i] = -1 - ((unknown >= 0 ? unknown : n) - i);
  }
  return out;
}

/**
 * Per start, in steps: its wait (≥ 0), or −1 − c when it is censored at c, or NO_DOWNTIME_START where the
 * value is missing: what the WD rows and their intervals (downtime-intervals.ts) are read from.
 */
export function downtimeStarts(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationHours: number; stepMs?: number },
): { coded: Int32Array; stepHours: number } {
  if (time.length !== values.length)
    throw new RangeError('weatherDowntime: time and values differ in length');
  const stepMs = options.stepMs ?? stepOfTime(time);
  const steps = stepsFor(options.durationHours, stepMs, 'weatherDowntime');
  const coded = checkedOnce(() =>
    waitsOrCensoring(
      {
        values,
        calm: sharedCalm(values, options.below),
        exceed: sharedExceedance(values, options.below),
        month: sharedCalendar(time).month,
      },
      steps,
    ),
  );
  return { coded, stepHours: stepMs / HOUR_MS };
}

export const NO_DOWNTIME_START = NO_START;

/**
 * Per step, the outcome of the window of the duration starting there: 1 a window starts, 0 a known
 * failure (a value at or above the limit in it), −1 censored (missing data or the end of the record in
 * it, no exceedance) or no data at the step: as weatherWindows counts them.
 */
export function windowOutcomes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationHours: number; stepMs?: number },
): { outcome: Int8Array } {
  if (time.length !== values.length) throw new RangeError('weatherWindows: time and values differ in length');
  const stepMs = options.stepMs ?? stepOfTime(time);
  const steps = stepsFor(options.durationHours, stepMs, 'weatherWindows');
  return checkedOnce(() => {
    const calm = sharedCalm(values, options.below);
    const exceed = sharedExceedance(values, options.below);
    const outcome = new Int8Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      outcome[i] = v !== v ? -1 : calm[i]! >= steps ? 1 : exceed[i]! < steps ? 0 : -1;
    }
    return { outcome };
  });
}

/**
 * A table of 13 rows (months, row 0 for all) by wait length in steps, widened to `width` columns with zeros
 * (cutRows cuts one without a copy).
 */
function widened(table: Int32Array, width: number): Int32Array {
  const old = table.length / 13;
  const kept = Math.min(old, width);
  const wide = new Int32Array(13 * width);
  for (let m = 0; m < 13; m++) wide.set(table.subarray(m * old, m * old + kept), m * width);
  return wide;
}

/**
 * A table of 13 rows at `width` columns cut to its first `used` columns (used ≤ width) in place: each row
 * moved down to its place at the narrower width (a row never lands past where it was), the table a view of
 * the first 13·used values. No copy of the table (11 MB of fresh memory per 40-year point's WD otherwise).
 */
function cutRows(table: Int32Array, width: number, used: number): Int32Array {
  for (let m = 1; m < 13; m++) table.copyWithin(m * used, m * width, m * width + used);
  return table.subarray(0, 13 * used);
}

/** The counts the WD rows are read from (downtimeCounts). */
export interface DowntimeCounts {
  starts: Int32Array;
  censored: Int32Array;
  events: Int32Array;
  censoredAt: Int32Array;
  width: number;
}

/** The runs of steps below the limit of a column, [start, end) ascending. */
export interface CalmRuns {
  start: Int32Array;
  end: Int32Array;
}

/**
 * The runs of steps whose value exists and is below the limit (calmRunLengths' runs), from one pass over the
 * values, shared by the windows and the durations of one limit (read-only, memo.ts): a few thousand in 40
 * years where the steps are 350,000.
 */
function sharedCalmRuns(values: ArrayLike<number>, limit: number): CalmRuns {
  return memoized(values, `calm-runs:${limit}`, () => {
    const start: number[] = [];
    const end: number[] = [];
    const from = closedCalmRuns(values, limit, start, end);
    if (from >= 0) {
      start.push(from);
      end.push(values.length);
    }
    return { start: Int32Array.from(start), end: Int32Array.from(end) };
  });
}

/**
 * The calm runs of sharedCalmRuns that end before the record does, pushed to `start` and `end`; answers the
 * start of the run still open at the end (-1: none). The pass is a function of its own: compiled while running
 * inside its caller, it left the code after it without type feedback, and each call deoptimised there.
 */
function closedCalmRuns(values: ArrayLike<number>, limit: number, start: number[], end: number[]): number {
  let from = -1;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < limit) {
      if (from < 0) from = i;
    } else if (from >= 0) {
      start.push(from);
      end.push(i);
      from = -1;
    }
  }
  return from;
}

/**
 * downtimeCounts of a column without missing values, from its calm runs instead of its steps. Without gaps
 * every window of unknown outcome lies at the end of the record, so the starts with a wait of 0 are the
 * first L − d + 1 steps of each calm run of L ≥ d steps (the last run's later steps: censored at 0), and the
 * steps between two such intervals wait for the next one: T − i for step i before the interval starting at
 * T, one wait per step, in a run of consecutive waits per calendar month. Each month's row is written as a
 * difference table (+1 at the run's first wait, −1 after its last) and summed once: O(runs + months +
 * longest wait) per duration. The same integers as downtimeCounts' pass over every step (test:
 * windows-runs.test.ts).
 */
export function downtimeCountsOfRuns(
  runs: CalmRuns,
  calendar: { month: Uint8Array; runStart: Int32Array },
  steps: number,
): DowntimeCounts {
  const { month } = calendar;
  const n = month.length;
  // the intervals of starts with no wait, descending: [from, to], censored or not; the gaps between them
  const from: number[] = [];
  const to: number[] = [];
  const kind: boolean[] = [];
  for (let k = runs.start.length - 1; k >= 0; k--) {
    const j = runs.start[k]!;
    const e = runs.end[k]!;
    // the last run reaching the end of the record: its last d − 1 steps' windows run past it (censored)
    let events = e - steps;
    if (e === n) {
      const tail = Math.max(j, n - steps + 1);
      from.push(tail);
      to.push(n - 1);
      kind.push(false);
      events = Math.min(events, tail - 1);
    }
    if (events >= j) {
      from.push(j);
      to.push(events);
      kind.push(true);
    }
  }
  // the longest wait: a gap's first step waits for the interval after it (the end of the record after the
  // last one: censored at n − i)
  let longest = 0;
  for (let g = 0, next = n; g <= from.length; g++) {
    const gapStart = g < from.length ? to[g]! + 1 : 0;
    if (gapStart < next && next - gapStart > longest) longest = next - gapStart;
    if (g < from.length) next = from[g]!;
  }
  const width = longest + 2; // a difference table's −1 may fall one past the longest wait
  // the tables written and summed in functions of their own: a loop compiled while running inside this one
  // (on-stack replacement) left the code after it without type feedback, and every call deoptimised there and
  // wrote and summed its tables in the interpreter (--trace-deopt: once per duration and limit)
  const eventDiff = new Int32Array(13 * width);
  const censoredDiff = new Int32Array(13 * width);
  writeWaitDifferences(from, to, kind, calendar, width, eventDiff, censoredDiff);
  // the rows summed, the tables cut to the longest wait any month holds (as downtimeCounts' are)
  const starts = new Int32Array(13);
  const censored = new Int32Array(13);
  const used = Math.max(
    sumDifferences(eventDiff, width, starts, null),
    sumDifferences(censoredDiff, width, starts, censored),
  );
  return {
    starts,
    censored,
    events: cutRows(eventDiff, width, used),
    censoredAt: cutRows(censoredDiff, width, used),
    width: used,
  };
}

/**
 * downtimeCountsOfRuns' difference tables: per interval of starts with no wait (`from`, `to`, descending,
 * `kind` true for events), 1 at wait 0 for each of its starts, and for the steps of the gap before it one
 * wait each, T − i for step i before the interval starting at T (censored after the last one), split by the
 * calendar's runs.
 */
function writeWaitDifferences(
  from: readonly number[],
  to: readonly number[],
  kind: readonly boolean[],
  { month, runStart }: { month: Uint8Array; runStart: Int32Array },
  width: number,
  eventDiff: Int32Array,
  censoredDiff: Int32Array,
): void {
  const n = month.length;
  const writer = new WaitDifferenceWriter(month, runStart, width, eventDiff, censoredDiff);
  let next = n;
  let nextIsEvent = false;
  for (let g = 0; g < from.length; g++) {
    writer.add(to[g]! + 1, next - 1, next, nextIsEvent, false);
    writer.add(from[g]!, to[g]!, 0, kind[g]!, true);
    next = from[g]!;
    nextIsEvent = kind[g]!;
  }
  writer.add(0, next - 1, next, nextIsEvent, false);
}

/**
 * writeWaitDifferences' writes: one per step i in [lo, hi] at wait target − i (target = lo: the interval's own
 * starts at 0 — target − i is then not a wait, the count goes to column 0), split by the calendar's runs. A
 * class, not a closure per call: V8 holds a closure's optimised code weakly (compiled again after every
 * collection).
 */
class WaitDifferenceWriter {
  /** the calendar run holding the steps being written, walked downwards */
  private r: number;

  constructor(
    private readonly month: Uint8Array,
    private readonly runStart: Int32Array,
    private readonly width: number,
    private readonly eventDiff: Int32Array,
    private readonly censoredDiff: Int32Array,
  ) {
    this.r = runStart.length - 2;
  }

  add(lo: number, hi: number, target: number, isEvent: boolean, atZero: boolean): void {
    const { month, runStart, width } = this;
    const diff = isEvent ? this.eventDiff : this.censoredDiff;
    let r = this.r;
    for (let top = hi; top >= lo;) {
      while (r > 0 && runStart[r]! > top) r--;
      const bottom = Math.max(lo, runStart[r]!);
      const row = month[bottom]! * width;
      if (atZero) {
        diff[row]! += top - bottom + 1;
        diff[row + 1]! -= top - bottom + 1;
      } else {
        diff[row + target - top]!++;
        diff[row + target - bottom + 1]!--;
      }
      top = bottom - 1;
    }
    this.r = r;
  }
}

/**
 * A difference table of 13 rows (months; row 0 left) summed in place along each month's row; each month's
 * total added to `starts` (and to `censored` when given). Answers the columns in use: one past the longest
 * wait with a count.
 */
function sumDifferences(
  diff: Int32Array,
  width: number,
  starts: Int32Array,
  censored: Int32Array | null,
): number {
  let used = 1;
  for (let m = 1; m <= 12; m++) {
    let running = 0;
    let total = 0;
    for (let w = 0; w < width; w++) {
      running += diff[m * width + w]!;
      diff[m * width + w] = running;
      if (running > 0 && w + 1 > used) used = w + 1;
      total += running;
    }
    starts[m]! += total;
    if (censored) censored[m]! += total;
  }
  return used;
}

/**
 * The counts the WD rows are read from, in one backward pass (as waitsOrCensoring codes each start, without
 * storing the codes): per month (row 0 left for all) and wait length in steps, the events at w and the
 * censorings "at least c" at c, in flat tables widened as longer waits appear; the starts and censored
 * starts per month (integers, all below 2^31).
 */
export function downtimeCounts(layout: DowntimeLayout, steps: number): DowntimeCounts {
  const { values, calm, exceed, month } = layout;
  const n = calm.length;
  let width = 64;
  let events: Int32Array = new Int32Array(13 * width);
  let censoredAt: Int32Array = new Int32Array(13 * width);
  let upcoming = -1;
  let unknown = -1;
  // one increment per start (a count per month in the loop would chain each step's store to the previous
  // one's: the month holds for weeks); the starts, censored starts and longest wait read from the tables
  for (let i = n - 1; i >= 0; i--) {
    if (calm[i]! >= steps) upcoming = i;
    else if (exceed[i]! >= steps) unknown = i;
    const v = values[i]!;
    if (v !== v) continue;
    const event = upcoming >= 0 && (unknown < 0 || upcoming < unknown);
    const t = event ? upcoming - i : (unknown >= 0 ? unknown : n) - i;
    if (t >= width) {
      // a wait longer than any before: the tables widened (doubling, so rarely)
      while (t >= width) width *= 2;
      events = widened(events, width);
      censoredAt = widened(censoredAt, width);
    }
    if (event) events[month[i]! * width + t]!++;
    else censoredAt[month[i]! * width + t]!++;
  }
  const starts = new Int32Array(13);
  const censored = new Int32Array(13);
  let longest = 0;
  for (let m = 1; m <= 12; m++)
    for (let w = 0; w < width; w++) {
      const e = events[m * width + w]!;
      const c = censoredAt[m * width + w]!;
      starts[m]! += e + c;
      censored[m]! += c;
      if (e + c > 0 && w > longest) longest = w;
    }
  // the columns up to the longest wait: the widths the curves read (as many as waitsOrCensoring's codes give)
  const used = longest + 1;
  return {
    starts,
    censored,
    events: cutRows(events, width, used),
    censoredAt: cutRows(censoredAt, width, used),
    width: used,
  };
}

function downtimeRows(
  { starts, censored, events, censoredAt, width }: DowntimeCounts,
  durationHours: number,
  stepHours: number,
  percentiles: readonly number[],
): DowntimeRow[] {
  for (let m = 1; m <= 12; m++) {
    starts[0]! += starts[m]!;
    censored[0]! += censored[m]!;
    for (let w = 0; w < width; w++) {
      events[w]! += events[m * width + w]!;
      censoredAt[w]! += censoredAt[m * width + w]!;
    }
  }
  const rows: DowntimeRow[] = [];
  for (let m = 0; m <= 12; m++) {
    const curve = waitCurve(
      events.subarray(m * width, (m + 1) * width),
      censoredAt.subarray(m * width, (m + 1) * width),
      stepHours,
    );
    const mean = curve.total > 0 ? restrictedMean(curve) : { mean: NaN, horizon: NaN, restricted: false };
    const waitPercentilesHours: Record<string, number | null> = {};
    for (const p of percentiles) waitPercentilesHours[String(p)] = waitQuantile(curve, p / 100);
    rows.push({
      month: m,
      durationHours,
      starts: starts[m]!,
      censored: censored[m]!,
      meanWaitHours: mean.mean,
      meanHorizonHours: mean.horizon,
      meanRestricted: mean.restricted,
      waitPercentilesHours,
      p50WaitHours: waitQuantile(curve, 0.5),
      p90WaitHours: waitQuantile(curve, 0.9),
      followUpHours: curve.followUp,
      meanTotalHours: mean.mean + durationHours,
    });
  }
  return rows;
}

/** A wait percentile of a month's curve (p a probability), null without a start of known outcome. */
function waitQuantile(curve: SurvivalCurve, p: number): number | null {
  return curve.total > 0 ? survivalQuantile(curve, p) : null;
}

/**
 * The Kaplan–Meier curve of the waits, hours, from counts by length in steps. A start censored at c
 * steps waited at least c (the window at c may have opened): in the estimator's convention (censored at
 * t means "more than t") it is censored at c − 1 step, and one censored at 0 says nothing and is left out
 * of the curve (it stays counted in `censored`). Its follow-up is at least the longest event.
 */
function waitCurve(events: Int32Array, censoredAt: Int32Array, stepHours: number): SurvivalCurve {
  const censoredBefore = (w: number): number => (w + 1 < censoredAt.length ? censoredAt[w + 1]! : 0);
  // the waits with a count, counted first: exact-size arrays (13 curves per duration, up to thousands of waits)
  let kept = 0;
  for (let w = 0; w < events.length; w++) if (events[w]! > 0 || censoredBefore(w) > 0) kept++;
  const times = new Float64Array(kept);
  const d = new Int32Array(kept);
  const c = new Int32Array(kept);
  for (let w = 0, k = 0; w < events.length; w++) {
    const cens = censoredBefore(w);
    if (events[w]! > 0 || cens > 0) {
      times[k] = w * stepHours;
      d[k] = events[w]!;
      c[k++] = cens;
    }
  }
  return kaplanMeierCounts(times, d, c);
}
