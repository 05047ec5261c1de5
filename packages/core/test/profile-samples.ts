// Samples and a brute-force minimiser shared by the profile-likelihood tests (extremes-profile-*.test.ts):
// seeded draws rounded to 2 decimals as hindcast files store them, and golden-section search, the
// references' one-dimensional minimiser.
import { seededRandom } from '../src';
import type { ExtremeSample } from '../src';

/** n annual maxima of a GEV of location 10, scale 1.5 and shape ξ (ξ = 0: Gumbel), rounded to 2 decimals. */
export function gevMaxima(xi: number, n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const e = -Math.log(random());
    const y = xi === 0 ? -Math.log(e) : (Math.pow(e, -xi) - 1) / xi;
    return Math.round((10 + 1.5 * y) * 100) / 100;
  });
}

/** Peaks over the threshold 3 of a 20-year record: 3 + excess(u) for n seeded uniforms u, to 2 decimals. */
export function peaksOver3(n: number, seed: number, excess: (u: number) => number): ExtremeSample {
  const random = seededRandom(seed);
  const values = Array.from({ length: n }, () => Math.round((3 + excess(random())) * 100) / 100);
  return {
    method: 'pot',
    values,
    times: values.map(() => NaN),
    threshold: 3,
    separationHours: 48,
    years: 20,
    poissonLambda: n / 20,
    warnings: [],
  };
}

/**
 * Golden-section search for the minimum of f on [a, b], to a bracket of 1e-12 (relative to 1 + |a| with
 * `relative`): the lowest value it evaluated (at the GEV's edge ξ = −1 the infimum lies on the support's
 * boundary, where f itself is not finite: approached, not reached).
 */
export function golden(f: (x: number) => number, a: number, b: number, relative = false): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let lowest = Infinity;
  const at = (x: number): number => {
    const v = f(x);
    lowest = Math.min(lowest, v);
    return v;
  };
  while (b - a > 1e-12 * (relative ? 1 + Math.abs(a) : 1)) {
    const c = b - r * (b - a);
    const d = a + r * (b - a);
    if (at(c) < at(d)) b = d;
    else a = c;
  }
  at((a + b) / 2);
  return lowest;
}
