import { describe as suite, expect, test } from 'vitest';
import { kindOf, monthlyStats, rose, statisticOf, STATISTICS, statisticsFor } from '../src';
import type { ExtremeAnalysis, Series } from '../src';
import { era5 } from './data';

// The registry is checked against spec 000 §9 (the list of codes) and against the direct calls it wraps.
const SPEC_CODES =
  'WW, DR, MEANCOLSTD, APD, WD, EJPD, TS, EPD, CTS, EXT, MAEXT, MIEXT, CUREXT, HEIEXT, NOCYC, EFT';

/** Two years of ERA5 (a short series keeps every statistic fast). */
function short(): Series {
  const s = era5();
  const n = 2 * 8784;
  return {
    time: s.time.subarray(0, n),
    stepMs: s.stepMs,
    fields: Object.fromEntries(
      Object.entries(s.fields).map(([k, f]) => [k, { ...f, values: f.values.subarray(0, n) }]),
    ),
  };
}

suite('statistic registry', () => {
  test('every statistic code of spec 000 §9 is registered; monthly variants have "month" in their id', () => {
    expect([...new Set(STATISTICS.map((s) => s.code))].sort()).toEqual(SPEC_CODES.split(', ').sort());
    for (const s of STATISTICS) expect(s.id.includes('month')).toBe(s.monthly && s.id !== s.code);
    expect(new Set(STATISTICS.map((s) => s.id)).size).toBe(STATISTICS.length);
  });
  test('ERA5 fields are classified: swh wave height, pp1d period, mwd direction', () => {
    const s = era5();
    expect(['swh', 'pp1d', 'mwd'].map((k) => kindOf(k, s.fields[k]!))).toEqual([
      'waveHeight',
      'period',
      'direction',
    ]);
  });
  test('what the ERA5 point supports: roses of swh by mwd, no levels, no water heights, NOCYC only with a mask', () => {
    const runs = statisticsFor(era5());
    expect(runs.filter((r) => r.id === 'DR')).toEqual([
      { id: 'DR', target: { field: 'swh', partner: 'mwd' } },
    ]);
    expect(runs.filter((r) => r.id === 'EXT').map((r) => r.target.field)).toEqual(['pp1d', 'swh']);
    for (const id of ['MEANCOLSTD', 'CUREXT', 'HEIEXT', 'NOCYC'])
      expect(runs.some((r) => r.id === id)).toBe(false);
    expect(statisticsFor(era5(), { cycloneMask: true }).some((r) => r.id === 'NOCYC')).toBe(true);
  });
  test('every supported statistic runs on two years of ERA5 and gives what the direct call gives', () => {
    const s = short();
    const cyclone = new Array<boolean>(s.time.length).fill(false);
    // two years give two annual maxima, too few for a GEV: peaks over threshold instead
    const options = {
      extreme: { method: 'pot' as const, law: 'gpd' as const, interval: 'delta' as const },
      cyclone,
    };
    for (const { id, target } of statisticsFor(s, { cycloneMask: true })) {
      expect(
        () => statisticOf(id).compute(s, target, options),
        `${id} ${JSON.stringify(target)}`,
      ).not.toThrow();
    }
    const edges = [0, 1, 2, 3, 4];
    expect(statisticOf('DR').compute(s, { field: 'swh', partner: 'mwd' }, { edges })).toEqual(
      rose(s.fields.mwd!.values, s.fields.swh!.values, { sectors: 16, edges }),
    );
    expect(statisticOf('EPD_month').compute(s, { field: 'swh' })).toEqual(
      monthlyStats(s.time, s.fields.swh!.values),
    );
  });
  test('stored extremes use delta-method intervals; the bootstrap is asked for explicitly', () => {
    const s = era5();
    const stored = statisticOf('EXT').compute(s, { field: 'swh' }) as ExtremeAnalysis;
    expect(stored.interval).toBe('delta');
    // Hs is positive: the delta interval is taken on the log scale, so it stays positive on 11 years of
    // maxima (the linear one reaches below zero at 100 years), with the same standard error: checked
    // against the linear rows of the same fit, log bounds = x·exp(∓(x − linear lower)/x).
    expect(stored.intervalScale).toBe('log');
    expect(stored.returnValues.filter((r) => Number.isFinite(r.lower)).length).toBeGreaterThan(3);
    const linear = statisticOf('EXT').compute(
      s,
      { field: 'swh' },
      { extreme: { deltaScale: 'linear' } },
    ) as ExtremeAnalysis;
    for (const [k, row] of stored.returnValues.entries()) {
      const lin = linear.returnValues[k]!;
      if (!Number.isFinite(lin.lower)) continue; // no interval where the information matrix is singular
      expect(row.lower).toBeGreaterThan(0);
      expect(lin.value).toBe(row.value);
      const spread = Math.exp((lin.value - lin.lower) / lin.value);
      expect(row.lower).toBeCloseTo(lin.value / spread, 9);
      expect(row.upper).toBeCloseTo(lin.value * spread, 9);
    }
    const asked = statisticOf('EXT').compute(
      s,
      { field: 'swh' },
      { extreme: { interval: 'bootstrap', resamples: 200 } },
    ) as { interval: string };
    expect(asked.interval).toBe('bootstrap');
  });
  test('an unknown id throws naming the function', () => {
    expect(() => statisticOf('XYZ')).toThrow(/statisticOf/);
  });
});
