// Issue 34 (fast again): the profile-likelihood interval's ends found from the profile's values and its slope
// in z (newtonRoot), the slope taken by the envelope theorem at the optimum of the other parameters.
// References: (1) the slope against the central difference of the literal definition's profile,
// ℓ_p(z) = max over the other parameters of ℓ (Coles 2001 §2.6.6, §3.3.3, §4.3.3), maximised by brute force
// (a grid, then golden section to 1e-12; the exponential has no other parameter); (2) each end against the
// literal definition of the end, 2(ℓ_p(z) − ℓ̂) = χ²₁(0.95), solved by bisection to 1e-12·(1 + |z|) on a
// fresh profile: the end must lie within the root search's tolerance 1e-7·(1 + |z|) of it.
import { describe as suite, expect, test } from 'vitest';
import {
  annualMaximaSample,
  fitExtremes,
  LAWS,
  nelderMead,
  negativeLogLikelihood,
  profileIntervals,
  returnProbability,
  statisticOf,
} from '../src';
import type { ExtremeFit } from '../src';
import { chiSquare1Quantile, profileOf, profileWithSlope } from '../src/extremes/profile';
import { ndbc } from './data';
import { gevMaxima, golden, peaksOver3 } from './profile-samples';

/** GPD excesses of scale 1.2 and shape ξ. */
const gpdExcess =
  (xi: number) =>
  (v: number): number =>
    (1.2 * (Math.pow(v, -xi) - 1)) / xi;
/** Weibull excesses of shape 1.4 and scale 1.1, above 0.001 (the Weibull at the threshold needs y > 0). */
const weibullExcess = (v: number): number => 0.001 + 1.1 * Math.pow(-Math.log(v), 1 / 1.4);

/** Minimum of f over a grid of `step` on [from, to], then golden section around the grid's best. */
function gridGolden(f: (x: number) => number, from: number, to: number, step: number): number {
  let best = from;
  let bestValue = f(from);
  for (let x = from + step; x <= to; x += step) {
    const v = f(x);
    if (v < bestValue) [best, bestValue] = [x, v];
  }
  return Math.min(bestValue, golden(f, Math.max(from, best - step), Math.min(to, best + step)));
}

/** The literal profile negative log-likelihood of the return value z of probability q, by brute force. */
function bruteProfile(fit: ExtremeFit, q: number, z: number): number {
  const { law, weighted, parameters } = fit;
  const nll = (p: { location: number; scale: number; shape: number | null }): number => {
    const v = negativeLogLikelihood(law, weighted, p);
    return Number.isFinite(v) ? v : Infinity;
  };
  const unit = (shape: number | null): number => LAWS[law].ppf(q, { location: 0, scale: 1, shape });
  const u = parameters.location;
  switch (law) {
    case 'exponential':
      return nll({ location: u, scale: (z - u) / unit(0), shape: 0 });
    case 'gpd':
      return gridGolden((xi) => nll({ location: u, scale: (z - u) / unit(xi), shape: xi }), -1, 3, 0.002);
    case 'weibull2': {
      const c = Math.log(parameters.shape!);
      return gridGolden(
        (logK) => nll({ location: u, scale: (z - u) / unit(Math.exp(logK)), shape: Math.exp(logK) }),
        c - 3,
        c + 3,
        0.001,
      );
    }
    case 'gumbel': {
      const c = Math.log(parameters.scale);
      return gridGolden(
        (s) => nll({ location: z - Math.exp(s) * unit(0), scale: Math.exp(s), shape: 0 }),
        c - 3,
        c + 3,
        0.001,
      );
    }
    case 'gev': {
      const c = Math.log(parameters.scale);
      const overScale = (xi: number): number =>
        gridGolden(
          (s) => nll({ location: z - Math.exp(s) * unit(xi), scale: Math.exp(s), shape: xi }),
          c - 2,
          c + 2,
          0.01,
        );
      return gridGolden(overScale, -0.99, 1, 0.01);
    }
    case 'weibull3':
    case 'normal':
    case 'lognormal':
    case 'gamma':
      throw new Error(`no brute force for ${law}`);
  }
}

const fits: [string, () => ExtremeFit][] = [
  ['GPD, ξ = 0.1, 80 peaks', () => fitExtremes(peaksOver3(80, 5, gpdExcess(0.1)), 'gpd')],
  ['GPD, ξ = −0.25, 60 peaks', () => fitExtremes(peaksOver3(60, 6, gpdExcess(-0.25)), 'gpd')],
  ['exponential, 80 peaks', () => fitExtremes(peaksOver3(80, 5, gpdExcess(0.1)), 'exponential')],
  ['Weibull at the threshold, 60 peaks', () => fitExtremes(peaksOver3(60, 7, weibullExcess), 'weibull2')],
  ['Gumbel, 40 maxima', () => fitExtremes(annualMaximaSample(gevMaxima(0, 40, 8)), 'gumbel')],
  ['GEV, ξ = 0.1, 30 maxima', () => fitExtremes(annualMaximaSample(gevMaxima(0.1, 30, 9)), 'gev')],
];

suite(
  'the profile’s slope in z (envelope theorem) against the brute-force profile’s central difference',
  () => {
    for (const [name, make] of fits) {
      test(name, () => {
        const fit = make();
        const q = returnProbability(fit.method, fit.poissonLambda, 50);
        const [row] = profileIntervals(fit, [50], 0.95);
        // inside the interval, near its upper end (GEV: one point, its brute force is a 2-D search)
        const points = fit.law === 'gev' ? [row!.upper] : [(row!.value + row!.lower) / 2, row!.upper];
        for (const z of points) {
          const profile = profileWithSlope(fit, q);
          profile.value(z);
          const slope = profile.slope(z);
          const h = 1e-4 * (1 + Math.abs(z));
          const expected = (bruteProfile(fit, q, z + h) - bruteProfile(fit, q, z - h)) / (2 * h);
          // central difference: truncation ~h²·ℓ_p''' and the brute force's rounding / h, both below 1e-6
          expect(Math.abs(slope - expected)).toBeLessThan(1e-5 * (1 + Math.abs(expected)));
        }
      });
    }

    test('a z the profile has not solved has no slope (no solve is started for it)', () => {
      const fit = fits[0]![1]();
      const profile = profileWithSlope(fit, 0.99);
      expect(Number.isNaN(profile.slope(fit.parameters.location + 5))).toBe(true);
    });
  },
);

/** The end of {z : 2(ℓ_p(z) − ℓ̂) ≤ χ²} between `inside` and `outside`, by bisection to 1e-12·(1 + |z|). */
function bisectedEnd(fit: ExtremeFit, q: number, inside: number, outside: number): number {
  const profile = profileOf(fit, q);
  const critical = chiSquare1Quantile(0.95);
  const deviance = (z: number): number => 2 * (profile(z) - fit.nll) - critical;
  expect(deviance(outside)).toBeGreaterThan(0);
  let a = inside;
  let b = outside;
  while (Math.abs(b - a) > 1e-12 * (1 + Math.abs(a))) {
    const m = (a + b) / 2;
    if (deviance(m) > 0) b = m;
    else a = m;
  }
  return (a + b) / 2;
}

suite('interval ends (values and slopes) against the bisected literal definition', () => {
  const edge: [string, () => ExtremeFit] = [
    // 15 peaks whose GPD likelihood is maximised at the edge ξ = −1: no slope at the edge's profile values
    'GPD at the edge ξ = −1, 15 peaks',
    () => fitExtremes(peaksOver3(15, 3, gpdExcess(-0.3)), 'gpd'),
  ];
  for (const [name, make] of [...fits, edge]) {
    test(name, () => {
      const fit = make();
      const rows = profileIntervals(fit, [2, 10, 100], 0.95);
      for (const row of rows) {
        const q = returnProbability(fit.method, fit.poissonLambda, row.returnPeriod);
        for (const end of [row.lower, row.upper]) {
          if (Number.isNaN(end)) continue;
          // a bracket around the end found: the estimate inside, twice as far out outside
          const reference = bisectedEnd(fit, q, row.value, row.value + 2 * (end - row.value));
          expect(Math.abs(end - reference)).toBeLessThanOrEqual(1e-7 * (1 + Math.abs(reference)));
        }
      }
    });
  }
});

suite('a profile with two branches near the edge ξ = −1', () => {
  test('NDBC 44007 annual minima of the zero-crossing period (GEV, ξ̂ = −0.63): the 5-year end is the global profile’s', () => {
    // the statistic's own annual minima (negated: maxima), fitted again here
    const result = statisticOf('MIEXT').compute(ndbc(), { field: 'zero-up-crossing period' }) as {
      peaks: { value: number }[];
    };
    const fit = fitExtremes(annualMaximaSample(result.peaks.map((p) => -p.value)), 'gev');
    expect(fit.parameters.shape).toBeCloseTo(-0.632, 3);
    const q = returnProbability(fit.method, fit.poissonLambda, 5);
    const [row] = profileIntervals(fit, [5], 0.9);
    const end = row!.upper;
    // reference: the literal definition's profile, the lowest of the simplex from three starts (the fit's,
    // ξ = 0 and next to the edge), each restarted from its optimum. Near z = −2.31505 it has two branches:
    // an interior one (ξ ≈ −0.98) whose deviance crosses χ² at −2.315046, and a lower one on the edge
    // ξ = −1 that starts there; the end is where the lower one crosses, near −2.31481
    const a = -Math.log(-Math.log(q));
    const deviance = (z: number): number => {
      const nll = (x: number[]): number => {
        const xi = x[1]!;
        if (xi < -1) return Infinity;
        const unit = xi === 0 ? a : Math.expm1(a * xi) / xi;
        const scale = Math.exp(x[0]!);
        const v = negativeLogLikelihood('gev', fit.weighted, {
          location: z - scale * unit,
          scale,
          shape: xi,
        });
        return Number.isFinite(v) ? v : Infinity;
      };
      const c = Math.log(fit.parameters.scale);
      let lowest = Infinity;
      for (const start of [
        [c, fit.parameters.shape!],
        [c, 0],
        [c + 0.3, -0.95],
      ]) {
        const first = nelderMead(nll, start, [0.1, 0.05], { tolerance: 1e-14, xTolerance: 1e-11 });
        const again = nelderMead(nll, first.x, [0.01, 0.005], { tolerance: 1e-14, xTolerance: 1e-11 });
        lowest = Math.min(lowest, first.value, again.value);
      }
      return 2 * (lowest - fit.nll) - chiSquare1Quantile(0.9);
    };
    // the interior branch's crossing is not an end: the edge branch lies below χ² there
    expect(deviance(-2.315046)).toBeLessThan(-0.01);
    const tolerance = 1e-7 * (1 + Math.abs(end));
    expect(deviance(end - tolerance)).toBeLessThan(0);
    expect(deviance(end + tolerance)).toBeGreaterThan(0);
  });
});
