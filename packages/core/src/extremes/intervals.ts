// Extreme value analysis, step 3: confidence intervals of the return values, by the delta method (the
// inverse observed information) or the parametric bootstrap.
import {
  fitParameters,
  negativeLogLikelihood,
  observedInformation,
  WEIBULL3_NEAREST,
  weightedSample,
} from '../fit';
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import { quantileSorted } from '../order';
import { seededRandom } from '../random';
import { normalPpf } from '../special';
import { returnProbability, returnValue } from './model';
import type { ExtremeFit } from './model';

export const DEFAULT_CONFIDENCE = 0.9;
export const DEFAULT_RESAMPLES = 1000;

/** How each kind of interval is computed, in the words of the method texts (intervalMethod). */
export const INTERVAL_METHODS = {
  delta: 'delta-method intervals',
  deltaLog: 'delta-method intervals on the log scale (positive bounds)',
  /** The registry's default: the log scale when the sample allows it (analysis.ts, deltaScale 'auto'). */
  deltaAuto:
    'delta-method intervals (on the log scale, with positive bounds, when every value of the sample is positive)',
  bootstrap: `parametric bootstrap intervals (${DEFAULT_RESAMPLES.toLocaleString('en-US')} seeded resamples)`,
  /** The default of the app and the CLI (docs/decisions.md, issue 21). */
  profile: 'profile-likelihood intervals (Coles 2001 §2.6.6)',
} as const;

export type IntervalKind = 'profile' | 'bootstrap' | 'delta';
export const INTERVAL_KINDS: readonly IntervalKind[] = ['profile', 'bootstrap', 'delta'];
/** The interval of the app's registry and of the CLI's eva unless asked otherwise. */
export const DEFAULT_INTERVAL: IntervalKind = 'profile';

/** The method text of an interval at its confidence level. */
export function intervalMethod(
  interval: IntervalKind,
  scale: 'linear' | 'log' | 'auto',
  confidence: number,
): string {
  const delta = {
    linear: INTERVAL_METHODS.delta,
    log: INTERVAL_METHODS.deltaLog,
    auto: INTERVAL_METHODS.deltaAuto,
  };
  const kind =
    interval === 'bootstrap'
      ? INTERVAL_METHODS.bootstrap
      : interval === 'profile'
        ? INTERVAL_METHODS.profile
        : delta[scale];
  return `${kind} at ${Math.round(confidence * 100)} %`;
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
 * E = (e^{aξ} − 1)/ξ, dE/dξ = (a e^{aξ} − E)/ξ and d²E/dξ² = (a² e^{aξ} − 2 dE/dξ)/ξ, the ξ-dependent factor
 * of the GEV and GPD quantiles (Coles 2001 (3.4), (4.12)) and its derivatives; near ξ = 0 the series
 * E = a Σ_{k≥1} (aξ)^{k−1}/k!, dE/dξ = a² Σ_{k≥2} (k−1)(aξ)^{k−2}/k!, d²E/dξ² = a³ Σ_{k≥3} (k−1)(k−2)(aξ)^{k−3}/k!
 * (the closed forms lose ε/|aξ|² and more there; the limits are a, a²/2 and a³/3).
 */
export function expm1Ratio(a: number, xi: number): [number, number, number] {
  const u = a * xi;
  if (Math.abs(u) >= RATIO_SERIES_BELOW) {
    const e = Math.expm1(u) / xi;
    const slope = (a * Math.exp(u) - e) / xi;
    return [e, slope, (a * a * Math.exp(u) - 2 * slope) / xi];
  }
  let e = 0;
  let slope = 0;
  let curvature = 0;
  let factorial = 1;
  let power = 1; // u^{k−1}
  let previous = 0; // u^{k−2}
  let beforeThat = 0; // u^{k−3}
  for (let k = 1; k <= 18; k++) {
    factorial *= k;
    e += power / factorial;
    slope += ((k - 1) * previous) / factorial;
    curvature += ((k - 1) * (k - 2) * beforeThat) / factorial;
    beforeThat = previous;
    previous = power;
    power *= u;
  }
  return [a * e, a * a * slope, a * a * a * curvature];
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
  // a loop, not a callback made per call: V8 holds a closure's optimised code weakly (compiled again after
  // every collection)
  const rows: ReturnValueRow[] = [];
  for (const T of returnPeriods) rows.push(deltaMethodRow(fit, T, covariance, z, scale));
  return rows;
}

/** One return period's row of deltaMethodIntervals (z the normal quantile of the confidence). */
function deltaMethodRow(
  fit: ExtremeFit,
  T: number,
  covariance: ReturnType<typeof parameterCovariance>,
  z: number,
  scale: 'linear' | 'log',
): ReturnValueRow {
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
