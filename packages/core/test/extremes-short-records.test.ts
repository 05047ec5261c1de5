// Issue 21, extremes an engineer can sign: profile-likelihood intervals, short records (warning, the
// likelihood-ratio choice of the primary law, the refusal) and the reviewer's case on the real ERA5 file.
import { describe as suite, expect, test } from 'vitest';
import {
  analyzeSample,
  annualMaximaSample,
  extremeValueAnalysis,
  fitExtremes,
  profileIntervals,
  statisticOf,
} from '../src';
import type { ExtremeAnalysis, ExtremeSample } from '../src';
import { era5, reference, values } from './data';

// Reference: scripts/reference/profile_intervals.py, a brute-force profile likelihood with scipy (the law
// reparametrised by its return value, the other parameters maximised by scipy.optimize at each z, the ends
// by brentq on 2(ℓ̂ − ℓ_p(z)) = χ²₁(conf)), Coles (2001) §2.6.6, §3.3.3, §4.3.3.
interface Interval {
  value: number;
  lower: number;
  upper: number;
}
interface Ref {
  portPirie: { values: number[]; confidence: number; gev: Record<string, Interval> };
  'am.era5.swh': {
    values: number[];
    confidence: number;
    gumbel: Record<string, Interval>;
    gev: Record<string, Interval>;
  };
  'pot.ndbc.hs': {
    threshold: number;
    poissonLambda: number;
    peaks: number[];
    confidence: number;
    gpd: Record<string, Interval>;
    exponential: Record<string, Interval>;
  };
}
const ref = reference<Ref>('profile-intervals.json');

/** A peaks sample as read from the reference (λ and threshold given). */
function peaksSample(r: Ref['pot.ndbc.hs']): ExtremeSample {
  return {
    method: 'pot',
    values: r.peaks,
    times: r.peaks.map(() => NaN),
    threshold: r.threshold,
    separationHours: 48,
    years: r.peaks.length / r.poissonLambda,
    poissonLambda: r.poissonLambda,
    warnings: [],
  };
}

function expectInterval(
  rows: { returnPeriod: number; value: number; lower: number; upper: number }[],
  expected: Record<string, Interval>,
): void {
  for (const row of rows) {
    const e = expected[String(row.returnPeriod)]!;
    // the estimate as scipy's fit to 1e-4 (two optimisers); the ends to 0.2 % (a flat profile, brentq at 1e-9)
    expect(Math.abs(row.value - e.value) / e.value).toBeLessThan(1e-4);
    expect(Math.abs(row.lower - e.lower) / e.lower).toBeLessThan(2e-3);
    expect(Math.abs(row.upper - e.upper) / e.upper).toBeLessThan(2e-3);
  }
}

suite('profile-likelihood intervals against scipy (scripts/reference/profile_intervals.py)', () => {
  test('GEV, Port Pirie annual maxima (Coles 2001 §3.4.1), 95 %', () => {
    const fit = fitExtremes(annualMaximaSample(ref.portPirie.values), 'gev');
    expectInterval(profileIntervals(fit, [10, 100], 0.95), ref.portPirie.gev);
  });
  test('Gumbel and GEV, ERA5 annual maxima, 90 %', () => {
    const sample = annualMaximaSample(ref['am.era5.swh'].values);
    expectInterval(
      profileIntervals(fitExtremes(sample, 'gumbel'), [10, 100], 0.9),
      ref['am.era5.swh'].gumbel,
    );
    expectInterval(profileIntervals(fitExtremes(sample, 'gev'), [10, 100], 0.9), ref['am.era5.swh'].gev);
  });
  test('GPD and exponential at the threshold, NDBC 44007 peaks, 90 %', () => {
    const sample = peaksSample(ref['pot.ndbc.hs']);
    expectInterval(profileIntervals(fitExtremes(sample, 'gpd'), [10, 100], 0.9), ref['pot.ndbc.hs'].gpd);
    expectInterval(
      profileIntervals(fitExtremes(sample, 'exponential'), [10, 100], 0.9),
      ref['pot.ndbc.hs'].exponential,
    );
  });
  test('the profile interval is asymmetric where the delta method is not, and never falls with T', () => {
    const fit = fitExtremes(annualMaximaSample(ref.portPirie.values), 'gev');
    const rows = profileIntervals(fit, [2, 5, 10, 20, 50, 100, 200], 0.95);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.lower).toBeGreaterThan(rows[i - 1]!.lower);
      expect(rows[i]!.upper).toBeGreaterThan(rows[i - 1]!.upper);
    }
    const r100 = rows.find((r) => r.returnPeriod === 100)!;
    expect(r100.upper - r100.value).toBeGreaterThan(2 * (r100.value - r100.lower));
  });
  test('the default interval of an analysis is the profile likelihood, and it says so', () => {
    const r = analyzeSample(annualMaximaSample(ref.portPirie.values), {
      method: 'annual-maxima',
      law: 'gev',
    });
    expect(r.interval).toBe('profile');
    expect(r.lawSelection).toBeNull(); // 65 maxima: not a short record
  });
});

suite('short records', () => {
  // the first n ERA5 annual maxima (the reviewer's series) or Port Pirie's
  const pp = ref.portPirie.values;
  test('fewer than 20 annual maxima: every result warns with the count', () => {
    const r = analyzeSample(annualMaximaSample(pp.slice(0, 15)), {
      method: 'annual-maxima',
      law: 'gumbel',
      laws: ['gev', 'gumbel'],
    });
    expect(r.warnings.some((w) => w.includes('only 15 annual maxima'))).toBe(true);
    const twenty = analyzeSample(annualMaximaSample(pp.slice(0, 20)), {
      method: 'annual-maxima',
      law: 'gumbel',
    });
    expect(twenty.warnings.some((w) => /Short record/.test(w))).toBe(false);
  });
  test('fewer than 10: the fit is refused with a message a user understands', () => {
    expect(() =>
      analyzeSample(annualMaximaSample(pp.slice(0, 9)), { method: 'annual-maxima', law: 'gev' }),
    ).toThrow(/Too few years for an extreme-value fit: 9 annual maxima .*at least 10 are needed/);
    const s = era5();
    const hs = values(s, 'swh');
    expect(() => extremeValueAnalysis(s.time, hs, { method: 'pot', law: 'gpd', threshold: 6.5 })).toThrow(
      /Too few storms for an extreme-value fit: \d peaks above 6\.5, at least 10 are needed\. Lower the threshold/,
    );
  });
  test('a GEV the likelihood-ratio test does not support is not the primary law', () => {
    // p from the χ²₁ law of D = 2(ℓ_GEV − ℓ_Gumbel) (Coles 2001 §2.6.6); scipy on these 11 maxima gives
    // D = 2.424, p = 0.1195 (scripts/reference/profile_intervals.py's data, stats.chi2.sf)
    const r = analyzeSample(annualMaximaSample(ref['am.era5.swh'].values), {
      method: 'annual-maxima',
      law: 'gev',
      laws: ['gev', 'gumbel'],
    });
    expect(r.law).toBe('gumbel');
    expect(r.lawSelection).toMatchObject({
      requested: 'gev',
      nested: 'gumbel',
      chosen: 'gumbel',
      level: 0.05,
    });
    expect(r.lawSelection!.statistic).toBeCloseTo(2.4242, 3);
    expect(r.lawSelection!.pValue).toBeCloseTo(0.11947, 4);
    expect(r.warnings.some((w) => /Gumbel is the primary law instead of GEV/.test(w))).toBe(true);
    // the GEV stays in the table of laws, with its own estimate
    const gev = r.laws!.find((l) => l.law === 'gev')!;
    expect(gev.error).toBeNull();
  });
  test('a shape parameter the test supports stays primary on a short record', () => {
    // a strongly bounded sample: 15 values of a GEV with ξ = −0.8 (quantiles at plotting positions)
    const xi = -0.8;
    const sample = Array.from({ length: 15 }, (_, i) => {
      const q = (i + 0.5) / 15;
      return (Math.pow(-Math.log(q), -xi) - 1) / xi;
    });
    const r = analyzeSample(annualMaximaSample(sample), { method: 'annual-maxima', law: 'gev' });
    expect(r.lawSelection!.pValue).toBeLessThan(0.05);
    expect(r.law).toBe('gev');
  });
});

suite("the reviewer's case: ERA5 South China Sea, 11 years", () => {
  test('the registry no longer gives a GEV 100-year Hs of 16.7 m without a word', () => {
    const s = era5();
    const r = statisticOf('EXT').compute(s, { field: 'swh' }) as ExtremeAnalysis;
    const max = Math.max(...values(s, 'swh'));
    expect(max).toBeCloseTo(8.07, 2);
    expect(r.nPeaks).toBe(11);
    expect(r.warnings.some((w) => w.includes('only 11 annual maxima'))).toBe(true);
    // scipy gumbel_r.fit on the 11 maxima: 100-year 9.274 m; profile 90 % [7.723, 11.998] (reference)
    expect(r.law).toBe('gumbel');
    expect(r.interval).toBe('profile');
    const r100 = r.returnValues.find((x) => x.returnPeriod === 100)!;
    const e = ref['am.era5.swh'].gumbel['100']!;
    expect(r100.value).toBeCloseTo(e.value, 2);
    expect(r100.lower).toBeCloseTo(e.lower, 2);
    expect(r100.upper).toBeCloseTo(e.upper, 2);
    expect(r100.lower).toBeLessThan(max);
    // the stored delta-method bounds of this case fell as T grew (4.66, 5.19, 5.36, 5.30, 4.95 m from 2 to
    // 50 years): the default interval's bounds rise with the return period
    const finite = r.returnValues.filter((x) => Number.isFinite(x.lower));
    expect(finite.length).toBe(6);
    for (let i = 1; i < finite.length; i++) {
      expect(finite[i]!.lower).toBeGreaterThan(finite[i - 1]!.lower);
      expect(finite[i]!.upper).toBeGreaterThan(finite[i - 1]!.upper);
    }
  });
});
