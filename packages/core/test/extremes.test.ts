import { describe as suite, expect, test } from 'vitest';
import {
  analyzeSample,
  annualMaxima,
  annualMaximaSample,
  bootstrapIntervals,
  deltaMethodIntervals,
  extremeValueAnalysis,
  fitExtremes,
  parameterCovariance,
  peaksOverThreshold,
  plottingPositions,
  quantile,
  returnValue,
} from '../src';
import type { LawId } from '../src';
import { era5, ndbc, reference, values } from './data';

// Reference: scripts/reference/extremes.py. scipy.stats genextreme/gumbel_r fits of the annual maxima,
// genpareto/expon/weibull_min (floc = threshold) and 3-parameter weibull_min fits of the peaks declustered
// by an independent Python loop; and Coles (2001) §3.4.1 (Port Pirie) published estimates.
interface LawRef {
  parameters: { location: number; scale: number; shape: number | null };
  nll: number;
  returnValues: (number | null)[];
}
interface Block {
  values?: number[];
  peaks?: number[];
  threshold?: number;
  poissonLambda?: number;
  fits: Record<string, LawRef>;
}
interface Ref {
  returnPeriods: number[];
  'am.era5.swh': Block;
  'am.ndbc.hs': Block;
  'pot.era5.swh': Block;
  'pot.ndbc.hs': Block;
  portPirie: Block & {
    bootstrap90: Record<string, { lower: number; upper: number }>;
    coles: {
      location: number;
      scale: number;
      shape: number;
      covariance: number[][];
      return10: { value: number; lower: number; upper: number };
      return100: { value: number; lower: number; upper: number };
    };
  };
}
const ref = reference<Ref>('extremes.json');
const hs = (): { time: Float64Array; v: Float64Array | Float32Array } => ({
  time: ndbc().time,
  v: values(ndbc(), 'significant wave height'),
});

/** Our optimum must be at least as good as scipy's (1e-6 relative slack for rounding). */
function expectOptimum(nll: number, scipyNll: number): void {
  expect(nll).toBeLessThanOrEqual(scipyNll + 1e-6 * Math.max(1, Math.abs(scipyNll)));
}

suite('annual maxima', () => {
  test('calendar-year maxima of ERA5 Hs equal pandas groupby(year).max()', () => {
    const m = annualMaxima(era5().time, values(era5(), 'swh'));
    expect(m.map((x) => x.value)).toEqual(ref['am.era5.swh'].values);
    expect(m.map((x) => x.year)).toEqual([2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010]);
  });
  test('years of NDBC 44007 with less than half their hours are left out, as in the reference', () => {
    const m = annualMaxima(hs().time, hs().v);
    expect(m.map((x) => x.value)).toEqual(ref['am.ndbc.hs'].values);
  });
  for (const key of ['am.era5.swh', 'am.ndbc.hs', 'portPirie'] as const) {
    for (const law of ['gev', 'gumbel'] as LawId[]) {
      test(`${key} ${law}: MLE at least as good as scipy, same parameters, same return values`, () => {
        const expected = ref[key].fits[law]!;
        const fit = fitExtremes(annualMaximaSample(ref[key].values!), law);
        expectOptimum(fit.nll, expected.nll);
        expect(fit.parameters.location).toBeCloseTo(expected.parameters.location, 3);
        expect(fit.parameters.scale).toBeCloseTo(expected.parameters.scale, 3);
        if (law === 'gev') expect(fit.parameters.shape).toBeCloseTo(expected.parameters.shape!, 3);
        ref.returnPeriods.forEach((T, i) => {
          const v = returnValue(law, fit.parameters, 'annual-maxima', 1, T);
          const e = expected.returnValues[i];
          if (e === null || e === undefined) expect(v).toBeNaN();
          else expect(v / e).toBeCloseTo(1, 3);
        });
      });
    }
  }
});

suite('Coles (2001) Port Pirie, §3.4.1', () => {
  const fit = fitExtremes(annualMaximaSample(ref.portPirie.values!), 'gev');
  const coles = ref.portPirie.coles;
  test('MLE (μ, σ, ξ) = (3.87, 0.198, -0.050) to the published 2-3 decimals', () => {
    expect(fit.parameters.location).toBeCloseTo(coles.location, 2);
    expect(fit.parameters.scale).toBeCloseTo(coles.scale, 3);
    expect(fit.parameters.shape).toBeCloseTo(coles.shape, 3);
  });
  test('observed-information covariance matches the published matrix to 3 significant digits', () => {
    const cov = parameterCovariance(fit)!;
    coles.covariance.forEach((row, i) =>
      row.forEach((c, j) =>
        expect(Math.abs(cov[i]![j]! - c)).toBeLessThan(0.01 * Math.abs(coles.covariance[i]![i]!) + 5e-6),
      ),
    );
  });
  test('95 % delta-method intervals: 4.30 [4.19, 4.41] at 10 years, 4.69 [4.38, 5.00] at 100 years', () => {
    const [r10, r100] = deltaMethodIntervals(fit, [10, 100], 0.95);
    for (const [got, e] of [
      [r10!, coles.return10],
      [r100!, coles.return100],
    ] as const) {
      expect(Math.abs(got.value - e.value)).toBeLessThanOrEqual(0.006);
      expect(Math.abs(got.lower - e.lower)).toBeLessThanOrEqual(0.006);
      expect(Math.abs(got.upper - e.upper)).toBeLessThanOrEqual(0.006);
    }
  });
  test('seeded parametric bootstrap agrees with the scipy Monte Carlo reference within its sampling error', () => {
    // Each side uses 1000 resamples: a 5 % percentile has a Monte Carlo standard error of about 7 % of
    // the interval half-width, so bounds must agree within 20 % of the half-width.
    const { rows, failed } = bootstrapIntervals(fit, [10, 100], {
      confidence: 0.9,
      resamples: 1000,
      seed: 7,
    });
    expect(failed).toBe(0);
    rows.forEach((row) => {
      const e = ref.portPirie.bootstrap90[String(row.returnPeriod)]!;
      const half = (e.upper - e.lower) / 2;
      expect(Math.abs(row.lower - e.lower)).toBeLessThan(0.2 * half);
      expect(Math.abs(row.upper - e.upper)).toBeLessThan(0.2 * half);
    });
  });
  test('the same seed gives the same interval; another seed a different one', () => {
    const a = bootstrapIntervals(fit, [100], { resamples: 50, seed: 3 }).rows[0]!;
    const b = bootstrapIntervals(fit, [100], { resamples: 50, seed: 3 }).rows[0]!;
    const c = bootstrapIntervals(fit, [100], { resamples: 50, seed: 4 }).rows[0]!;
    expect(b).toEqual(a);
    expect(c.lower).not.toBe(a.lower);
  });
});

suite('peaks over threshold', () => {
  for (const key of ['pot.era5.swh', 'pot.ndbc.hs'] as const) {
    const get = key === 'pot.era5.swh' ? () => ({ time: era5().time, v: values(era5(), 'swh') }) : hs;
    test(`${key}: 0.99 quantile threshold, 48 h declustering and λ match the Python reference`, () => {
      const { time, v } = get();
      const threshold = quantile(v, 0.99);
      expect(threshold).toBeCloseTo(ref[key].threshold!, 10);
      const sample = peaksOverThreshold(time, v, { threshold, separationHours: 48 });
      expect(sample.values).toEqual(ref[key].peaks);
      expect(sample.poissonLambda).toBeCloseTo(ref[key].poissonLambda!, 10);
    });
    for (const law of ['gpd', 'exponential', 'weibull2', 'weibull3'] as LawId[]) {
      test(`${key} ${law}: MLE at least as good as scipy; return values u + G⁻¹(1 - 1/(λT))`, () => {
        const { time, v } = get();
        const sample = peaksOverThreshold(time, v, { threshold: ref[key].threshold! });
        const fit = fitExtremes(sample, law);
        const expected = ref[key].fits[law]!;
        if (law === 'weibull3' && fit.parameters.shape! < 1) {
          // shape < 1: the likelihood is unbounded as the location reaches the smallest peak (Smith 1985),
          // so there is no MLE; scipy stops 4e-16 below it, we stop 1e-6 of the range below it
          const smallest = Math.min(...sample.values);
          expect(fit.parameters.shape).toBeLessThan(1);
          expect(smallest - fit.parameters.location).toBeCloseTo(
            1e-6 * (Math.max(...sample.values) - smallest),
            12,
          );
          expect(fit.parameters.location).toBeCloseTo(expected.parameters.location, 5);
          return;
        }
        expectOptimum(fit.nll, expected.nll);
        if (law === 'weibull3') return;
        expect(fit.parameters.scale / expected.parameters.scale).toBeCloseTo(1, 3);
        ref.returnPeriods.forEach((T, i) => {
          const value = returnValue(law, fit.parameters, 'pot', sample.poissonLambda, T);
          expect(value / expected.returnValues[i]!).toBeCloseTo(1, 3);
        });
      });
    }
  }
  test('a new cluster starts only when exceedances are more than the separation apart', () => {
    const time = Float64Array.from({ length: 200 }, (_, i) => i * 3_600_000);
    const v = new Float64Array(200);
    v[10] = 5; // cluster 1
    v[58] = 6; // 48 h later: same cluster
    v[107] = 4; // 49 h later: new cluster
    v[150] = NaN;
    const s = peaksOverThreshold(time, v, { threshold: 1 });
    expect(s.values).toEqual([6, 4]);
    expect(s.times).toEqual([58 * 3_600_000, 107 * 3_600_000]);
    expect(s.warnings.some((w) => w.includes('at least 20'))).toBe(true);
  });
  test('exceedances are strictly above the threshold', () => {
    const time = Float64Array.from([0, 1, 2], (i) => i * 1e9);
    expect(peaksOverThreshold(time, [1, 2, 1], { threshold: 2 }).values).toEqual([]);
  });
});

suite('the analysis chain', () => {
  test('plotting positions: T = 1/(λ(1 - i/(n+1)))', () => {
    const s = annualMaximaSample([3, 1, 2]);
    expect(plottingPositions(s).map((p) => p.returnPeriod)).toEqual([4 / 3, 2, 4]);
  });
  test('minima by negation: the minimum return values lie below the data and bounds stay ordered', () => {
    const { time } = era5();
    const v = values(era5(), 'swh');
    const r = extremeValueAnalysis(time, v, {
      method: 'annual-maxima',
      law: 'gumbel',
      minima: true,
      interval: 'delta',
    });
    const min = Math.min(...v);
    const r100 = r.returnValues.find((x) => x.returnPeriod === 100)!;
    expect(r100.value).toBeLessThan(min + 0.1);
    expect(r100.lower).toBeLessThan(r100.value);
    expect(r100.upper).toBeGreaterThan(r100.value);
    expect(r.specParameters.blockSize).toBe('1 year');
  });
  test('annual minima are the negated maxima of the negated series (brute force per year)', () => {
    const { time } = era5();
    const v = values(era5(), 'swh');
    const r = extremeValueAnalysis(time, v, {
      method: 'annual-maxima',
      law: 'gumbel',
      minima: true,
      interval: 'delta',
    });
    const byYear = new Map<number, number>();
    time.forEach((t, i) => {
      const y = new Date(t).getUTCFullYear();
      if (!Number.isNaN(v[i]!)) byYear.set(y, Math.min(byYear.get(y) ?? Infinity, v[i]!));
    });
    expect(r.peaks.map((p) => p.value)).toEqual([...byYear.values()]);
  });
  test('the same analysis asked twice is computed once; each caller gets its own copy', () => {
    const { time } = era5();
    const v = values(era5(), 'swh');
    const options = { method: 'annual-maxima', law: 'gev', interval: 'delta' } as const;
    const first = extremeValueAnalysis(time, v, options);
    first.returnValues.at(-1)!.value = -1;
    const second = extremeValueAnalysis(time, v, { ...options, minima: false });
    expect(second.returnValues.at(-1)!.value).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    // a changed array is analysed again (memo.ts fingerprints)
    const changed = v.slice();
    const before = extremeValueAnalysis(time, changed, options).returnValues.at(-1)!.value;
    changed[changed.indexOf(Math.max(...changed))] = 100;
    expect(extremeValueAnalysis(time, changed, options).returnValues.at(-1)!.value).toBeGreaterThan(before);
  });
  test('ignored outliers are left out of the fit but reported', () => {
    const s = annualMaximaSample(ref.portPirie.values!);
    const r = analyzeSample(s, { method: 'annual-maxima', law: 'gev', ignoreLargest: 1, interval: 'delta' });
    expect(r.ignored).toEqual([4.69]);
    expect(r.empirical).toHaveLength(65);
  });
  test('spec parameter names are filled for peaks over threshold', () => {
    const r = extremeValueAnalysis(era5().time, values(era5(), 'swh'), {
      method: 'pot',
      law: 'gpd',
      resamples: 100,
    });
    expect(r.specParameters).toMatchObject({ law: 'gpd', independenceFactor: 48, blockSize: null });
    expect(r.specParameters.threshold).toBeCloseTo(ref['pot.era5.swh'].threshold!, 10);
    expect(r.specParameters.sampleLength).toBeCloseTo(96432 / 8765.82, 10);
  });
});
