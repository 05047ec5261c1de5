// Extreme value analysis in the engineer's steps (pyextremes' get_extremes -> fit_model -> summary):
// extract annual maxima or declustered peaks over a threshold, fit a law by maximum likelihood, and read
// return values with confidence intervals (parametric bootstrap and delta method).
import { quantile } from './descriptive';
import { quantileSorted } from './order';
import {
  fitLaw,
  fitParameters,
  negativeLogLikelihood,
  observedInformation,
  WEIBULL3_NEAREST,
  weightedSample,
} from './fit';
import type { Fit, WeightedSample } from './fit';
import { LAWS } from './laws';
import type { LawId, Parameters } from './laws';
import { seededRandom } from './random';
import { HOUR_MS, HOURS_PER_YEAR, levelsOf } from './series';
import { checkedOnce, copyOf, memoizedOver } from './memo';
import { sharedCalendar } from './shared';
import type { Series } from './series';
import { normalPpf } from './special';
import { sectorIndex } from './binning';

/** Steps to keep: true or 1 kept, false or 0 left out (typed masks are built without boxing). */
export type Mask = ArrayLike<boolean | number>;

/** Mask of the steps where `keep(i)` holds, as bytes. */
function maskOf(n: number, keep: (i: number) => boolean): Uint8Array {
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (keep(i)) mask[i] = 1;
  return mask;
}

/** −values as float64 (MIEXT analyses minima as maxima of the negated series). */
function negated(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = -values[i]!;
  return out;
}

export const DEFAULT_RETURN_PERIODS: readonly number[] = [1, 2, 5, 10, 20, 50, 100];
export const DEFAULT_SEPARATION_HOURS = 48;
export const DEFAULT_CONFIDENCE = 0.9;
export const DEFAULT_RESAMPLES = 1000;
export const ANNUAL_MAXIMA_LAWS: readonly LawId[] = ['gev', 'gumbel'];
export const PEAKS_LAWS: readonly LawId[] = ['gpd', 'exponential', 'weibull2', 'weibull3'];
/**
 * Fewer peaks than this and the 3-parameter Weibull (a free location below the smallest) is not fitted: on
 * a month's 4 or 5 storms it extrapolates wildly (a 100-year January Hs of 9.8 m on an 11-year ERA5 node
 * whose record peaks at 8.3 m). The 2-parameter laws still answer.
 */
export const MIN_WEIBULL3_SAMPLE = 10;

export type ExtremeMethod = 'annual-maxima' | 'pot';

export interface ExtremeSample {
  method: ExtremeMethod;
  /** Block maxima or cluster peaks, in time order. */
  values: number[];
  /** Time of each value (epoch ms); NaN when unknown (maxima read from a table). */
  times: number[];
  /** Threshold of the peaks (NaN for annual maxima). */
  threshold: number;
  /** Cluster separation in hours (the independence factor); NaN for annual maxima. */
  separationHours: number;
  /** Years of record: valid hours / 8765.82 for peaks, number of blocks for maxima. */
  years: number;
  /** Mean number of values per year (1 for annual maxima). */
  poissonLambda: number;
  /** Guide-rule violations (storms per year outside 1-10, fewer than 20 storms). */
  warnings: string[];
}

export interface AnnualMaximum {
  year: number;
  value: number;
  time: number;
  /** Share of the year's steps with data. */
  validFraction: number;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Per calendar year of a series: its maximum and minimum with their times, and the steps with data. */
interface YearlyExtremes {
  years: Int32Array;
  max: Float64Array;
  maxTime: Float64Array;
  min: Float64Array;
  minTime: Float64Array;
  valid: Float64Array;
}

/** One pass for the maxima and minima of every year (EXT, MAEXT and MIEXT of a field share it). */
function yearlyExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  mask: Mask | undefined,
): YearlyExtremes {
  const { year, runStart } = sharedCalendar(time);
  const n = time.length;
  const first = n ? year[0]! : 0;
  const count = n ? year[n - 1]! - first + 1 : 0;
  const out: YearlyExtremes = {
    years: Int32Array.from({ length: count }, (_, k) => first + k),
    max: new Float64Array(count).fill(-Infinity),
    maxTime: new Float64Array(count).fill(NaN),
    min: new Float64Array(count).fill(Infinity),
    minTime: new Float64Array(count).fill(NaN),
    valid: new Float64Array(count),
  };
  const { max, maxTime, min, minTime, valid } = out;
  // the calendar's runs of one month of one year: a run's count and extremes kept in locals, merged into
  // its year's at the run's end
  for (let r = 0; r + 1 < runStart.length; r++) {
    const from = runStart[r]!;
    const to = runStart[r + 1]!;
    const k = year[from]! - first;
    let runValid = 0;
    let hi = -Infinity;
    let hiAt = -1;
    let lo = Infinity;
    let loAt = -1;
    if (mask) {
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        if (v !== v) continue; // NaN
        runValid++;
        if (!mask[i]) continue;
        if (v > hi) {
          hi = v;
          hiAt = i;
        }
        if (v < lo) {
          lo = v;
          loAt = i;
        }
      }
    } else {
      // NaN fails both comparisons; the valid steps counted, not branched on (V8 runs the loop twice as fast)
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        if (v > hi) {
          hi = v;
          hiAt = i;
        }
        if (v < lo) {
          lo = v;
          loAt = i;
        }
        runValid += v === v ? 1 : 0;
      }
    }
    valid[k]! += runValid;
    // the first of equal extremes is kept: a later run replaces only a strictly larger (smaller) one
    if (hiAt >= 0 && (maxTime[k]! !== maxTime[k]! || hi > max[k]!)) {
      max[k] = hi;
      maxTime[k] = time[hiAt]!;
    }
    if (loAt >= 0 && (minTime[k]! !== minTime[k]! || lo < min[k]!)) {
      min[k] = lo;
      minTime[k] = time[loAt]!;
    }
  }
  return out;
}

/** Annual maxima (or minima, negated) from the yearly extremes; years short of data left out. */
function annualExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { minValidFraction?: number; stepMs?: number; mask?: Mask; minima?: boolean },
): AnnualMaximum[] {
  if (time.length !== values.length) throw new RangeError('annualMaxima: time and values differ in length');
  const minValidFraction = options.minValidFraction ?? 0.5;
  const stepMs = options.stepMs ?? HOUR_MS;
  const yearly = options.mask
    ? yearlyExtremes(time, values, options.mask)
    : checkedOnce(() =>
        memoizedOver(values, [time], 'yearlyExtremes', () => yearlyExtremes(time, values, undefined)),
      );
  const out: AnnualMaximum[] = [];
  yearly.years.forEach((y, k) => {
    const value = options.minima ? -yearly.min[k]! : yearly.max[k]!;
    const stepsInYear = ((isLeap(y) ? 366 : 365) * 86_400_000) / stepMs;
    const validFraction = yearly.valid[k]! / stepsInYear;
    if (value > -Infinity && validFraction >= minValidFraction) {
      const time = options.minima ? yearly.minTime[k]! : yearly.maxTime[k]!;
      out.push({ year: y, value, time, validFraction });
    }
  });
  return out;
}

/**
 * Calendar-year maxima (UTC). Years with less than `minValidFraction` of their steps present are left
 * out, since a maximum over a few months underestimates the annual one. `mask` keeps only the steps
 * where it is true (a direction sector, a month, non-cyclonic periods).
 */
export function annualMaxima(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { minValidFraction?: number; stepMs?: number; mask?: Mask } = {},
): AnnualMaximum[] {
  return annualExtremes(time, values, options);
}

export function annualMaximaSample(maxima: readonly number[], times?: readonly number[]): ExtremeSample {
  const warnings =
    maxima.length < 10
      ? [`only ${maxima.length} annual maxima: return values beyond a few decades are weak`]
      : [];
  return {
    method: 'annual-maxima',
    values: [...maxima],
    times: times ? [...times] : maxima.map(() => NaN),
    threshold: NaN,
    separationHours: NaN,
    years: maxima.length,
    poissonLambda: 1,
    warnings,
  };
}

export interface PeaksOptions {
  /** Absolute threshold; peaks are strictly above it. */
  threshold: number;
  separationHours?: number;
  stepMs?: number;
  mask?: Mask;
}

/**
 * Peaks over threshold: exceedances strictly above the threshold are grouped into clusters, a new
 * cluster starting when the time between consecutive exceedances exceeds the separation; each cluster
 * keeps its maximum. λ = peaks / (valid hours / 8765.82).
 */
export function peaksOverThreshold(
  time: Float64Array,
  values: ArrayLike<number>,
  options: PeaksOptions,
): ExtremeSample {
  if (time.length !== values.length)
    throw new RangeError('peaksOverThreshold: time and values differ in length');
  const { threshold } = options;
  if (!Number.isFinite(threshold))
    throw new RangeError(`peaksOverThreshold: threshold must be finite, got ${threshold}`);
  const { exceedances, validSteps } = exceedancesOf(values, threshold, options.mask);
  return declusteredSample(time, values, exceedances, validSteps, options);
}

/** Indices of the steps strictly above the threshold (kept by the mask), and the count of valid steps. */
function exceedancesOf(
  values: ArrayLike<number>,
  threshold: number,
  mask?: Mask,
): { exceedances: number[]; validSteps: number } {
  const exceedances: number[] = [];
  let validSteps = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    validSteps++;
    if (v > threshold && (!mask || mask[i])) exceedances.push(i);
  }
  return { exceedances, validSteps };
}

/**
 * Clusters of exceedances (indices in time order): a new cluster starts when the time between consecutive
 * exceedances exceeds the separation; each keeps its maximum. λ = peaks / (valid hours / 8765.82).
 */
function declusteredSample(
  time: Float64Array,
  values: ArrayLike<number>,
  exceedances: readonly number[],
  validSteps: number,
  options: PeaksOptions,
): ExtremeSample {
  const separationHours = options.separationHours ?? DEFAULT_SEPARATION_HOURS;
  const separationMs = separationHours * HOUR_MS;
  const stepHours = (options.stepMs ?? HOUR_MS) / HOUR_MS;
  const peaks: number[] = [];
  const times: number[] = [];
  let lastExceedance = -Infinity;
  for (const i of exceedances) {
    const v = values[i]!;
    const t = time[i]!;
    if (t - lastExceedance > separationMs || peaks.length === 0) {
      peaks.push(v);
      times.push(t);
    } else if (v > peaks[peaks.length - 1]!) {
      peaks[peaks.length - 1] = v;
      times[times.length - 1] = t;
    }
    lastExceedance = t;
  }
  const years = (validSteps * stepHours) / HOURS_PER_YEAR;
  const poissonLambda = years > 0 ? peaks.length / years : NaN;
  const warnings: string[] = [];
  if (peaks.length < 20) warnings.push(`only ${peaks.length} storms: the guide asks for at least 20`);
  if (poissonLambda < 1 || poissonLambda > 10) {
    warnings.push(`${poissonLambda.toFixed(2)} storms per year: the guide asks for 1 to 10 on average`);
  }
  const { threshold } = options;
  return { method: 'pot', values: peaks, times, threshold, separationHours, years, poissonLambda, warnings };
}

/** Threshold from "0.99q" (a quantile of the valid values) or a plain number. */
export function resolveThreshold(spec: string | number, values: ArrayLike<number>): number {
  if (typeof spec === 'number') return spec;
  const text = spec.trim();
  if (/^[0-9.]+q$/i.test(text)) return quantile(values, Number(text.slice(0, -1)));
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw new RangeError(`resolveThreshold: cannot read "${spec}"`);
  return value;
}

export interface ExtremeFit extends Fit {
  method: ExtremeMethod;
  threshold: number;
  poissonLambda: number;
  nPeaks: number;
  sample: ExtremeSample;
  /** Largest values left out of the fit (shown as ignored outliers). */
  ignored: number[];
  /** The values fitted (the sample without the ignored ones), as the likelihood reads them. */
  weighted: WeightedSample;
}

/**
 * A sample sorted once, with the values fitted (as the likelihood reads them) and the largest ones left
 * out: every law of one analysis is fitted to the same, so it is sorted and compressed once.
 */
interface SortedSample {
  sample: ExtremeSample;
  /** All values, ascending. */
  sorted: number[];
  ignored: number[];
  /** The values fitted: the sorted ones without the ignored. */
  weighted: WeightedSample;
  kept: number;
}

function sortedSample(sample: ExtremeSample, ignoreLargest: number): SortedSample {
  const sorted = [...sample.values].sort((a, b) => a - b);
  const kept = sorted.slice(0, sorted.length - ignoreLargest);
  const ignored = sorted.slice(sorted.length - ignoreLargest);
  return { sample, sorted, ignored, weighted: weightedSample(kept), kept: kept.length };
}

/** Fits `law` to the sample (location held at the threshold for peaks, except weibull3). */
export function fitExtremes(
  sample: ExtremeSample,
  law: LawId,
  options: { ignoreLargest?: number } = {},
): ExtremeFit {
  return fitSorted(sortedSample(sample, options.ignoreLargest ?? 0), law);
}

function fitSorted(s: SortedSample, law: LawId): ExtremeFit {
  const { sample, weighted } = s;
  const allowed = sample.method === 'annual-maxima' ? ANNUAL_MAXIMA_LAWS : PEAKS_LAWS;
  if (!allowed.includes(law)) {
    throw new RangeError(
      `fitExtremes: law ${law} does not apply to ${sample.method} (use ${allowed.join(', ')})`,
    );
  }
  if (sample.values.length === 0) {
    throw new RangeError(
      sample.method === 'pot'
        ? `fitExtremes: no value is above the threshold ${sample.threshold} (lower it)`
        : 'fitExtremes: no annual maximum to fit (no year with enough data)',
    );
  }
  if (law === 'weibull3' && s.kept < MIN_WEIBULL3_SAMPLE)
    throw new RangeError(
      `fitExtremes: the 3-parameter Weibull needs at least ${MIN_WEIBULL3_SAMPLE} values, the sample has ${s.kept}`,
    );
  const fit = fitLaw(law, weighted, sample.method === 'pot' ? { location: sample.threshold } : {});
  return {
    ...fit,
    method: sample.method,
    threshold: sample.threshold,
    poissonLambda: sample.poissonLambda,
    nPeaks: sample.values.length,
    sample,
    ignored: [...s.ignored],
    weighted,
  };
}

/** Non-exceedance probability of the law that corresponds to a return period in years. */
export function returnProbability(
  method: ExtremeMethod,
  poissonLambda: number,
  returnPeriod: number,
): number {
  return method === 'annual-maxima' ? 1 - 1 / returnPeriod : 1 - 1 / (poissonLambda * returnPeriod);
}

/** x_T = F⁻¹(1 - 1/T) for annual maxima, u + G⁻¹(1 - 1/(λT)) for peaks; NaN when the probability is not in (0, 1). */
export function returnValue(
  law: LawId,
  parameters: Parameters,
  method: ExtremeMethod,
  poissonLambda: number,
  returnPeriod: number,
): number {
  const q = returnProbability(method, poissonLambda, returnPeriod);
  if (!(q > 0 && q < 1)) return NaN;
  return LAWS[law].ppf(q, parameters);
}

export interface ReturnValueRow {
  returnPeriod: number;
  value: number;
  lower: number;
  upper: number;
}

/** The parameters the law estimates, as a vector (fixed locations left out). */
function freeVector(law: LawId, p: Parameters): number[] {
  switch (law) {
    case 'gev':
    case 'weibull3':
      return [p.location, p.scale, p.shape ?? 0];
    case 'gumbel':
    case 'normal':
      return [p.location, p.scale];
    case 'gpd':
    case 'weibull2':
    case 'lognormal':
    case 'gamma':
      return [p.scale, p.shape ?? 0];
    case 'exponential':
      return [p.scale];
  }
}

function fromVector(law: LawId, v: readonly number[], fixed: Parameters): Parameters {
  switch (law) {
    case 'gev':
    case 'weibull3':
      return { location: v[0]!, scale: v[1]!, shape: v[2]! };
    case 'gumbel':
      return { location: v[0]!, scale: v[1]!, shape: 0 };
    case 'normal':
      return { location: v[0]!, scale: v[1]!, shape: null };
    case 'gpd':
    case 'weibull2':
    case 'lognormal':
    case 'gamma':
      return { location: fixed.location, scale: v[0]!, shape: v[1]! };
    case 'exponential':
      return { location: fixed.location, scale: v[0]!, shape: 0 };
  }
}

function invert(matrix: number[][]): number[][] | null {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-300) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const d = a[c]![c]!;
    for (let j = 0; j < 2 * n; j++) a[c]![j]! /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      for (let j = 0; j < 2 * n; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * Covariance of the estimates: inverse of the observed information (the Hessian of the negative
 * log-likelihood at the optimum), as in Coles (2001) §2.6.4. The Hessian is the exact one
 * (observedInformation, one pass over the fitted values); by central differences of the likelihood when
 * that is not finite (a value on the edge of the support, a 3-parameter Weibull at its bound).
 */
export function parameterCovariance(fit: ExtremeFit): number[][] | null {
  if (onSearchBound(fit)) return null;
  const information = observedInformation(fit.law, fit.weighted, fit.parameters) ?? numericalHessian(fit);
  return invert(information);
}

/**
 * Whether the estimate sits where the fit's search stops rather than at a stationary point of the
 * likelihood: a GEV or GPD shape at ξ = −1 (below it there is no MLE, Smith 1985), a 3-parameter Weibull's
 * location at WEIBULL3_NEAREST below the smallest value (its likelihood unbounded there). The observed
 * information does not describe the spread of such an estimate, so it gets no delta-method interval.
 */
function onSearchBound(fit: ExtremeFit): boolean {
  const { law, parameters } = fit;
  if (law === 'gev' || law === 'gpd') return (parameters.shape ?? 0) <= -1 + 1e-6;
  if (law !== 'weibull3') return false;
  const x = fit.weighted.x;
  const range = x[x.length - 1]! - x[0]! || Math.abs(x[0]!) || 1;
  return x[0]! - parameters.location <= 2 * WEIBULL3_NEAREST * range;
}

/** Hessian of the negative log-likelihood in the free parameters by central differences. */
function numericalHessian(fit: ExtremeFit): number[][] {
  const theta = freeVector(fit.law, fit.parameters);
  const f = (v: number[]): number =>
    negativeLogLikelihood(fit.law, fit.weighted, fromVector(fit.law, v, fit.parameters));
  const h = theta.map((t) => 1e-4 * Math.max(Math.abs(t), 1e-2));
  const n = theta.length;
  const hessian = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const at = (di: number, i: number, dj: number, j: number): number => {
    const v = [...theta];
    v[i]! += di * h[i]!;
    v[j]! += dj * h[j]!;
    return f(v);
  };
  const f0 = f(theta);
  for (let i = 0; i < n; i++) {
    hessian[i]![i] = (at(1, i, 0, i) - 2 * f0 + at(-1, i, 0, i)) / (h[i]! * h[i]!);
    for (let j = 0; j < i; j++) {
      const value =
        (at(1, i, 1, j) - at(1, i, -1, j) - at(-1, i, 1, j) + at(-1, i, -1, j)) / (4 * h[i]! * h[j]!);
      hessian[i]![j] = value;
      hessian[j]![i] = value;
    }
  }
  return hessian;
}

/** Below this |aξ| the GEV/GPD return-value terms are summed as series (see expm1Ratio). */
const RATIO_SERIES_BELOW = 0.05;

/**
 * E = (e^{aξ} − 1)/ξ and dE/dξ = (a e^{aξ} − E)/ξ, the ξ-dependent factor of the GEV and GPD quantiles
 * (Coles 2001 (3.4), (4.12)); near ξ = 0 the series E = a Σ_{k≥1} (aξ)^{k−1}/k!, dE/dξ =
 * a² Σ_{k≥2} (k−1)(aξ)^{k−2}/k! (the closed form loses ε/|aξ|² there; the limits are a and a²/2).
 */
function expm1Ratio(a: number, xi: number): [number, number] {
  const u = a * xi;
  if (Math.abs(u) >= RATIO_SERIES_BELOW) {
    const e = Math.expm1(u) / xi;
    return [e, (a * Math.exp(u) - e) / xi];
  }
  let e = 0;
  let slope = 0;
  let factorial = 1;
  let power = 1; // u^{k−1}
  let previous = 0; // u^{k−2}
  for (let k = 1; k <= 16; k++) {
    factorial *= k;
    e += power / factorial;
    slope += ((k - 1) * previous) / factorial;
    previous = power;
    power *= u;
  }
  return [a * e, a * a * slope];
}

/**
 * Gradient of the quantile F⁻¹(q) in the law's free parameters (the order of freeVector), in closed form:
 * gev x = μ + σE(−ln(−ln q), ξ); gpd x = u + σE(−ln(1 − q), ξ); weibull x = μ + λY^{1/k} with
 * Y = −ln(1 − q). Null for the gamma law (its quantile has no closed form): the caller differentiates.
 */
function quantileGradient(law: LawId, p: Parameters, q: number): number[] | null {
  switch (law) {
    case 'gev': {
      const [e, slope] = expm1Ratio(-Math.log(-Math.log(q)), p.shape ?? 0);
      return [1, e, p.scale * slope];
    }
    case 'gumbel':
      return [1, -Math.log(-Math.log(q))];
    case 'gpd': {
      const [e, slope] = expm1Ratio(-Math.log1p(-q), p.shape ?? 0);
      return [e, p.scale * slope];
    }
    case 'exponential':
      return [-Math.log1p(-q)];
    case 'weibull2':
    case 'weibull3': {
      const y = -Math.log1p(-q);
      const k = p.shape ?? 0;
      const r = Math.pow(y, 1 / k);
      const dk = (-p.scale * r * Math.log(y)) / (k * k);
      return law === 'weibull2' ? [r, dk] : [1, r, dk];
    }
    case 'normal':
      return [1, normalPpf(q)];
    case 'lognormal': {
      const z = normalPpf(q);
      const e = Math.exp((p.shape ?? 0) * z);
      return [e, p.scale * z * e];
    }
    case 'gamma':
      return null;
  }
}

/** Gradient of the return value in the free parameters by central differences (laws without a closed form). */
function numericalGradient(fit: ExtremeFit, T: number): number[] {
  const theta = freeVector(fit.law, fit.parameters);
  return theta.map((t, i) => {
    const h = 1e-6 * Math.max(Math.abs(t), 1e-2);
    const up = [...theta];
    const down = [...theta];
    up[i]! += h;
    down[i]! -= h;
    const at = (v: number[]): number =>
      returnValue(fit.law, fromVector(fit.law, v, fit.parameters), fit.method, fit.poissonLambda, T);
    return (at(up) - at(down)) / (2 * h);
  });
}

/**
 * Delta-method interval: x_T ± z·sqrt(∇x_Tᵀ Σ ∇x_T) (Coles 2001 §3.3.3, §4.3.3; λ held fixed). On the log
 * scale (`scale: 'log'`, for a positive quantity) the same standard error is taken for log x_T (se / x_T),
 * which gives x_T·exp(±z·se/x_T): an asymmetric interval that stays positive, as a wave height's must, where
 * the linear one of a short record can reach below zero.
 */
export function deltaMethodIntervals(
  fit: ExtremeFit,
  returnPeriods: readonly number[],
  confidence: number,
  scale: 'linear' | 'log' = 'linear',
): ReturnValueRow[] {
  const covariance = parameterCovariance(fit);
  const z = normalPpf((1 + confidence) / 2);
  return returnPeriods.map((T) => {
    const value = returnValue(fit.law, fit.parameters, fit.method, fit.poissonLambda, T);
    if (!covariance || !Number.isFinite(value)) return { returnPeriod: T, value, lower: NaN, upper: NaN };
    const q = returnProbability(fit.method, fit.poissonLambda, T);
    const gradient = quantileGradient(fit.law, fit.parameters, q) ?? numericalGradient(fit, T);
    let variance = 0;
    for (let i = 0; i < gradient.length; i++) {
      for (let j = 0; j < gradient.length; j++) variance += gradient[i]! * covariance[i]![j]! * gradient[j]!;
    }
    const se = Math.sqrt(Math.max(0, variance));
    if (scale === 'log' && value > 0) {
      const spread = Math.exp((z * se) / value);
      return { returnPeriod: T, value, lower: value / spread, upper: value * spread };
    }
    return { returnPeriod: T, value, lower: value - z * se, upper: value + z * se };
  });
}

/**
 * Parametric bootstrap: `resamples` samples of the same size are drawn from the fitted law with a seeded
 * generator, refitted, and the type 7 percentiles (1 ± confidence)/2 of their return values bound the
 * interval. Refits that fail are skipped (their count is returned).
 */
export function bootstrapIntervals(
  fit: ExtremeFit,
  returnPeriods: readonly number[],
  options: { confidence?: number; resamples?: number; seed?: number } = {},
): { rows: ReturnValueRow[]; failed: number } {
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const random = seededRandom(options.seed ?? 1);
  const law = LAWS[fit.law];
  const size = fit.sample.values.length - fit.ignored.length;
  const draws = returnPeriods.map(() => new Float64Array(resamples));
  let ok = 0;
  let failed = 0;
  const fixed =
    fit.method === 'pot' ? { location: fit.threshold, start: fit.parameters } : { start: fit.parameters };
  const values = new Float64Array(size);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < size; i++) values[i] = law.ppf(random(), fit.parameters);
    let parameters: Parameters;
    try {
      parameters = fitParameters(fit.law, weightedSample(values), fixed);
    } catch {
      failed++;
      continue;
    }
    returnPeriods.forEach((T, k) => {
      draws[k]![ok] = returnValue(fit.law, parameters, fit.method, fit.poissonLambda, T);
    });
    ok++;
  }
  const rows = returnPeriods.map((T, k) => {
    const sorted = draws[k]!.subarray(0, ok).sort();
    const value = returnValue(fit.law, fit.parameters, fit.method, fit.poissonLambda, T);
    const finite = Number.isFinite(value) && ok > 0;
    return {
      returnPeriod: T,
      value,
      lower: finite ? quantileSorted(sorted, (1 - confidence) / 2) : NaN,
      upper: finite ? quantileSorted(sorted, (1 + confidence) / 2) : NaN,
    };
  });
  return { rows, failed };
}

export interface EmpiricalPoint {
  value: number;
  /** Empirical return period in years from the Weibull plotting position rank/(n+1). */
  returnPeriod: number;
}

/**
 * Empirical return periods of the sample: the i-th smallest of n gets F = i/(n+1) (Weibull plotting
 * position), T = 1/(1 - F) for annual maxima and T = 1/(λ(1 - F)) for peaks.
 */
export function plottingPositions(sample: ExtremeSample): EmpiricalPoint[] {
  return positionsOf(
    [...sample.values].sort((a, b) => a - b),
    sample,
  );
}

function positionsOf(sorted: readonly number[], sample: ExtremeSample): EmpiricalPoint[] {
  const n = sorted.length;
  return sorted.map((value, i) => {
    const exceed = 1 - (i + 1) / (n + 1);
    const rate = sample.method === 'annual-maxima' ? 1 : sample.poissonLambda;
    return { value, returnPeriod: 1 / (rate * exceed) };
  });
}

/** Peak rose: number of peaks per direction sector (direction at the time of each peak). */
export function peakRose(
  directionsAtPeaks: readonly number[],
  sectors: number,
): { sectors: number[]; counts: number[] } {
  const counts = new Array<number>(sectors).fill(0);
  for (const d of directionsAtPeaks) if (!Number.isNaN(d)) counts[sectorIndex(d, sectors)]!++;
  return { sectors: Array.from({ length: sectors }, (_, k) => (k * 360) / sectors), counts };
}

export interface ExtremeOptions {
  method: ExtremeMethod;
  law: LawId;
  /** "0.99q" or a value, for peaks; default 0.99q. */
  threshold?: string | number;
  separationHours?: number;
  returnPeriods?: readonly number[];
  confidence?: number;
  interval?: 'bootstrap' | 'delta';
  /** Delta-method scale: 'auto' takes the log scale when every value of the sample is positive. */
  deltaScale?: 'linear' | 'log' | 'auto';
  resamples?: number;
  seed?: number;
  /** Analyse minima (MIEXT) by negation. */
  minima?: boolean;
  mask?: Mask;
  minValidFraction?: number;
  ignoreLargest?: number;
  /**
   * Laws also fitted to the same sample, each with its return values and intervals (the result's `laws`,
   * in this order; `law` gives the other fields). A law whose fit fails gives its reason, the others stay.
   */
  laws?: readonly LawId[];
}

/** Spec fit parameters (law, sampleLength, blockSize, threshold, poissonLambda, ...). */
export interface SpecParameters {
  law: LawId;
  sampleLength: number;
  blockSize: string | null;
  threshold: number | null;
  poissonLambda: number;
  shapeParameter: number | null;
  scaleParameter: number;
  locationParameter: number;
  independenceFactor: number | null;
}

export interface ExtremeAnalysis {
  law: LawId;
  method: ExtremeMethod;
  minima: boolean;
  parameters: Parameters;
  specParameters: SpecParameters;
  nll: number;
  aic: number;
  ks: number;
  threshold: number | null;
  nPeaks: number;
  poissonLambda: number;
  confidence: number;
  interval: 'bootstrap' | 'delta';
  /** Scale of a delta-method interval ('linear' for the bootstrap). */
  intervalScale: 'linear' | 'log';
  returnValues: ReturnValueRow[];
  empirical: EmpiricalPoint[];
  ignored: number[];
  peaks: { time: number; value: number }[];
  warnings: string[];
  /** Every law of `options.laws` fitted to the same sample (absent without the option). */
  laws?: LawEstimate[];
}

/** One law's estimate of an extreme sample, or the reason its fit failed. */
export type LawEstimate =
  | {
      law: LawId;
      parameters: Parameters;
      specParameters: SpecParameters;
      nll: number;
      aic: number;
      ks: number;
      returnValues: ReturnValueRow[];
      ignored: number[];
      /** The law's own warnings (failed bootstrap refits), beside the sample's. */
      warnings: string[];
      error: null;
    }
  | { law: LawId; error: string };

function estimateOf(analysis: ExtremeAnalysis, sample: ExtremeSample): LawEstimate {
  return {
    law: analysis.law,
    parameters: analysis.parameters,
    specParameters: analysis.specParameters,
    nll: analysis.nll,
    aic: analysis.aic,
    ks: analysis.ks,
    returnValues: analysis.returnValues,
    ignored: analysis.ignored,
    warnings: analysis.warnings.filter((w) => !sample.warnings.includes(w)),
    error: null,
  };
}

/** The options every extreme analysis checks before it starts: an error names the one that is wrong. */
function checkExtremeOptions(options: ExtremeOptions): void {
  for (const T of options.returnPeriods ?? []) {
    if (!(T > 0 && T < Infinity))
      throw new RangeError(`extremes: return periods must be positive years, got ${T}`);
  }
  const { confidence, resamples, separationHours } = options;
  if (confidence !== undefined && !(confidence > 0 && confidence < 1))
    throw new RangeError(`extremes: the confidence level must be in (0, 1), got ${confidence}`);
  if (resamples !== undefined && !(Number.isInteger(resamples) && resamples >= 2))
    throw new RangeError(
      `extremes: bootstrap resamples must be a whole number of at least 2, got ${resamples}`,
    );
  if (separationHours !== undefined && !(separationHours >= 0 && separationHours < Infinity))
    throw new RangeError(`extremes: the storm separation must be hours ≥ 0, got ${separationHours}`);
}

/** The whole EXT / MAEXT / MIEXT chain on one series. */
export function extremeValueAnalysis(
  time: Float64Array,
  values: ArrayLike<number>,
  options: ExtremeOptions,
): ExtremeAnalysis {
  checkExtremeOptions(options);
  if (options.mask) return analysis(time, values, options);
  // without a mask the analysis depends on the arrays and the options only: EXT and MAEXT of a field, and
  // the levels of CUREXT and HEIEXT, are the same analyses; the caller gets its own copy (memo.ts)
  const settings = Object.entries({ ...options, minima: options.minima ?? false })
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = `analysis:${JSON.stringify(settings)}`;
  return copyOf(checkedOnce(() => memoizedOver(values, [time], key, () => analysis(time, values, options))));
}

function analysis(time: Float64Array, values: ArrayLike<number>, options: ExtremeOptions): ExtremeAnalysis {
  const minima = options.minima ?? false;
  let sample: ExtremeSample;
  if (options.method === 'annual-maxima') {
    // minima are the maxima of the negated series, read from the same yearly pass
    const maxima = annualExtremes(time, values, {
      minValidFraction: options.minValidFraction,
      mask: options.mask,
      minima,
    });
    sample = annualMaximaSample(
      maxima.map((m) => m.value),
      maxima.map((m) => m.time),
    );
  } else {
    const signed = minima ? negated(values) : values;
    const spec = options.threshold ?? '0.99q';
    const threshold = minima && typeof spec === 'number' ? -spec : resolveThreshold(spec, signed);
    sample = peaksOverThreshold(time, signed, {
      threshold,
      separationHours: options.separationHours,
      mask: options.mask,
    });
  }
  return analyzeSample(sample, options, minima);
}

/** Fit and return values for a prepared sample (e.g. annual maxima read from a table). */
export function analyzeSample(
  sample: ExtremeSample,
  options: ExtremeOptions,
  minima = false,
): ExtremeAnalysis {
  checkExtremeOptions(options);
  return analyzeSorted(sortedSample(sample, options.ignoreLargest ?? 0), options, minima);
}

function analyzeSorted(sorted: SortedSample, options: ExtremeOptions, minima: boolean): ExtremeAnalysis {
  const { sample } = sorted;
  const fit = fitSorted(sorted, options.law);
  const returnPeriods = options.returnPeriods ?? DEFAULT_RETURN_PERIODS;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const interval = options.interval ?? 'bootstrap';
  const warnings = [...sample.warnings];
  let rows: ReturnValueRow[];
  const positive = sample.values.every((v) => v > 0);
  const deltaScale =
    options.deltaScale === 'auto' ? (positive ? 'log' : 'linear') : (options.deltaScale ?? 'linear');
  if (interval === 'delta') rows = deltaMethodIntervals(fit, returnPeriods, confidence, deltaScale);
  else {
    const result = bootstrapIntervals(fit, returnPeriods, {
      confidence,
      resamples: options.resamples,
      seed: options.seed,
    });
    rows = result.rows;
    if (result.failed > 0) warnings.push(`${result.failed} bootstrap refits failed and were skipped`);
  }
  const sign = minima ? -1 : 1;
  const returnValues = rows.map((r) =>
    minima ? { returnPeriod: r.returnPeriod, value: -r.value, lower: -r.upper, upper: -r.lower } : r,
  );
  const threshold = sample.method === 'pot' ? sign * sample.threshold : null;
  const analysis: ExtremeAnalysis = {
    law: fit.law,
    method: sample.method,
    minima,
    parameters: fit.parameters,
    specParameters: {
      law: fit.law,
      sampleLength: sample.years,
      blockSize: sample.method === 'annual-maxima' ? '1 year' : null,
      threshold,
      poissonLambda: sample.poissonLambda,
      shapeParameter: fit.parameters.shape,
      scaleParameter: fit.parameters.scale,
      locationParameter: fit.parameters.location,
      independenceFactor: sample.method === 'pot' ? sample.separationHours : null,
    },
    nll: fit.nll,
    aic: fit.aic,
    ks: fit.ks,
    threshold,
    nPeaks: sample.values.length,
    poissonLambda: sample.poissonLambda,
    confidence,
    interval,
    intervalScale: interval === 'delta' ? deltaScale : 'linear',
    returnValues,
    empirical: positionsOf(sorted.sorted, sample).map((p) => ({
      value: sign * p.value,
      returnPeriod: p.returnPeriod,
    })),
    ignored: fit.ignored.map((v) => sign * v),
    peaks: sample.values.map((v, i) => ({ time: sample.times[i]!, value: sign * v })),
    warnings,
  };
  if (options.laws) {
    // the other laws on the same sorted sample (the primary's estimate is reused)
    analysis.laws = options.laws.map((law): LawEstimate => {
      if (law === fit.law) return estimateOf(analysis, sample);
      try {
        return estimateOf(analyzeSorted(sorted, { ...options, law, laws: undefined }, minima), sample);
      } catch (error) {
        return { law, error: error instanceof Error ? error.message : String(error) };
      }
    });
  }
  return analysis;
}

/** Directional extremes: the analysis restricted to each direction sector (λ per year of the whole record). */
export function directionalExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  direction: ArrayLike<number>,
  options: ExtremeOptions & { sectors: number },
): ({ sector: number } & (ExtremeAnalysis | { error: string }))[] {
  const threshold =
    options.method === 'pot' ? resolveThreshold(options.threshold ?? '0.99q', values) : options.threshold;
  return Array.from({ length: options.sectors }, (_, k) => {
    const mask = maskOf(direction.length, (i) => {
      const d = direction[i]!;
      return !Number.isNaN(d) && sectorIndex(d, options.sectors) === k;
    });
    const sector = (k * 360) / options.sectors;
    try {
      return { sector, ...extremeValueAnalysis(time, values, { ...options, threshold, mask }) };
    } catch (error) {
      return { sector, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

/** Monthly extremes: the analysis restricted to each calendar month (T in years, one month per year). */
export function monthlyExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: ExtremeOptions,
): ({ month: number } & (ExtremeAnalysis | { error: string }))[] {
  checkExtremeOptions(options);
  const { month } = sharedCalendar(time);
  const threshold =
    options.method === 'pot' ? resolveThreshold(options.threshold ?? '0.99q', values) : options.threshold;
  // peaks over threshold of maxima: the exceedances of the whole record found once, then each month's
  // exceedances declustered (what a mask on the month gives, without a pass over the record per month)
  const pot =
    options.method === 'pot' && !options.minima && typeof threshold === 'number'
      ? exceedancesOf(values, threshold)
      : undefined;
  // each month's exceedances (in time order), split in one pass
  const byMonth = Array.from({ length: 12 }, (): number[] => []);
  if (pot) for (const i of pot.exceedances) byMonth[month[i]! - 1]!.push(i);
  return Array.from({ length: 12 }, (_, k) => {
    try {
      if (pot) {
        const sample = declusteredSample(time, values, byMonth[k]!, pot.validSteps, {
          threshold: threshold as number,
          separationHours: options.separationHours,
        });
        return { month: k + 1, ...analyzeSample(sample, options) };
      }
      const mask = maskOf(month.length, (i) => month[i] === k + 1);
      return {
        month: k + 1,
        ...extremeValueAnalysis(time, values, { ...options, threshold, mask, minValidFraction: 0 }),
      };
    } catch (error) {
      return { month: k + 1, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

export interface LevelExtremes {
  level: number;
  field: string;
  analysis: ExtremeAnalysis | null;
  error: string | null;
}

/** CUREXT: the extreme analysis of a variable (current speed) at every level, ordered by level. */
export function extremeCurrents(series: Series, variable: string, options: ExtremeOptions): LevelExtremes[] {
  const levels = levelsOf(series, variable);
  if (levels.length === 0) throw new RangeError(`extremeCurrents: no levels of "${variable}"`);
  return levels.map(({ name, field }) => {
    try {
      const analysis = extremeValueAnalysis(series.time, field.values, options);
      return { level: field.level!, field: name, analysis, error: null };
    } catch (error) {
      return { level: field.level!, field: name, analysis: null, error: String(error) };
    }
  });
}

export type WaterHeightComponent = 'total' | 'surge' | 'tide';

/**
 * HEIEXT: the extreme analysis of each water height component given (total, surge, tide), each on its
 * own series; the table rows are the components in that order.
 */
export function extremeWaterHeights(
  time: Float64Array,
  components: Partial<Record<WaterHeightComponent, ArrayLike<number>>>,
  options: ExtremeOptions,
): { component: WaterHeightComponent; analysis: ExtremeAnalysis }[] {
  const present = (['total', 'surge', 'tide'] as const).filter((c) => components[c] !== undefined);
  if (present.length === 0) throw new RangeError('extremeWaterHeights: no component given');
  return present.map((component) => ({
    component,
    analysis: extremeValueAnalysis(time, components[component]!, options),
  }));
}

/**
 * NOCYC: the extreme analysis with cyclone periods excluded: steps where `cyclone` is true are left out
 * of the threshold, the maxima and the peaks; λ stays per year of the whole record (as the directional
 * and monthly variants), since non-cyclonic storms are counted per calendar year.
 */
export function nonCyclonicExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  cyclone: Mask,
  options: ExtremeOptions,
): ExtremeAnalysis {
  if (cyclone.length !== values.length)
    throw new RangeError('nonCyclonicExtremes: cyclone mask and values differ in length');
  const mask = maskOf(cyclone.length, (i) => !cyclone[i]);
  // a quantile threshold is taken over the non-cyclonic values only (negated for minima)
  const sign = options.minima ? -1 : 1;
  const spec = options.threshold ?? '0.99q';
  let threshold = options.threshold;
  if (options.method === 'pot' && typeof spec === 'string') {
    const kept = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) kept[i] = mask[i] ? sign * values[i]! : NaN;
    threshold = sign * resolveThreshold(spec, kept);
  }
  return extremeValueAnalysis(time, values, { ...options, threshold, mask });
}
