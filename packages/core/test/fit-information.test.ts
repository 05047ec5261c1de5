import { describe as suite, expect, test } from 'vitest';
import {
  annualMaximaSample,
  deltaMethodIntervals,
  fitExtremes,
  fitParameters,
  LAWS,
  negativeLogLikelihood,
  normalPpf,
  observedInformation,
  parameterCovariance,
  returnProbability,
  returnValue,
  seededRandom,
  weightedSample,
} from '../src';
import type { ExtremeSample, LawId, Parameters, WeightedSample } from '../src';
import { locationScaleDerivatives } from '../src/fit/information';

// Reference: brute force. The exact observed information (observedInformation) must equal the Hessian of
// the negative log-likelihood by Richardson-extrapolated central differences, (4D(h/2) − D(h))/3 with
// truncation error O(h⁴): at h = 1e-3 of each parameter's size (less near the support's edge, below)
// that is ≈ 1e-12 relative and the rounding of the likelihood ε·NLL/h² ≈ 1e-8, so the two must agree to
// 1e-6 relative (of the entry, or of sqrt(H_ii·H_jj) for an off-diagonal entry near zero).

/** The free parameters in the order observedInformation uses (the fixed locations left out). */
function free(law: LawId, p: Parameters): number[] {
  switch (law) {
    case 'gev':
    case 'weibull3':
      return [p.location, p.scale, p.shape!];
    case 'gumbel':
    case 'normal':
      return [p.location, p.scale];
    case 'exponential':
      return [p.scale];
    case 'gpd':
    case 'weibull2':
    case 'lognormal':
    case 'gamma':
      return [p.scale, p.shape!];
  }
}

function parametersOf(law: LawId, v: number[], fixed: Parameters): Parameters {
  switch (law) {
    case 'gev':
    case 'weibull3':
      return { location: v[0]!, scale: v[1]!, shape: v[2]! };
    case 'gumbel':
      return { location: v[0]!, scale: v[1]!, shape: 0 };
    case 'normal':
      return { location: v[0]!, scale: v[1]!, shape: null };
    case 'exponential':
      return { location: fixed.location, scale: v[0]!, shape: 0 };
    case 'gpd':
    case 'weibull2':
    case 'lognormal':
    case 'gamma':
      return { location: fixed.location, scale: v[0]!, shape: v[1]! };
  }
}

/**
 * The GEV and GPD likelihoods with ln(1 + ξz)/ξ by log1p (the library's switches to the ξ = 0 limit only
 * below 1e-9 and loses ε/ξ above it): accurate through ξ = 0, where the differences below straddle it.
 */
function nll(law: LawId, s: WeightedSample, p: Parameters): number {
  if (law !== 'gev' && law !== 'gpd') return negativeLogLikelihood(law, s, p);
  const xi = p.shape!;
  let sum = 0;
  for (let i = 0; i < s.x.length; i++) {
    const z = (s.x[i]! - p.location) / p.scale;
    if (!(1 + xi * z > 0) || (law === 'gpd' && z < 0)) return Infinity;
    const a = xi === 0 ? z : Math.log1p(xi * z) / xi;
    sum += s.w[i]! * (Math.log(p.scale) + (1 + xi) * a + (law === 'gev' ? Math.exp(-a) : 0));
  }
  return sum;
}

/**
 * Smallest distance of a value to the support's edge, relative to the scale: 1 + ξz for the GEV and GPD,
 * (x − μ)/σ for the 3-parameter Weibull. A fit puts the edge close to the extreme value; the steps shrink
 * with it, or the differences would see the likelihood's curvature change within a step.
 */
function edgeDistance(law: LawId, s: WeightedSample, p: Parameters): number {
  let nearest = Infinity;
  for (const x of s.x) {
    const z = (x - p.location) / p.scale;
    if (law === 'gev' || law === 'gpd') nearest = Math.min(nearest, 1 + p.shape! * z);
    if (law === 'weibull3') nearest = Math.min(nearest, z);
  }
  return Math.min(1, nearest);
}

function richardsonHessian(law: LawId, s: WeightedSample, p: Parameters): number[][] {
  const theta = free(law, p);
  const size = theta.map((t, i) =>
    (law === 'gev' || law === 'gpd') && i === theta.length - 1 ? 1 : Math.abs(t),
  );
  const f = (v: number[]): number => nll(law, s, parametersOf(law, v, p));
  const second = (i: number, j: number, h: number): number => {
    const at = (di: number, dj: number): number => {
      const v = [...theta];
      v[i]! += di * h * size[i]!;
      v[j]! += dj * h * size[j]!;
      return f(v);
    };
    return (at(1, 1) - at(1, -1) - at(-1, 1) + at(-1, -1)) / (4 * h * h * size[i]! * size[j]!);
  };
  const h = 1e-3 * edgeDistance(law, s, p);
  return theta.map((_, i) => theta.map((_, j) => (4 * second(i, j, h / 2) - second(i, j, h)) / 3));
}

function expectSameHessian(exact: number[][] | null, numerical: number[][]): void {
  expect(exact).not.toBeNull();
  numerical.forEach((row, i) =>
    row.forEach((value, j) => {
      const size = Math.max(Math.abs(value), Math.sqrt(Math.abs(numerical[i]![i]! * numerical[j]![j]!)));
      expect(Math.abs(exact![i]![j]! - value)).toBeLessThanOrEqual(1e-6 * size);
    }),
  );
}

/** A seeded sample of `law`, rounded to 2 decimals as hindcast files store values (so some are tied). */
function sampleOf(law: LawId, p: Parameters, n: number, seed: number): WeightedSample {
  const random = seededRandom(seed);
  const values = Float64Array.from({ length: n }, () => Math.round(LAWS[law].ppf(random(), p) * 100) / 100);
  // rounding may put a value on the location (the support's edge): those stay out
  return weightedSample(
    values.filter((v) => v > p.location || law === 'gev' || law === 'gumbel' || law === 'normal'),
  );
}

interface Case {
  law: LawId;
  p: Parameters;
  label: string;
}

const CASES: Case[] = [
  ...[-0.3, -0.02, 1e-3, 1e-7, 0, 0.2].map((xi): Case => ({
    law: 'gev',
    p: { location: 3, scale: 0.5, shape: xi },
    label: `ξ = ${xi}`,
  })),
  { law: 'gumbel', p: { location: 3, scale: 0.5, shape: 0 }, label: '' },
  ...[-0.4, 1e-6, 0, 0.25].map((xi): Case => ({
    law: 'gpd',
    p: { location: 2, scale: 0.6, shape: xi },
    label: `ξ = ${xi}`,
  })),
  { law: 'exponential', p: { location: 2, scale: 0.6, shape: 0 }, label: '' },
  { law: 'weibull2', p: { location: 2, scale: 0.8, shape: 1.4 }, label: '(location at the threshold)' },
  { law: 'weibull3', p: { location: 1.5, scale: 1.2, shape: 1.8 }, label: '' },
  { law: 'normal', p: { location: 1, scale: 2, shape: null }, label: '' },
  { law: 'lognormal', p: { location: 0, scale: 2, shape: 0.5 }, label: '' },
  { law: 'gamma', p: { location: 0, scale: 1.5, shape: 2.5 }, label: '' },
];

suite('observedInformation equals the Hessian of the likelihood by Richardson differences', () => {
  for (const { law, p, label } of CASES) {
    test(`${law} ${label}: at the generating parameters and at the fit, on three seeded samples`, () => {
      for (const seed of [1, 2, 3]) {
        const s = sampleOf(law, p, 80, seed);
        expectSameHessian(observedInformation(law, s, p), richardsonHessian(law, s, p));
        const fixed = ['gpd', 'exponential', 'weibull2'].includes(law) ? { location: p.location } : {};
        const fitted = fitParameters(law, s, fixed);
        expectSameHessian(observedInformation(law, s, fitted), richardsonHessian(law, s, fitted));
      }
    });
  }

  test('is null outside the support (a value below the GPD threshold, a GEV value beyond its end point)', () => {
    const s = weightedSample([1.5, 2.5, 3]);
    expect(observedInformation('gpd', s, { location: 2, scale: 1, shape: 0.1 })).toBeNull();
    expect(observedInformation('gev', s, { location: 2, scale: 1, shape: -1 })).toBeNull();
    expect(observedInformation('weibull3', s, { location: 1.5, scale: 1, shape: 2 })).toBeNull();
  });
});

// The GEV profile likelihood's Newton steps (extremes/profile.ts) use the value and gradient of the same
// pass: the value must be the likelihood's and the gradient its Richardson difference, to 1e-7 relative.
suite('locationScaleDerivatives: the likelihood, its gradient and its Hessian in (μ, σ, ξ)', () => {
  for (const { law, p, label } of CASES.filter((c) => c.law === 'gev' || c.law === 'gpd')) {
    test(`${law} ${label}`, () => {
      for (const seed of [1, 2]) {
        const s = sampleOf(law, p, 80, seed);
        const out = new Float64Array(10);
        const shape = p.shape!;
        expect(locationScaleDerivatives(law as 'gev' | 'gpd', s, p.location, p.scale, shape, out)).toBe(true);
        expect(Math.abs(out[0]! - nll(law, s, p))).toBeLessThanOrEqual(1e-10 * Math.abs(out[0]!));
        // (μ, σ, ξ) for both (the GPD's μ is the threshold, held by its fits but a parameter here)
        const theta = [p.location, p.scale, shape];
        const f = (v: number[]): number => nll(law, s, { location: v[0]!, scale: v[1]!, shape: v[2]! });
        const h = 1e-4 * edgeDistance(law, s, p);
        theta.forEach((t, i) => {
          const size = i === 2 ? 1 : Math.abs(t);
          const d = (step: number): number => {
            const up = [...theta];
            const down = [...theta];
            up[i]! += step * size;
            down[i]! -= step * size;
            return (f(up) - f(down)) / (2 * step * size);
          };
          const numerical = (4 * d(h / 2) - d(h)) / 3;
          const scale = Math.max(
            Math.abs(numerical),
            Math.sqrt(Math.abs(out[4 + 2 * i + (i === 2 ? 1 : 0)]!)),
          );
          expect(Math.abs(out[1 + i]! - numerical)).toBeLessThanOrEqual(1e-7 * scale);
        });
        if (law === 'gev') {
          const [muMu, muSigma, sigmaSigma, muXi, sigmaXi, xiXi] = out.subarray(4);
          expectSameHessian(
            [
              [muMu!, muSigma!, muXi!],
              [muSigma!, sigmaSigma!, sigmaXi!],
              [muXi!, sigmaXi!, xiXi!],
            ],
            richardsonHessian(law, s, p),
          );
        }
      }
    });
  }
});

/** x_T's gradient in the free parameters by Richardson-extrapolated central differences. */
function gradientOf(law: LawId, p: Parameters, q: number): number[] {
  const theta = free(law, p);
  return theta.map((t, i) => {
    const size = (law === 'gev' || law === 'gpd') && i === theta.length - 1 ? 1 : Math.abs(t);
    const d = (h: number): number => {
      const up = [...theta];
      const down = [...theta];
      up[i]! += h * size;
      down[i]! -= h * size;
      const at = (v: number[]): number => LAWS[law].ppf(q, parametersOf(law, v, p));
      return (at(up) - at(down)) / (2 * h * size);
    };
    return (4 * d(5e-4) - d(1e-3)) / 3;
  });
}

suite('delta-method intervals use the exact return-value gradient', () => {
  const peaks = (xi: number, seed: number): ExtremeSample => {
    const random = seededRandom(seed);
    const values = Array.from({ length: 60 }, () =>
      LAWS.gpd.ppf(random(), { location: 2, scale: 0.6, shape: xi }),
    ).filter((v) => v > 2);
    return {
      ...annualMaximaSample(values),
      method: 'pot',
      threshold: 2,
      years: 20,
      poissonLambda: values.length / 20,
    };
  };
  const maxima = (xi: number, seed: number): ExtremeSample => {
    const random = seededRandom(seed);
    return annualMaximaSample(
      Array.from({ length: 40 }, () => LAWS.gev.ppf(random(), { location: 3, scale: 0.5, shape: xi })),
    );
  };
  // peaks over 1 of a 3-parameter Weibull starting at 1.2 (shape > 1: an interior maximum of the likelihood)
  const weibullPeaks = (seed: number): ExtremeSample => {
    const random = seededRandom(seed);
    const law = { location: 1.2, scale: 1, shape: 1.8 };
    const values = Array.from({ length: 60 }, () => LAWS.weibull3.ppf(random(), law));
    return { ...annualMaximaSample(values), method: 'pot', threshold: 1, years: 20, poissonLambda: 3 };
  };
  const cases: [LawId, ExtremeSample, string][] = [
    ['gev', maxima(-0.2, 4), 'maxima of ξ = −0.2'],
    ['gev', maxima(0.15, 5), 'maxima of ξ = 0.15'],
    ['gumbel', maxima(0, 6), 'maxima of ξ = 0'],
    ['gpd', peaks(0.05, 7), 'GPD peaks of ξ = 0.05'],
    ['gpd', peaks(-0.3, 8), 'GPD peaks of ξ = −0.3'],
    ['exponential', peaks(0.05, 7), 'GPD peaks of ξ = 0.05'],
    ['weibull2', peaks(0.05, 7), 'GPD peaks of ξ = 0.05'],
    ['weibull3', weibullPeaks(9), 'Weibull peaks of shape 1.8'],
  ];
  for (const [law, sample, label] of cases) {
    test(`${law} on ${label}: x_T ± z·sqrt(∇ᵀΣ∇) with ∇ by differences, to 1e-7 relative of the half-width`, () => {
      const fit = fitExtremes(sample, law);
      const covariance = parameterCovariance(fit)!;
      const z = normalPpf(0.95);
      const periods = [2, 10, 100];
      deltaMethodIntervals(fit, periods, 0.9).forEach((row, k) => {
        const q = returnProbability(fit.method, fit.poissonLambda, periods[k]!);
        const g = gradientOf(law, fit.parameters, q);
        let variance = 0;
        g.forEach((gi, i) => g.forEach((gj, j) => (variance += gi * covariance[i]![j]! * gj)));
        const half = z * Math.sqrt(variance);
        expect(row.value).toBe(returnValue(law, fit.parameters, fit.method, fit.poissonLambda, periods[k]!));
        expect(Math.abs(row.upper - row.value - half)).toBeLessThanOrEqual(1e-7 * half);
        expect(Math.abs(row.value - row.lower - half)).toBeLessThanOrEqual(1e-7 * half);
      });
    });
  }

  test('an estimate on the search bound (GPD ξ = −1, uniform-like peaks) gets no interval', () => {
    const sample = { ...peaks(0, 1), values: [2.5, 2.9, 3.0, 3.05, 3.06] };
    const fit = fitExtremes(sample, 'gpd');
    expect(fit.parameters.shape).toBe(-1);
    const [row] = deltaMethodIntervals(fit, [10], 0.9);
    expect(row!.value).toBeGreaterThan(2);
    expect(row!.lower).toBeNaN();
    expect(row!.upper).toBeNaN();
  });
});
