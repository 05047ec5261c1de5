// Issue 34 (fast again): the GPD profile likelihood maximised over ξ by Newton's method on exact
// derivatives. Reference: the literal definition, ℓ_p(z) = max over ξ ≥ −1 of ℓ(u, σ = (z − u)/Q₁(q; ξ), ξ)
// (Coles 2001 §4.3.3), maximised by brute force here: a grid of ξ at step 0.002 on [−1, 4], then golden
// section around the best grid point to 1e-12.
import { describe as suite, expect, test } from 'vitest';
import { fitExtremes, negativeLogLikelihood, profileIntervals, returnProbability } from '../src';
import type { ExtremeFit, ExtremeSample } from '../src';
import { profileOf } from '../src/extremes/profile';
import { peaksOver3 } from './profile-samples';

/** Peaks over u = 3 drawn from a GPD of scale 1.2 and shape ξ (seeded), rounded to 2 decimals. */
function peaks(xi: number, n: number, seed: number): ExtremeSample {
  return peaksOver3(n, seed, (v) => 1.2 * (xi === 0 ? -Math.log(v) : (Math.pow(v, -xi) - 1) / xi));
}

/** The profile negative log-likelihood at z by brute force over ξ ∈ [−1, 4]. */
function bruteProfile(fit: ExtremeFit, q: number, z: number): number {
  const u = fit.parameters.location;
  const at = (xi: number): number => {
    // Q₁ = ((1 − q)^{−ξ} − 1)/ξ = expm1(aξ)/ξ, a = −ln(1 − q): no cancellation at small ξ
    const a = -Math.log1p(-q);
    const unit = xi === 0 ? a : Math.expm1(a * xi) / xi;
    const v = negativeLogLikelihood('gpd', fit.weighted, { location: u, scale: (z - u) / unit, shape: xi });
    return Number.isFinite(v) ? v : Infinity;
  };
  let best = -1;
  for (let xi = -1; xi <= 4; xi += 0.002) if (at(xi) < at(best)) best = xi;
  let a = Math.max(-1, best - 0.002);
  let b = best + 0.002;
  const r = (Math.sqrt(5) - 1) / 2;
  while (b - a > 1e-12) {
    const c = b - r * (b - a);
    const d = a + r * (b - a);
    if (at(c) < at(d)) b = d;
    else a = c;
  }
  return Math.min(at((a + b) / 2), at(best));
}

suite('GPD profile likelihood (Newton in ξ) against the literal definition', () => {
  // ξ = 0.0004 keeps |ξ| below 1e-3 (the power-series branch of the derivatives) over part of the profile
  for (const [xi, n, seed] of [
    [-0.3, 80, 1],
    [0.0004, 120, 2],
    [0.2, 60, 3],
  ] as const) {
    test(`ξ = ${xi}, ${n} peaks: ℓ_p(z) at and around the interval's ends equals the brute-force maximum`, () => {
      const fit = fitExtremes(peaks(xi, n, seed), 'gpd');
      const q = returnProbability(fit.method, fit.poissonLambda, 100);
      const [row] = profileIntervals(fit, [100], 0.95);
      const profile = profileOf(fit, q);
      expect(row!.lower).toBeLessThan(row!.value);
      expect(row!.upper).toBeGreaterThan(row!.value);
      for (const z of [row!.lower, (row!.lower + row!.value) / 2, row!.value, row!.upper, 1.2 * row!.upper]) {
        const expected = bruteProfile(fit, q, z);
        // the brute force is a minimum over a finer set than any optimiser's stopping rule: it may only be
        // lower by rounding
        expect(Math.abs(profile(z) - expected)).toBeLessThan(1e-9 * Math.abs(expected));
      }
    });
  }

  test('a fit at the edge ξ = −1 (no MLE below it): the profile never falls below the fit, the interval holds the estimate', () => {
    // seeded ξ = −0.3 sample of 15 peaks whose likelihood is maximised at the edge ξ = −1 (fit/gpd.ts)
    const fit = fitExtremes(peaks(-0.3, 15, 3), 'gpd');
    expect(fit.parameters.shape).toBe(-1);
    const q = returnProbability(fit.method, fit.poissonLambda, 10);
    const profile = profileOf(fit, q);
    const [row] = profileIntervals(fit, [10], 0.9);
    for (let k = 1; k <= 40; k++) {
      const z = 3 + 0.1 * k;
      expect(profile(z) - fit.nll).toBeGreaterThan(-1e-9);
      expect(Math.abs(profile(z) - bruteProfile(fit, q, z))).toBeLessThan(1e-9 * Math.abs(profile(z)));
    }
    expect(row!.lower).toBeLessThanOrEqual(row!.value);
    expect(Number.isNaN(row!.upper) || row!.upper >= row!.value).toBe(true);
  });
});
