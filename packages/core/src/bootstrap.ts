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
  for (let r = 0; r < R; r++) {
    const base = r * Y;
    let total = 0;
    for (let j = 0; j < Y; j++) total += weights[base + j]!;
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

/** A pool's tables (see YearPool). */
interface PoolTables {
  years: number;
  /** The distinct values, ascending (K of them). */
  value: Float64Array;
  /** cumulative[k·Y + j]: year j's values at or below value[k]. */
  cumulative: Int32Array;
  perYear: Int32Array;
  /** The values at or below each value in the whole sample (every year once): increasing. */
  overall: Float64Array;
  /** The non-zero counts per (value, year): value k's are entries rowStart[k] to rowStart[k + 1] − 1. */
  rowStart: Int32Array;
  entryYear: Int32Array;
  entryCount: Int32Array;
}

/** The order statistics of one resample's pool: count(k) = C(k), the values at or below value[k]. */
interface Finder {
  start(r: number): void;
  /** The smallest k with C(k) > rank; `count` is then C(k). Ranks of successive calls do not decrease. */
  find(rank: number): number;
  readonly count: number;
  /** The smallest k' > k with C(k') > rank, rank ≥ C(k) (the next value with a count), leaving find's place. */
  findNext(k: number, rank: number): number;
}

/**
 * Type 7 percentiles of a pool of values grouped by year, for every resample at once, never re-sorting.
 * The pool is described once by its distinct values (ascending, K of them) and, per year, the counts at or
 * below each, cumulative[k·Y + j]; a resample's pool holds year j w_j times, so its count at or below
 * value k is C(k) = Σ w_j · cumulative[k·Y + j], and its order statistic of rank i is the value k for the
 * smallest k with C(k) > i. One of two finders reads it, with the same result:
 * - a search (many values): a safeguarded interpolation search on k, each step reading C at the
 *   predicted answer and at the value below it in one pass over the years drawn. The prediction
 *   interpolates the bracket's counts along the whole sample's cumulative counts (a resample's
 *   distribution is the whole one, locally stretched), so a step usually lands on the answer; a step that
 *   does not halve the bracket is followed by a bisection, so a search takes at most about 2 log2 K steps.
 *   The counts read for one percentile bound the next (the percentiles are taken in increasing order).
 * - a sweep (few (value, year) counts, e.g. one value per year): from the count at the whole sample's
 *   answer for the lowest percentile, along the values one at a time, each value's count in the resample
 *   read from its non-zero counts per year, every percentile on the way.
 */
export class YearPool {
  readonly years: number;
  private readonly tables: PoolTables;

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
    let indexOf: (v: number) => number;
    if (whole) {
      const seen = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) seen[values[i]!] = 0;
      const distinct: number[] = [];
      for (let v = 0; v <= max; v++) if (seen[v] === 0) seen[v] = distinct.push(v) - 1;
      value = Float64Array.from(distinct);
      indexOf = (v) => seen[v]!;
    } else {
      const distinct = new Set<number>();
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) distinct.add(values[i]!);
      value = Float64Array.from(distinct).sort();
      const index = new Map<number, number>();
      value.forEach((v, k) => index.set(v, k));
      indexOf = (v) => index.get(v)!;
    }
    const K = value.length;
    const cumulative = new Int32Array(K * years);
    const perYear = new Int32Array(years);
    for (let i = 0; i < values.length; i++) {
      const y = yearOf[i]!;
      if (y < 0) continue;
      cumulative[indexOf(values[i]!) * years + y]!++;
      perYear[y]!++;
    }
    // the sparse list of the counts per (value, year), read before they are accumulated
    const rowStart = new Int32Array(K + 1);
    let entries = 0;
    for (let k = 0; k < K; k++) {
      rowStart[k] = entries;
      for (let j = 0; j < years; j++) if (cumulative[k * years + j]! > 0) entries++;
    }
    rowStart[K] = entries;
    const entryYear = new Int32Array(entries);
    const entryCount = new Int32Array(entries);
    for (let k = 0, e = 0; k < K; k++)
      for (let j = 0; j < years; j++) {
        const c = cumulative[k * years + j]!;
        if (c > 0) {
          entryYear[e] = j;
          entryCount[e++] = c;
        }
      }
    const overall = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      if (k > 0)
        for (let j = 0; j < years; j++) cumulative[k * years + j]! += cumulative[(k - 1) * years + j]!;
      let c = 0;
      for (let j = 0; j < years; j++) c += cumulative[k * years + j]!;
      overall[k] = c;
    }
    this.tables = { years, value, cumulative, perYear, overall, rowStart, entryYear, entryCount };
  }

  /** The value index of the whole sample's order statistic at percentile p (every year once). */
  private wholeAnswer(p: number): number {
    const { overall } = this.tables;
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
    const { years: Y, value, perYear, entryYear } = this.tables;
    const R = weights.length / Y;
    const P = percentiles.length;
    const out = new Float64Array(R * P);
    if (value.length === 0) return out.fill(NaN);
    // in increasing order, the percentiles' ranks increase too: each search starts where the last ended
    const order = percentiles.map((_, j) => j).sort((a, b) => percentiles[a]! - percentiles[b]!);
    // a sweep reads the (value, year) counts between the percentiles once per resample; a search about
    // 2 passes over the ~63 % of the years drawn per percentile
    const finder: Finder =
      entryYear.length <= 2 * P * Y
        ? new Sweep(this.tables, weights, this.wholeAnswer(Math.min(...percentiles)))
        : new Search(this.tables, weights);
    for (let r = 0; r < R; r++) {
      let total = 0;
      for (let y = 0; y < Y; y++) total += weights[r * Y + y]! * perYear[y]!;
      if (total === 0) {
        for (let j = 0; j < P; j++) out[r * P + j] = NaN;
        continue;
      }
      finder.start(r);
      for (const j of order) {
        const h = ((total - 1) * percentiles[j]!) / 100;
        const lo = Math.floor(h);
        const k = finder.find(lo);
        const first = value[k]!;
        if (lo + 1 >= total || h === lo || finder.count > lo + 1) out[r * P + j] = first;
        // the order statistic lo + 1 is the next value with a count
        else out[r * P + j] = first + (h - lo) * (value[finder.findNext(k, lo + 1)]! - first);
      }
    }
    return out;
  }
}

/**
 * A resample's order statistics by a sweep along the values (few (value, year) counts): from the count at
 * a start value (one pass over the years), down or up one value at a time, each value's count in the
 * resample read from its non-zero counts per year.
 */
class Sweep implements Finder {
  private base = 0;
  /** A value reached and the resample's count at or below it. */
  private k = 0;
  private at = 0;
  count = 0;
  constructor(
    private readonly t: PoolTables,
    private readonly weights: Int32Array,
    /** Where each resample's sweep starts: the whole sample's answer for the lowest percentile. */
    private readonly from: number,
  ) {}

  start(r: number): void {
    const { years: Y, cumulative } = this.t;
    this.base = r * Y;
    this.k = this.from;
    let c = 0;
    for (let j = 0, at = this.from * Y; j < Y; j++) c += this.weights[this.base + j]! * cumulative[at + j]!;
    this.at = c;
  }

  /** The resample's count of value k itself. */
  private own(k: number): number {
    const { rowStart, entryYear, entryCount } = this.t;
    const { weights, base } = this;
    let c = 0;
    for (let e = rowStart[k]!, end = rowStart[k + 1]!; e < end; e++)
      c += weights[base + entryYear[e]!]! * entryCount[e]!;
    return c;
  }

  find(rank: number): number {
    let k = this.k;
    let c = this.at;
    if (c > rank)
      // down while the value below still holds the rank
      while (k > 0) {
        const below = c - this.own(k);
        if (below <= rank) break;
        k--;
        c = below;
      }
    else while (c <= rank) c += this.own(++k);
    this.k = k;
    this.at = c;
    this.count = c;
    return k;
  }

  findNext(k: number, rank: number): number {
    let c = this.at;
    let next = k;
    while (c <= rank) c += this.own(++next);
    return next;
  }
}

/** A resample's order statistics by interpolation search on the values (many values). */
class Search implements Finder {
  private readonly drawn: Int32Array;
  private readonly times: Int32Array;
  private used = 0;
  private total = 0;
  /** The counts read in this resample: C(readK[i]) = readC[i]. */
  private readK = new Int32Array(256);
  private readC = new Float64Array(256);
  private reads = 0;
  count = 0;
  constructor(
    private readonly t: PoolTables,
    private readonly weights: Int32Array,
  ) {
    this.drawn = new Int32Array(t.years);
    this.times = new Int32Array(t.years);
  }

  start(r: number): void {
    const { years: Y, perYear } = this.t;
    this.used = 0;
    this.total = 0;
    for (let y = 0; y < Y; y++) {
      const w = this.weights[r * Y + y]!;
      if (w > 0 && perYear[y]! > 0) {
        this.drawn[this.used] = y;
        this.times[this.used++] = w;
        this.total += w * perYear[y]!;
      }
    }
    this.reads = 0;
  }

  private remember(k: number, c: number): void {
    if (this.reads === this.readK.length) {
      const k2 = new Int32Array(2 * this.reads);
      const c2 = new Float64Array(2 * this.reads);
      k2.set(this.readK);
      c2.set(this.readC);
      this.readK = k2;
      this.readC = c2;
    }
    this.readK[this.reads] = k;
    this.readC[this.reads++] = c;
  }

  find(rank: number): number {
    const { years: Y, cumulative, overall } = this.t;
    const K = overall.length;
    const { drawn, times, used } = this;
    // the bracket: C(kL) ≤ rank < C(kH), from the counts known (C(−1) = 0, C(K − 1) = the total)
    let kL = -1;
    let cL = 0;
    let kH = K - 1;
    let cH = this.total;
    for (let i = 0; i < this.reads; i++) {
      const k = this.readK[i]!;
      const c = this.readC[i]!;
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
        let a = kL + 1;
        let b = kH;
        while (a < b) {
          const mid = (a + b) >> 1;
          if (overall[mid]! >= target) b = mid;
          else a = mid + 1;
        }
        m = a;
      }
      if (m - 1 === kL || m === kH) {
        // one count to read: C(m) when m − 1 is the lower end, else C(kH − 1)
        const k = m - 1 === kL ? m : kH - 1;
        const base = k * Y;
        let c = 0;
        for (let u = 0; u < used; u++) c += times[u]! * cumulative[base + drawn[u]!]!;
        this.remember(k, c);
        if (c <= rank) {
          kL = k;
          cL = c;
        } else {
          kH = k;
          cH = c;
        }
      } else {
        // C(m − 1) and C(m) in one pass
        const below = (m - 1) * Y;
        const at = m * Y;
        let c0 = 0;
        let c1 = 0;
        for (let u = 0; u < used; u++) {
          const j = drawn[u]!;
          const w = times[u]!;
          c0 += w * cumulative[below + j]!;
          c1 += w * cumulative[at + j]!;
        }
        this.remember(m - 1, c0);
        this.remember(m, c1);
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
      }
      bisect = !bisect && 2 * (kH - kL) > width;
    }
    this.count = cH;
    return kH;
  }

  findNext(_k: number, rank: number): number {
    const count = this.count;
    const k = this.find(rank);
    this.count = count;
    return k;
  }
}
