// The sample a fit reads: the sorted distinct values with their counts (the likelihood is unchanged, and
// hindcast values stored to 2-4 decimals have few distinct values, so fits on decades of hourly data stay
// cheap), grouped into equal-width classes when there are too many.
import { checkedOnce, memoized } from '../memo';
import { sortValid, validValues } from '../order';
import { sharedRanks, sharedSorted } from '../shared';

export interface WeightedSample {
  /** Distinct values, ascending. */
  x: Float64Array;
  /** How many times each value occurs. */
  w: Float64Array;
  /** Total count (sum of w). */
  n: number;
}

/** Below this length a sample is sorted directly: not worth a memo entry (bootstrap resamples). */
const SHARED_SORT_MIN = 4096;

/**
 * Distinct non-missing values with their counts; with `positive`, of the values > 0 only (the laws on
 * (0, ∞)). Long typed arrays reuse the field's sorted valid values, sorted once per array (memo.ts).
 */
export function weightedSample(
  values: ArrayLike<number>,
  options: { positive?: boolean } = {},
): WeightedSample {
  if (values.length < SHARED_SORT_MIN) return samplePart(sortValid(validValues(values)), options.positive);
  // one sample object per field (read-only), so that its fits are made once too (fitParameters)
  return checkedOnce(() =>
    memoized(values, `weighted:${options.positive === true}`, () => {
      // a hindcast column's from its distinct values and their counts (the same sample, its sorted values
      // not written out), unless it has so many that it is grouped
      const ranks = sharedRanks(values);
      const counted =
        ranks && weightedSampleOfCounts(ranks.distinct, ranks.counts, options.positive === true);
      return counted ?? samplePart(sharedSorted(values), options.positive);
    }),
  );
}

/** The weighted sample of ascending values, from the first positive one with `positive`. */
function samplePart(sorted: Float64Array, positive = false): WeightedSample {
  let from = 0;
  if (positive) {
    // first value > 0 by bisection (sorted ascending)
    let hi = sorted.length;
    while (from < hi) {
      const mid = (from + hi) >>> 1;
      if (sorted[mid]! > 0) hi = mid;
      else from = mid + 1;
    }
  }
  return distinctWithCounts(sorted, from);
}

/**
 * Above this many distinct values a sample is grouped into this many equal-width classes (see below).
 * Hindcast files store values at a fixed precision (ERA5 packs them in 16 bits, CSVs keep 2 decimals), so
 * a real record has a few thousand distinct values; continuous data (a float32 model output, the synthetic
 * hindcast) has one per step.
 */
export const MAX_DISTINCT = 8192;

/**
 * First index after `start` whose value differs from sorted[start] (`end` when none), by galloping then
 * bisection: O(log run) for a run of equal values, so a record of a few thousand distinct values costs a
 * few thousand steps, not one per value.
 */
function runEnd(sorted: Float64Array, start: number, end: number): number {
  const v = sorted[start]!;
  let lo = start; // sorted[lo] === v
  let step = 1;
  while (lo + step < end && sorted[lo + step] === v) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(end, lo + step); // first index known to differ, or end
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] === v) lo = mid;
    else hi = mid;
  }
  return hi;
}

function distinctWithCounts(sorted: Float64Array, from: number): WeightedSample {
  const end = sorted.length;
  let distinct = 0;
  for (let i = from; i < end && distinct <= MAX_DISTINCT; i = runEnd(sorted, i, end)) distinct++;
  if (distinct > MAX_DISTINCT) return groupedSample(sorted, from);
  const x = new Float64Array(distinct);
  const w = new Float64Array(distinct);
  for (let i = from, k = 0; i < end; k++) {
    const next = runEnd(sorted, i, end);
    x[k] = sorted[i]!;
    w[k] = next - i;
    i = next;
  }
  return { x, w, n: end - from };
}

/**
 * The sample grouped into MAX_DISTINCT equal-width classes between its minimum and maximum, each class
 * represented by the mean of its values with their count as weight: the likelihood then costs MAX_DISTINCT
 * terms instead of one per value. Grouping at width h moves maximum-likelihood estimates by O(h²)
 * (Sheppard's correction; Lindley 1950) — for 40 years of Hs, h ≈ 2 mm and the estimates move by < 1e-6
 * relative (test: fit.test.ts) — and the KS statistic by at most the probability of one class. The values
 * are sorted, so each class is a run of them, summed in a local.
 */
function groupedSample(sorted: Float64Array, from: number): WeightedSample {
  const end = sorted.length;
  const min = sorted[from]!;
  const width = (sorted[end - 1]! - min) / MAX_DISTINCT;
  const classOf = (value: number): number => Math.min(MAX_DISTINCT - 1, Math.floor((value - min) / width));
  const xs: number[] = [];
  const ws: number[] = [];
  for (let i = from; i < end;) {
    const k = classOf(sorted[i]!);
    let sum = 0;
    let j = i;
    for (; j < end && classOf(sorted[j]!) === k; j++) sum += sorted[j]!;
    xs.push(sum / (j - i));
    ws.push(j - i);
    i = j;
  }
  return { x: Float64Array.from(xs), w: Float64Array.from(ws), n: end - from };
}

/**
 * The weighted sample of counted values: `values` ascending (a ranked column's distinct values, order.ts), how
 * many steps of the sample hold each; the values with a count > 0, only the positive ones with `positive`
 * (what weightedSample gives for the same steps, without sorting them). Equal neighbours (-0 and 0, two ranks
 * of one value) are one value, as a run of sorted values takes them. Null above MAX_DISTINCT values (the
 * caller groups a sorted sample).
 */
export function weightedSampleOfCounts(
  values: Float64Array,
  counts: Int32Array,
  positive = true,
): WeightedSample | null {
  const x = new Float64Array(values.length);
  const w = new Float64Array(values.length);
  let k = 0;
  let n = 0;
  for (let r = 0; r < values.length; r++) {
    if (!(counts[r]! > 0) || (positive && !(values[r]! > 0))) continue;
    n += counts[r]!;
    if (k > 0 && values[r] === x[k - 1]) w[k - 1]! += counts[r]!;
    else {
      x[k] = values[r]!;
      w[k++] = counts[r]!;
    }
  }
  if (k > MAX_DISTINCT) return null;
  return k === values.length ? { x, w, n } : { x: x.slice(0, k), w: w.slice(0, k), n };
}

/** Mean of f(x) over the weighted sample. */
export function weightedMean(s: WeightedSample, f: (x: number) => number): number {
  let sum = 0;
  for (let i = 0; i < s.x.length; i++) sum += s.w[i]! * f(s.x[i]!);
  return sum / s.n;
}
