// Descriptive statistics of a field: describe, type 7 quantiles (numpy's default "linear") and the
// calendar-month, year-month and overview tables, read from the field's shared sorted values and moments
// (shared.ts; the kernels are in order.ts and moments.ts).
import { checkedOnce, memoized, memoizedOver } from './memo';
import { combineMoments, moments, squaredDeviations, sumsOf } from './moments';
import type { Moments } from './moments';
import { NO_RANK, checkProbability, middlePair, quantilesOfColumn, quantilesOfValid } from './order';
import type { Ranks } from './order';
import { sharedCalendar, sharedMoments, sharedQuantiles, sharedQuantilesIfMade, sharedRanks } from './shared';
import type { Series } from './series';
import { circularStats, DIRECTION_PATTERN } from './circular';

export const DEFAULT_PERCENTILES: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 99];
export const DESCRIBE_PERCENTILES: readonly number[] = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99];

/** Percentile (0-100) -> type 7 value of values without NaN, keys as given ("1", "50", "99"). */
export function percentileTable(a: Float64Array, percentiles: readonly number[]): Record<string, number> {
  const values = quantilesOfValid(
    a,
    percentiles.map((p) => p / 100),
  );
  return Object.fromEntries(percentiles.map((p, i) => [String(p), values[i]!]));
}

/** Type 7 quantile (numpy "linear") of the non-missing values, in O(n) by quickselect; NaN when empty. */
export function quantile(values: ArrayLike<number>, p: number): number {
  checkProbability(p, 'quantile');
  return checkedOnce(() => sharedQuantiles(values, [p])[0]!);
}

/** Type 7 quantiles at several probabilities, by selection (no sort). */
export function quantiles(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  for (const p of probabilities) checkProbability(p, 'quantiles');
  return checkedOnce(() => sharedQuantiles(values, probabilities));
}

export interface Description extends Moments {
  median: number;
  /** Percentile (0-100) -> value, keys as given ("1", "50", "99"). */
  percentiles: Record<string, number>;
}

/** count, mean, min, max, median, std and percentiles of the non-missing values. */
export function describe(
  values: ArrayLike<number>,
  percentiles: readonly number[] = DESCRIBE_PERCENTILES,
): Description {
  for (const p of percentiles) {
    if (!(p >= 0 && p <= 100)) throw new RangeError(`describe: percentile ${p} is outside [0, 100]`);
  }
  return checkedOnce(() => {
    const m = sharedMoments(values);
    const [median, ...atPercentiles] = sharedQuantiles(values, [0.5, ...percentiles.map((p) => p / 100)]);
    const table = Object.fromEntries(percentiles.map((p, i) => [String(p), atPercentiles[i]!]));
    return { ...m, median: median!, percentiles: table };
  });
}

export interface MonthlyRow extends Moments {
  /** Calendar month 1-12. */
  month: number;
  median: number;
}

export interface YearMonthRow extends MonthlyRow {
  year: number;
}

/** Type 7 median of a group of `count` values from its two middle order statistics. */
function medianOf(count: number, low: number, high: number): number {
  if (count === 0) return NaN;
  const h = (count - 1) * 0.5;
  const lo = Math.floor(h);
  return lo + 1 >= count ? low : low + (h - lo) * (high - low);
}

/** Where each group starts in a pool holding the groups one after another (the last entry: the size). */
function groupStarts(counts: Int32Array): Int32Array {
  const starts = new Int32Array(counts.length + 1);
  for (let k = 0; k < counts.length; k++) starts[k + 1] = starts[k]! + counts[k]!;
  return starts;
}

/**
 * The ranks at positions ⌊(count − 1)/2⌋ and the next (the same when count is 1) of `count` values
 * counted by rank in `histogram`, none below rank `first`.
 */
function middleRanks(histogram: Int32Array, first: number, count: number): [number, number] {
  const lo = Math.floor((count - 1) * 0.5);
  let r = first;
  let below = histogram[r]!;
  while (below <= lo) below += histogram[++r]!;
  let next = r;
  if (below === lo + 1 && lo + 1 < count)
    do next++;
    while (histogram[next] === 0);
  return [r, next];
}

/**
 * The calendar's runs by group: runOrder[runFirst[k]] to runOrder[runFirst[k + 1] − 1] are the runs of
 * group k (a month of one year: one run on a regular time axis), in time order (a counting sort of the
 * runs by key).
 */
function runsByGroup(
  key: Uint16Array | Int32Array,
  runStart: Int32Array,
  groups: number,
): { runFirst: Int32Array; runOrder: Int32Array } {
  const runs = runStart.length - 1;
  const runFirst = new Int32Array(groups + 1);
  for (let run = 0; run < runs; run++) runFirst[key[runStart[run]!]! + 1]!++;
  for (let k = 0; k < groups; k++) runFirst[k + 1]! += runFirst[k]!;
  const fill = runFirst.slice(0, groups);
  const runOrder = new Int32Array(runs);
  for (let run = 0; run < runs; run++) runOrder[fill[key[runStart[run]!]!]!++] = run;
  return { runFirst, runOrder };
}

/**
 * A group's valid ranks counted into `histogram` (its steps: the runs of runOrder from `from` to `to`): the
 * group's own histogram, or its calendar month's when that is shorter than its range of ranks; writes the
 * smallest and the largest rank into `bounds`. A function of its own: compiled while running inside
 * mediansOfRanks, a loop left the code after it without type feedback, and the call deoptimised there
 * (--trace-deopt).
 */
function countGroup(
  { code, rankOf }: Ranks,
  runStart: Int32Array,
  runOrder: Int32Array,
  from: number,
  to: number,
  histogram: Int32Array,
  bounds: Int32Array,
): void {
  let first = NO_RANK;
  let last = 0;
  for (let g = from; g < to; g++) {
    const run = runOrder[g]!;
    for (let i = runStart[run]!; i < runStart[run + 1]!; i++) {
      const r = rankOf[code[i]!]!;
      if (r === NO_RANK) continue;
      first = r < first ? r : first;
      last = r > last ? r : last;
      histogram[r]!++;
    }
  }
  bounds[0] = first;
  bounds[1] = last;
}

/**
 * Medians of the year-month groups (key[i] = group of step i, constant over each run of the calendar;
 * group k in calendar month ⌊k / years⌋) and of the calendar months, from the ranks of a column's values:
 * each year-month's ranks are counted straight from its runs into a histogram over its range of ranks (a few
 * hundred), its middle ranks read there, and the histogram then joins its calendar month's. One pass over
 * the steps' 16-bit codes, against a selection per group (and, before, a pool of the ranks gathered by group
 * then read again: issue 34, session 36).
 */
function mediansOfRanks(
  ranks: Ranks,
  key: Uint16Array | Int32Array,
  runStart: Int32Array,
  groupCounts: Int32Array,
  years: number,
): { groups: Float64Array; months: Float64Array } {
  const groups = groupCounts.length;
  const { runFirst, runOrder } = runsByGroup(key, runStart, groups);
  const { distinct } = ranks;
  const groupMedians = new Float64Array(groups).fill(NaN);
  const monthMedians = new Float64Array(12).fill(NaN);
  const histogram = new Int32Array(distinct.length); // zero between groups
  const monthHistogram = new Int32Array(distinct.length);
  const bounds = new Int32Array(2);
  for (let m = 0; m < 12; m++) {
    monthHistogram.fill(0);
    let monthFirst = NO_RANK;
    let monthCount = 0;
    for (let k = m * years; k < (m + 1) * years; k++) {
      const count = groupCounts[k]!;
      if (count === 0) continue;
      monthCount += count;
      countGroup(ranks, runStart, runOrder, runFirst[k]!, runFirst[k + 1]!, histogram, bounds);
      const first = bounds[0]!;
      const last = bounds[1]!;
      const [low, high] = middleRanks(histogram, first, count);
      groupMedians[k] = medianOf(count, distinct[low]!, distinct[high]!);
      // into the month's histogram over the group's range of ranks, or value by value when that is shorter
      if (last - first < count) for (let r = first; r <= last; r++) monthHistogram[r]! += histogram[r]!;
      else countGroup(ranks, runStart, runOrder, runFirst[k]!, runFirst[k + 1]!, monthHistogram, bounds);
      histogram.fill(0, first, last + 1);
      if (first < monthFirst) monthFirst = first;
    }
    if (monthCount === 0) continue;
    const [low, high] = middleRanks(monthHistogram, monthFirst, monthCount);
    monthMedians[m] = medianOf(monthCount, distinct[low]!, distinct[high]!);
  }
  return { groups: groupMedians, months: monthMedians };
}

/** Group keys of a time axis: k = (month - 1) · years + (year - first year), shared by every field. */
interface YearMonthKeys {
  /** Key of each step (16 bits while the groups fit). */
  keys: Uint16Array | Int32Array;
  /** The calendar's runs of steps in one month of one year (runs + 1 entries). */
  runStart: Int32Array;
  firstYear: number;
  years: number;
}

function sharedYearMonthKeys(time: Float64Array): YearMonthKeys {
  return memoized(time, 'yearMonthKeys', () => {
    const { year, month, runStart } = sharedCalendar(time);
    const n = time.length;
    const years = year[n - 1]! - year[0]! + 1;
    const keys = 12 * years <= 0xffff ? new Uint16Array(n) : new Int32Array(n);
    for (let r = 0; r + 1 < runStart.length; r++) {
      const from = runStart[r]!;
      keys.fill((month[from]! - 1) * years + year[from]! - year[0]!, from, runStart[r + 1]);
    }
    return { keys, runStart, firstYear: year[0]!, years };
  });
}

/**
 * Calendar-month and year-month tables of one field together. One pass groups the steps by (month, year)
 * and sums, bounds and counts each group; the squared deviations follow in a second pass; a calendar month's
 * moments are combined from its year-months (Chan, Golub & LeVeque 1983). Medians come from histograms of
 * the ranks of the field's values (a hindcast column: see sortedWithRanks) or, for other columns, by
 * selection inside each group of a pool ordered by (month, year).
 */
function calendarTables(
  time: Float64Array,
  values: ArrayLike<number>,
): { monthly: MonthlyRow[]; yearMonth: YearMonthRow[] } {
  const n = time.length;
  const empty = (): Moments & { median: number } => ({ ...moments([]), median: NaN });
  if (n === 0)
    return { monthly: Array.from({ length: 12 }, (_, k) => ({ month: k + 1, ...empty() })), yearMonth: [] };
  const { keys, runStart, years, firstYear } = sharedYearMonthKeys(time);
  const groups = 12 * years;
  const counts = new Int32Array(groups);
  const present = new Uint8Array(groups);
  const sums = new Float64Array(groups);
  const mins = new Float64Array(groups).fill(Infinity);
  const maxs = new Float64Array(groups).fill(-Infinity);
  // a run of steps in one month of one year: its count, sum and bounds summed in locals and added to its
  // group at the run's end (an update in memory per step would wait on the previous step's store)
  for (let r = 0; r + 1 < runStart.length; r++) {
    const k = keys[runStart[r]!]!;
    const { count, sum, min, max } = sumsOf(values, runStart[r]!, runStart[r + 1]!);
    present[k] = 1;
    counts[k]! += count;
    sums[k]! += sum;
    if (min < mins[k]!) mins[k] = min;
    if (max > maxs[k]!) maxs[k] = max;
  }
  const means = new Float64Array(groups);
  for (let k = 0; k < groups; k++) means[k] = sums[k]! / counts[k]!;
  const m2s = new Float64Array(groups);
  for (let r = 0; r + 1 < runStart.length; r++) {
    const k = keys[runStart[r]!]!;
    m2s[k]! += squaredDeviations(values, means[k]!, runStart[r]!, runStart[r + 1]!);
  }
  // loops, not callbacks made per call (see docs/decisions.md, session 35)
  const groupMoments: (Moments & { m2: number })[] = [];
  for (let k = 0; k < groups; k++) {
    const count = counts[k]!;
    if (count === 0) groupMoments.push({ count: 0, mean: NaN, min: NaN, max: NaN, std: NaN, m2: NaN });
    else {
      const std = count > 1 ? Math.sqrt(m2s[k]! / (count - 1)) : NaN;
      groupMoments.push({ count, mean: means[k]!, min: mins[k]!, max: maxs[k]!, std, m2: m2s[k]! });
    }
  }
  const ranks = sharedRanks(values);
  const medians = ranks
    ? mediansOfRanks(ranks, keys, runStart, counts, years)
    : mediansBySelection(values, keys, counts, years);
  const yearMonth: YearMonthRow[] = [];
  for (let y = 0; y < years; y++) {
    for (let m = 0; m < 12; m++) {
      const k = m * years + y;
      if (!present[k]) continue;
      const { count, mean, min, max, std } = groupMoments[k]!;
      yearMonth.push({
        year: firstYear + y,
        month: m + 1,
        count,
        mean,
        min,
        max,
        std,
        median: medians.groups[k]!,
      });
    }
  }
  const monthly = Array.from({ length: 12 }, (_, m) => ({
    month: m + 1,
    ...combineMoments(groupMoments.slice(m * years, (m + 1) * years)),
    median: medians.months[m]!,
  }));
  return { monthly, yearMonth };
}

/** The same medians by selection: the valid values scattered into a pool ordered by (month, year). */
function mediansBySelection(
  values: ArrayLike<number>,
  keys: Uint16Array | Int32Array,
  counts: Int32Array,
  years: number,
): { groups: Float64Array; months: Float64Array } {
  const groups = counts.length;
  const starts = groupStarts(counts);
  const fill = starts.slice(0, groups);
  const pool = new Float64Array(starts[groups]!);
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x === x) pool[fill[keys[i]!]!++] = x;
  }
  const median = (from: number, to: number): number => medianOf(to - from, ...middlePair(pool, from, to));
  return {
    groups: Float64Array.from({ length: groups }, (_, k) => median(starts[k]!, starts[k + 1]!)),
    months: Float64Array.from({ length: 12 }, (_, m) => median(starts[m * years]!, starts[(m + 1) * years]!)),
  };
}

function sharedCalendarTables(
  time: Float64Array,
  values: ArrayLike<number>,
): { monthly: MonthlyRow[]; yearMonth: YearMonthRow[] } {
  return memoizedOver(values, [time], 'calendarTables', () => calendarTables(time, values));
}

/** Statistics per calendar month (all years pooled); months without data have count 0 and NaN. */
export function monthlyStats(time: Float64Array, values: ArrayLike<number>): MonthlyRow[] {
  if (time.length !== values.length) throw new RangeError('monthlyStats: time and values differ in length');
  return sharedCalendarTables(time, values).monthly.map((row) => ({ ...row }));
}

/** Statistics per year and month, in time order, for every year-month present on the grid. */
export function yearMonthStats(time: Float64Array, values: ArrayLike<number>): YearMonthRow[] {
  if (time.length !== values.length) throw new RangeError('yearMonthStats: time and values differ in length');
  return sharedCalendarTables(time, values).yearMonth.map((row) => ({ ...row }));
}

export interface OverviewRow {
  field: string;
  /** The physical variable (the field name when the series has one level of it). */
  variable: string;
  longName: string;
  units: string;
  level: number | null;
  levelType: 'depth' | 'altitude' | null;
  mean: number;
  min: number;
  max: number;
  median: number;
  std: number;
  /**
   * A direction: mean and std are the circular ones (circular.ts) and there is no median (NaN: a linear
   * median of angles is not a direction's); min and max stay the range of the values.
   */
  circular: boolean;
}

/** Whether a field is a direction, from its variable (or field) name and long name. */
export function isDirection(name: string, field: { variable?: string; longName?: string }): boolean {
  return [field.variable ?? name, field.longName ?? ''].some((n) => DIRECTION_PATTERN.test(n));
}

/** The overview table of the spec (mean, min, max, median, std per variable and level). */
export function overview(series: Series): OverviewRow[] {
  return checkedOnce(() => overviewRows(series));
}

function overviewRows(series: Series): OverviewRow[] {
  return Object.entries(series.fields).map(([name, field]) => {
    const m = sharedMoments(field.values);
    const head = {
      field: name,
      variable: field.variable ?? name,
      longName: field.longName ?? '',
      units: field.units,
      level: field.level ?? null,
      levelType: field.levelType ?? null,
    };
    if (isDirection(name, field)) {
      // the column's distinct values when counted (sharedMoments counts a hindcast column): the same sums
      const c = circularStats(field.values, sharedRanks(field.values));
      return { ...head, mean: c.mean, min: m.min, max: m.max, median: NaN, std: c.std, circular: true };
    }
    // the median from the field's ranks or sorted values when another statistic made them (a worker computes
    // the overview last), else by selection: a field no statistic sorts (a direction) is not sorted for it
    const median =
      sharedQuantilesIfMade(field.values, [0.5])?.[0] ?? quantilesOfColumn(field.values, [0.5])[0]!;
    return { ...head, mean: m.mean, min: m.min, max: m.max, median, std: m.std, circular: false };
  });
}
