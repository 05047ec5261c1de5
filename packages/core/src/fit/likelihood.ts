// The negative log-likelihood every fit minimises (GEV and GPD inlined: the bootstrap evaluates them about
// 10^5 times) and the Kolmogorov-Smirnov statistic of a fit.
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import type { WeightedSample } from './sample';

export function negativeLogLikelihood(law: LawId, sample: WeightedSample, p: Parameters): number {
  if (law === 'gev' && Math.abs(p.shape ?? 0) > 1e-9) return gevNll(sample, p);
  if (law === 'gpd' && Math.abs(p.shape ?? 0) > 1e-9) return gpdNll(sample, p);
  if (law === 'weibull2' || law === 'weibull3') {
    const s = weibullNll(sample, p);
    if (s !== null) return s;
  }
  if (law === 'gumbel') return gumbelNll(sample, p);
  if (law === 'exponential') return exponentialNll(sample, p);
  const logpdf = LAWS[law].logpdf;
  let s = 0;
  for (let i = 0; i < sample.x.length; i++) s -= sample.w[i]! * logpdf(sample.x[i]!, p);
  return Number.isNaN(s) ? Infinity : s;
}

/**
 * Gumbel negative log-likelihood inlined, n log σ + Σ w (z + e^{−z}) with z = (x − μ)/σ: log σ taken once
 * instead of per value (the Gumbel of every field's annual maxima and minima is profiled over thousands of
 * σ; issue 34). The same sum as the law's logpdf.
 */
function gumbelNll(sample: WeightedSample, p: Parameters): number {
  const sigma = p.scale;
  if (!(sigma > 0)) return Infinity;
  let sum = 0;
  for (let i = 0; i < sample.x.length; i++) {
    const z = (sample.x[i]! - p.location) / sigma;
    sum += sample.w[i]! * (z + Math.exp(-z));
  }
  const s = sample.n * Math.log(sigma) + sum;
  return Number.isNaN(s) ? Infinity : s;
}

/** Exponential negative log-likelihood inlined, n log σ + Σ w z (z ≥ 0: a value below the threshold is ∞). */
function exponentialNll(sample: WeightedSample, p: Parameters): number {
  const sigma = p.scale;
  if (!(sigma > 0)) return Infinity;
  let sum = 0;
  for (let i = 0; i < sample.x.length; i++) {
    const z = (sample.x[i]! - p.location) / sigma;
    if (z < 0) return Infinity;
    sum += sample.w[i]! * z;
  }
  const s = sample.n * Math.log(sigma) + sum;
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
    const xiZ = (xi * (sample.x[i]! - p.location)) / sigma;
    if (!(xiZ > -1)) return Infinity;
    // log1p: ln(1 + ξz) to full precision at small ξz, where 1 + 1/ξ and 1/ξ multiply its rounding by 1/ξ
    const logT = Math.log1p(xiZ);
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
    // log1p: ln(1 + ξz) to full precision at small ξz, where (1 + 1/ξ) multiplies its rounding by 1/ξ
    sum += sample.w[i]! * Math.log1p(xi * z);
  }
  const s = sample.n * Math.log(sigma) + (1 + 1 / xi) * sum;
  return Number.isNaN(s) ? Infinity : s;
}

/**
 * Weibull negative log-likelihood inlined (the profile likelihood of every month's peaks evaluates it about
 * 10^5 times a point): −n log(k/λ) − (k − 1) Σ log y + Σ y^k with y = (x − μ)/λ, y^k as e^{k log y} from the
 * log already taken. Null when a value is not above the location (the law's logpdf says what that gives).
 */
function weibullNll(sample: WeightedSample, p: Parameters): number | null {
  const k = p.shape ?? 0;
  const lambda = p.scale;
  let sumLog = 0;
  let sumPower = 0;
  for (let i = 0; i < sample.x.length; i++) {
    const y = (sample.x[i]! - p.location) / lambda;
    if (!(y > 0)) return null;
    const logY = Math.log(y);
    sumLog += sample.w[i]! * logY;
    sumPower += sample.w[i]! * Math.exp(k * logY);
  }
  const s = -sample.n * Math.log(k / lambda) - (k - 1) * sumLog + sumPower;
  return Number.isNaN(s) ? Infinity : s;
}

/**
 * The Weibull negative log-likelihood at a held location as a function of (k, λ), the same sum as weibullNll
 * with log y = log(x − μ) − log λ and the logs of x − μ taken once (the profile likelihood of every month's
 * peaks evaluates it thousands of times at the threshold). Null when a value is not above the location.
 */
export function weibullAtLocation(
  sample: WeightedSample,
  location: number,
): ((k: number, lambda: number) => number) | null {
  const logs = new Float64Array(sample.x.length);
  let sumLog = 0;
  for (let i = 0; i < logs.length; i++) {
    const d = sample.x[i]! - location;
    if (!(d > 0)) return null;
    logs[i] = Math.log(d);
    sumLog += sample.w[i]! * logs[i]!;
  }
  return (k, lambda) => {
    const logLambda = Math.log(lambda);
    let sumPower = 0;
    for (let i = 0; i < logs.length; i++) sumPower += sample.w[i]! * Math.exp(k * (logs[i]! - logLambda));
    const s = -sample.n * Math.log(k / lambda) - (k - 1) * (sumLog - sample.n * logLambda) + sumPower;
    return Number.isNaN(s) ? Infinity : s;
  };
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
