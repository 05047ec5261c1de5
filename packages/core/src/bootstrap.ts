// Year-block bootstrap (issue 31 §2): how sure a planning percentile is, from the years it rests on.
// Whole years are resampled with replacement (the unit of weather variability; hourly starts within a
// year are strongly correlated), the statistic is recomputed on each resample, and the interval is the
// percentile interval of the resampled values (Efron & Tibshirani 1993, An Introduction to the
// Bootstrap, ch. 13; blocks of whole years as in the moving/non-overlapping block bootstrap, Künsch
// 1989). A resample never re-simulates: it only says how many times each year is drawn (its weights), and
// the statistics regroup the starts already simulated per (year, period).
import { quickselect } from './order';
import { seededRandom } from './random';

export interface IntervalOptions {
  /** Coverage of the interval, in (0, 1): 0.9 by default. */
  ci?: number;
  /** Number of resamples: 1,000 by default. */
  resamples?: number;
  /** Seed of the generator: 1 by default, so a run replays exactly. */
  seed?: number;
}

export const DEFAULT_INTERVALS: Required<IntervalOptions> = { ci: 0.9, resamples: 1000, seed: 1 };

/** Fewer years than this: no interval, a note says why. */
export const MIN_INTERVAL_YEARS = 5;

export const FEW_YEARS_NOTE = `no interval: fewer than ${MIN_INTERVAL_YEARS} years of data in the period, too few to resample whole years`;

/** The options checked, defaults filled in; a bad one is refused with a reason. */
export function intervalOptions(options: IntervalOptions = {}): Required<IntervalOptions> {
  const out = { ...DEFAULT_INTERVALS, ...options };
  if (!(out.ci > 0 && out.ci < 1)) throw new RangeError(`intervals: ci must be in (0, 1), got ${out.ci}`);
  if (!(Number.isInteger(out.resamples) && out.resamples >= 100 && out.resamples <= 100_000))
    throw new RangeError(`intervals: resamples must be an integer from 100 to 100,000, got ${out.resamples}`);
  if (!Number.isInteger(out.seed))
    throw new RangeError(`intervals: seed must be an integer, got ${out.seed}`);
  return out;
}

/**
 * Weights of `resamples` year-block resamples of `years` years: w[r·years + j] = times year j is drawn
 * in resample r (each resample draws `years` years with replacement, so its weights sum to `years`).
 * Deterministic in (years, resamples, seed); cached, as every period with the same number of years
 * shares them.
 */
export function yearBlockWeights(years: number, resamples: number, seed: number): Int32Array {
  const key = `${years}:${resamples}:${seed}`;
  let w = weightCache.get(key);
  if (!w) {
    w = new Int32Array(years * resamples);
    const random = seededRandom(seed);
    for (let r = 0; r < resamples; r++)
      for (let k = 0; k < years; k++) w[r * years + Math.floor(random() * years)]!++;
    if (weightCache.size > 64) weightCache.clear();
    weightCache.set(key, w);
  }
  return w;
}

const weightCache = new Map<string, Int32Array>();

/**
 * The percentile interval [lower, upper] at coverage `ci` of resampled values (type 7 at (1 − ci)/2 and
 * (1 + ci)/2 of the finite ones), or null when none is finite. By selection of the four order statistics
 * it reads (the same numbers as a sort); `scratch`, when given, holds the copy (at least values.length).
 */
export function percentileInterval(
  values: ArrayLike<number>,
  ci: number,
  scratch: Float64Array = new Float64Array(values.length),
): [number, number] | null {
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) scratch[m++] = v;
  }
  if (m === 0) return null;
  if (m >= 4 * SAMPLE) {
    const windowed = intervalInWindows(scratch, m, ci);
    if (windowed) return windowed;
  }
  // type 7 at p: a[lo] + (h − lo)(a[lo + 1] − a[lo]), h = (m − 1)p, read from the selected order statistics
  let from = 0;
  const at = (p: number): number => {
    const h = (m - 1) * p;
    const lo = Math.floor(h);
    quickselect(scratch, lo, from, m - 1);
    from = lo;
    const a = scratch[lo]!;
    if (lo + 1 >= m) return a;
    // the next order statistic is the least of those after it
    let b = scratch[lo + 1]!;
    for (let i = lo + 2; i < m; i++) if (scratch[i]! < b) b = scratch[i]!;
    return a + (h - lo) * (b - a);
  };
  const lower = at((1 - ci) / 2);
  return [lower, at((1 + ci) / 2)];
}

/** Values sampled to place the windows of intervalInWindows. */
const SAMPLE = 64;
/** Sample places either side of a target in a window (a sample quantile's standard error is ≤ 4 places). */
const MARGIN = 6;
const sample = new Float64Array(SAMPLE);
let lowWindow = new Float64Array(0);
let highWindow = new Float64Array(0);

/**
 * percentileInterval of a[0..m) without selecting in all of it: a sorted sample of SAMPLE values places a
 * window of values around each bound's order statistics; one pass counts the values below each window and
 * copies those inside, and the order statistics are selected among the few inside (the values below a
 * window are below all of it, so a rank in the window is the rank in a less the count below). Null when a
 * window misses its order statistics (the caller selects in all of a, which this leaves as it was).
 */
function intervalInWindows(a: Float64Array, m: number, ci: number): [number, number] | null {
  for (let i = 0; i < SAMPLE; i++) sample[i] = a[Math.floor((i * m) / SAMPLE)]!;
  sample.sort();
  const edges = (p: number): [number, number] => {
    const t = p * (SAMPLE - 1);
    const from = Math.floor(t) - MARGIN;
    const to = Math.ceil(t) + MARGIN;
    return [from < 0 ? -Infinity : sample[from]!, to >= SAMPLE ? Infinity : sample[to]!];
  };
  const pLow = (1 - ci) / 2;
  const pHigh = (1 + ci) / 2;
  const [lowFrom, lowTo] = edges(pLow);
  const [highFrom, highTo] = edges(pHigh);
  if (lowWindow.length < m) {
    lowWindow = new Float64Array(m);
    highWindow = new Float64Array(m);
  }
  let lowBelow = 0;
  let lowCount = 0;
  let highBelow = 0;
  let highCount = 0;
  for (let i = 0; i < m; i++) {
    const v = a[i]!;
    if (v < lowFrom) lowBelow++;
    else if (v <= lowTo) lowWindow[lowCount++] = v;
    if (v < highFrom) highBelow++;
    else if (v <= highTo) highWindow[highCount++] = v;
  }
  const read = (window: Float64Array, count: number, below: number, p: number): number => {
    const h = (m - 1) * p;
    const lo = Math.floor(h);
    const last = lo + 1 < m ? lo + 1 : lo;
    // a miss: NaN (the values are finite, so a bound never is)
    if (below > lo || below + count <= last) return NaN;
    const k = lo - below;
    quickselect(window, k, 0, count - 1);
    const x = window[k]!;
    if (lo + 1 >= m) return x;
    let y = window[k + 1]!;
    for (let i = k + 2; i < count; i++) if (window[i]! < y) y = window[i]!;
    return x + (h - lo) * (y - x);
  };
  const lower = read(lowWindow, lowCount, lowBelow, pLow);
  const upper = read(highWindow, highCount, highBelow, pHigh);
  return Number.isNaN(lower) || Number.isNaN(upper) ? null : [lower, upper];
}

/**
 * resampledPercentiles of a pool of one value per year (YearPool with year j holding values[j] alone): per
 * resample, one walk up the years in the order of their values, adding each year's weight, every
 * percentile on the way. The same numbers as YearPool (a tie of years reads the same value either way).
 */
export function resampledYearPercentiles(
  values: ArrayLike<number>,
  weights: Int32Array,
  percentiles: readonly number[],
): Float64Array {
  const Y = values.length;
  const R = Y === 0 ? 0 : weights.length / Y;
  const P = percentiles.length;
  const out = new Float64Array(R * P);
  const byValue = Int32Array.from({ length: Y }, (_, j) => j).sort((a, b) => values[a]! - values[b]!);
  const sorted = Float64Array.from(byValue, (j) => values[j]!);
  const order = percentiles.map((_, j) => j).sort((a, b) => percentiles[a]! - percentiles[b]!);
  const totals = resampleSizes(weights, Y);
  for (let r = 0; r < R; r++) {
    const base = r * Y;
    const total = totals[r]!;
    if (total === 0) {
      for (let j = 0; j < P; j++) out[r * P + j] = NaN;
      continue;
    }
    // position i in the sorted years, and the weight at or below it
    let i = 0;
    let count = weights[base + byValue[0]!]!;
    for (const j of order) {
      const h = ((total - 1) * percentiles[j]!) / 100;
      const lo = Math.floor(h);
      while (count <= lo) count += weights[base + byValue[++i]!]!;
      const first = sorted[i]!;
      if (lo + 1 >= total || h === lo || count > lo + 1) {
        out[r * P + j] = first;
        continue;
      }
      // the order statistic lo + 1: the next year drawn
      let next = i + 1;
      while (weights[base + byValue[next]!] === 0) next++;
      out[r * P + j] = first + (h - lo) * (sorted[next]! - first);
    }
  }
  return out;
}

/** The number of years each resample draws, Σ_j w[r·Y + j] (cached per weights table). */
function resampleSizes(weights: Int32Array, Y: number): Float64Array {
  let out = sizes.get(weights);
  if (!out || out.length * Y !== weights.length) {
    const R = Y === 0 ? 0 : weights.length / Y;
    out = new Float64Array(R);
    for (let r = 0; r < R; r++) {
      let total = 0;
      for (let j = 0; j < Y; j++) total += weights[r * Y + j]!;
      out[r] = total;
    }
    sizes.set(weights, out);
  }
  return out;
}

const sizes = new WeakMap<Int32Array, Float64Array>();

/**
 * Two counts in one float64: the searches read C(k − 1) + PAIR·C(k) in one pass over the years drawn (every
 * term an integer, every partial sum below 2^53 while a resample's pool holds fewer than PAIR values, so
 * the sum is exact and splits back into both counts).
 */
const PAIR = 2 ** 26;

/**
 * Type 7 percentiles of a pool of values grouped by year, for every resample at once, never re-sorting.
 * The pool is described once by its distinct values (ascending, K of them) and its counts per (value,
 * year); a resample's pool holds year j w_j times, so its count at or below value k is
 * C(k) = Σ w_j · (year j's values at or below value[k]), and its order statistic of rank i is the value k
 * for the smallest k with C(k) > i. One of two finders reads it, with the same result:
 * - a search (many values): a safeguarded interpolation search on k, each step reading C at the predicted
 *   answer and at the value below it in one pass over the years drawn (both counts packed in one float64,
 *   PAIR). The prediction interpolates the bracket's counts along the whole sample's cumulative counts (a
 *   resample's distribution is the whole one, locally stretched), so a step usually lands on the answer; a
 *   step that does not halve the bracket is followed by a bisection, so a search takes at most about
 *   2 log2 K steps. The counts read for one percentile bound the next (the percentiles are taken in
 *   increasing order).
 * - a sweep (few (value, year) counts, e.g. one value per year): from the count at the whole sample's
 *   answer for the lowest percentile, along the values one at a time, each value's count in the resample
 *   read from its non-zero counts per year, every percentile on the way.
 */
export class YearPool {
  readonly years: number;
  /** The distinct values, ascending (K of them). */
  private readonly value: Float64Array;
  /** count[k·Y + j]: year j's values equal to value[k]. */
  private readonly count: Int32Array;
  private readonly perYear: Int32Array;
  /** The values at or below each value in the whole sample (every year once): increasing. */
  private readonly overall: Float64Array;
  /** The non-zero counts per (value, year). */
  private readonly entries: number;

  /** values[i] of year yearOf[i] (0..years − 1); entries with yearOf < 0 are left out. */
  constructor(values: ArrayLike<number>, yearOf: ArrayLike<number>, years: number) {
    this.years = years;
    // whole hours (the planning values) are indexed by a table, other values by a map
    let max = 0;
    let whole = true;
    for (let i = 0; i < values.length && whole; i++) {
      if (yearOf[i]! < 0) continue;
      const v = values[i]!;
      if (!(Number.isInteger(v) && v >= 0 && v < 1 << 22)) whole = false;
      else if (v > max) max = v;
    }
    let value: Float64Array;
    // whole values: index[v] is v's place among the distinct values
    let index: Int32Array | null = null;
    let indexOf: (v: number) => number = () => -1;
    if (whole) {
      const seen = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) seen[values[i]!] = 0;
      let K = 0;
      for (let v = 0; v <= max; v++) if (seen[v] === 0) seen[v] = K++;
      value = new Float64Array(K);
      for (let v = 0; v <= max; v++) if (seen[v]! >= 0) value[seen[v]!] = v;
      index = seen;
    } else {
      const distinct = new Set<number>();
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) distinct.add(values[i]!);
      value = Float64Array.from(distinct).sort();
      const places = new Map<number, number>();
      value.forEach((v, k) => places.set(v, k));
      indexOf = (v) => places.get(v)!;
    }
    const K = value.length;
    const count = new Int32Array(K * years);
    const perYear = new Int32Array(years);
    for (let i = 0; i < values.length; i++) {
      const y = yearOf[i]!;
      if (y < 0) continue;
      count[(index ? index[values[i]!]! : indexOf(values[i]!)) * years + y]!++;
      perYear[y]!++;
    }
    const overall = new Float64Array(K);
    let entries = 0;
    let c = 0;
    for (let k = 0; k < K; k++) {
      for (let j = 0, at = k * years; j < years; j++) {
        const n = count[at + j]!;
        if (n > 0) {
          entries++;
          c += n;
        }
      }
      overall[k] = c;
    }
    this.value = value;
    this.count = count;
    this.perYear = perYear;
    this.overall = overall;
    this.entries = entries;
  }

  /** The value index of the whole sample's order statistic at percentile p (every year once). */
  private wholeAnswer(p: number): number {
    const { overall } = this;
    const rank = Math.floor(((overall[overall.length - 1]! - 1) * p) / 100);
    let k = 0;
    while (overall[k]! <= rank) k++;
    return k;
  }

  /**
   * Type 7 percentiles (p in 0–100) of the pool of each resample: out[r·P + j] for percentile j; NaN when
   * the resample's pool is empty. `weights` as yearBlockWeights(this.years, …).
   */
  resampledPercentiles(weights: Int32Array, percentiles: readonly number[]): Float64Array {
    const Y = this.years;
    const R = weights.length / Y;
    const P = percentiles.length;
    const out = new Float64Array(R * P);
    if (this.value.length === 0) return out.fill(NaN);
    // in increasing order, the percentiles' ranks increase too: each search starts where the last ended
    const order = Int32Array.from(
      percentiles.map((_, j) => j).sort((a, b) => percentiles[a]! - percentiles[b]!),
    );
    const sorted = Float64Array.from(order, (j) => percentiles[j]!);
    // a sweep reads the (value, year) counts between the percentiles once per resample; a search about
    // 2 passes over the ~63 % of the years drawn per percentile
    if (this.entries <= 2 * P * Y) this.sweep(weights, order, sorted, out);
    else this.search(weights, order, sorted, out);
    return out;
  }

  /**
   * The sweep: from the count at the whole sample's answer for the lowest percentile (one pass over the
   * years), down or up one value at a time, each value's count in the resample read from its non-zero
   * counts per year.
   */
  private sweep(weights: Int32Array, order: Int32Array, sorted: Float64Array, out: Float64Array): void {
    const { years: Y, value, count, perYear } = this;
    const K = value.length;
    const R = weights.length / Y;
    const P = order.length;
    // the non-zero counts per (value, year): value k's are entries rowStart[k] to rowStart[k + 1] − 1
    const rowStart = new Int32Array(K + 1);
    const entryYear = new Int32Array(this.entries);
    const entryCount = new Int32Array(this.entries);
    for (let k = 0, e = 0; k < K; k++) {
      rowStart[k] = e;
      for (let j = 0; j < Y; j++) {
        const c = count[k * Y + j]!;
        if (c > 0) {
          entryYear[e] = j;
          entryCount[e++] = c;
        }
      }
      rowStart[k + 1] = e;
    }
    // each resample's sweep starts at the whole sample's answer for the lowest percentile: year j's count
    // at or below it
    const from = this.wholeAnswer(sorted[0]!);
    const atFrom = new Int32Array(Y);
    for (let k = 0; k <= from; k++) for (let j = 0; j < Y; j++) atFrom[j]! += count[k * Y + j]!;
    for (let r = 0; r < R; r++) {
      const base = r * Y;
      let total = 0;
      let c = 0;
      for (let j = 0; j < Y; j++) {
        const w = weights[base + j]!;
        total += w * perYear[j]!;
        c += w * atFrom[j]!;
      }
      if (total === 0) {
        for (let j = 0; j < P; j++) out[r * P + j] = NaN;
        continue;
      }
      // a value reached and the resample's count at or below it
      let k = from;
      for (let q = 0; q < P; q++) {
        const h = ((total - 1) * sorted[q]!) / 100;
        const lo = Math.floor(h);
        if (c > lo)
          // down while the value below still holds the rank
          while (k > 0) {
            let own = 0;
            for (let e = rowStart[k]!, end = rowStart[k + 1]!; e < end; e++)
              own += weights[base + entryYear[e]!]! * entryCount[e]!;
            const below = c - own;
            if (below <= lo) break;
            k--;
            c = below;
          }
        else
          while (c <= lo) {
            k++;
            for (let e = rowStart[k]!, end = rowStart[k + 1]!; e < end; e++)
              c += weights[base + entryYear[e]!]! * entryCount[e]!;
          }
        const first = value[k]!;
        const j = order[q]!;
        if (lo + 1 >= total || h === lo || c > lo + 1) {
          out[r * P + j] = first;
          continue;
        }
        // the order statistic lo + 1 is the next value with a count
        let next = k;
        let cn = c;
        while (cn <= lo + 1) {
          next++;
          for (let e = rowStart[next]!, end = rowStart[next + 1]!; e < end; e++)
            cn += weights[base + entryYear[e]!]! * entryCount[e]!;
        }
        out[r * P + j] = first + (h - lo) * (value[next]! - first);
      }
    }
  }

  /** The search: a safeguarded interpolation search on the values, two counts per pass (PAIR). */
  private search(weights: Int32Array, order: Int32Array, sorted: Float64Array, out: Float64Array): void {
    const { years: Y, value, count, perYear, overall } = this;
    const K = value.length;
    const R = weights.length / Y;
    const P = order.length;
    // pair[k·Y + j] = year j's values at or below value[k − 1] + PAIR · those at or below value[k]
    const pair = new Float64Array(K * Y);
    const below = new Float64Array(Y);
    for (let k = 0; k < K; k++)
      for (let j = 0; j < Y; j++) {
        const at = below[j]! + count[k * Y + j]!;
        pair[k * Y + j] = below[j]! + PAIR * at;
        below[j] = at;
      }
    const atLeast = new Int32Array(overall[K - 1]! + 1);
    for (let k = 0, c = 0; k < K; k++) while (c <= overall[k]!) atLeast[c++] = k;
    const wrow = new Float64Array(Y);
    // the counts read in this resample: C(readK[i]) = readC[i] (two per pass, at most 2 log2 K passes per
    // search and two searches per percentile)
    const capacity = 4 * P * (2 * Math.ceil(Math.log2(K + 1)) + 2) + 4;
    const readK = new Int32Array(capacity);
    const readC = new Float64Array(capacity);
    for (let r = 0; r < R; r++) {
      const base = r * Y;
      let total = 0;
      for (let y = 0; y < Y; y++) {
        const w = weights[base + y]!;
        wrow[y] = w;
        total += w * perYear[y]!;
      }
      if (total === 0) {
        for (let j = 0; j < P; j++) out[r * P + j] = NaN;
        continue;
      }
      // every count read is at most the total: below PAIR, both counts of a pass split back exactly
      if (total >= PAIR)
        throw new RangeError(`YearPool: a resample of ${total} values is beyond exact counting (${PAIR})`);
      const search: SearchState = {
        pair,
        overall,
        atLeast,
        wrow,
        Y,
        K,
        total,
        readK,
        readC,
        reads: 0,
        count: 0,
      };
      for (let q = 0; q < P; q++) {
        const h = ((total - 1) * sorted[q]!) / 100;
        const lo = Math.floor(h);
        const k = find(search, lo);
        const first = value[k]!;
        const j = order[q]!;
        if (lo + 1 >= total || h === lo || search.count > lo + 1) out[r * P + j] = first;
        // the order statistic lo + 1 is the next value with a count
        else out[r * P + j] = first + (h - lo) * (value[find(search, lo + 1)]! - first);
      }
    }
  }
}

/** A resample's search: its tables, the years drawn and the counts read so far. */
interface SearchState {
  pair: Float64Array;
  overall: Float64Array;
  /** atLeast[c]: the first value k with overall[k] ≥ c. */
  atLeast: Int32Array;
  wrow: Float64Array;
  Y: number;
  K: number;
  total: number;
  /** The counts read in this resample: C(readK[i]) = readC[i]. */
  readK: Int32Array;
  readC: Float64Array;
  reads: number;
  /** C(k) of the last answer k. */
  count: number;
}

/** The smallest k with C(k) > rank (s.count = C(k)), by the safeguarded interpolation search. */
function find(s: SearchState, rank: number): number {
  const { pair, overall, atLeast, wrow, Y, readK, readC } = s;
  // the bracket: C(kL) ≤ rank < C(kH), from the counts known (C(−1) = 0, C(K − 1) = the total)
  let kL = -1;
  let cL = 0;
  let kH = s.K - 1;
  let cH = s.total;
  let reads = s.reads;
  for (let i = 0; i < reads; i++) {
    const k = readK[i]!;
    const c = readC[i]!;
    if (c <= rank) {
      if (k > kL) {
        kL = k;
        cL = c;
      }
    } else if (k < kH) {
      kH = k;
      cH = c;
    }
  }
  let bisect = false;
  while (kH - kL > 1) {
    const width = kH - kL;
    // the predicted answer m in (kL, kH]
    let m: number;
    if (bisect) m = (kL + kH + 1) >> 1;
    else {
      const gL = kL < 0 ? 0 : overall[kL]!;
      const target = gL + ((rank + 1 - cL) * (overall[kH]! - gL)) / (cH - cL);
      // the first value whose whole-sample count reaches the target, within the bracket
      m = atLeast[Math.min(Math.ceil(target), atLeast.length - 1)]!;
      if (m <= kL) m = kL + 1;
      else if (m > kH) m = kH;
    }
    // C(m − 1) and C(m) in one pass; m = kH reads C(kH − 1)
    const at = m * Y;
    // two partial sums, so that consecutive additions do not wait on each other (integers: exact in any order)
    let sum = 0;
    let odd = 0;
    let u = 1;
    for (; u < Y; u += 2) {
      sum += wrow[u - 1]! * pair[at + u - 1]!;
      odd += wrow[u]! * pair[at + u]!;
    }
    if (u === Y) sum += wrow[u - 1]! * pair[at + u - 1]!;
    sum += odd;
    const c1 = Math.floor(sum / PAIR);
    const c0 = sum - c1 * PAIR;
    if (m > 0) {
      readK[reads] = m - 1;
      readC[reads++] = c0;
    }
    readK[reads] = m;
    readC[reads++] = c1;
    if (c0 > rank) {
      kH = m - 1;
      cH = c0;
    } else if (c1 > rank) {
      kL = m - 1;
      cL = c0;
      kH = m;
      cH = c1;
    } else {
      kL = m;
      cL = c1;
    }
    bisect = !bisect && 2 * (kH - kL) > width;
  }
  s.reads = reads;
  s.count = cH;
  return kH;
}
