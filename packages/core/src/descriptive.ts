// Descriptive statistics: Welford's one-pass mean and variance, Hyndman-Fan type 7 quantiles (numpy's
// default "linear") by quickselect, and their calendar-month, year-month and overview tables.
import { calendarOf } from './series';
import type { Series } from './series';

export const DEFAULT_PERCENTILES: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 99];
export const DESCRIBE_PERCENTILES: readonly number[] = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99];

export interface Moments {
  count: number;
  mean: number;
  min: number;
  max: number;
  /** Sample standard deviation (n - 1 denominator, as pandas); NaN below 2 values. */
  std: number;
}

/** Count, mean, min, max and std of the non-missing values in one pass (Welford 1962). */
export function moments(values: ArrayLike<number>, from = 0, to = values.length): Moments {
  let count = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = from; i < to; i++) {
    const x = values[i]!;
    if (Number.isNaN(x)) continue;
    count++;
    const delta = x - mean;
    mean += delta / count;
    m2 += delta * (x - mean);
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (count === 0) return { count: 0, mean: NaN, min: NaN, max: NaN, std: NaN };
  return { count, mean, min, max, std: count > 1 ? Math.sqrt(m2 / (count - 1)) : NaN };
}

/** Copy of the non-missing values as float64. */
export function validValues(values: ArrayLike<number>): Float64Array {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) count++;
  const out = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isNaN(x)) out[k++] = x;
  }
  return out;
}

function checkProbability(p: number, caller: string): void {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${caller}: probability ${p} is outside [0, 1]`);
}

/** Type 7 quantile of values already sorted ascending (no NaN). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  checkProbability(p, 'quantileSorted');
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  if (lo + 1 >= n) return a;
  return a + (h - lo) * (sorted[lo + 1]! - a);
}

/** Floyd-Rivest-free Hoare quickselect: puts the k-th smallest at a[k], smaller left, larger right. */
function quickselect(a: Float64Array, k: number, left = 0, right = a.length - 1): void {
  while (right > left) {
    const mid = (left + right) >> 1;
    // median of three as the pivot keeps sorted input linear
    const x = a[left]!;
    const y = a[mid]!;
    const z = a[right]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/** Type 7 quantile (numpy "linear") of the non-missing values, in O(n) by quickselect; NaN when empty. */
export function quantile(values: ArrayLike<number>, p: number): number {
  checkProbability(p, 'quantile');
  const a = validValues(values);
  const n = a.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  quickselect(a, lo);
  const low = a[lo]!;
  if (lo + 1 >= n || h === lo) return low;
  // the next order statistic is the minimum of the right part left by quickselect
  let high = Infinity;
  for (let i = lo + 1; i < n; i++) if (a[i]! < high) high = a[i]!;
  return low + (h - lo) * (high - low);
}

/** Type 7 quantiles at several probabilities: one sort, then interpolation. */
export function quantiles(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  const sorted = validValues(values).sort();
  return probabilities.map((p) => quantileSorted(sorted, p));
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
  const m = moments(values);
  const sorted = validValues(values).sort();
  const out: Record<string, number> = {};
  for (const p of percentiles) out[String(p)] = quantileSorted(sorted, p / 100);
  return { ...m, median: quantileSorted(sorted, 0.5), percentiles: out };
}

export interface MonthlyRow extends Moments {
  /** Calendar month 1-12. */
  month: number;
  median: number;
}

function groupedRows(values: ArrayLike<number>, keys: ArrayLike<number>, keyCount: number): Float64Array[] {
  const counts = new Int32Array(keyCount);
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) counts[keys[i]!]!++;
  const groups = Array.from(counts, (c) => new Float64Array(c));
  const fill = new Int32Array(keyCount);
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (Number.isNaN(x)) continue;
    const k = keys[i]!;
    groups[k]![fill[k]!++] = x;
  }
  return groups;
}

function rowOf(group: Float64Array): Moments & { median: number } {
  const m = moments(group);
  group.sort();
  return { ...m, median: quantileSorted(group, 0.5) };
}

/** Statistics per calendar month (all years pooled); months without data have count 0 and NaN. */
export function monthlyStats(time: Float64Array, values: ArrayLike<number>): MonthlyRow[] {
  if (time.length !== values.length) throw new RangeError('monthlyStats: time and values differ in length');
  const { month } = calendarOf(time);
  const keys = month.map((m) => m - 1);
  return groupedRows(values, keys, 12).map((group, k) => ({ month: k + 1, ...rowOf(group) }));
}

export interface YearMonthRow extends MonthlyRow {
  year: number;
}

/** Statistics per year and month, in time order, for every year-month present on the grid. */
export function yearMonthStats(time: Float64Array, values: ArrayLike<number>): YearMonthRow[] {
  if (time.length !== values.length) throw new RangeError('yearMonthStats: time and values differ in length');
  if (time.length === 0) return [];
  const { year, month } = calendarOf(time);
  const firstYear = year[0]!;
  const keys = new Int32Array(time.length);
  for (let i = 0; i < time.length; i++) keys[i] = (year[i]! - firstYear) * 12 + month[i]! - 1;
  const keyCount = keys[time.length - 1]! + 1;
  const present = new Uint8Array(keyCount);
  for (const k of keys) present[k] = 1;
  const rows: YearMonthRow[] = [];
  groupedRows(values, keys, keyCount).forEach((group, k) => {
    if (present[k]) rows.push({ year: firstYear + Math.floor(k / 12), month: (k % 12) + 1, ...rowOf(group) });
  });
  return rows;
}

export interface OverviewRow {
  field: string;
  units: string;
  level: number | null;
  mean: number;
  min: number;
  max: number;
  median: number;
  std: number;
}

/** The overview table of the spec (mean, min, max, median, std per variable and level). */
export function overview(series: Series): OverviewRow[] {
  return Object.entries(series.fields).map(([name, field]) => {
    const d = describe(field.values, []);
    return {
      field: name,
      units: field.units,
      level: field.level ?? null,
      mean: d.mean,
      min: d.min,
      max: d.max,
      median: d.median,
      std: d.std,
    };
  });
}
