// Issue 34 (fast again): the Weibull-at-the-threshold and Gumbel profile likelihoods of a return value,
// maximised by Newton's method on their convex one-parameter forms. Reference: the literal definition,
//   Weibull 2p at u: ℓ_p(z) = max over k > 0 of ℓ(u, λ = (z − u)/Q₁(q; k), k),
//   Gumbel:          ℓ_p(z) = max over σ > 0 of ℓ(μ = z − σQ₁(q), σ)
// (Coles 2001 §2.6.6), maximised by brute force here: a grid of ln k (ln σ) at step 0.001 over ±5 around
// the fit's, then golden section around the best grid point to 1e-12.
import { describe as suite, expect, test } from 'vitest';
import {
  annualMaximaSample,
  fitExtremes,
  LAWS,
  negativeLogLikelihood,
  profileIntervals,
  returnProbability,
  seededRandom,
} from '../src';
import type { ExtremeFit, ExtremeSample } from '../src';
import { profileOf } from '../src/extremes/profile';
import { peaksOver3 } from './profile-samples';

/** n values of a Weibull (shape 1.4, scale 1.1) above 3.001, rounded to 2 decimals, as peaks over u = 3. */
function peaks(n: number, seed: number): ExtremeSample {
  return peaksOver3(n, seed, (u) => 0.001 + 1.1 * Math.pow(-Math.log(u), 1 / 1.4));
}

/** n Gumbel maxima (location 10, scale 1.5), rounded to 2 decimals. */
function maxima(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => Math.round((10 - 1.5 * Math.log(-Math.log(random()))) * 100) / 100);
}

/** Minimum over the log of the free parameter by a grid of step 0.001 on ±5 around `centre`, then golden. */
function bruteMinimum(f: (logParameter: number) => number, centre: number): number {
  let best = centre - 5;
  for (let x = centre - 5; x <= centre + 5; x += 0.001) if (f(x) < f(best)) best = x;
  let a = best - 0.001;
  let b = best + 0.001;
  const r = (Math.sqrt(5) - 1) / 2;
  while (b - a > 1e-12) {
    const c = b - r * (b - a);
    const d = a + r * (b - a);
    if (f(c) < f(d)) b = d;
    else a = c;
  }
  return Math.min(f((a + b) / 2), f(best));
}

function bruteProfile(fit: ExtremeFit, q: number, z: number): number {
  const { law, weighted, parameters } = fit;
  if (law === 'weibull2') {
    const u = parameters.location;
    return bruteMinimum((logK) => {
      const k = Math.exp(logK);
      const unit = LAWS.weibull2.ppf(q, { location: 0, scale: 1, shape: k });
      return negativeLogLikelihood(law, weighted, { location: u, scale: (z - u) / unit, shape: k });
    }, Math.log(parameters.shape!));
  }
  const unit = LAWS.gumbel.ppf(q, { location: 0, scale: 1, shape: 0 });
  return bruteMinimum((logScale) => {
    const scale = Math.exp(logScale);
    const v = negativeLogLikelihood(law, weighted, { location: z - scale * unit, scale, shape: 0 });
    return Number.isFinite(v) ? v : Infinity;
  }, Math.log(parameters.scale));
}

suite('convex one-parameter profiles (Newton) against the literal definition', () => {
  const cases: [string, () => ExtremeFit][] = [
    ['Weibull 2p at the threshold, 60 peaks', () => fitExtremes(peaks(60, 4), 'weibull2')],
    ['Weibull 2p at the threshold, 15 peaks', () => fitExtremes(peaks(15, 5), 'weibull2')],
    ['Gumbel, 40 maxima', () => fitExtremes(annualMaximaSample(maxima(40, 6)), 'gumbel')],
    ['Gumbel, 12 maxima', () => fitExtremes(annualMaximaSample(maxima(12, 7)), 'gumbel')],
  ];
  for (const [name, fitOf] of cases) {
    test(`${name}: ℓ_p(z) at and around the interval's ends equals the brute-force maximum`, () => {
      const fit = fitOf();
      for (const T of [2, 100]) {
        const q = returnProbability(fit.method, fit.poissonLambda, T);
        const [row] = profileIntervals(fit, [T], 0.95);
        const profile = profileOf(fit, q);
        expect(row!.lower).toBeLessThan(row!.value);
        expect(row!.upper).toBeGreaterThan(row!.value);
        for (const z of [
          row!.lower,
          (row!.lower + row!.value) / 2,
          row!.value,
          row!.upper,
          1.3 * row!.upper,
        ]) {
          const expected = bruteProfile(fit, q, z);
          // the brute force is a minimum over a finer set than any optimiser's stopping rule: it may only
          // be lower by rounding
          expect(Math.abs(profile(z) - expected)).toBeLessThan(1e-9 * Math.abs(expected));
        }
        // the interval's ends are where the deviance crosses the χ²₁ quantile (3.841 at 95 %)
        for (const end of [row!.lower, row!.upper])
          expect(Math.abs(2 * (profile(end) - fit.nll) - 3.841458820694124)).toBeLessThan(1e-5);
      }
    });
  }
});
