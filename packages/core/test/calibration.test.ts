import { describe, expect, test, vi } from 'vitest';
import {
  applyCorrection,
  calibrate,
  CalibrationRefused,
  fitCorrection,
  pairByTime,
  quantileSorted,
  refusalReason,
  scalarMetricSet,
  type Pairs,
  type SkillSummary,
} from '../src';
import { close, ndbc, reference, values } from './data';

// Reference: scripts/reference/calibration.py (numpy.polyfit, scipy.optimize.curve_fit, numpy.quantile type 7,
// scipy.stats.linregress/pearsonr) on NDBC 44007 Hs (ec-benchmark A + Ar, 1996-2017) and a model made from it
// by m(t) = 0.85·o(t − 3 h)^1.1 + 0.05.
type Summary = SkillSummary;
interface Case {
  parameters: { a?: number | number[]; b?: number | number[] };
  scheme: string;
  folds: number;
  inSample: { before: Summary; after: Summary };
  outOfSample: { before: Summary; after: Summary };
  percentiles?: { obs: number[]; corrected: number[] };
}
interface Ref {
  pairs: number;
  metrics: Record<string, number>;
  cases: Record<'linear' | 'power' | 'quantile' | 'linearPerMonth' | 'linear2000Blocks', Case>;
}
const ref = reference<Ref>('calibration.json');
// 22 years of hourly pairs, refitted 22 times per law: seconds each on a machine shared by several runs
vi.setConfig({ testTimeout: 90_000 });

const buoy = () => {
  const s = ndbc();
  return { time: s.time, obs: values(s, 'significant wave height') };
};

/** The model of the reference script: 0.85·o(t − 3 h)^1.1 + 0.05 on the buoy's hourly grid. */
function laggedModel(): { time: Float64Array; model: Float64Array; obs: ArrayLike<number> } {
  const { time, obs } = buoy();
  const model = new Float64Array(obs.length).fill(NaN);
  for (let i = 3; i < obs.length; i++) model[i] = 0.85 * obs[i - 3]! ** 1.1 + 0.05;
  return { time, model, obs };
}

function laggedPairs(): Pairs {
  const { time, model, obs } = laggedModel();
  return pairByTime({ time, values: model }, { time, values: obs }, 0);
}

function expectSummary(actual: SkillSummary, expected: Summary, rtol: number, atol: number): void {
  expect(actual.n).toBe(expected.n);
  for (const key of ['bias', 'rmse', 'si', 'p99Error'] as const)
    expect(close(actual[key], expected[key], rtol, atol), `${key}: ${actual[key]} vs ${expected[key]}`).toBe(
      true,
    );
}

describe('pairByTime', () => {
  test('window 0 pairs exact times only and drops missing values', () => {
    const p = pairByTime(
      { time: [0, 3600e3, 7200e3, 10800e3], values: [1, NaN, 3, -999] },
      { time: [0, 1800e3, 3600e3, 7200e3, 10800e3], values: [10, 11, 12, 13, 14] },
      0,
    );
    expect([...p.time]).toEqual([0, 7200e3]);
    expect([...p.model]).toEqual([1, 3]);
    expect([...p.obs]).toEqual([10, 13]);
  });

  test('a window pairs each measurement with the nearest model time, as a brute-force search', () => {
    // real buoy times shifted by 20 min against an hourly model: the nearest hour is 20 min away
    const { time, obs } = buoy();
    const n = 3000;
    const modelTime = Float64Array.from({ length: n }, (_, i) => time[i]!);
    const modelValues = Float64Array.from({ length: n }, (_, i) => i);
    const obsTime = Float64Array.from({ length: n }, (_, i) => time[i]! + 20 * 60e3 + (i % 3) * 15 * 60e3);
    const obsValues = Float64Array.from({ length: n }, (_, i) => obs[i]!);
    for (const windowHours of [0, 0.25, 0.5, 1]) {
      const p = pairByTime(
        { time: modelTime, values: modelValues },
        { time: obsTime, values: obsValues },
        windowHours,
      );
      // brute force: every model time, nearest within the window, the earlier on a tie
      const expected: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        if (!Number.isFinite(obsValues[i]!)) continue;
        let best = -1;
        for (let j = 0; j < n; j++) {
          const d = Math.abs(modelTime[j]! - obsTime[i]!);
          if (d <= windowHours * 3600e3 && (best < 0 || d < Math.abs(modelTime[best]! - obsTime[i]!)))
            best = j;
        }
        if (best >= 0) expected.push([obsTime[i]!, best]);
      }
      expect(p.time.length, `window ${windowHours}`).toBe(expected.length);
      expect([...p.model]).toEqual(expected.map((e) => e[1]));
      expect([...p.time]).toEqual(expected.map((e) => e[0]));
    }
  });

  test('refuses a negative window and unordered times', () => {
    expect(() => pairByTime({ time: [0], values: [1] }, { time: [0], values: [1] }, -1)).toThrow(
      /windowHours/,
    );
    expect(() => pairByTime({ time: [1, 0], values: [1, 2] }, { time: [0], values: [1] })).toThrow(
      /increasing/,
    );
  });
});

describe('the metric set', () => {
  test('matches numpy and scipy.stats.linregress on the real buoy pairs', () => {
    const p = laggedPairs();
    expect(p.time.length).toBe(ref.pairs);
    const m = scalarMetricSet(p.model, p.obs);
    for (const [key, value] of Object.entries(ref.metrics))
      expect(close(m[key as keyof typeof m], value, 1e-9, 1e-12), `${key}`).toBe(true);
  });
});

describe('correction laws', () => {
  test('a model made from real observations by a known affine law is recovered exactly by the linear fit', () => {
    const { time, obs } = buoy();
    // o = 0.3 + 1.2·m, i.e. m = (o − 0.3) / 1.2
    const model = Float64Array.from(obs, (o) => (o - 0.3) / 1.2);
    const p = pairByTime({ time, values: model }, { time, values: obs }, 0);
    const c = calibrate(p, { method: 'linear' });
    const law = c.correction.laws[0]!;
    expect(law.method).toBe('linear');
    if (law.method !== 'linear') return;
    expect(law.a).toBeCloseTo(0.3, 10);
    expect(law.b).toBeCloseTo(1.2, 10);
    expect(c.inSample.after.rmse).toBeLessThan(1e-10);
    expect(c.outOfSample!.after.rmse).toBeLessThan(1e-10);
    expect(c.inSample.before.rmse).toBeGreaterThan(0.1);
    expect(c.warnings).toEqual([]);
  });

  test('a known power law is recovered by the power fit', () => {
    const { time, obs } = buoy();
    // o = 0.9·m^1.3
    const model = Float64Array.from(obs, (o) => (o / 0.9) ** (1 / 1.3));
    const p = pairByTime({ time, values: model }, { time, values: obs }, 0);
    const law = fitCorrection(p, { method: 'power' }).laws[0]!;
    if (law.method !== 'power') throw new Error('power law expected');
    expect(law.a).toBeCloseTo(0.9, 8);
    expect(law.b).toBeCloseTo(1.3, 8);
  });

  test('quantile mapping reproduces the observed percentiles in sample', () => {
    const p = laggedPairs();
    const correction = fitCorrection(p, { method: 'quantile', lowerBound: 0 });
    const corrected = applyCorrection(correction, p.time, p.model);
    expect(corrected.extrapolatedAbove + corrected.extrapolatedBelow).toBe(0);
    const expected = ref.cases.quantile.percentiles!;
    const sortedCorrected = corrected.values.slice().sort();
    const sortedObs = p.obs.slice().sort();
    for (let k = 1; k <= 99; k++) {
      const got = quantileSorted(sortedCorrected, k / 100);
      // against numpy.percentile of the observations: within 1 mm (the map is exact at its 1001 knots,
      // linear between the model's order statistics)
      expect(Math.abs(got - expected.obs[k - 1]!), `P${k}`).toBeLessThan(1e-3);
      // against the reference implementation's corrected series
      expect(close(got, expected.corrected[k - 1]!, 1e-9, 1e-12), `P${k} corrected`).toBe(true);
      expect(close(quantileSorted(sortedObs, k / 100), expected.obs[k - 1]!, 1e-12)).toBe(true);
    }
  });

  test('quantile mapping extrapolates linearly past the fitted range and keeps NaN', () => {
    const p = laggedPairs();
    const correction = fitCorrection(p, { method: 'quantile' });
    const law = correction.laws[0]!;
    if (law.method !== 'quantile') throw new Error('quantile law expected');
    const top = law.model.at(-1)!;
    const r = applyCorrection(correction, [0, 1, 2], [top + 1, top + 2, NaN]);
    expect(r.extrapolatedAbove).toBe(2);
    expect(r.values[1]! - r.values[0]!).toBeCloseTo(law.highSlope, 12);
    expect(r.values[2]).toBeNaN();
  });

  test('a lower bound of 0 keeps corrected Hs non-negative and counts the values raised', () => {
    const correction = {
      method: 'linear' as const,
      perMonth: false,
      laws: [{ method: 'linear' as const, a: -0.5, b: 1 }],
      lowerBound: 0,
    };
    const r = applyCorrection(correction, [0, 1], [0.2, 1]);
    expect([...r.values]).toEqual([0, 0.5]);
    expect(r.clamped).toBe(1);
  });
});

describe('leave-one-year-out on NDBC 44007 against an independent computation', () => {
  const p = laggedPairs();
  for (const [name, method, perMonth] of [
    ['linear', 'linear', false],
    ['power', 'power', false],
    ['quantile', 'quantile', false],
    ['linearPerMonth', 'linear', true],
  ] as const) {
    test(`${name}: parameters, in-sample and out-of-sample skill`, () => {
      const expected = ref.cases[name];
      const c = calibrate(p, { method, perMonth, lowerBound: 0 });
      expect(c.outOfSample?.scheme).toBe(expected.scheme);
      expect(c.outOfSample?.folds).toBe(expected.folds);
      expect(c.outOfSample?.skipped).toEqual([]);
      // power: Gauss-Newton against scipy's Levenberg-Marquardt, both to convergence
      const rtol = method === 'power' ? 1e-6 : 1e-9;
      const laws = c.correction.laws;
      if (expected.parameters.a !== undefined) {
        const a = [expected.parameters.a].flat();
        const b = [expected.parameters.b!].flat();
        laws.forEach((law, k) => {
          if (law.method === 'quantile') throw new Error('parametric law expected');
          expect(close(law.a, a[k]!, rtol, 1e-12), `a[${k}]`).toBe(true);
          expect(close(law.b, b[k]!, rtol, 1e-12), `b[${k}]`).toBe(true);
        });
      }
      expectSummary(c.inSample.before, expected.inSample.before, 1e-9, 1e-12);
      expectSummary(c.inSample.after, expected.inSample.after, rtol, 1e-9);
      expectSummary(c.outOfSample!.before, expected.outOfSample.before, 1e-9, 1e-12);
      expectSummary(c.outOfSample!.after, expected.outOfSample.after, rtol, 1e-9);
    });
  }

  test('pairs of a single year are judged by four blocks of equal duration', () => {
    const all = laggedPairs();
    const start = Date.UTC(2000, 0, 1);
    const end = Date.UTC(2001, 0, 1);
    const idx = [...all.time.keys()].filter((i) => all.time[i]! >= start && all.time[i]! < end);
    const pick = (a: Float64Array) => Float64Array.from(idx, (i) => a[i]!);
    const year: Pairs = { time: pick(all.time), model: pick(all.model), obs: pick(all.obs) };
    const expected = ref.cases.linear2000Blocks;
    const c = calibrate(year, { method: 'linear', lowerBound: 0 });
    expect(c.outOfSample?.scheme).toBe('blocks');
    expectSummary(c.outOfSample!.after, expected.outOfSample.after, 1e-9, 1e-12);
    expectSummary(c.outOfSample!.before, expected.outOfSample.before, 1e-9, 1e-12);
  });
});

describe('refusals and warnings', () => {
  const p = laggedPairs();
  const first = (n: number): Pairs => ({
    time: p.time.slice(0, n),
    model: p.model.slice(0, n),
    obs: p.obs.slice(0, n),
  });

  test('fewer than 300 pairs are refused with the reason', () => {
    expect(() => fitCorrection(first(299), { method: 'linear' })).toThrow(CalibrationRefused);
    expect(() => fitCorrection(first(299), { method: 'linear' })).toThrow(
      '299 pairs: a correction needs at least 300',
    );
  });

  test('pairs spanning less than one season are refused with the reason', () => {
    // 1996-01-01 onwards, hourly with gaps: 1500 pairs span about two months
    const short = first(1500);
    const days = (short.time.at(-1)! - short.time[0]!) / 86_400_000;
    expect(days).toBeLessThan(91);
    expect(refusalReason(short, { method: 'quantile' })).toMatch(/at least one season \(91 days\)/);
  });

  test('directions are refused: these laws do not correct them', () => {
    expect(() => fitCorrection(p, { method: 'linear', directional: true })).toThrow(
      /directions are not corrected/,
    );
  });

  test('per month needs 300 pairs in every calendar month, and names the months short of it', () => {
    // January to June 1996 only
    const half = first(p.time.findIndex((t) => t >= Date.UTC(1996, 6, 1)));
    expect(refusalReason(half, { method: 'linear' })).toBeNull();
    expect(refusalReason(half, { method: 'linear', perMonth: true })).toMatch(/July 0, August 0/);
  });

  test('warns when the correction does worse out of sample than no correction', () => {
    // the model is the measurement itself except in 2000, when it is 2·o + 1: each other year left out is
    // corrected by a law pulled away from the identity by 2000, and 2000 left out by the identity
    const { time, obs } = buoy();
    const model = Float64Array.from(obs, (o, i) =>
      time[i]! >= Date.UTC(2000, 0, 1) && time[i]! < Date.UTC(2001, 0, 1) ? 2 * o + 1 : o,
    );
    const drift = pairByTime({ time, values: model }, { time, values: obs }, 0);
    const c = calibrate(drift, { method: 'linear' });
    expect(c.outOfSample!.after.rmse).toBeGreaterThan(c.outOfSample!.before.rmse);
    expect(c.warnings.some((w) => w.startsWith('out of sample the correction does worse than none'))).toBe(
      true,
    );
  });

  test('warns when the correction worsens the 99th-percentile error (a mistimed model regressed to the mean)', () => {
    // the model is the measurement 24 h late: the same distribution (P99 error ~0 uncorrected), but the
    // regression of o on m has a slope of about the 24-hour autocorrelation, well below 1, and flattens the tail
    const { time, obs } = buoy();
    const late = Float64Array.from(obs, (_, i) => (i >= 24 ? obs[i - 24]! : NaN));
    const shifted = pairByTime({ time, values: late }, { time, values: obs }, 0);
    const c = calibrate(shifted, { method: 'linear', lowerBound: 0 });
    const { before, after } = c.outOfSample!;
    // brute force of the judged figures: type-7 P99 of each side of the pooled held-out pairs
    expect(Math.abs(after.p99Error)).toBeGreaterThan(Math.abs(before.p99Error));
    // the RMSE improves (a regression always lowers it in sample), so only this warning speaks
    expect(after.rmse).toBeLessThan(before.rmse);
    expect(c.warnings).toEqual([
      `out of sample the correction worsens the 99th-percentile error: ${after.p99Error.toPrecision(3)} against ${before.p99Error.toPrecision(3)} uncorrected (a regression pulls the extremes toward the mean; quantile mapping keeps the distribution)`,
    ]);
    // quantile mapping keeps the distribution: no such warning
    const q = calibrate(shifted, { method: 'quantile', lowerBound: 0 });
    expect(q.warnings.filter((w) => w.includes('99th-percentile'))).toEqual([]);
  });

  test('inputs are not changed', () => {
    const frozen = first(5000);
    const copy = { time: frozen.time.slice(), model: frozen.model.slice(), obs: frozen.obs.slice() };
    calibrate(frozen, { method: 'quantile', lowerBound: 0 });
    expect(frozen).toEqual(copy);
  });
});
