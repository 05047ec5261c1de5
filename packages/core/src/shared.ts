// Data derived once per input array and shared by the statistics of a point: the calendar of a time axis,
// the sorted valid values of a field (with their ranks), their moments and quantiles (memo on the array, see
// memo.ts). Internal and read-only: not exported from the package, never handed to a caller without a copy.
import { computeCalendar } from './calendar';
import type { Calendar } from './calendar';
import { memoized, memoizedIfMade } from './memo';
import { moments, momentsOfRanks } from './moments';
import type { Moments } from './moments';
import {
  checkProbability,
  countable,
  countedRanks,
  quantileOfRanks,
  quantileSorted,
  sortedOfRanks,
  sortedWithRanks,
} from './order';
import type { Ranks, SortedValues } from './order';

/**
 * The calendar of a time axis computed once and shared by every statistic of the point (memo on the
 * array, see memo.ts); read-only: never hand it to a caller.
 */
export function sharedCalendar(time: Float64Array): Readonly<Calendar> {
  return memoized(time, 'calendar', () => computeCalendar(time));
}

/**
 * The ranks of a hindcast column (countable) counted once: its distinct values, their counts and each step's
 * code, or null when it has more distinct values than a count takes (read-only, memo.ts).
 */
function sharedCounted(values: ArrayLike<number>): Ranks | null {
  return memoized(values, 'counted', () => countedRanks(values as Float32Array));
}

/**
 * The distinct values of a hindcast column (float32 at a fixed precision, few distinct values) and each
 * step's code, counted once and shared (read-only); undefined for another column.
 */
export function sharedRanks(values: ArrayLike<number>): Ranks | undefined {
  return (countable(values) ? sharedCounted(values) : undefined) ?? undefined;
}

/**
 * The valid values of a field sorted ascending, with their ranks for hindcast columns (read-only, memo.ts).
 * A hindcast column's are written out from its ranks only for the statistics that read them one by one: its
 * quantiles, histograms and fits read the ranks.
 */
export function sharedSortedValues(values: ArrayLike<number>): SortedValues {
  return memoized(values, 'sorted', () => {
    const ranks = sharedRanks(values);
    return ranks ? { sorted: sortedOfRanks(ranks), ranks } : sortedWithRanks(values, null);
  });
}

/** The valid values of a field sorted ascending, shared by its quantiles, histogram and fits (read-only). */
export function sharedSorted(values: ArrayLike<number>): Float64Array {
  return sharedSortedValues(values).sorted;
}

/**
 * Type 7 quantiles of a field when a statistic of the point has already counted or sorted it (its ranks or
 * its sorted values), else undefined.
 */
export function sharedQuantilesIfMade(
  values: ArrayLike<number>,
  probabilities: readonly number[],
): number[] | undefined {
  const ranks = memoizedIfMade<Ranks | null>(values, 'counted');
  if (ranks) return probabilities.map((p) => quantileOfRanks(ranks, p));
  const sorted = memoizedIfMade<SortedValues>(values, 'sorted')?.sorted;
  return sorted && probabilities.map((p) => quantileSorted(sorted, p));
}

/**
 * The moments of a field. A hindcast column (float32 at a fixed precision, few distinct values) takes them
 * from its distinct values and their counts, counting it first if no statistic has (a pass that stops early
 * on a continuous column, whose moments come from passes over its values): so a column's moments depend on
 * its content alone, not on which statistic asked first, and its statistics make no pass over it for them.
 */
export function sharedMoments(values: ArrayLike<number>): Moments {
  return memoized(values, 'moments', () => {
    const ranks = sharedRanks(values);
    return ranks ? momentsOfRanks(ranks) : moments(values);
  });
}

/** Whether a field has missing values (its shared moments count fewer values than steps). */
export function hasGaps(values: ArrayLike<number>): boolean {
  return sharedMoments(values).count < values.length;
}

/**
 * Type 7 quantiles of the valid values of a field, read from its shared ranks (a hindcast column, counted
 * once) or sorted values (one O(n) radix sort per field serves every quantile, histogram and fit of the point).
 */
export function sharedQuantiles(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  for (const p of probabilities) checkProbability(p, 'quantiles');
  const ranks = sharedRanks(values);
  if (ranks) return probabilities.map((p) => quantileOfRanks(ranks, p));
  const sorted = sharedSorted(values);
  return probabilities.map((p) => quantileSorted(sorted, p));
}
