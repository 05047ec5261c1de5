// Issue 34 (fast again): the GEV profile likelihood of a return value, maximised over (σ, ξ) with ξ ≥ −1.
// Reference: the literal definition, ℓ_p(z) = max over σ > 0, ξ ≥ −1 of ℓ(μ = z − σQ₁(q; ξ), σ, ξ)
// (Coles 2001 §3.3.3), maximised by brute force here: a grid of ξ at step 0.01 on [−1, 1.5] with, at each
// ξ, a grid of ln σ at step 0.02 over ±6 around the fit's, then golden section in ξ around the best grid
// point (each value maximised over ln σ by golden section around the grid's best) to 1e-12; at the edge
// ξ = −1 the supremum lies on the boundary of the support and is approached (the lowest value evaluated).
import { describe as suite, expect, test } from 'vitest';
import {
  annualMaximaSample,
  fitExtremes,
  negativeLogLikelihood,
  profileIntervals,
  returnProbability,
} from '../src';
import type { ExtremeFit } from '../src';
import { profileOf } from '../src/extremes/profile';
import { gevMaxima, golden } from './profile-samples';

/** The profile negative log-likelihood at z by brute force over ξ ∈ [−1, 1.5] and ln σ. */
function bruteProfile(fit: ExtremeFit, q: number, z: number): number {
  const a = -Math.log(-Math.log(q));
  const centre = Math.log(fit.parameters.scale);
  const nll = (xi: number, logScale: number): number => {
    // Q₁ = ((−ln q)^{−ξ} − 1)/ξ = expm1(aξ)/ξ: no cancellation at small ξ
    const unit = xi === 0 ? a : Math.expm1(a * xi) / xi;
    const scale = Math.exp(logScale);
    const v = negativeLogLikelihood('gev', fit.weighted, { location: z - scale * unit, scale, shape: xi });
    return Number.isFinite(v) ? v : Infinity;
  };
  const overScale = (xi: number): number => {
    let best = centre - 6;
    for (let s = centre - 6; s <= centre + 6; s += 0.02) if (nll(xi, s) < nll(xi, best)) best = s;
    return Math.min(
      nll(xi, best),
      golden((s) => nll(xi, s), best - 0.02, best + 0.02),
    );
  };
  let best = -1;
  let bestValue = overScale(-1);
  for (let xi = -0.99; xi <= 1.5; xi += 0.01) {
    const value = overScale(xi);
    if (value < bestValue) [best, bestValue] = [xi, value];
  }
  return Math.min(bestValue, golden(overScale, Math.max(-1, best - 0.01), best + 0.01));
}

suite('GEV profile likelihood against the literal definition', () => {
  for (const [xi, n, seed] of [
    [-0.2, 40, 1],
    [0.15, 30, 2],
  ] as const) {
    test(`ξ = ${xi}, ${n} maxima: ℓ_p(z) at and around the interval's ends equals the brute-force maximum`, () => {
      const fit = fitExtremes(annualMaximaSample(gevMaxima(xi, n, seed)), 'gev');
      const q = returnProbability(fit.method, fit.poissonLambda, 100);
      const [row] = profileIntervals(fit, [100], 0.95);
      const profile = profileOf(fit, q);
      expect(row!.lower).toBeLessThan(row!.value);
      expect(row!.upper).toBeGreaterThan(row!.value);
      for (const z of [row!.lower, (row!.lower + row!.value) / 2, row!.value, row!.upper]) {
        const expected = bruteProfile(fit, q, z);
        // the brute force is a minimum over a finer set than any optimiser's stopping rule: it may only be
        // lower by rounding
        expect(Math.abs(profile(z) - expected)).toBeLessThan(1e-9 * Math.abs(expected));
      }
    });
  }

  test('a fit at the edge ξ = −1 (no MLE below it): the profile never falls below the fit, the interval holds the estimate', () => {
    // 40 annual minima of a calm sea (negated: maxima) with 3 distinct values, as hindcast files rounded to
    // 0.01 m give them: the GEV likelihood is maximised at the edge ξ = −1 (fit/gev.ts). Before the fix the
    // profile searched ξ < −1, where the likelihood is unbounded, and the 2-year interval was [−41.4, −0.010]
    // around −0.015
    const values = [
      ...Array.from({ length: 26 }, () => -0.01),
      ...Array.from({ length: 13 }, () => -0.02),
      -0.03,
    ];
    const fit = fitExtremes(annualMaximaSample(values), 'gev');
    expect(fit.parameters.shape).toBeCloseTo(-1, 9);
    const q = returnProbability(fit.method, fit.poissonLambda, 2);
    const profile = profileOf(fit, q);
    const [row] = profileIntervals(fit, [2], 0.95);
    for (const z of [-0.03, -0.025, -0.02, -0.017, -0.015, -0.013, -0.0115, -0.0105]) {
      expect(profile(z) - fit.nll).toBeGreaterThan(-1e-9);
      expect(Math.abs(profile(z) - bruteProfile(fit, q, z))).toBeLessThan(1e-9 * Math.abs(profile(z)));
    }
    // the interval lies within the sample's range and holds the estimate
    expect(row!.lower).toBeLessThanOrEqual(row!.value);
    expect(row!.lower).toBeGreaterThan(-0.03);
    expect(Number.isNaN(row!.upper) || row!.upper >= row!.value).toBe(true);
  });
});
