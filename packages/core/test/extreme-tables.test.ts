import { describe as suite, expect, test } from 'vitest';
import {
  extremeCurrents,
  extremeWaterHeights,
  HOUR_MS,
  MIN_EXTREME_SAMPLE,
  negativeLogLikelihood,
  monthlyExtremes,
  nonCyclonicExtremes,
  quantile,
  weightedSample,
} from '../src';
import type { ExtremeAnalysis, Series } from '../src';
import { era5, reference, values } from './data';

// Reference: scripts/reference/extreme_tables.py, scipy.stats genextreme / gumbel_r / genpareto (floc =
// threshold) fits on the same subsets of ERA5 Hs, with an independent Python declustering. Tolerances as
// in extremes.test.ts: our NLL may not exceed scipy's by more than 1e-6 relative (a maximum-likelihood
// fit must reach the optimum); parameters to 3 decimals; return values to 1e-3 relative. Samples (maxima,
// peaks) are exact, except where the synthetic tide's cosine may differ in the last bit (1e-12).
interface FitRef {
  parameters: { location: number; scale: number; shape: number };
  nll: number;
  returnValues: number[];
}
type AmRef = FitRef & { maxima: number[] };
type PotRef = Partial<FitRef> & { peaks: number[]; poissonLambda: number };
interface Ref {
  returnPeriods: number[];
  levels: Record<string, number>;
  tide: Record<'amplitude' | 'periodHours' | 'springNeap' | 'springNeapHours' | 'slow' | 'slowHours', number>;
  cyclone: { quantile: number; halfWidthHours: number };
  threshold: number;
  curext: Record<string, AmRef>;
  heiext: Record<'total' | 'surge' | 'tide', AmRef>;
  nocyc: PotRef & { cycloneHours: number; threshold: number };
  monthly: Record<string, PotRef>;
}
const ref = reference<Ref>('extreme-tables.json');
const hs = (): Float64Array => Float64Array.from(values(era5(), 'swh'));

/** The GPD estimate of an analysis of peaks (fewer than 20 peaks may make the exponential primary). */
function gpdOf(row: ExtremeAnalysis): ExtremeAnalysis {
  if (row.law === 'gpd') return row;
  const gpd = row.laws?.find((l) => l.law === 'gpd');
  if (!gpd || gpd.error !== null) throw new Error(`no GPD estimate: ${gpd?.error}`);
  return { ...row, ...gpd };
}

function expectFit(got: ExtremeAnalysis, expected: FitRef): void {
  expect(got.nll).toBeLessThanOrEqual(expected.nll + 1e-6 * Math.max(1, Math.abs(expected.nll)));
  expect(got.parameters.location).toBeCloseTo(expected.parameters.location, 3);
  expect(got.parameters.scale).toBeCloseTo(expected.parameters.scale, 3);
  expect(got.parameters.shape).toBeCloseTo(expected.parameters.shape, 3);
  got.returnValues.forEach((row, i) => expect(row.value / expected.returnValues[i]!).toBeCloseTo(1, 3));
}

const options = { returnPeriods: ref.returnPeriods, interval: 'delta' } as const;

suite('CUREXT: extremes per level', () => {
  test('annual maxima GEV at each level match scipy on the same level series', () => {
    const { time } = era5();
    const fields: Series['fields'] = {};
    for (const [level, factor] of Object.entries(ref.levels)) {
      fields[`cs@${level}`] = {
        values: hs().map((v) => v * factor),
        units: 'm/s',
        variable: 'cs',
        level: Number(level),
        levelType: 'depth',
      };
    }
    const rows = extremeCurrents({ time, stepMs: HOUR_MS, fields }, 'cs', {
      ...options,
      method: 'annual-maxima',
      law: 'gev',
      laws: ['gev', 'gumbel'],
    });
    expect(rows.map((r) => r.level)).toEqual([0, 10, 50]);
    for (const row of rows) {
      const expected = ref.curext[String(row.level)]!;
      expect(row.error).toBeNull();
      expect(row.analysis!.peaks.map((p) => p.value)).toEqual(expected.maxima);
      // 11 maxima, a short record: the GEV is fitted (as scipy) but Gumbel is primary (issue 21)
      expect(row.analysis!.law).toBe('gumbel');
      const gev = row.analysis!.laws!.find((l) => l.law === 'gev')!;
      if (gev.error !== null) throw new Error(gev.error);
      expectFit({ ...row.analysis!, ...gev }, expected);
    }
  });
  test('a variable without levels throws naming the function', () => {
    expect(() => extremeCurrents(era5(), 'cs', { method: 'annual-maxima', law: 'gev' })).toThrow(
      /extremeCurrents/,
    );
  });
});

suite('HEIEXT: total, surge and tide', () => {
  test('annual maxima Gumbel of each component match scipy', () => {
    const { time } = era5();
    const surge = hs();
    const t = ref.tide;
    const tide = Float64Array.from(time, (ms, i) => {
      const hours = (ms - time[0]!) / HOUR_MS;
      const amplitude =
        t.amplitude +
        t.springNeap * Math.cos((2 * Math.PI * hours) / t.springNeapHours) +
        t.slow * Math.cos((2 * Math.PI * hours) / t.slowHours);
      return surge[i]! * 0 + amplitude * Math.cos((2 * Math.PI * hours) / t.periodHours);
    });
    const total = surge.map((s, i) => s + tide[i]!);
    const rows = extremeWaterHeights(
      time,
      { tide, total, surge },
      { ...options, method: 'annual-maxima', law: 'gumbel' },
    );
    expect(rows.map((r) => r.component)).toEqual(['total', 'surge', 'tide']);
    for (const { component, analysis } of rows) {
      const expected = ref.heiext[component];
      analysis.peaks.forEach((p, i) => expect(p.value).toBeCloseTo(expected.maxima[i]!, 12));
      expectFit(analysis, expected);
    }
  });
});

suite('NOCYC: cyclone periods excluded', () => {
  test('threshold over the non-cyclonic values, peaks outside cyclones, GPD fit match scipy', () => {
    const { time } = era5();
    const v = hs();
    const storm = quantile(v, ref.cyclone.quantile);
    const cyclone = new Array<boolean>(v.length).fill(false);
    const w = ref.cyclone.halfWidthHours;
    v.forEach((x, i) => {
      if (x > storm)
        for (let j = Math.max(0, i - w); j <= Math.min(v.length - 1, i + w); j++) cyclone[j] = true;
    });
    expect(cyclone.filter(Boolean).length).toBe(ref.nocyc.cycloneHours);
    const r = nonCyclonicExtremes(time, v, cyclone, { ...options, method: 'pot', law: 'gpd' });
    expect(r.threshold).toBeCloseTo(ref.nocyc.threshold, 12);
    expect(r.peaks.map((p) => p.value)).toEqual(ref.nocyc.peaks);
    // no peak falls in a cyclone period
    for (const p of r.peaks) expect(cyclone[time.indexOf(p.time)]).toBe(false);
    expect(r.poissonLambda).toBeCloseTo(ref.nocyc.poissonLambda, 12);
    expectFit(r, ref.nocyc as FitRef);
  });
});

suite('monthly extremes', () => {
  test('monthly POT: peaks and λ of every month, GPD fits where ≥ 5 peaks, match the Python reference', () => {
    const rows = monthlyExtremes(era5().time, hs(), {
      ...options,
      method: 'pot',
      law: 'gpd',
      laws: ['gpd', 'exponential'],
      threshold: ref.threshold,
    });
    for (const row of rows) {
      const expected = ref.monthly[String(row.month)]!;
      if ('error' in row) {
        // too few peaks to fit: fewer than 10 (MIN_EXTREME_SAMPLE) in the reference, refused in words
        expect(expected.peaks.length).toBeLessThan(MIN_EXTREME_SAMPLE);
        expect(row.error).toMatch(/^(Too few storms for an extreme-value fit|fitExtremes: no value)/);
        continue;
      }
      expect(row.peaks.map((p) => p.value)).toEqual(expected.peaks);
      expect(row.poissonLambda).toBeCloseTo(expected.poissonLambda, 12);
      if (expected.nll === undefined) continue;
      if (expected.parameters!.shape < -1) {
        // ξ < -1: the GPD likelihood is unbounded as the upper end u + σ/|ξ| reaches the largest peak
        // (Smith 1985; Coles 2001 §4.3.2), so scipy's "optimum" is that degenerate end point. We keep the
        // regular estimate: ξ ≥ -1 and no point of a brute-force grid over ξ ∈ [-1, 1] does better.
        const upperEnd = ref.threshold - expected.parameters!.scale / expected.parameters!.shape;
        expect(upperEnd).toBeCloseTo(Math.max(...expected.peaks), 2);
        expect(gpdOf(row).parameters.shape).toBeGreaterThanOrEqual(-1);
        const sample = weightedSample(expected.peaks);
        for (let xi = -1; xi <= 1; xi += 0.02) {
          for (let logScale = -3; logScale <= 1; logScale += 0.02) {
            const p = { location: ref.threshold, scale: Math.exp(logScale), shape: xi };
            expect(gpdOf(row).nll).toBeLessThanOrEqual(negativeLogLikelihood('gpd', sample, p) + 1e-9);
          }
        }
        continue;
      }
      expectFit(gpdOf(row), expected as FitRef);
    }
    const fitted = Object.entries(ref.monthly).filter(([, m]) => m.peaks.length >= MIN_EXTREME_SAMPLE);
    expect(rows.filter((r) => !('error' in r)).map((r) => String(r.month))).toEqual(fitted.map(([k]) => k));
  });
});
