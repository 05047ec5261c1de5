// The maximum-likelihood estimates of the normal and log-normal laws (closed forms) and of the gamma law
// (one equation in the shape, by Newton's method).
import type { Parameters } from '../laws';
import { digamma, trigamma } from '../special';
import { weightedMean } from './sample';
import type { WeightedSample } from './sample';

/** Normal MLE: the mean and the population standard deviation (n denominator). */
export function fitNormal(s: WeightedSample): Parameters {
  const mean = weightedMean(s, (x) => x);
  return { location: mean, scale: Math.sqrt(weightedMean(s, (x) => (x - mean) * (x - mean))), shape: null };
}

/** Log-normal MLE with location 0: the mean and population standard deviation of ln x (scale = e^mean). */
export function fitLognormal(s: WeightedSample): Parameters {
  const mu = weightedMean(s, Math.log);
  const sigma = Math.sqrt(weightedMean(s, (x) => (Math.log(x) - mu) ** 2));
  return { location: 0, scale: Math.exp(mu), shape: sigma };
}

/** Gamma MLE: Newton on ln k - ψ(k) = ln(mean) - mean(ln x), Minka (2002) start. */
export function fitGamma(s: WeightedSample): Parameters {
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
