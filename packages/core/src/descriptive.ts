// Descriptive statistics: two-pass mean and variance, Hyndman-Fan type 7 quantiles (numpy's
// default "linear") by quickselect, and their calendar-month, year-month and overview tables.
import { checkedOnce, memoized, memoizedOver } from './memo';
import {
  sharedCalendar,
  sharedMoments,
  sharedQuantiles,
  sharedSortedIfMade,
  sharedSortedValues,
} from './shared';
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

/**
 * Count, mean, min, max and std of the non-missing values: the two-pass algorithm (the sum, then the squared
 * deviations from the mean), as accurate as Welford's one-pass update and about twice as fast, since no
 * step waits on a division (Chan, Golub & LeVeque 1983).
 */
export function moments(values: ArrayLike<number>, from = 0, to = values.length): Moments {
  const { count, sum, min, max } = sumsOf(values, from, to);
  if (count === 0) return { count: 0, mean: NaN, min: NaN, max: NaN, std: NaN };
  const mean = sum / count;
  return {
    count,
    mean,
    min,
    max,
    std: count > 1 ? Math.sqrt(squaredDeviations(values, mean, from, to) / (count - 1)) : NaN,
  };
}

/**
 * The moments of a column from its distinct values and their counts (see sortedWithRanks): the same
 * two-pass formulas with each distinct value weighted by its count, O(distinct values) instead of O(n).
 */
export function momentsOfRanks({ distinct, counts }: Ranks): Moments {
  let count = 0;
  let sum = 0;
  for (let j = 0; j < distinct.length; j++) {
    count += counts[j]!;
    sum += counts[j]! * distinct[j]!;
  }
  if (count === 0) return { count: 0, mean: NaN, min: NaN, max: NaN, std: NaN };
  const mean = sum / count;
  let m2 = 0;
  for (let j = 0; j < distinct.length; j++) {
    const d = distinct[j]! - mean;
    if (d === d) m2 += counts[j]! * d * d; // as squaredDeviations: NaN (∞ − ∞) left out
  }
  return {
    count,
    mean,
    min: distinct[0]!,
    max: distinct[distinct.length - 1]!,
    std: count > 1 ? Math.sqrt(m2 / (count - 1)) : NaN,
  };
}

/** Count, sum and bounds of the non-missing values of values[from, to), in one pass. */
function sumsOf(
  values: ArrayLike<number>,
  from: number,
  to: number,
): { count: number; sum: number; min: number; max: number } {
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = from; i < to; i++) {
    const x = values[i]!;
    if (x !== x) continue; // NaN
    count++;
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { count, sum, min, max };
}

/** Σ (x − mean)² over the non-missing values of values[from, to). */
function squaredDeviations(values: ArrayLike<number>, mean: number, from: number, to: number): number {
  let m2 = 0;
  for (let i = from; i < to; i++) {
    const d = values[i]! - mean;
    if (d === d) m2 += d * d; // NaN ≠ NaN: missing values are skipped
  }
  return m2;
}

/** Copy of the non-missing values as float64. */
export function validValues(values: ArrayLike<number>): Float64Array {
  // one pass into a buffer of the full length; copied down only when there were gaps
  const out = new Float64Array(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isNaN(x)) out[k++] = x;
  }
  return k === out.length ? out : out.slice(0, k);
}

export function checkProbability(p: number, caller: string): void {
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

/**
 * Hoare quickselect: puts the k-th smallest at a[k], smaller left, larger right. The pivot is the median
 * of three elements at pseudo-random positions, so structured input (sorted runs, saw teeth of waiting
 * times) cannot drive it quadratic; the result does not depend on the pivots.
 */
function quickselect(a: Float64Array, k: number, left = 0, right = a.length - 1): void {
  let state = 0x9e3779b9;
  const randomIndex = (): number => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return left + ((state >>> 0) % (right - left + 1));
  };
  while (right > left) {
    const x = a[randomIndex()]!;
    const y = a[randomIndex()]!;
    const z = a[randomIndex()]!;
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

/** Puts the k-th smallest at a[k] for every k of `ranks` (ascending), by divide-and-conquer quickselect. */
function selectRanks(
  a: Float64Array,
  ranks: readonly number[],
  from: number,
  to: number,
  left: number,
  right: number,
): void {
  if (from >= to) return;
  const mid = (from + to) >> 1;
  const k = ranks[mid]!;
  quickselect(a, k, left, right);
  selectRanks(a, ranks, from, mid, left, k - 1);
  selectRanks(a, ranks, mid + 1, to, k + 1, right);
}

/**
 * Type 7 quantiles from `n` values spread over ordered buckets (`counts`: values per bucket, bucket order
 * is value order): `gather` copies the values of the buckets marked in `fill` (bucket -> next position in
 * the pool, -1: not wanted), and quickselect finishes inside the few buckets holding the wanted ranks.
 */
function quantilesFromBuckets(
  n: number,
  probabilities: readonly number[],
  counts: Int32Array,
  gather: (fill: Int32Array, pool: Float64Array) => void,
): number[] {
  if (n === 0) return probabilities.map(() => NaN);
  const wanted = new Set<number>();
  for (const p of probabilities) {
    const lo = Math.floor((n - 1) * p);
    wanted.add(lo);
    if (lo + 1 < n) wanted.add(lo + 1);
  }
  const ranks = [...wanted].sort((x, y) => x - y);
  // the buckets holding wanted ranks: their first rank and their place in the gathered pool
  const needed: { bucket: number; first: number; size: number; start: number; ranks: number[] }[] = [];
  let b = 0;
  let below = 0;
  let gathered = 0;
  for (const r of ranks) {
    while (below + counts[b]! <= r) below += counts[b++]!;
    const current = needed[needed.length - 1];
    if (current?.bucket === b) current.ranks.push(r);
    else {
      needed.push({ bucket: b, first: below, size: counts[b]!, start: gathered, ranks: [r] });
      gathered += counts[b]!;
    }
  }
  // counts are no longer needed: reuse them as the bucket -> fill position map (-1: not gathered)
  const fill = counts.fill(-1);
  for (const g of needed) fill[g.bucket] = g.start;
  const pool = new Float64Array(gathered);
  gather(fill, pool);
  const value = new Map<number, number>();
  for (const g of needed) {
    const local = g.ranks.map((r) => r - g.first + g.start);
    selectRanks(pool, local, 0, local.length, g.start, g.start + g.size - 1);
    g.ranks.forEach((r, i) => value.set(r, pool[local[i]!]!));
  }
  return probabilities.map((p) => {
    const h = (n - 1) * p;
    const lo = Math.floor(h);
    const low = value.get(lo)!;
    return lo + 1 < n ? low + (h - lo) * (value.get(lo + 1)! - low) : low;
  });
}

/**
 * Type 7 quantiles of values without NaN (left unchanged), with only the order statistics they need: one
 * pass finds the range, one counts the values in about n/4 equal-width buckets over it, a third gathers
 * the few buckets holding the wanted ranks, and quickselect finishes inside them: the same numbers as a
 * full sort, for any number of quantiles.
 */
export function quantilesOfValid(a: Float64Array, probabilities: readonly number[]): number[] {
  for (const p of probabilities) checkProbability(p, 'quantilesOfValid');
  const n = a.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  // an infinite or empty range puts everything in one bucket
  const buckets = Math.max(1, Math.min(65536, n >> 2));
  const scale = Number.isFinite(max - min) && max > min ? buckets / (max - min) : 0;
  const last = buckets - 1;
  const bucketOf = (x: number): number => Math.min(last, Math.floor((x - min) * scale));
  const counts = new Int32Array(buckets);
  for (let i = 0; i < n; i++) counts[bucketOf(a[i]!)]!++;
  return quantilesFromBuckets(n, probabilities, counts, (fill, pool) => {
    for (let i = 0; i < n; i++) {
      const k = bucketOf(a[i]!);
      if (fill[k] !== -1) pool[fill[k]!++] = a[i]!;
    }
  });
}

/**
 * Type 7 quantiles of a float32 column read as its bits, NaN skipped, the column left unchanged: the
 * buckets are the top 16 bits of the sort keys (sign, exponent and 7 bits of mantissa, so a bucket spans
 * under 1 % of its values' magnitude), counted in one pass without copying the column; a second gathers
 * the buckets holding the wanted ranks. For a field no statistic sorts (a direction's median).
 */
function quantilesOfFloat32(values: Float32Array, probabilities: readonly number[]): number[] {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const counts = new Int32Array(65536);
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    const h = bits[i]!;
    if (isNaNBits(h)) continue;
    counts[keyOf(h) >>> 16]!++;
    n++;
  }
  return quantilesFromBuckets(n, probabilities, counts, (fill, pool) => {
    for (let i = 0; i < bits.length; i++) {
      const h = bits[i]!;
      if (isNaNBits(h)) continue;
      const k = keyOf(h) >>> 16;
      if (fill[k] !== -1) pool[fill[k]!++] = values[i]!;
    }
  });
}

/** Type 7 quantiles of the non-missing values of a column, by selection (the column is left unchanged). */
function quantilesOfColumn(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  for (const p of probabilities) checkProbability(p, 'quantilesOfColumn');
  return values instanceof Float32Array && LITTLE_ENDIAN
    ? quantilesOfFloat32(values, probabilities)
    : quantilesOfValid(validValues(values), probabilities);
}

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

/** Below this length a comparison sort beats the radix sort's fixed cost (its 65,536-entry histograms). */
const RADIX_MIN = 4096;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * One stable counting pass of an LSD radix sort on the 16-bit digit of `key` at `shift`, moving `key` (and
 * `other`, the low words of 64-bit keys, alongside) into `keyTo`/`otherTo`. False, nothing
 * moved, when every key has the same digit. `counted`: `counts` already holds the digit's histogram.
 */
function radixPass(
  key: Uint32Array,
  keyTo: Uint32Array,
  other: Uint32Array | null,
  otherTo: Uint32Array | null,
  digitOf: Uint32Array,
  shift: number,
  counts: Int32Array,
  counted = false,
): boolean {
  const n = key.length;
  if (!counted) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(digitOf[i]! >>> shift) & 0xffff]!++;
  }
  for (let b = 0; b < 65536; b++) if (counts[b] === n) return false;
  let sum = 0;
  for (let b = 0; b < 65536; b++) {
    const c = counts[b]!;
    counts[b] = sum;
    sum += c;
  }
  if (other === null || otherTo === null) {
    for (let i = 0; i < n; i++) keyTo[counts[(key[i]! >>> shift) & 0xffff]!++] = key[i]!;
  } else {
    for (let i = 0; i < n; i++) {
      const at = counts[(digitOf[i]! >>> shift) & 0xffff]!++;
      keyTo[at] = key[i]!;
      otherTo[at] = other[i]!;
    }
  }
  return true;
}

/**
 * Ascending copy of values without NaN by LSD radix sort on the bits of the numbers (Herf's trick: negative
 * numbers have every bit flipped, others their sign bit set, so unsigned order is numeric order), 16 bits
 * per pass, a pass skipped when all share its digit. Hindcast columns are float32 (every value exact in
 * 32 bits): two passes over 32-bit keys; other doubles take up to four over 64-bit keys. O(n), stable;
 * several times faster than the engine's comparison sort on 10^5-10^6 values.
 */
export function sortValid(a: Float64Array): Float64Array {
  const n = a.length;
  if (n < RADIX_MIN || !LITTLE_ENDIAN) return a.slice().sort();
  const single = new Float32Array(n);
  let exact = true;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    single[i] = x;
    if (single[i] !== x) exact = false;
  }
  if (exact) {
    const keys = new Uint32Array(single.buffer);
    return sortFloat32(keys, n, keyAndCount(keys, n));
  }
  const counts = new Int32Array(65536);
  const words = new Uint32Array(a.buffer, a.byteOffset, 2 * n);
  let lo = new Uint32Array(n);
  let hi = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const l = words[2 * i]!;
    const h = words[2 * i + 1]!;
    const negative = h >>> 31;
    lo[i] = negative ? ~l : l;
    hi[i] = negative ? ~h : h | 0x80000000;
  }
  let lo2 = new Uint32Array(n);
  let hi2 = new Uint32Array(n);
  for (const [word, shift] of [
    [0, 0],
    [0, 16],
    [1, 0],
    [1, 16],
  ] as const) {
    if (radixPass(hi, hi2, lo, lo2, word === 0 ? lo : hi, shift, counts)) {
      [lo, lo2] = [lo2, lo];
      [hi, hi2] = [hi2, hi];
    }
  }
  const out = new Float64Array(n);
  const outWords = new Uint32Array(out.buffer);
  for (let i = 0; i < n; i++) {
    const h = hi[i]!;
    const negative = !(h >>> 31);
    outWords[2 * i] = negative ? ~lo[i]! : lo[i]!;
    outWords[2 * i + 1] = negative ? ~h : h & 0x7fffffff;
  }
  return out;
}

export interface SortedValues {
  /** The valid values ascending. */
  sorted: Float64Array;
  /** For a float32 column of few distinct values (a hindcast's): the rank of each step's value, else null. */
  ranks: Ranks | null;
}

/**
 * The values of a column as ranks among its distinct values: each step's value has a code (the slot of its
 * bit pattern in the counting sort's hash table), each code a rank.
 */
export interface Ranks {
  /** Per step, the code of its value (a missing value has a code of its own). */
  code: Uint16Array;
  /** Code -> rank of the value in `distinct`; NO_RANK for a missing value's code. */
  rankOf: Uint16Array;
  /** The distinct valid values ascending (-0 and 0 are two when both occur, of equal value). */
  distinct: Float64Array;
  /** How many steps hold each distinct value. */
  counts: Int32Array;
}

/** The rank of a missing value. */
export const NO_RANK = 0xffff;

/** Whether float32 bits are a NaN (all exponent bits set, a non-zero mantissa). */
const isNaNBits = (bits: number): boolean => (bits & 0x7fffffff) > 0x7f800000;

/** Float32 bits -> a key whose unsigned order is numeric order (negative: every bit flipped, others: sign set). */
const keyOf = (bits: number): number => (bits >>> 31 ? ~bits >>> 0 : (bits | 0x80000000) >>> 0);

/** The histograms of the low and high 16-bit digits of the keys of a radix sort. */
interface Digits {
  low: Int32Array;
  high: Int32Array;
}

/** The first `n` float32 bit patterns of `keys` turned into keys in place, their digits counted. */
function keyAndCount(keys: Uint32Array, n: number): Digits {
  const low = new Int32Array(65536);
  const high = new Int32Array(65536);
  for (let i = 0; i < n; i++) {
    const key = keyOf(keys[i]!);
    keys[i] = key;
    low[key & 0xffff]!++;
    high[key >>> 16]!++;
  }
  return { low, high };
}

/** Whether a column may be sorted by counting (a float32 column of at least RADIX_MIN values). */
export function countable(values: ArrayLike<number>): boolean {
  return values.length >= RADIX_MIN && LITTLE_ENDIAN && values instanceof Float32Array;
}

/**
 * The valid values of a column sorted ascending and, for a float32 column of few distinct values (a
 * hindcast stores values at a fixed precision), the rank of each step's value: the calendar tables read
 * their medians from histograms of the ranks. Other columns are sorted by the radix sort. `counted`: the
 * column's counting sort when already tried (null: not countable, or too many distinct values).
 */
export function sortedWithRanks(
  values: ArrayLike<number>,
  counted = countable(values) ? sortedByCounting(values as Float32Array) : null,
): SortedValues {
  return counted ?? { sorted: sortValid(validValues(values)), ranks: null };
}

/** Most distinct values a counting sort takes (its hash table has twice as many slots, under 2^16). */
const MAX_COUNTED = 16_384;
const COUNTED_SLOTS = 2 * MAX_COUNTED;
/** An empty slot: a NaN pattern, never stored (NaNs are dropped before). */
const EMPTY_SLOT = 0xffffffff;

/**
 * A float32 column of few distinct values sorted by counting: one pass gives each value the slot of its
 * bit pattern in a hash table and counts it there, the few distinct patterns are sorted and the sorted
 * values written as runs of equal values; each step keeps its slot as the code of its value. Null (after
 * about MAX_COUNTED values of a continuous series) when the column has more distinct values. -0 and 0 are distinct patterns: when both occur they take two ranks of equal value.
 */
export function sortedByCounting(values: Float32Array): SortedValues | null {
  const length = values.length;
  const bits = new Uint32Array(values.buffer, values.byteOffset, length);
  const table = new Uint32Array(COUNTED_SLOTS).fill(EMPTY_SLOT);
  // the slot of each step (COUNTED_SLOTS: a missing value)
  const code = new Uint16Array(length);
  const counts = new Int32Array(COUNTED_SLOTS);
  let distinct = 0;
  for (let i = 0; i < length; i++) {
    const h = bits[i]!;
    let slot = Math.imul(h, 0x9e3779b1) >>> 17; // Fibonacci hashing onto 2^15 slots
    let held = table[slot]!;
    if (held !== h) {
      if (isNaNBits(h)) {
        code[i] = COUNTED_SLOTS;
        continue;
      }
      while (held !== h && held !== EMPTY_SLOT) {
        slot = (slot + 1) & (COUNTED_SLOTS - 1);
        held = table[slot]!;
      }
      if (held === EMPTY_SLOT) {
        if (++distinct > MAX_COUNTED) return null;
        table[slot] = h;
      }
    }
    code[i] = slot;
    counts[slot]!++;
  }
  // the distinct patterns in value order: key · 2^15 + slot, exact in a double, sorted numerically
  const packed = new Float64Array(distinct);
  let d = 0;
  for (let slot = 0; slot < COUNTED_SLOTS; slot++) {
    if (table[slot] !== EMPTY_SLOT) packed[d++] = keyOf(table[slot]!) * COUNTED_SLOTS + slot;
  }
  packed.sort();
  // slot -> rank (the missing values' code -> NO_RANK), and the sorted values as runs
  const rankOf = new Uint16Array(COUNTED_SLOTS + 1);
  rankOf[COUNTED_SLOTS] = NO_RANK;
  const distinctValues = new Float64Array(distinct);
  const distinctCounts = new Int32Array(distinct);
  const single = new Float32Array(1);
  const singleBits = new Uint32Array(single.buffer);
  let n = 0;
  for (let j = 0; j < distinct; j++) n += counts[packed[j]! % COUNTED_SLOTS]!;
  const sorted = new Float64Array(n);
  let position = 0;
  for (let j = 0; j < distinct; j++) {
    const slot = packed[j]! % COUNTED_SLOTS;
    rankOf[slot] = j;
    singleBits[0] = table[slot]!;
    distinctValues[j] = single[0]!;
    distinctCounts[j] = counts[slot]!;
    sorted.fill(single[0]!, position, position + counts[slot]!);
    position += counts[slot]!;
  }
  return { sorted, ranks: { code, rankOf, distinct: distinctValues, counts: distinctCounts } };
}

/** Spare buffer of the radix passes, reused from one sort to the next (one sort runs at a time). */
let spare = new Uint32Array(0);

/**
 * The first `n` float32 values sorted ascending by two 16-bit radix passes on their keys (`digits`: the
 * histograms of both digits). The keys end in their own buffer, turned back to float32 bits.
 */
function sortFloat32(keys: Uint32Array, n: number, digits: Digits): Float64Array {
  if (spare.length < n) spare = new Uint32Array(n);
  const mine: Uint32Array = keys.subarray(0, n);
  let from = mine;
  let to: Uint32Array = spare.subarray(0, n);
  for (const [shift, counts] of [
    [0, digits.low],
    [16, digits.high],
  ] as const) {
    if (radixPass(from, to, null, null, from, shift, counts, true)) [from, to] = [to, from];
  }
  // one pass skipped (every key shared its digit): the result back from the spare buffer
  if (from !== mine) mine.set(from);
  // keys back to float32 bits, read as float32 into the float64 result in the same pass
  const single = new Float32Array(keys.buffer, keys.byteOffset, n);
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = keys[i]!;
    keys[i] = h >>> 31 ? h & 0x7fffffff : ~h;
    sorted[i] = single[i]!;
  }
  return sorted;
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

/**
 * The two middle order statistics of a[from, to) (no NaN), by selection in place: the values at ranks
 * ⌊(n − 1)/2⌋ and the next (the same value when n is 1; NaN when empty).
 */
function middlePair(a: Float64Array, from: number, to: number): [number, number] {
  const n = to - from;
  if (n === 0) return [NaN, NaN];
  const lo = Math.floor((n - 1) * 0.5);
  quickselect(a, from + lo, from, to - 1);
  const low = a[from + lo]!;
  if (lo + 1 >= n) return [low, low];
  // after the selection the next order statistic is the smallest value to the right
  let high = Infinity;
  for (let i = from + lo + 1; i < to; i++) if (a[i]! < high) high = a[i]!;
  return [low, high];
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
 * Medians of the year-month groups (key[i] = group of step i, constant over each run of the calendar;
 * group k in calendar month ⌊k / years⌋) and of the calendar months, from the ranks of a column's values:
 * the ranks are gathered by group into one pool ordered by (month, year); each year-month's middle ranks
 * are read from a histogram over its range of ranks (a few hundred), which then joins its calendar
 * month's histogram. About four cheap passes over 16-bit ranks, against a selection per group.
 */
function mediansOfRanks(
  ranks: Ranks,
  key: Uint16Array | Int32Array,
  runStart: Int32Array,
  groupCounts: Int32Array,
  years: number,
): { groups: Float64Array; months: Float64Array } {
  const groups = groupCounts.length;
  const starts = groupStarts(groupCounts);
  // a run of steps in one group: its next place in the pool in a local (a store per step to the group's
  // counter would wait on the previous one). Only valid ranks are written: the place after a group's last
  // one is the first of the next group, which an earlier run may have filled.
  const fill = starts.slice(0, groups);
  const pool = new Uint16Array(starts[groups]!);
  const { code, rankOf, distinct } = ranks;
  for (let run = 0; run + 1 < runStart.length; run++) {
    const k = key[runStart[run]!]!;
    let at = fill[k]!;
    for (let i = runStart[run]!; i < runStart[run + 1]!; i++) {
      const r = rankOf[code[i]!]!;
      if (r !== NO_RANK) pool[at++] = r;
    }
    fill[k] = at;
  }
  const groupMedians = new Float64Array(groups).fill(NaN);
  const monthMedians = new Float64Array(12).fill(NaN);
  const histogram = new Int32Array(distinct.length); // zero between groups
  const monthHistogram = new Int32Array(distinct.length);
  for (let m = 0; m < 12; m++) {
    monthHistogram.fill(0);
    let monthFirst = NO_RANK;
    for (let k = m * years; k < (m + 1) * years; k++) {
      const from = starts[k]!;
      const to = starts[k + 1]!;
      if (to === from) continue;
      let first = NO_RANK;
      let last = 0;
      for (let j = from; j < to; j++) {
        const r = pool[j]!;
        first = r < first ? r : first;
        last = r > last ? r : last;
        histogram[r]!++;
      }
      const [low, high] = middleRanks(histogram, first, to - from);
      groupMedians[k] = medianOf(to - from, distinct[low]!, distinct[high]!);
      // into the month's histogram over the group's range of ranks, or value by value when that is shorter
      if (last - first < to - from) for (let r = first; r <= last; r++) monthHistogram[r]! += histogram[r]!;
      else for (let j = from; j < to; j++) monthHistogram[pool[j]!]!++;
      histogram.fill(0, first, last + 1);
      if (first < monthFirst) monthFirst = first;
    }
    const count = starts[(m + 1) * years]! - starts[m * years]!;
    if (count === 0) continue;
    const [low, high] = middleRanks(monthHistogram, monthFirst, count);
    monthMedians[m] = medianOf(count, distinct[low]!, distinct[high]!);
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
  const means = Float64Array.from(sums, (sum, k) => sum / counts[k]!);
  const m2s = new Float64Array(groups);
  for (let r = 0; r + 1 < runStart.length; r++) {
    const k = keys[runStart[r]!]!;
    m2s[k]! += squaredDeviations(values, means[k]!, runStart[r]!, runStart[r + 1]!);
  }
  const groupMoments: (Moments & { m2: number })[] = Array.from({ length: groups }, (_, k) => {
    const count = counts[k]!;
    if (count === 0) return { count: 0, mean: NaN, min: NaN, max: NaN, std: NaN, m2: NaN };
    const std = count > 1 ? Math.sqrt(m2s[k]! / (count - 1)) : NaN;
    return { count, mean: means[k]!, min: mins[k]!, max: maxs[k]!, std, m2: m2s[k]! };
  });
  const { ranks } = sharedSortedValues(values);
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

/** Moments of the union of groups from each group's count, mean, min, max and Σ(x − mean)². */
function combineMoments(parts: readonly (Moments & { m2: number })[]): Moments {
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const p of parts) {
    if (p.count === 0) continue;
    count += p.count;
    sum += p.mean * p.count;
    if (p.min < min) min = p.min;
    if (p.max > max) max = p.max;
  }
  if (count === 0) return { count: 0, mean: NaN, min: NaN, max: NaN, std: NaN };
  const mean = sum / count;
  let m2 = 0;
  for (const p of parts) if (p.count > 0) m2 += p.m2 + p.count * (p.mean - mean) ** 2;
  return { count, mean, min, max, std: count > 1 ? Math.sqrt(m2 / (count - 1)) : NaN };
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
}

/** The overview table of the spec (mean, min, max, median, std per variable and level). */
export function overview(series: Series): OverviewRow[] {
  return checkedOnce(() => overviewRows(series));
}

function overviewRows(series: Series): OverviewRow[] {
  return Object.entries(series.fields).map(([name, field]) => {
    const m = sharedMoments(field.values);
    // the median from the field's sorted values when another statistic made them (a worker computes the
    // overview last), else by selection: a field no statistic sorts (a direction) is not sorted for it
    const sorted = sharedSortedIfMade(field.values);
    const median = sorted ? quantileSorted(sorted, 0.5) : quantilesOfColumn(field.values, [0.5])[0]!;
    return {
      field: name,
      variable: field.variable ?? name,
      longName: field.longName ?? '',
      units: field.units,
      level: field.level ?? null,
      levelType: field.levelType ?? null,
      mean: m.mean,
      min: m.min,
      max: m.max,
      median,
      std: m.std,
    };
  });
}
