// Issue 34 (fast again): the GEV profile on the edge ξ = −1 in closed form. There the GEV density is
// exp(−(1 − (x − μ)/σ))/σ on x ≤ μ + σ (Coles 2001 (3.2) at ξ = −1), so with μ = z − σQ₁(q; −1) the profile
// over σ is n ln σ + nb − Σ w (x − z)/σ (b = −ln q) on σ ≥ (max x − z)/b, minimised at σ = max(−D/n, σ₀).
// References: the literal definition ℓ_p(z) = min over (σ, ξ ≥ −1) of the GEV negative log-likelihood
// (negativeLogLikelihood, not the closed form), by a grid over (ξ, ln σ) refined by a multi-start simplex and
// a golden-section search along ξ = −1 to 1e-12; the ends against that reference's deviance on both sides of
// the end, within the root search's tolerance 1e-7·(1 + |z|); the slope against the reference's central
// difference.
import { describe as suite, expect, test } from 'vitest';
import {
  annualMaximaSample,
  fitExtremes,
  nelderMead,
  negativeLogLikelihood,
  profileIntervals,
  returnProbability,
} from '../src';
import type { ExtremeFit } from '../src';
import { chiSquare1Quantile, profileWithSlope } from '../src/extremes/profile';
import { golden } from './profile-samples';

/**
 * The bench's synthetic 40-year point, MIEXT of hs@0: 40 annual minima of 0.01, 0.02 and 0.03 m (16, 22 and
 * 2 of them, as float32 values), negated to maxima. Its GEV fit lies on the edge ξ = −1.
 */
function syntheticMinima(): ExtremeFit {
  const values = [
    ...Array.from({ length: 16 }, () => -Math.fround(0.01)),
    ...Array.from({ length: 22 }, () => -Math.fround(0.02)),
    ...Array.from({ length: 2 }, () => -Math.fround(0.03)),
  ];
  return fitExtremes(annualMaximaSample(values), 'gev');
}

/** The literal definition's profile ℓ_p(z) over (ln σ, ξ ≥ −1), by brute force (see the file's head). */
function literalProfile(fit: ExtremeFit, q: number, z: number): number {
  const a = -Math.log(-Math.log(q));
  const nll = (logSigma: number, xi: number): number => {
    if (xi < -1) return Infinity;
    const unit = xi === 0 ? a : Math.expm1(a * xi) / xi;
    const scale = Math.exp(logSigma);
    const v = negativeLogLikelihood('gev', fit.weighted, { location: z - scale * unit, scale, shape: xi });
    return Number.isFinite(v) ? v : Infinity;
  };
  const c = Math.log(fit.parameters.scale);
  // a grid over ξ ∈ [−1, 0.5] and ln σ within ±4 of the fit's
  let lowest = Infinity;
  let best = [c, 0];
  for (let xi = -1; xi <= 0.5; xi += 0.01)
    for (let s = c - 4; s <= c + 4; s += 0.02) {
      const v = nll(s, xi);
      if (v < lowest) {
        lowest = v;
        best = [s, xi];
      }
    }
  // the simplex from the grid's best, the fit's, ξ = 0 and next to the edge, each restarted from its optimum
  for (const start of [best, [c, fit.parameters.shape!], [c, 0], [c + 0.3, -0.95]]) {
    const f = (x: number[]): number => nll(x[0]!, x[1]!);
    const first = nelderMead(f, start, [0.1, 0.05], { tolerance: 1e-14, xTolerance: 1e-12 });
    const again = nelderMead(f, first.x, [0.01, 0.005], { tolerance: 1e-14, xTolerance: 1e-12 });
    lowest = Math.min(lowest, first.value, again.value);
  }
  // along the edge ξ = −1: golden section over ln σ around the grid's range
  lowest = Math.min(
    lowest,
    golden((s) => nll(s, -1), c - 4, c + 4, true),
  );
  return lowest;
}

suite('the GEV profile on the edge ξ = −1 (closed form) against the literal definition', () => {
  const fit = syntheticMinima();

  test('the synthetic point’s MIEXT hs@0 minima: the fit lies on the edge', () => {
    expect(fit.parameters.shape).toBeCloseTo(-1, 9);
  });

  test('ℓ_p(z) on the edge, on the corner (the largest value at the end point) and inside the support', () => {
    for (const T of [2, 10, 100]) {
      const q = returnProbability(fit.method, fit.poissonLambda, T);
      const [row] = profileIntervals(fit, [T], 0.9);
      const profile = profileWithSlope(fit, q).value;
      // values where the intervals' root searches evaluate it: around both ends and between them
      const width = row!.upper - row!.lower;
      for (const z of [
        row!.lower - 0.2 * width,
        row!.lower,
        (row!.lower + row!.value) / 2,
        row!.value + 0.01 * width,
        row!.upper,
        row!.upper + 0.2 * width,
      ]) {
        const reference = literalProfile(fit, q, z);
        // the closed form is the infimum the reference approaches from inside the support: never above
        // it beyond rounding, and below it by no more than the reference's own accuracy
        expect(profile(z)).toBeLessThanOrEqual(reference + 1e-11 * Math.abs(reference));
        expect(reference - profile(z)).toBeLessThan(1e-8 * Math.abs(reference));
      }
    }
  });

  test('the slope in z on the edge against the central difference of the literal profile', () => {
    for (const T of [2, 10, 100]) {
      const q = returnProbability(fit.method, fit.poissonLambda, T);
      const [row] = profileIntervals(fit, [T], 0.9);
      const width = row!.upper - row!.lower;
      for (const z of [row!.lower, row!.upper, row!.upper + 0.2 * width]) {
        const profile = profileWithSlope(fit, q);
        profile.value(z);
        const slope = profile.slope(z);
        const h = 1e-4 * width;
        const difference = (literalProfile(fit, q, z + h) - literalProfile(fit, q, z - h)) / (2 * h);
        expect(Number.isFinite(slope)).toBe(true);
        // O(h²) of the difference plus the reference's 1e-8 relative in ℓ divided by h
        expect(Math.abs(slope - difference)).toBeLessThan(1e-3 * Math.abs(difference));
      }
    }
  });

  test('every end of T = 2, 5, 10, 50, 100 (90 %) is where the literal profile’s deviance crosses χ²', () => {
    const critical = chiSquare1Quantile(0.9);
    const rows = profileIntervals(fit, [2, 5, 10, 50, 100], 0.9);
    for (const row of rows) {
      const q = returnProbability(fit.method, fit.poissonLambda, row.returnPeriod);
      const deviance = (z: number): number => 2 * (literalProfile(fit, q, z) - fit.nll) - critical;
      for (const [end, outward] of [
        [row.lower, -1],
        [row.upper, 1],
      ] as const) {
        expect(Number.isFinite(end)).toBe(true);
        const tolerance = 1e-7 * (1 + Math.abs(end));
        expect(deviance(end - outward * tolerance)).toBeLessThan(0);
        expect(deviance(end + outward * tolerance)).toBeGreaterThan(0);
      }
    }
  });
});

suite('an interior fit whose profile reaches the edge ξ = −1 beyond the estimate', () => {
  test('ERA5 (South China Sea) annual maxima of the peak period, GEV ξ̂ = −0.32: the 2-year upper end', () => {
    // the 11 annual maxima of pp1d in ERA5_lon109.94_lat15.51 2000–2010 (EXT's peaks, typed in). Above
    // z ≈ 15.75 the profile's optimum lies on the edge, where Newton's method stalls: the simplex that took
    // over stalled too, and the 2-year upper end was 15.7496, where the literal deviance is −0.075 (inside)
    const values = [11.24, 12.38, 12.91, 13.66, 14.23, 14.64, 14.93, 15.17, 15.49, 17.34, 17.61];
    const fit = fitExtremes(annualMaximaSample(values), 'gev');
    expect(fit.parameters.shape).toBeCloseTo(-0.3248, 4);
    const q = returnProbability(fit.method, fit.poissonLambda, 2);
    const [row] = profileIntervals(fit, [2], 0.9);
    const critical = chiSquare1Quantile(0.9);
    const deviance = (z: number): number => 2 * (literalProfile(fit, q, z) - fit.nll) - critical;
    const tolerance = 1e-7 * (1 + Math.abs(row!.upper));
    expect(deviance(row!.upper - tolerance)).toBeLessThan(0);
    expect(deviance(row!.upper + tolerance)).toBeGreaterThan(0);
  });
});
