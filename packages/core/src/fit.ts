// Maximum-likelihood fits of the registered laws. Samples are compressed to sorted distinct values with
// counts first: the likelihood is unchanged, and hindcast values stored to 2-4 decimals have few
// distinct values, so fits on decades of hourly data stay cheap.
import { LAWS } from './laws';
import type { LawId, Parameters } from './laws';
import { sortValid, validValues } from './order';
import { checkedOnce, memoized } from './memo';
import { sharedSorted } from './shared';
import { digamma, trigamma } from './special';
import { goldenMax, minimize, nelderMead, solveBracketed } from './optimize';

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
    memoized(values, `weighted:${options.positive === true}`, () =>
      samplePart(sharedSorted(values), options.positive),
    ),
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

export interface Fit {
  law: LawId;
  parameters: Parameters;
  /** Negative log-likelihood at the estimate. */
  nll: number;
  /** Akaike information criterion 2k + 2 NLL. */
  aic: number;
  /** Kolmogorov-Smirnov statistic sup |F_n - F|. */
  ks: number;
  n: number;
}

export function negativeLogLikelihood(law: LawId, sample: WeightedSample, p: Parameters): number {
  if (law === 'gev' && Math.abs(p.shape ?? 0) > 1e-9) return gevNll(sample, p);
  if (law === 'gpd' && Math.abs(p.shape ?? 0) > 1e-9) return gpdNll(sample, p);
  const logpdf = LAWS[law].logpdf;
  let s = 0;
  for (let i = 0; i < sample.x.length; i++) s -= sample.w[i]! * logpdf(sample.x[i]!, p);
  return Number.isNaN(s) ? Infinity : s;
}

/** GEV negative log-likelihood inlined (the bootstrap evaluates it about 10^5 times), Coles (2001) (3.7). */
function gevNll(sample: WeightedSample, p: Parameters): number {
  const xi = p.shape!;
  const inverse = 1 / xi;
  const sigma = p.scale;
  if (!(sigma > 0)) return Infinity;
  let s = sample.n * Math.log(sigma);
  for (let i = 0; i < sample.x.length; i++) {
    const t = 1 + (xi * (sample.x[i]! - p.location)) / sigma;
    if (!(t > 0)) return Infinity;
    const logT = Math.log(t);
    s += sample.w[i]! * ((1 + inverse) * logT + Math.exp(-logT * inverse));
  }
  return s;
}

/**
 * GPD negative log-likelihood inlined, log σ and 1 + 1/ξ taken out of the sum (a POT bootstrap evaluates it
 * about 10^5 times), Coles (2001) (4.10): n log σ + (1 + 1/ξ) Σ log(1 + ξ (x − u)/σ).
 */
function gpdNll(sample: WeightedSample, p: Parameters): number {
  const xi = p.shape!;
  const sigma = p.scale;
  if (!(sigma > 0)) return Infinity;
  let sum = 0;
  for (let i = 0; i < sample.x.length; i++) {
    const z = (sample.x[i]! - p.location) / sigma;
    const t = 1 + xi * z;
    if (!(z >= 0) || !(t > 0)) return Infinity;
    sum += sample.w[i]! * Math.log(t);
  }
  const s = sample.n * Math.log(sigma) + (1 + 1 / xi) * sum;
  return Number.isNaN(s) ? Infinity : s;
}

/** Kolmogorov-Smirnov statistic of the sample against a fitted law (as scipy.stats.kstest). */
export function ksStatistic(law: LawId, sample: WeightedSample, p: Parameters): number {
  const cdf = LAWS[law].cdf;
  let below = 0;
  let d = 0;
  for (let i = 0; i < sample.x.length; i++) {
    const f = cdf(sample.x[i]!, p);
    const upTo = below + sample.w[i]!;
    d = Math.max(d, f - below / sample.n, upTo / sample.n - f);
    below = upTo;
  }
  return d;
}

function weightedMean(s: WeightedSample, f: (x: number) => number): number {
  let sum = 0;
  for (let i = 0; i < s.x.length; i++) sum += s.w[i]! * f(s.x[i]!);
  return sum / s.n;
}

function fitNormal(s: WeightedSample): Parameters {
  const mean = weightedMean(s, (x) => x);
  return { location: mean, scale: Math.sqrt(weightedMean(s, (x) => (x - mean) * (x - mean))), shape: null };
}

function fitLognormal(s: WeightedSample): Parameters {
  const mu = weightedMean(s, Math.log);
  const sigma = Math.sqrt(weightedMean(s, (x) => (Math.log(x) - mu) ** 2));
  return { location: 0, scale: Math.exp(mu), shape: sigma };
}

/** Gamma MLE: Newton on ln k - ψ(k) = ln(mean) - mean(ln x), Minka (2002) start. */
function fitGamma(s: WeightedSample): Parameters {
  const mean = weightedMean(s, (x) => x);
  const target = Math.log(mean) - weightedMean(s, Math.log);
  let k = (3 - target + Math.sqrt((target - 3) ** 2 + 24 * target)) / (12 * target);
  for (let i = 0; i < 100; i++) {
    const step = (Math.log(k) - digamma(k) - target) / (1 / k - trigamma(k));
    const next = k - step;
    k = next > 0 ? next : k / 2;
    if (Math.abs(step) < 1e-14 * k) break;
  }
  return { location: 0, scale: mean / k, shape: k };
}

/** Gumbel MLE: the scale solves β = mean(x) - Σ x e^{-x/β} / Σ e^{-x/β} (Coles 2001 §3.3.2). */
function fitGumbel(s: WeightedSample): Parameters {
  const mean = weightedMean(s, (x) => x);
  const sd = Math.sqrt(weightedMean(s, (x) => (x - mean) ** 2));
  if (!(sd > 0)) throw new RangeError('fitGumbel: the sample has no spread');
  // shifting by the minimum keeps every e^{-(x - c)/β} in (0, 1]
  const c = s.x[0]!;
  const g = (beta: number): number => {
    let num = 0;
    let den = 0;
    for (let i = 0; i < s.x.length; i++) {
      const e = s.w[i]! * Math.exp(-(s.x[i]! - c) / beta);
      num += s.x[i]! * e;
      den += e;
    }
    return beta - mean + num / den;
  };
  let hi = (sd * Math.sqrt(6)) / Math.PI;
  let lo = hi;
  while (g(hi) < 0) hi *= 2;
  while (g(lo) > 0) lo /= 2;
  const beta = solveBracketed(g, lo, hi);
  let sum = 0;
  for (let i = 0; i < s.x.length; i++) sum += s.w[i]! * Math.exp(-(s.x[i]! - c) / beta);
  return { location: c - beta * Math.log(sum / s.n), scale: beta, shape: 0 };
}

/** Profile of the Weibull likelihood at one location: the shape and scale MLEs given the location. */
interface WeibullProfile {
  parameters: Parameters;
  loglik: number;
  /** d loglik / d location at the shape and scale MLEs (envelope theorem: the partial derivative). */
  slope: number;
}

/**
 * Weibull MLE with the location fixed: the shape solves h(k) = Σ y^k ln y / Σ y^k - 1/k - mean(ln y) = 0,
 * h increasing in k (Cohen 1965), by Newton's method kept inside a bracket of the sign change (a warm
 * start from a nearby location converges in a few steps); the scale follows in closed form. `scratch`
 * (two arrays of the sample's length) avoids allocations when the profile is evaluated many times.
 */
function fitWeibullAt(
  s: WeightedSample,
  location: number,
  startShape = 1,
  tolerance = 1e-10,
  scratch?: [Float64Array, Float64Array],
): WeibullProfile {
  const m = s.x.length;
  const logY = scratch?.[0] ?? new Float64Array(m);
  const inverseY = scratch?.[1] ?? new Float64Array(m);
  const x = s.x;
  const w = s.w;
  let meanLog = 0;
  let maxLog = -Infinity;
  let sumInverse = 0;
  for (let i = 0; i < m; i++) {
    const y = x[i]! - location;
    if (!(y > 0)) return { parameters: { location, scale: NaN, shape: NaN }, loglik: -Infinity, slope: NaN };
    const l = Math.log(y);
    logY[i] = l;
    inverseY[i] = 1 / y;
    meanLog += (w[i]! * l) / s.n;
    sumInverse += w[i]! / y;
    if (l > maxLog) maxLog = l;
  }
  if (m === 1) throw new RangeError('fitWeibull: the sample has no spread');
  // y^k is computed as exp(k (ln y - ln y_max)) so large shapes do not overflow
  let lo = 0;
  let hi = Infinity;
  let k = startShape > 0 && Number.isFinite(startShape) ? startShape : 1;
  for (let iteration = 0; iteration < 200; iteration++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < m; i++) {
      const l = logY[i]!;
      const e = w[i]! * Math.exp(k * (l - maxLog));
      s0 += e;
      s1 += e * l;
      s2 += e * l * l;
    }
    const mean = s1 / s0;
    const h = mean - 1 / k - meanLog;
    const slope = s2 / s0 - mean * mean + 1 / (k * k);
    if (h === 0) break;
    if (h > 0) hi = k;
    else lo = k;
    let next = k - h / slope;
    // outside the bracket (or no bracket on that side yet): bisect, or double / halve
    if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * k : lo === 0 ? k / 2 : (lo + hi) / 2;
    // quadratic convergence: after a step of 1e-10 the error is far below rounding
    const done = Math.abs(next - k) <= tolerance * k;
    k = next;
    if (done) break;
  }
  let s0 = 0;
  let sInverse = 0;
  for (let i = 0; i < m; i++) {
    const e = w[i]! * Math.exp(k * (logY[i]! - maxLog));
    s0 += e;
    sInverse += e * inverseY[i]!;
  }
  const logScale = maxLog + Math.log(s0 / s.n) / k;
  const scale = Math.exp(logScale);
  // at the MLE, Σ (y/λ)^k = n, so the log-likelihood reduces to this closed form
  const loglik = s.n * (Math.log(k) - k * logScale) + (k - 1) * meanLog * s.n - s.n;
  // d/dμ Σ w [(k-1) ln y - (y/λ)^k] = -(k-1) Σ w/y + k Σ w y^(k-1) / λ^k, with λ^k = Σ w y^k / n
  const slope = -(k - 1) * sumInverse + (k * s.n * sInverse) / s0;
  return { parameters: { location, scale, shape: k }, loglik, slope };
}

/**
 * The 3-parameter Weibull's location stops this fraction of the sample's range below its smallest value
 * when the likelihood keeps rising towards it (shape < 1: unbounded likelihood, no interior MLE).
 */
export const WEIBULL3_NEAREST = 1e-6;

/** Classes of the coarse sample on which the 3-parameter Weibull's location grid runs. */
const COARSE_CLASSES = 1024;
/** Half-width (in log distance) of the bracket around the coarse optimum searched on the whole sample. */
const NARROW = 0.02;

/** The sample with runs of consecutive classes merged (weighted mean, summed weight) into at most `classes`. */
function merged(s: WeightedSample, classes: number): WeightedSample {
  const m = s.x.length;
  if (m <= classes) return s;
  const per = Math.ceil(m / classes);
  const size = Math.ceil(m / per);
  const x = new Float64Array(size);
  const w = new Float64Array(size);
  for (let i = 0; i < m; i++) {
    const k = (i / per) | 0;
    x[k]! += s.x[i]! * s.w[i]!;
    w[k]! += s.w[i]!;
  }
  for (let k = 0; k < size; k++) x[k]! /= w[k]!;
  return { x, w, n: s.n };
}

/**
 * Three-parameter Weibull MLE by profile likelihood over the location, searched on a log scale of the
 * distance below the smallest value: a grid of 25 points (each profile point warm-started from the shapes
 * of the previous ones), then the zero of the profile's derivative next to the best grid point, found by
 * the Illinois method to 1e-9 in log distance (the derivative is the likelihood's partial derivative in
 * the location, from the same pass); golden section when the derivative shows no sign change there. When
 * the profile keeps rising towards the smallest value (shape < 1, unbounded likelihood) the estimate stops
 * at WEIBULL3_NEAREST of the range below it. The grid, which only ranks locations, runs on the sample merged into at
 * most COARSE_CLASSES classes (a grouped 40-year record has 8,192), and so does a first zero of the
 * derivative; the final zero is found on the sample itself within ±NARROW of that one. When the coarse
 * slopes show no sign change next to the best point (merging the first classes can misrank locations close
 * to the smallest value), the grid is walked on the sample itself, in the direction its likelihood rises, to
 * the first point where it falls, and the zero is found between the two.
 */
function fitWeibull3(s: WeightedSample): Parameters {
  const min = s.x[0]!;
  const range = s.x[s.x.length - 1]! - min || Math.abs(min) || 1;
  const coarse = merged(s, COARSE_CLASSES);
  const scratch: [Float64Array, Float64Array] = [new Float64Array(s.x.length), new Float64Array(s.x.length)];
  let shape = 1;
  const on =
    (sample: WeightedSample) =>
    (logD: number, start = shape, tolerance = 1e-10): WeibullProfile => {
      const fit = fitWeibullAt(sample, min - Math.exp(logD) * range, start, tolerance, scratch);
      if (Number.isFinite(fit.parameters.shape)) shape = fit.parameters.shape!;
      return fit;
    };
  // the sample's profile at each location evaluated once: the bracket checks, the solver's own end points
  // and the final estimate ask again for points already computed
  const onSample = on(s);
  const evaluated = new Map<number, WeibullProfile>();
  const at = (logD: number): WeibullProfile => {
    let fit = evaluated.get(logD);
    if (!fit) evaluated.set(logD, (fit = onSample(logD)));
    return fit;
  };
  const coarseAt = on(coarse);
  // d loglik / d logD, with location = min - e^logD · range
  const derivative = (logD: number, fit: WeibullProfile): number => -fit.slope * Math.exp(logD) * range;
  const lo = Math.log(WEIBULL3_NEAREST);
  const hi = Math.log(100);
  const grid = 24;
  const step = (hi - lo) / grid;
  const values = new Float64Array(grid + 1);
  const slopes = new Float64Array(grid + 1);
  let best = 0;
  let previous = NaN;
  for (let i = 0; i <= grid; i++) {
    const t = lo + step * i;
    // warm start extrapolated from the last two shapes (the shape varies smoothly with the location)
    const extrapolated = 2 * shape - previous;
    const start = extrapolated > 0 && Number.isFinite(extrapolated) ? extrapolated : shape;
    previous = shape;
    // the grid only ranks points: a looser shape tolerance changes the log-likelihood by its square
    const fit = coarseAt(t, start, 1e-7);
    values[i] = fit.loglik;
    slopes[i] = derivative(t, fit);
    if (values[i]! > values[best]!) best = i;
  }
  const atBest = at(lo + step * best);
  // the likelihood rising towards the smallest value on the sample itself, at the nearest location searched:
  // the estimate stops there (a golden section over the first grid step would only creep back to it)
  if (best === 0 && derivative(lo, atBest) <= 0) return atBest.parameters;
  const bestValue = atBest.loglik;
  const profile = (logD: number): number => at(logD).loglik;
  // the maximum is where the derivative goes from + to -, on one side of the best grid point
  let bracket: [number, number] | null = null;
  if (best < grid && slopes[best]! > 0 && slopes[best + 1]! < 0) bracket = [best, best + 1];
  else if (best > 0 && slopes[best - 1]! > 0 && slopes[best]! < 0) bracket = [best - 1, best];
  // none among the coarse slopes (merging the first classes can move, and misrank, a maximum that lies
  // close to the smallest value): along the grid on the sample itself, from the best point in the direction
  // its likelihood rises, to the first grid point where it falls
  if (!bracket) {
    const slopeAt = (i: number): number => derivative(lo + step * i, at(lo + step * i));
    const rising = derivative(lo + step * best, atBest);
    let i = best;
    if (rising > 0) {
      while (i < grid && slopeAt(i + 1) > 0) i++;
      if (i < grid) bracket = [i, i + 1];
    } else if (rising < 0) {
      while (i > 0 && slopeAt(i - 1) < 0) i--;
      if (i > 0) bracket = [i - 1, i];
    }
  }
  let refined = NaN;
  if (bracket) {
    // the zero on the coarse sample (cheap), then on the sample itself inside a narrow bracket around it
    try {
      const near = solveBracketed(
        (logD) => derivative(logD, coarseAt(logD)),
        lo + step * bracket[0],
        lo + step * bracket[1],
        1e-6,
      );
      const [a, b] = [near - NARROW, near + NARROW];
      if (derivative(a, at(a)) > 0 && derivative(b, at(b)) < 0)
        refined = solveBracketed((logD) => derivative(logD, at(logD)), a, b, 1e-9);
    } catch {
      // no sign change on the coarse sample at full precision: the grid bracket below
    }
  }
  // the coarse slopes located the sign change; the refinement needs it on the sample itself
  if (!Number.isNaN(refined)) bracket = null;
  if (bracket && !(derivative(lo + step * bracket[0], at(lo + step * bracket[0])) > 0)) bracket = null;
  if (bracket && !(derivative(lo + step * bracket[1], at(lo + step * bracket[1])) < 0)) bracket = null;
  if (bracket) {
    try {
      refined = solveBracketed(
        (logD) => derivative(logD, at(logD)),
        lo + step * bracket[0],
        lo + step * bracket[1],
        1e-9,
      );
    } catch {
      // the sign change seen on the grid vanished at full precision: golden section below
    }
  }
  if (Number.isNaN(refined)) {
    const bestT = lo + step * best;
    refined = goldenMax(profile, Math.max(lo, bestT - step), Math.min(hi, bestT + step), 1e-6);
  }
  const logD = profile(refined) >= bestValue ? refined : lo + step * best;
  return at(logD).parameters;
}

/** Probability-weighted-moment estimate of the GEV (Hosking, Wallis & Wood 1985), a start for the MLE. */
function gevStart(s: WeightedSample): Parameters {
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let rank = 0;
  const n = s.n;
  for (let i = 0; i < s.x.length; i++) {
    for (let j = 0; j < s.w[i]!; j++) {
      const x = s.x[i]!;
      b0 += x / n;
      b1 += (x * rank) / ((n - 1) * n);
      b2 += (x * rank * (rank - 1)) / ((n - 1) * (n - 2) * n);
      rank++;
    }
  }
  const c = (2 * b1 - b0) / (3 * b2 - b0) - Math.log(2) / Math.log(3);
  const k = 7.859 * c + 2.9554 * c * c;
  const g = Math.exp(logGammaPositive(1 + k));
  const scale = ((2 * b1 - b0) * k) / (g * (1 - Math.pow(2, -k)));
  const location = b0 + (scale * (g - 1)) / k;
  if (!(scale > 0) || !Number.isFinite(location)) {
    const gumbel = fitGumbel(s);
    return gumbel;
  }
  return { location, scale, shape: -k };
}

function logGammaPositive(x: number): number {
  // Stirling is enough for a starting value
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x);
}

function fitGev(s: WeightedSample, start?: Parameters): Parameters {
  if (s.n < 3) throw new RangeError('fitGev: at least 3 values are needed');
  // ξ < -1: the likelihood is unbounded at the upper end point, no MLE (Smith 1985): kept to ξ ≥ -1
  const nll = (v: number[]): number =>
    v[2]! < -1
      ? Infinity
      : negativeLogLikelihood('gev', s, { location: v[0]!, scale: Math.exp(v[1]!), shape: v[2]! });
  if (start) {
    // warm start from a nearby estimate (bootstrap refits): Newton's method on the exact gradient, else
    // one simplex run
    const newton = gevNewton(s, start);
    if (newton) return newton;
    const x0 = [start.location, Math.log(start.scale), start.shape ?? 0];
    const warm = nelderMead(nll, x0, [0.1 * start.scale, 0.1, 0.05], { tolerance: 1e-9, xTolerance: 1e-6 });
    return { location: warm.x[0]!, scale: Math.exp(warm.x[1]!), shape: warm.x[2]! };
  }
  // a simplex run from each start (moments and Gumbel), then Newton's method on the exact gradient from the
  // better one; restarted simplex runs when Newton cannot finish (ξ near 0, a Hessian not positive definite)
  const starts = [gevStart(s), fitGumbel(s)].map((start) => ({
    x: [start.location, Math.log(start.scale), Math.max(-0.5, Math.min(0.5, start.shape ?? 0))],
    steps: [0.1 * start.scale, 0.1, 0.05],
  }));
  // the simplex only has to reach Newton's basin (Newton converges quadratically from there): stopped at
  // 1e-8 in the likelihood and 1e-5 in the parameters rather than at rounding
  const runs = starts.map(({ x, steps }) => nelderMead(nll, x, steps, { tolerance: 1e-8, xTolerance: 1e-5 }));
  const better = runs[0]!.value <= runs[1]!.value ? 0 : 1;
  const rough = runs[better]!.x;
  const polished = gevNewton(s, { location: rough[0]!, scale: Math.exp(rough[1]!), shape: rough[2]! });
  // Newton's stationary point is kept unless the simplex found a lower likelihood (beyond rounding)
  const simplex = runs[better]!.value;
  const atPolished = polished
    ? nll([polished.location, Math.log(polished.scale), polished.shape!])
    : Infinity;
  if (polished && atPolished <= simplex + 1e-9 * Math.max(1, Math.abs(simplex))) return polished;
  let best: { x: number[]; value: number } | null = null;
  for (const { x, steps } of starts) {
    const result = minimize(nll, x, steps);
    if (!best || result.value < best.value) best = result;
  }
  return { location: best!.x[0]!, scale: Math.exp(best!.x[1]!), shape: best!.x[2]! };
}

/**
 * GEV negative log-likelihood and its exact gradient in (μ, σ, ξ) (Coles 2001 (3.7); Prescott & Walden
 * 1980), written into `g`; Infinity outside the support or near ξ = 0 (where the ξ terms cancel badly).
 */
function gevNllGradient(s: WeightedSample, mu: number, sigma: number, xi: number, g: Float64Array): number {
  if (!(sigma > 0) || !(xi >= -1) || Math.abs(xi) < 1e-4) return Infinity;
  const inverse = 1 / xi;
  let nll = s.n * Math.log(sigma);
  let gMu = 0;
  let gSigma = s.n / sigma;
  let gXi = 0;
  for (let i = 0; i < s.x.length; i++) {
    const w = s.w[i]!;
    const z = (s.x[i]! - mu) / sigma;
    const t = 1 + xi * z;
    if (!(t > 0)) return Infinity;
    const a = Math.log(t);
    const y = Math.exp(-a * inverse);
    const c = (xi + 1 - y) / (sigma * t);
    nll += w * ((1 + inverse) * a + y);
    gMu -= w * c;
    gSigma -= w * z * c;
    gXi += w * (-(1 - y) * a * inverse * inverse + (z / t) * (1 + (1 - y) * inverse));
  }
  g[0] = gMu;
  g[1] = gSigma;
  g[2] = gXi;
  return Number.isFinite(nll) ? nll : Infinity;
}

/**
 * GEV MLE by Newton's method from a nearby estimate: exact gradient, Hessian by differences of the exact
 * gradient, backtracking on the likelihood. Null when a step leaves the model (ξ < -1, ξ near 0, σ ≤ 0),
 * the Hessian is not positive definite or the steps do not settle: the caller then runs Nelder–Mead.
 */
function gevNewton(s: WeightedSample, start: Parameters): Parameters | null {
  const theta = [start.location, start.scale, start.shape ?? 0];
  const g = new Float64Array(3);
  const up = new Float64Array(3);
  const probe = [0, 0, 0];
  const hessian = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  let f = gevNllGradient(s, theta[0]!, theta[1]!, theta[2]!, g);
  for (let iteration = 0; iteration < 50; iteration++) {
    if (!Number.isFinite(f)) return null;
    const sigma = theta[1]!;
    const scales = [sigma, sigma, 1];
    for (let j = 0; j < 3; j++) {
      const h = 1e-6 * scales[j]!;
      probe[0] = theta[0]!;
      probe[1] = theta[1]!;
      probe[2] = theta[2]!;
      probe[j]! += h;
      if (!Number.isFinite(gevNllGradient(s, probe[0], probe[1], probe[2], up))) return null;
      for (let i = 0; i < 3; i++) hessian[i]![j] = (up[i]! - g[i]!) / h;
    }
    const step = solveSymmetric3(hessian, g);
    if (!step) return null;
    // at the optimum the step is below rounding and no step can lower the likelihood any more
    if (step.every((d, j) => Math.abs(d) <= 1e-10 * scales[j]!))
      return { location: theta[0]!, scale: theta[1]!, shape: theta[2]! };
    let alpha = 1;
    let next = Infinity;
    const slope = -(g[0]! * step[0]! + g[1]! * step[1]! + g[2]! * step[2]!);
    for (; alpha > 1e-6; alpha *= 0.5) {
      next = gevNllGradient(
        s,
        theta[0]! - alpha * step[0]!,
        theta[1]! - alpha * step[1]!,
        theta[2]! - alpha * step[2]!,
        up,
      );
      if (next <= f + 1e-4 * alpha * slope) break;
    }
    if (!(next <= f + 1e-4 * alpha * slope)) return null;
    let small = true;
    for (let j = 0; j < 3; j++) {
      const d = alpha * step[j]!;
      theta[j]! -= d;
      if (Math.abs(d) > 1e-10 * scales[j]!) small = false;
    }
    f = next;
    g.set(up);
    if (small) return { location: theta[0]!, scale: theta[1]!, shape: theta[2]! };
  }
  return null;
}

/** Solution of H d = g for a symmetric positive definite 3×3 H (Cholesky, symmetrised); null otherwise. */
function solveSymmetric3(h: Float64Array[], g: Float64Array): number[] | null {
  const a = (i: number, j: number): number => 0.5 * (h[i]![j]! + h[j]![i]!);
  const l00 = a(0, 0);
  if (!(l00 > 0)) return null;
  const r0 = Math.sqrt(l00);
  const l10 = a(1, 0) / r0;
  const l20 = a(2, 0) / r0;
  const d1 = a(1, 1) - l10 * l10;
  if (!(d1 > 0)) return null;
  const r1 = Math.sqrt(d1);
  const l21 = (a(2, 1) - l20 * l10) / r1;
  const d2 = a(2, 2) - l20 * l20 - l21 * l21;
  if (!(d2 > 0)) return null;
  const r2 = Math.sqrt(d2);
  const y0 = g[0]! / r0;
  const y1 = (g[1]! - l10 * y0) / r1;
  const y2 = (g[2]! - l20 * y0 - l21 * y1) / r2;
  const x2 = y2 / r2;
  const x1 = (y1 - l21 * x2) / r1;
  const x0 = (y0 - l10 * x1 - l20 * x2) / r0;
  return [x0, x1, x2];
}

/** GPD MLE of the excesses over `threshold`: the profile search cold, the simplex from a nearby estimate. */
function fitGpd(s: WeightedSample, threshold: number, start?: Parameters): Parameters {
  if (s.n < 2) throw new RangeError('fitGpd: at least 2 peaks are needed');
  // ξ < -1: the likelihood is unbounded as u + σ/|ξ| reaches the largest peak, no MLE (Smith 1985;
  // Coles 2001 §4.3.2): the search is kept to ξ ≥ -1
  const nll = (v: number[]): number =>
    v[1]! < -1
      ? Infinity
      : negativeLogLikelihood('gpd', s, { location: threshold, scale: Math.exp(v[0]!), shape: v[1]! });
  if (start) {
    const warm = nelderMead(nll, [Math.log(start.scale), start.shape ?? 0], [0.1, 0.05], {
      tolerance: 1e-9,
      xTolerance: 1e-6,
    });
    return { location: threshold, scale: Math.exp(warm.x[0]!), shape: warm.x[1]! };
  }
  return gpdProfileFit(s, threshold);
}

/**
 * GPD maximum likelihood by the profile in θ = ξ/σ (Grimshaw 1993): for a given θ the likelihood is
 * maximised over ξ in closed form, ξ(θ) = Σ w log(1 + θy) / n with y = x − u, leaving the one-dimensional
 * l*(θ) = −n log(ξ/θ) − nξ − n (θ → 0: the exponential, −n log ȳ − n). It is searched on t = log(1 + θ·y_max)
 * (θ > −1/y_max keeps every peak inside the support): a grid of step 0.25 on [−30, 8], then golden section
 * around the best grid point. ξ < −1 has no MLE (the likelihood is unbounded) and is left out; when the
 * profile's maximum lies there the estimate is the edge ξ = −1.
 */
function gpdProfileFit(s: WeightedSample, threshold: number): Parameters {
  const m = s.x.length;
  const y = new Float64Array(m);
  let yMax = 0;
  let meanY = 0;
  for (let i = 0; i < m; i++) {
    y[i] = s.x[i]! - threshold;
    if (y[i]! > yMax) yMax = y[i]!;
    meanY += (s.w[i]! * y[i]!) / s.n;
  }
  if (!(yMax > 0) || !(meanY > 0)) throw new RangeError('fitGpd: the peaks do not exceed the threshold');
  const exponential = -s.n * Math.log(meanY) - s.n;
  const thetaOf = (t: number): number => Math.expm1(t) / yMax;
  const xiOf = (theta: number): number => {
    let sum = 0;
    for (let i = 0; i < m; i++) sum += s.w[i]! * Math.log1p(theta * y[i]!);
    return sum / s.n;
  };
  const profile = (t: number): number => {
    const theta = thetaOf(t);
    if (Math.abs(theta * yMax) < 1e-12) return exponential;
    const xi = xiOf(theta);
    if (!(xi >= -1) || !(xi / theta > 0)) return -Infinity;
    return -s.n * Math.log(xi / theta) - s.n * xi - s.n;
  };
  const step = 0.25;
  let best = 0;
  let bestValue = exponential;
  for (let t = -30; t <= 8; t += step) {
    const value = profile(t);
    if (value > bestValue) {
      best = t;
      bestValue = value;
    }
  }
  const refined = goldenMax(profile, best - step, best + step, 1e-12);
  const refinedValue = profile(refined);
  const t = refinedValue >= bestValue ? refined : best;
  // the edge ξ = −1 (uniform on (0, σ), best at σ = y_max): the optimum when the profile's lies below ξ = −1
  if (-s.n * Math.log(yMax) > Math.max(bestValue, refinedValue))
    return { location: threshold, scale: yMax * (1 + 1e-12), shape: -1 };
  const theta = thetaOf(t);
  if (Math.abs(theta * yMax) < 1e-12) return { location: threshold, scale: meanY, shape: 0 };
  const xi = xiOf(theta);
  return { location: threshold, scale: xi / theta, shape: xi };
}

export interface FitOptions {
  /** Location held fixed (the threshold for peaks over threshold); 0 when absent for weibull2. */
  location?: number;
  /** Starting point for the iterative fits (GEV, GPD): a bootstrap refit starts from the original estimate. */
  start?: Parameters;
}

/** Fits made without options, per sample object and law (the APD and ENVC of a wave height share theirs). */
const fitted = new WeakMap<WeightedSample, Map<LawId, Parameters>>();

/** Parameters of `law` fitted by maximum likelihood (a copy of the sample's fit when made already). */
export function fitParameters(law: LawId, sample: WeightedSample, options: FitOptions = {}): Parameters {
  if (options.location !== undefined || options.start !== undefined) return fitWith(law, sample, options);
  let laws = fitted.get(sample);
  if (!laws) fitted.set(sample, (laws = new Map<LawId, Parameters>()));
  let parameters = laws.get(law);
  if (!parameters) laws.set(law, (parameters = fitWith(law, sample, options)));
  return { ...parameters };
}

function fitWith(law: LawId, sample: WeightedSample, options: FitOptions): Parameters {
  if (sample.n === 0) throw new RangeError(`fitParameters: no values to fit ${law}`);
  const location = options.location ?? 0;
  switch (law) {
    case 'normal':
      return fitNormal(sample);
    case 'lognormal':
      return checkPositive(sample, law) ?? fitLognormal(sample);
    case 'gamma':
      return checkPositive(sample, law) ?? fitGamma(sample);
    case 'gumbel':
      return fitGumbel(sample);
    case 'weibull2':
      return fitWeibullAt(sample, location).parameters;
    case 'weibull3':
      return fitWeibull3(sample);
    case 'gev':
      return fitGev(sample, options.start);
    case 'gpd':
      return fitGpd(sample, location, options.start);
    case 'exponential':
      return { location, scale: weightedMean(sample, (x) => x - location), shape: 0 };
  }
}

function checkPositive(s: WeightedSample, law: LawId): null {
  if (!(s.x[0]! > 0)) throw new RangeError(`fitParameters: ${law} needs positive values, got ${s.x[0]}`);
  return null;
}

/** Fit plus its goodness of fit. */
export function fitLaw(law: LawId, sample: WeightedSample, options: FitOptions = {}): Fit {
  const parameters = fitParameters(law, sample, options);
  const nll = negativeLogLikelihood(law, sample, parameters);
  return {
    law,
    parameters,
    nll,
    aic: 2 * LAWS[law].freeParameters + 2 * nll,
    ks: ksStatistic(law, sample, parameters),
    n: sample.n,
  };
}

/**
 * Below this |ξz| the GEV/GPD terms A = ln(1 + ξz)/ξ and their ξ-derivatives are summed as power series:
 * the closed forms subtract quantities of size z to leave one of size ξz² (relative error ≈ ε/|ξz|²).
 */
const SERIES_BELOW = 0.05;

/**
 * A = ln(1 + ξz)/ξ (→ z as ξ → 0) and its derivatives, written into `out` as [A, A_z, A_zz, A_ξ, A_zξ,
 * A_ξξ]. The GEV's negative log-likelihood per value is ln σ + (1 + ξ)A + e^{-A} and the GPD's
 * ln σ + (1 + ξ)A (Coles 2001 (3.7), (4.10)): written in A they have no 1/ξ left, so one form covers ξ = 0.
 * Series (|ξz| < SERIES_BELOW): A = z Σ_{k≥1} (−ξz)^{k−1}/k, differentiated term by term in ξ.
 */
function logTerms(xi: number, z: number, out: Float64Array): void {
  const t = 1 + xi * z;
  const u = xi * z;
  out[1] = 1 / t;
  out[2] = -xi / (t * t);
  out[4] = -z / (t * t);
  if (Math.abs(u) < SERIES_BELOW) {
    // 0.05^18 is far below rounding
    let a = 0;
    let aXi = 0;
    let aXiXi = 0;
    let power = 1; // (−u)^{k−1}
    let previous = 0; // (−u)^{k−2}
    let beforeThat = 0; // (−u)^{k−3}
    for (let k = 1; k <= 20; k++) {
      a += power / k;
      if (k >= 2) aXi -= (previous * (k - 1)) / k;
      if (k >= 3) aXiXi += (beforeThat * (k - 1) * (k - 2)) / k;
      beforeThat = previous;
      previous = power;
      power *= -u;
    }
    out[0] = z * a;
    out[3] = z * z * aXi;
    out[5] = z * z * z * aXiXi;
    return;
  }
  const a = Math.log1p(u) / xi;
  const aXi = (z / t - a) / xi;
  out[0] = a;
  out[3] = aXi;
  out[5] = -((z * z) / (t * t) + 2 * aXi) / xi;
}

/**
 * Observed information: the Hessian of the negative log-likelihood at `p`, in the law's estimated
 * parameters in the order (location, scale, shape) with the fixed ones left out — gev and weibull3
 * (μ, σ, ξ or k); gumbel and normal (μ, σ); gpd, weibull2, lognormal, gamma (σ, shape), location fixed;
 * exponential (σ). Exact second derivatives, summed in one pass over the weighted sample: writing the
 * negative log-likelihood per value as ln σ + L(z) with z = (x − μ)/σ, ∂²/∂μ² = L''/σ²,
 * ∂²/∂μ∂σ = (zL'' + L')/σ², ∂²/∂σ² = (z²L'' + 2zL' − 1)/σ² (Coles 2001 §2.6.4 uses its inverse as the
 * covariance of the estimates). Null when a value lies outside the law's support or a term is not finite.
 */
export function observedInformation(law: LawId, sample: WeightedSample, p: Parameters): number[][] | null {
  const { x, w, n } = sample;
  const m = x.length;
  const mu = p.location;
  const sigma = p.scale;
  if (!(sigma > 0)) return null;
  let h: number[][];
  switch (law) {
    case 'gev':
    case 'gumbel':
    case 'gpd':
    case 'exponential': {
      // L per value: gev (1 + ξ)A + e^{-A}; gumbel the same at ξ = 0; gpd (1 + ξ)A; exponential z
      const xi = law === 'gev' || law === 'gpd' ? (p.shape ?? 0) : 0;
      const terms = new Float64Array(6);
      let sMuMu = 0;
      let sMuSigma = 0;
      let sSigmaSigma = 0;
      let sMuXi = 0;
      let sSigmaXi = 0;
      let sXiXi = 0;
      for (let i = 0; i < m; i++) {
        const z = (x[i]! - mu) / sigma;
        if (!(1 + xi * z > 0) || ((law === 'gpd' || law === 'exponential') && z < 0)) return null;
        logTerms(xi, z, terms);
        const a = terms[0]!;
        const aZ = terms[1]!;
        const aZZ = terms[2]!;
        const aXi = terms[3]!;
        const aZXi = terms[4]!;
        const aXiXi = terms[5]!;
        // derivatives of L in z and ξ: for the GEV with y = e^{-A}, c = 1 + ξ − y,
        // L_z = cA_z, L_zz = yA_z² + cA_zz, L_zξ = (1 + yA_ξ)A_z + cA_zξ, L_ξξ = 2A_ξ + yA_ξ² + cA_ξξ
        const y = law === 'gev' || law === 'gumbel' ? Math.exp(-a) : 0;
        const c = 1 + xi - y;
        const lZ = law === 'exponential' ? 1 : c * aZ;
        const lZZ = law === 'exponential' ? 0 : y * aZ * aZ + c * aZZ;
        const lZXi = (1 + y * aXi) * aZ + c * aZXi;
        const lXiXi = 2 * aXi + y * aXi * aXi + c * aXiXi;
        const wi = w[i]!;
        sMuMu += wi * lZZ;
        sMuSigma += wi * (z * lZZ + lZ);
        sSigmaSigma += wi * (z * z * lZZ + 2 * z * lZ);
        sMuXi += wi * lZXi;
        sSigmaXi += wi * z * lZXi;
        sXiXi += wi * lXiXi;
      }
      const s2 = sigma * sigma;
      const muMu = sMuMu / s2;
      const muSigma = sMuSigma / s2;
      const sigmaSigma = (sSigmaSigma - n) / s2;
      const muXi = -sMuXi / sigma;
      const sigmaXi = -sSigmaXi / sigma;
      if (law === 'gev')
        h = [
          [muMu, muSigma, muXi],
          [muSigma, sigmaSigma, sigmaXi],
          [muXi, sigmaXi, sXiXi],
        ];
      else if (law === 'gumbel')
        h = [
          [muMu, muSigma],
          [muSigma, sigmaSigma],
        ];
      else if (law === 'gpd')
        h = [
          [sigmaSigma, sigmaXi],
          [sigmaXi, sXiXi],
        ];
      else h = [[sigmaSigma]];
      break;
    }
    case 'weibull2':
    case 'weibull3': {
      // per value ln λ + M(s) with s = ln((x − μ)/λ), M = −ln k − (k − 1)s + e^{ks}:
      // M_s = 1 − k + ke^{ks}, M_ss = k²e^{ks}, M_ks = e^{ks}(1 + ks) − 1, M_kk = 1/k² + s²e^{ks};
      // ∂s/∂λ = −1/λ, ∂s/∂μ = −1/(x − μ), ∂²s/∂μ² = −1/(x − μ)², ∂²s/∂λ² = 1/λ²
      const k = p.shape ?? 0;
      if (!(k > 0)) return null;
      let sLL = 0;
      let sLK = 0;
      let sKK = 0;
      let sMM = 0;
      let sML = 0;
      let sMK = 0;
      for (let i = 0; i < m; i++) {
        const d = x[i]! - mu;
        if (!(d > 0)) return null;
        const s = Math.log(d / sigma);
        const e = Math.exp(k * s);
        const mS = 1 - k + k * e;
        const mSS = k * k * e;
        const mKS = e * (1 + k * s) - 1;
        const wi = w[i]!;
        sLL += wi * (mSS + mS);
        sLK += wi * mKS;
        sKK += wi * (1 / (k * k) + s * s * e);
        sMM += (wi * (mSS - mS)) / (d * d);
        sML += (wi * mSS) / d;
        sMK += (wi * mKS) / d;
      }
      const lambdaLambda = (sLL - n) / (sigma * sigma);
      const lambdaK = -sLK / sigma;
      h =
        law === 'weibull2'
          ? [
              [lambdaLambda, lambdaK],
              [lambdaK, sKK],
            ]
          : [
              [sMM, sML / sigma, -sMK],
              [sML / sigma, lambdaLambda, lambdaK],
              [-sMK, lambdaK, sKK],
            ];
      break;
    }
    case 'normal': {
      // L = z²/2: L' = z, L'' = 1
      let sZ = 0;
      let sZZ = 0;
      for (let i = 0; i < m; i++) {
        const z = (x[i]! - mu) / sigma;
        sZ += w[i]! * z;
        sZZ += w[i]! * z * z;
      }
      const s2 = sigma * sigma;
      h = [
        [n / s2, (2 * sZ) / s2],
        [(2 * sZ) / s2, (3 * sZZ - n) / s2],
      ];
      break;
    }
    case 'lognormal': {
      // per value ln s + ln y + v²/2 with v = (ln y − ln λ)/s, y = x − location
      const s = p.shape ?? 0;
      if (!(s > 0)) return null;
      let sV = 0;
      let sVV = 0;
      for (let i = 0; i < m; i++) {
        const y = x[i]! - mu;
        if (!(y > 0)) return null;
        const v = Math.log(y / sigma) / s;
        sV += w[i]! * v;
        sVV += w[i]! * v * v;
      }
      h = [
        [(n / s + sV) / (s * sigma * sigma), (2 * sV) / (sigma * s * s)],
        [(2 * sV) / (sigma * s * s), (3 * sVV - n) / (s * s)],
      ];
      break;
    }
    case 'gamma': {
      // per value ln Γ(k) + k ln θ − (k − 1) ln y + y/θ
      const k = p.shape ?? 0;
      if (!(k > 0)) return null;
      let sY = 0;
      for (let i = 0; i < m; i++) {
        const y = x[i]! - mu;
        if (!(y > 0)) return null;
        sY += w[i]! * y;
      }
      h = [
        [((2 * sY) / sigma - n * k) / (sigma * sigma), n / sigma],
        [n / sigma, n * trigamma(k)],
      ];
      break;
    }
  }
  return h.every((row) => row.every(Number.isFinite)) ? h : null;
}
