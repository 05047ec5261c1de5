// The Weibull maximum-likelihood fits: shape and scale at a fixed location (2 parameters), and the location
// by profile likelihood (3 parameters).
import type { Parameters } from '../laws';
import { goldenMax, solveBracketed } from '../optimize';
import type { WeightedSample } from './sample';

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
export function fitWeibullAt(
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
export function fitWeibull3(s: WeightedSample): Parameters {
  const search = new Weibull3Search(s);
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
    const extrapolated = 2 * search.shape - previous;
    const start = extrapolated > 0 && Number.isFinite(extrapolated) ? extrapolated : search.shape;
    previous = search.shape;
    // the grid only ranks points: a looser shape tolerance changes the log-likelihood by its square
    const fit = search.coarseAt(t, start, 1e-7);
    values[i] = fit.loglik;
    slopes[i] = search.derivative(t, fit);
    if (values[i]! > values[best]!) best = i;
  }
  const atBest = search.at(lo + step * best);
  // the likelihood rising towards the smallest value on the sample itself, at the nearest location searched:
  // the estimate stops there (a golden section over the first grid step would only creep back to it)
  if (best === 0 && search.derivative(lo, atBest) <= 0) return atBest.parameters;
  const bestValue = atBest.loglik;
  // the maximum is where the derivative goes from + to -, on one side of the best grid point
  let bracket: [number, number] | null = null;
  if (best < grid && slopes[best]! > 0 && slopes[best + 1]! < 0) bracket = [best, best + 1];
  else if (best > 0 && slopes[best - 1]! > 0 && slopes[best]! < 0) bracket = [best - 1, best];
  // none among the coarse slopes (merging the first classes can move, and misrank, a maximum that lies
  // close to the smallest value): along the grid on the sample itself, from the best point in the direction
  // its likelihood rises, to the first grid point where it falls
  if (!bracket) {
    const rising = search.derivative(lo + step * best, atBest);
    let i = best;
    if (rising > 0) {
      while (i < grid && search.sampleSlope(lo + step * (i + 1)) > 0) i++;
      if (i < grid) bracket = [i, i + 1];
    } else if (rising < 0) {
      while (i > 0 && search.sampleSlope(lo + step * (i - 1)) < 0) i--;
      if (i > 0) bracket = [i - 1, i];
    }
  }
  let refined = NaN;
  if (bracket) {
    // the zero on the coarse sample (cheap), then on the sample itself inside a narrow bracket around it
    try {
      const near = solveBracketed(search.coarseSlope, lo + step * bracket[0], lo + step * bracket[1], 1e-6);
      const [a, b] = [near - NARROW, near + NARROW];
      if (search.derivative(a, search.at(a)) > 0 && search.derivative(b, search.at(b)) < 0)
        refined = solveBracketed(search.sampleSlope, a, b, 1e-9);
    } catch {
      // no sign change on the coarse sample at full precision: the grid bracket below
    }
  }
  // the coarse slopes located the sign change; the refinement needs it on the sample itself
  if (!Number.isNaN(refined)) bracket = null;
  if (bracket && !(search.derivative(lo + step * bracket[0], search.at(lo + step * bracket[0])) > 0))
    bracket = null;
  if (bracket && !(search.derivative(lo + step * bracket[1], search.at(lo + step * bracket[1])) < 0))
    bracket = null;
  if (bracket) {
    try {
      refined = solveBracketed(search.sampleSlope, lo + step * bracket[0], lo + step * bracket[1], 1e-9);
    } catch {
      // the sign change seen on the grid vanished at full precision: golden section below
    }
  }
  if (Number.isNaN(refined)) {
    const bestT = lo + step * best;
    refined = goldenMax(search.profile, Math.max(lo, bestT - step), Math.min(hi, bestT + step), 1e-6);
  }
  const logD = search.profile(refined) >= bestValue ? refined : lo + step * best;
  return search.at(logD).parameters;
}

/**
 * fitWeibull3's profile over the location, on a log scale of the distance below the smallest value: on the
 * sample (each location evaluated once: the bracket checks, the solver's own end points and the final
 * estimate ask again for points already computed) and on its coarse classes, each warm-started from the
 * last shape found. Methods (bound once where a solver takes a function), not closures made per fit: V8 holds
 * a closure's optimised code weakly (compiled again after every collection).
 */
class Weibull3Search {
  private readonly min: number;
  private readonly range: number;
  private readonly coarse: WeightedSample;
  private readonly scratch: [Float64Array, Float64Array];
  private readonly evaluated = new Map<number, WeibullProfile>();
  /** the last shape found: the warm start of the next location */
  shape = 1;
  /** d loglik / d logD on the sample, on the coarse classes; the sample's log-likelihood */
  readonly sampleSlope: (logD: number) => number;
  readonly coarseSlope: (logD: number) => number;
  readonly profile: (logD: number) => number;

  constructor(private readonly s: WeightedSample) {
    this.min = s.x[0]!;
    this.range = s.x[s.x.length - 1]! - this.min || Math.abs(this.min) || 1;
    this.coarse = merged(s, COARSE_CLASSES);
    this.scratch = [new Float64Array(s.x.length), new Float64Array(s.x.length)];
    this.sampleSlope = this.sampleSlopeAt.bind(this);
    this.coarseSlope = this.coarseSlopeAt.bind(this);
    this.profile = this.loglikAt.bind(this);
  }

  private on(sample: WeightedSample, logD: number, start: number, tolerance: number): WeibullProfile {
    const fit = fitWeibullAt(sample, this.min - Math.exp(logD) * this.range, start, tolerance, this.scratch);
    if (Number.isFinite(fit.parameters.shape)) this.shape = fit.parameters.shape!;
    return fit;
  }

  /** The sample's profile at location min − e^logD · range (memoized). */
  at(logD: number): WeibullProfile {
    let fit = this.evaluated.get(logD);
    if (!fit) this.evaluated.set(logD, (fit = this.on(this.s, logD, this.shape, 1e-10)));
    return fit;
  }

  /** The coarse classes' profile at location min − e^logD · range. */
  coarseAt(logD: number, start = this.shape, tolerance = 1e-10): WeibullProfile {
    return this.on(this.coarse, logD, start, tolerance);
  }

  /** d loglik / d logD, with location = min − e^logD · range */
  derivative(logD: number, fit: WeibullProfile): number {
    return -fit.slope * Math.exp(logD) * this.range;
  }

  private sampleSlopeAt(logD: number): number {
    return this.derivative(logD, this.at(logD));
  }

  private coarseSlopeAt(logD: number): number {
    return this.derivative(logD, this.coarseAt(logD));
  }

  private loglikAt(logD: number): number {
    return this.at(logD).loglik;
  }
}
