// Order statistics of a column: its valid values, their sort (radix on the bits of the numbers, or counting
// for a float32 column of few distinct values, with each step's rank), Hyndman-Fan type 7 quantiles
// (numpy's default "linear") from sorted values or by selection (quickselect, bucket selection). Kernels
// without a memo: shared.ts keeps their results once per field.

/**
 * ln v where v > 0, NaN elsewhere (missing values too): the calibration power law's abscissa, the contours'
 * ln Tp of each distinct period.
 */
export function logOfPositive(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! > 0 ? Math.log(values[i]!) : NaN;
  return out;
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
  return typeSeven(sorted.length, p, (i) => sorted[i]!);
}

/**
 * Type 7 at p of n ascending values read by index (`at`): the value at ⌊h⌋, h = (n − 1)p, moved towards the
 * next by the fraction of h; NaN without values.
 */
function typeSeven(n: number, p: number, at: (i: number) => number): number {
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = at(lo);
  if (lo + 1 >= n) return a;
  return a + (h - lo) * (at(lo + 1) - a);
}

/**
 * Hoare quickselect: puts the k-th smallest at a[k], smaller left, larger right. The pivot is the median
 * of three elements at pseudo-random positions, so structured input (sorted runs, saw teeth of waiting
 * times) cannot drive it quadratic; the result does not depend on the pivots.
 */
export function quickselect(a: Float64Array, k: number, left = 0, right = a.length - 1): void {
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
export function quantilesOfColumn(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  for (const p of probabilities) checkProbability(p, 'quantilesOfColumn');
  return values instanceof Float32Array && LITTLE_ENDIAN
    ? quantilesOfFloat32(values, probabilities)
    : quantilesOfValid(validValues(values), probabilities);
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
  /**
   * cumulative[r]: the valid steps whose value ranks below r (cumulative[distinct.length]: every valid step),
   * so that the sorted valid values hold distinct[r] at the indices [cumulative[r], cumulative[r + 1]).
   */
  cumulative: Int32Array;
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

/** The counting sort of a float32 column of few distinct values (countedRanks), its sorted values written out. */
export function sortedByCounting(values: Float32Array): SortedValues | null {
  const ranks = countedRanks(values);
  return ranks ? { sorted: sortedOfRanks(ranks), ranks } : null;
}

/** Most distinct values a counting sort takes (its hash table has twice as many slots, under 2^16). */
const MAX_COUNTED = 16_384;
const COUNTED_SLOTS = 2 * MAX_COUNTED;
/** An empty slot: a NaN pattern, never stored (NaNs are dropped before). */
const EMPTY_SLOT = 0xffffffff;

/** The hash table of countedRanks, reused from one column to the next (one count runs at a time, nothing keeps it). */
const countingTable = new Uint32Array(2 * COUNTED_SLOTS);

/**
 * A float32 column of few distinct values counted: one pass gives each value the slot of its bit pattern in
 * a hash table and counts it there, and the few distinct patterns are sorted; each step keeps its slot as
 * the code of its value. The sorted values themselves are not written (sortedOfRanks): the quantiles, the
 * histograms and the fits read them from the distinct values and their counts (350,640 doubles a 40-year
 * column, 2.8 MB of fresh memory). Null (after about MAX_COUNTED values of a continuous series) when the
 * column has more distinct values. -0 and 0 are distinct patterns: when both occur they take two ranks of
 * equal value.
 */
export function countedRanks(values: Float32Array): Ranks | null {
  const length = values.length;
  const bits = new Uint32Array(values.buffer, values.byteOffset, length);
  // the hash table: each slot's bit pattern beside its count (one cache line holds both: the pass over the
  // steps reads and writes the two at once; in two tables it took 1.5–1.8 times as long)
  // Each pass over the steps or the slots is a function of its own: a loop compiled while running inside
  // countedRanks (on-stack replacement) left the code after it without type feedback, and every call
  // deoptimised there and finished in the interpreter (--trace-deopt: twice per column, the same stale code
  // entered again each time).
  const table = countingTable;
  emptyTable(table);
  // the slot of each step (COUNTED_SLOTS: a missing value)
  const code = new Uint16Array(length);
  const distinct = countSlots(bits, code, table);
  if (distinct < 0) return null;
  // the distinct patterns in value order: key · 2^15 + slot, exact in a double, sorted numerically
  const packed = new Float64Array(distinct);
  packSlots(table, packed);
  packed.sort();
  // slot -> rank (the missing values' code -> NO_RANK), the distinct values and their counts
  const rankOf = new Uint16Array(COUNTED_SLOTS + 1);
  rankOf[COUNTED_SLOTS] = NO_RANK;
  const distinctValues = new Float64Array(distinct);
  const distinctCounts = new Int32Array(distinct);
  const cumulative = new Int32Array(distinct + 1);
  const single = new Float32Array(1);
  const singleBits = new Uint32Array(single.buffer);
  for (let j = 0; j < distinct; j++) {
    const slot = packed[j]! % COUNTED_SLOTS;
    rankOf[slot] = j;
    singleBits[0] = table[2 * slot]!;
    distinctValues[j] = single[0]!;
    distinctCounts[j] = table[2 * slot + 1]!;
    cumulative[j + 1] = cumulative[j]! + distinctCounts[j]!;
  }
  return { code, rankOf, distinct: distinctValues, counts: distinctCounts, cumulative };
}

/** countedRanks' table emptied: every slot's pattern EMPTY_SLOT, its count 0. */
function emptyTable(table: Uint32Array): void {
  for (let slot = 0; slot < COUNTED_SLOTS; slot++) {
    table[2 * slot] = EMPTY_SLOT;
    table[2 * slot + 1] = 0;
  }
}

/** The patterns held in countedRanks' table as key · 2^15 + slot, in slot order, into `packed`. */
function packSlots(table: Uint32Array, packed: Float64Array): void {
  let d = 0;
  for (let slot = 0; slot < COUNTED_SLOTS; slot++) {
    if (table[2 * slot] !== EMPTY_SLOT) packed[d++] = keyOf(table[2 * slot]!) * COUNTED_SLOTS + slot;
  }
}

/**
 * countedRanks' pass over the steps: each step's slot in `code`, each slot's bit pattern and count in
 * `table`; answers how many distinct patterns, or -1 past MAX_COUNTED.
 */
function countSlots(bits: Uint32Array, code: Uint16Array, table: Uint32Array): number {
  let distinct = 0;
  for (let i = 0; i < bits.length; i++) {
    const h = bits[i]!;
    let slot = Math.imul(h, 0x9e3779b1) >>> 17; // Fibonacci hashing onto 2^15 slots
    let held = table[2 * slot]!;
    if (held !== h) {
      if (isNaNBits(h)) {
        code[i] = COUNTED_SLOTS;
        continue;
      }
      while (held !== h && held !== EMPTY_SLOT) {
        slot = (slot + 1) & (COUNTED_SLOTS - 1);
        held = table[2 * slot]!;
      }
      if (held === EMPTY_SLOT) {
        if (++distinct > MAX_COUNTED) return -1;
        table[2 * slot] = h;
      }
    }
    code[i] = slot;
    table[2 * slot + 1]!++;
  }
  return distinct;
}

/** The sorted valid values of a counted column: its distinct values, each repeated as often as it occurs. */
export function sortedOfRanks(ranks: Ranks): Float64Array {
  const { distinct, cumulative } = ranks;
  const sorted = new Float64Array(cumulative[distinct.length]!);
  for (let r = 0; r < distinct.length; r++) sorted.fill(distinct[r]!, cumulative[r], cumulative[r + 1]);
  return sorted;
}

/** The value at index i of a counted column's sorted valid values (sortedOfRanks(ranks)[i], not written). */
function sortedValueAt(ranks: Ranks, i: number): number {
  // the last rank r with cumulative[r] ≤ i
  const { cumulative } = ranks;
  let lo = 0;
  let hi = ranks.distinct.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (cumulative[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return ranks.distinct[lo]!;
}

/** quantileSorted of a counted column's sorted valid values, read from its ranks: the same number. */
export function quantileOfRanks(ranks: Ranks, p: number): number {
  checkProbability(p, 'quantileOfRanks');
  return typeSeven(ranks.cumulative[ranks.distinct.length]!, p, (i) => sortedValueAt(ranks, i));
}

/** The index of the first of a counted column's sorted valid values ≥ x (their count when none is). */
export function lowerBoundOfRanks(ranks: Ranks, x: number): number {
  const { distinct } = ranks;
  let lo = 0;
  let hi = distinct.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (distinct[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return ranks.cumulative[lo]!;
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

/**
 * The two middle order statistics of a[from, to) (no NaN), by selection in place: the values at ranks
 * ⌊(n − 1)/2⌋ and the next (the same value when n is 1; NaN when empty).
 */
export function middlePair(a: Float64Array, from: number, to: number): [number, number] {
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
