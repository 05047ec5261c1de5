import { describe as suite, expect, test } from 'vitest';
import { collocate, compareVariable, namedMetrics, scatterCell, scatterData } from '../src';
import { close, era5, ndbc, reference, values } from './data';

// Reference: scripts/reference/collocation.py (numpy formulas, scipy.stats.pearsonr and linregress, numpy.floor
// binning) on the ERA5 South China Sea swh as a stand-in model and NDBC 44007 hs (A.txt + Ar.txt, with its
// absent hours) as the measure: the pairing and the formulas are under test, not the physics.
interface Ref {
  counts: {
    common: number;
    timestamps: number;
    missingModel: number;
    missingMeasure: number;
    paired: number;
  };
  first: string;
  last: string;
  metrics: Record<string, number>;
  scatter: {
    cell: number;
    nbTimeSteps: number;
    model: number[];
    measure: number[];
    occurrence: number[];
    radii: number[];
    error: number[];
    linregress: { slope: number; intercept: number; r2: number };
  };
}
const ref = reference<Ref>('collocation.json');

/** ERA5 swh with every 97th hour set to the -999 sentinel, as the reference script does. */
function model() {
  const s = era5();
  const v = Float64Array.from(values(s, 'swh'));
  for (let k = 0; k < v.length; k += 97) v[k] = -999;
  return { time: s.time, values: v };
}
const measure = () => ({ time: ndbc().time, values: values(ndbc(), 'significant wave height') });
const HS = { name: 'hs', units: 'm', longName: 'significant wave height', directional: false };

suite('pairs on common timestamps (ERA5 swh vs NDBC 44007 hs)', () => {
  test('counts the common hours, the missing model and measure values and the pairs kept, as pandas', () => {
    const pairs = collocate(model(), measure());
    expect(pairs.counts).toEqual(ref.counts);
    expect(new Date(pairs.time[0]!).toISOString()).toBe('2000-01-01T01:00:00.000Z');
    expect(new Date(pairs.time.at(-1)!).toISOString()).toBe('2010-12-31T23:00:00.000Z');
    expect(pairs.model.some((v) => v === -999 || Number.isNaN(v))).toBe(false);
  });

  test('the spec 002 §9 metrics equal numpy/scipy to 1e-9', () => {
    const pairs = collocate(model(), measure());
    const metrics = namedMetrics(pairs.model, pairs.measure, false);
    expect(Object.keys(metrics)).toEqual(['bias', 'pbias', 'rmse', 'nrmse', 'corr', 'SI', 'std_ratio']);
    for (const [name, value] of Object.entries(ref.metrics))
      expect(metrics[name as 'bias']).toBeCloseTo(value, 9);
  });

  test('the scatter data: 0.5 m cells, occurrence, radii, mean error and linregress equal numpy/scipy', () => {
    const pairs = collocate(model(), measure());
    const data = scatterData(pairs.model, pairs.measure, HS, { model: 'ERA5', measure: 'NDBC 44007' });
    expect(data.cell).toBe(ref.scatter.cell);
    expect(data.nbTimeSteps).toBe(ref.scatter.nbTimeSteps);
    expect(data.varNames).toEqual(['hs_model', 'hs_measure']);
    expect(data.series.hs_model!.run).toBe('ERA5');
    expect(data.series.hs_measure!.attributes).toEqual({
      units: 'm',
      longName: 'significant wave height (measure)',
    });
    // numpy.unique sorts the (model cell, measure cell) keys as scatterDensity does
    expect(data.series.hs_model!.values).toEqual(ref.scatter.model);
    expect(data.series.hs_measure!.values).toEqual(ref.scatter.measure);
    for (const [got, want] of [
      [data.occurrence, ref.scatter.occurrence],
      [data.radii, ref.scatter.radii],
      [data.error.values, ref.scatter.error],
    ] as const) {
      expect(got).toHaveLength(want.length);
      expect(got.every((v, k) => close(v, want[k]!, 1e-9, 1e-12))).toBe(true);
    }
    expect(Math.min(...data.radii)).toBeGreaterThanOrEqual(1.5);
    expect(Math.max(...data.radii)).toBe(20);
    expect(data.linregress.slope).toBeCloseTo(ref.scatter.linregress.slope, 10);
    expect(data.linregress.intercept).toBeCloseTo(ref.scatter.linregress.intercept, 10);
    expect(data.linregress.r2).toBeCloseTo(ref.scatter.linregress.r2, 10);
  });
});

suite('collocation rules', () => {
  test('pairs only equal timestamps and drops -999, NaN and infinite values on either side', () => {
    const pairs = collocate(
      { time: [0, 1, 2, 3, 4, 6], values: [1, -999, 3, 4, NaN, 6] },
      { time: [1, 2, 3, 4, 5, 6], values: [10, 20, Infinity, 40, 50, 60] },
    );
    expect(pairs.time).toEqual([2, 6]);
    expect(pairs.model).toEqual([3, 6]);
    expect(pairs.measure).toEqual([20, 60]);
    // common counts the hours both hold (the pairs), not the 5 timestamps both time axes share (issue 30)
    expect(pairs.counts).toEqual({ common: 2, timestamps: 5, missingModel: 2, missingMeasure: 1, paired: 2 });
  });

  test('rejects times that do not increase and series whose lengths differ', () => {
    expect(() => collocate({ time: [0, 0], values: [1, 2] }, { time: [0], values: [1] })).toThrow(
      /increasing/,
    );
    expect(() => collocate({ time: [0, 1], values: [1] }, { time: [0], values: [1] })).toThrow(/length/);
  });

  test('directions get dir_bias, dir_rmse and dir_corr on circular differences', () => {
    // 350° vs 10° is 20° apart, not 340°: differences -20, +20, -10 → bias -10/3, rmse sqrt(900/3)
    const result = compareVariable(
      { time: [0, 1, 2], values: [350, 30, 100] },
      { time: [0, 1, 2], values: [10, 10, 110] },
      { name: 'dp', units: 'deg', longName: 'peak direction', directional: true },
      { model: 'm', measure: 'o' },
    );
    expect(Object.keys(result.metrics)).toEqual(['dir_bias', 'dir_rmse', 'dir_corr']);
    expect(result.metrics.dir_bias).toBeCloseTo(-10 / 3, 12);
    expect(result.metrics.dir_rmse).toBeCloseTo(Math.sqrt(300), 12);
    expect(result.scatter.error.values.every((e) => Math.abs(e) <= 20)).toBe(true);
  });

  test('scatter cells are 1, 2 or 5 times a power of ten, at most 40 over the largest value', () => {
    expect(scatterCell([11.7976], [3])).toBe(0.5);
    expect(scatterCell([40], [1])).toBe(1);
    expect(scatterCell([359], [2])).toBe(10);
    expect(scatterCell([0], [0])).toBe(1);
  });
});
