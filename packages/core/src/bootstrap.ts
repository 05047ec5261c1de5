// Year-block bootstrap (issue 31 §2): how sure a planning percentile is, from the years it rests on.
// Whole years are resampled with replacement (the unit of weather variability; hourly starts within a
// year are strongly correlated), the statistic is recomputed on each resample, and the interval is the
// percentile interval of the resampled values (Efron & Tibshirani 1993, An Introduction to the
// Bootstrap, ch. 13; blocks of whole years as in the moving/non-overlapping block bootstrap, Künsch
// 1989). A resample never re-simulates: it only says how many times each year is drawn (its weights), and
// the statistics regroup the starts already simulated per (year, period).
import { quantileSorted } from './order';
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
 * (1 + ci)/2 of the finite ones), or null when none is finite.
 */
export function percentileInterval(values: ArrayLike<number>, ci: number): [number, number] | null {
  const finite = new Float64Array(values.length);
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) finite[m++] = v;
  }
  if (m === 0) return null;
  const sorted = finite.subarray(0, m).sort();
  return [quantileSorted(sorted, (1 - ci) / 2), quantileSorted(sorted, (1 + ci) / 2)];
}

/**
 * Type 7 percentiles of a pool of integer values grouped by year, for every resample at once. The pool
 * is described by its distinct values `value` (ascending, K of them) and the counts at or below each per
 * year, cumulative[k·Y + j]; a resample's pool holds year j w_j times, so its count at or below value k is
 * Σ w_j · cumulative[k·Y + j], and an order statistic is found by binary search on k: O(Y' log K) per
 * percentile and resample (Y' the years drawn), never a re-sort.
 */
export class YearPool {
  readonly years: number;
  private readonly value: Float64Array;
  private readonly cumulative: Int32Array;
  private readonly perYear: Int32Array;

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
    let indexOf: (v: number) => number;
    if (whole) {
      const seen = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) seen[values[i]!] = 0;
      const distinct: number[] = [];
      for (let v = 0; v <= max; v++) if (seen[v] === 0) seen[v] = distinct.push(v) - 1;
      this.value = Float64Array.from(distinct);
      indexOf = (v) => seen[v]!;
    } else {
      const distinct = new Set<number>();
      for (let i = 0; i < values.length; i++) if (yearOf[i]! >= 0) distinct.add(values[i]!);
      this.value = Float64Array.from(distinct).sort();
      const index = new Map<number, number>();
      this.value.forEach((v, k) => index.set(v, k));
      indexOf = (v) => index.get(v)!;
    }
    const K = this.value.length;
    const cumulative = new Int32Array(K * years);
    const perYear = new Int32Array(years);
    for (let i = 0; i < values.length; i++) {
      const y = yearOf[i]!;
      if (y < 0) continue;
      cumulative[indexOf(values[i]!) * years + y]!++;
      perYear[y]!++;
    }
    for (let k = 1; k < K; k++)
      for (let j = 0; j < years; j++) cumulative[k * years + j]! += cumulative[(k - 1) * years + j]!;
    this.cumulative = cumulative;
    this.perYear = perYear;
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
    const { value, cumulative, perYear } = this;
    const K = value.length;
    if (K === 0) return out.fill(NaN);
    // the row offsets of the years drawn and how many times, per resample
    const drawn = new Int32Array(Y);
    const times = new Int32Array(Y);
    // each percentile's value index in the whole sample: a resample's is rarely more than a few away
    const guess = new Int32Array(P);
    for (let j = 0; j < P; j++) {
      let total = 0;
      for (let y = 0; y < Y; y++) total += perYear[y]!;
      const rank = Math.floor(((total - 1) * percentiles[j]!) / 100);
      let k = 0;
      for (; k < K; k++) {
        let c = 0;
        for (let y = 0; y < Y; y++) c += cumulative[k * Y + y]!;
        if (c > rank) break;
      }
      guess[j] = Math.min(k, K - 1);
    }
    for (let r = 0; r < R; r++) {
      let used = 0;
      let total = 0;
      for (let y = 0; y < Y; y++) {
        const w = weights[r * Y + y]!;
        if (w > 0 && perYear[y]! > 0) {
          drawn[used] = y;
          times[used++] = w;
          total += w * perYear[y]!;
        }
      }
      for (let j = 0; j < P; j++) {
        if (total === 0) {
          out[r * P + j] = NaN;
          continue;
        }
        const h = ((total - 1) * percentiles[j]!) / 100;
        const lo = Math.floor(h);
        // the smallest k whose count at or below exceeds lo: walk from the guess, one value at a time
        // first, then by doubling steps, then bisect
        let k = guess[j]!;
        let count = 0;
        for (let u = 0; u < used; u++) count += times[u]! * cumulative[k * Y + drawn[u]!]!;
        if (count > lo) {
          // step down while the value below still covers the rank
          let step = 1;
          let hi = k;
          let hiCount = count;
          let low = k - 1;
          for (;;) {
            if (low < 0) {
              low = -1;
              break;
            }
            let c = 0;
            for (let u = 0; u < used; u++) c += times[u]! * cumulative[low * Y + drawn[u]!]!;
            if (c <= lo) break;
            hi = low;
            hiCount = c;
            step *= 2;
            low = k - step;
          }
          // the answer lies in (low, hi]
          let a = low + 1;
          while (a < hi) {
            const mid = (a + hi) >>> 1;
            let c = 0;
            for (let u = 0; u < used; u++) c += times[u]! * cumulative[mid * Y + drawn[u]!]!;
            if (c > lo) {
              hi = mid;
              hiCount = c;
            } else a = mid + 1;
          }
          k = hi;
          count = hiCount;
        } else {
          let step = 1;
          let low = k;
          let hi = Math.min(k + 1, K - 1);
          for (;;) {
            let c = 0;
            for (let u = 0; u < used; u++) c += times[u]! * cumulative[hi * Y + drawn[u]!]!;
            if (c > lo || hi === K - 1) {
              count = c;
              break;
            }
            low = hi;
            step *= 2;
            hi = Math.min(k + step, K - 1);
          }
          // the answer lies in (low, hi]
          let a = low + 1;
          while (a < hi) {
            const mid = (a + hi) >>> 1;
            let c = 0;
            for (let u = 0; u < used; u++) c += times[u]! * cumulative[mid * Y + drawn[u]!]!;
            if (c > lo) {
              hi = mid;
              count = c;
            } else a = mid + 1;
          }
          k = hi;
        }
        const first = value[k]!;
        if (lo + 1 >= total || h === lo || count > lo + 1) {
          out[r * P + j] = first;
          continue;
        }
        // the order statistic lo + 1 is the next value with a count
        let next = k + 1;
        for (; next < K - 1; next++) {
          let c = 0;
          for (let u = 0; u < used; u++) c += times[u]! * cumulative[next * Y + drawn[u]!]!;
          if (c > lo + 1) break;
        }
        out[r * P + j] = first + (h - lo) * (value[next]! - first);
      }
    }
    return out;
  }
}
