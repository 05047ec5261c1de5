import { describe as suite, expect, test } from 'vitest';
import {
  environmentalContours,
  fitHsTpModel,
  iformContour,
  kindOf,
  MIN_EXTREME_SAMPLE,
  monthlyStats,
  rose,
  seededRandom,
  statisticOf,
  STATISTICS,
  statisticsFor,
  waitPercentileIntervals,
  weatherDowntimes,
  weatherWindows,
  windowProbabilityIntervals,
} from '../src';
import type {
  EnvironmentalContours,
  ExtremeAnalysis,
  JointTable,
  LawEstimate,
  Series,
  DowntimeRowWithIntervals,
  WindowRowWithInterval,
} from '../src';
import { era5, reference } from './data';

/** scipy fits of the same samples (scripts/reference/extremes.py; see extremes.test.ts). */
interface LawRef {
  parameters: { location: number; scale: number; shape: number | null };
  returnValues: (number | null)[];
}
const extremesRef = reference<{
  returnPeriods: number[];
  'am.era5.swh': { fits: Record<string, LawRef> };
  'pot.era5.swh': { fits: Record<string, LawRef> };
}>('extremes.json');

type Estimated = Extract<LawEstimate, { error: null }>;
const estimated = (laws: LawEstimate[] | undefined, law: string): Estimated => {
  const found = laws?.find((l) => l.law === law);
  if (!found || found.error !== null) throw new Error(`no estimate of ${law}: ${found?.error}`);
  return found;
};

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
    // and the environmental contours, beyond the spec (docs/decisions.md)
    expect([...new Set(STATISTICS.map((s) => s.code))].sort()).toEqual(
      [...SPEC_CODES.split(', '), 'ENVC'].sort(),
    );
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
    // two years give two annual maxima, too few for a GEV: peaks over a threshold low enough for 10 peaks
    const options = {
      extreme: {
        method: 'pot' as const,
        law: 'gpd' as const,
        interval: 'delta' as const,
        threshold: '0.95q',
      },
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
  test('stored extremes use profile-likelihood intervals; the delta method and the bootstrap are asked for', () => {
    const s = era5();
    expect((statisticOf('EXT').compute(s, { field: 'swh' }) as ExtremeAnalysis).interval).toBe('profile');
    const stored = statisticOf('EXT').compute(
      s,
      { field: 'swh' },
      { extreme: { interval: 'delta' } },
    ) as ExtremeAnalysis;
    expect(stored.interval).toBe('delta');
    // Hs is positive: the delta interval is taken on the log scale, so it stays positive on 11 years of
    // maxima (the linear one reaches below zero at 100 years), with the same standard error: checked
    // against the linear rows of the same fit, log bounds = x·exp(∓(x − linear lower)/x).
    expect(stored.intervalScale).toBe('log');
    expect(stored.returnValues.filter((r) => Number.isFinite(r.lower)).length).toBeGreaterThan(3);
    const linear = statisticOf('EXT').compute(
      s,
      { field: 'swh' },
      { extreme: { interval: 'delta', deltaScale: 'linear' } },
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
  test('stored extremes carry every law of their method, as scipy fits them, in the method order', () => {
    const s = era5();
    const am = statisticOf('EXT').compute(s, { field: 'swh' }) as ExtremeAnalysis;
    // 11 maxima: the likelihood-ratio test makes Gumbel primary; the laws stay in the method's order (issue 21)
    expect(am.law).toBe('gumbel');
    expect(am.laws?.map((l) => l.law)).toEqual(['gev', 'gumbel']);
    // the primary law's estimate is the analysis' own fields
    const gumbel = estimated(am.laws, 'gumbel');
    expect(gumbel.returnValues).toEqual(am.returnValues);
    expect(gumbel.specParameters).toEqual(am.specParameters);
    const pot = statisticOf('EXT').compute(
      s,
      { field: 'swh' },
      { extreme: { method: 'pot', law: 'gpd' } },
    ) as ExtremeAnalysis;
    expect(pot.law).toBe('gpd');
    expect(pot.laws?.map((l) => l.law)).toEqual(['gpd', 'exponential', 'weibull2', 'weibull3']);
    // scipy genextreme/gumbel_r/genpareto/expon/weibull_min on the same maxima and peaks: return values
    // within 0.1 % (the tolerance of extremes.test.ts; weibull3 has no MLE there, shape < 1: left out)
    const checks: [ExtremeAnalysis, string, string][] = [
      [am, 'am.era5.swh', 'gev'],
      [am, 'am.era5.swh', 'gumbel'],
      [pot, 'pot.era5.swh', 'gpd'],
      [pot, 'pot.era5.swh', 'exponential'],
      [pot, 'pot.era5.swh', 'weibull2'],
    ];
    for (const [analysis, key, law] of checks) {
      const expected = extremesRef[key as 'am.era5.swh'].fits[law]!;
      const rows = estimated(analysis.laws, law).returnValues;
      expect(estimated(analysis.laws, law).specParameters.law).toBe(law);
      for (const row of rows) {
        const e = expected.returnValues[extremesRef.returnPeriods.indexOf(row.returnPeriod)];
        if (e === null || e === undefined) expect(row.value, `${law} T=${row.returnPeriod}`).toBeNaN();
        else expect(row.value / e, `${law} T=${row.returnPeriod}`).toBeCloseTo(1, 3);
      }
      // every law has its own interval around its own value
      for (const row of rows.filter((r) => Number.isFinite(r.lower)))
        expect(row.lower).toBeLessThan(row.value);
    }
    const monthly = statisticOf('EXT_month').compute(s, { field: 'swh' }) as (
      ExtremeAnalysis | { error: string }
    )[];
    for (const month of monthly)
      if (!('error' in month))
        expect([...(month.laws ?? [])].map((l) => l.law).sort()).toEqual([
          'exponential',
          'gpd',
          'weibull2',
          'weibull3',
        ]);
    // the primary law is one of them (a month of fewer than 20 peaks may make the exponential primary)
    for (const month of monthly)
      if (!('error' in month)) expect(month.laws?.some((l) => l.law === month.law)).toBe(true);
  });
  test('a law whose fit fails gives its reason; the other laws still show', () => {
    const r = statisticOf('EXT').compute(
      era5(),
      { field: 'swh' },
      { extreme: { laws: ['gev', 'gpd', 'gumbel'] } },
    ) as ExtremeAnalysis;
    expect(r.laws?.find((l) => l.law === 'gpd')).toEqual({
      law: 'gpd',
      error: 'fitExtremes: law gpd does not apply to annual-maxima (use gev, gumbel)',
    });
    expect(estimated(r.laws, 'gumbel').returnValues).toHaveLength(7);
  });
  test('a month with fewer than 10 peaks is refused in words; the others fit every law', () => {
    const months = statisticOf('EXT_month').compute(era5(), { field: 'swh' }) as ((
      ExtremeAnalysis | { error: string }
    ) & { month: number })[];
    const refused = months.filter((m) => 'error' in m) as { error: string; month: number }[];
    const fitted = months.filter((m) => !('error' in m)) as ExtremeAnalysis[];
    expect(refused.length).toBeGreaterThan(0);
    expect(fitted.length).toBeGreaterThan(0);
    for (const m of refused) {
      if (m.error.startsWith('fitExtremes: no value is above the threshold')) continue;
      const peaks = Number(/: (\d+) peaks above/.exec(m.error)?.[1] ?? 'NaN');
      expect(peaks, m.error).toBeLessThan(MIN_EXTREME_SAMPLE);
      expect(m.error).toMatch(
        /^Too few storms for an extreme-value fit: \d+ peaks above .*at least 10 are needed/,
      );
    }
    for (const m of fitted) {
      expect(m.peaks.length).toBeGreaterThanOrEqual(MIN_EXTREME_SAMPLE);
      expect(estimated(m.laws, 'weibull3').returnValues).toHaveLength(7);
    }
  });
  test('WW carries the year-block interval of each month’s probability, to 0.01 %, the whole year none (issue 31)', () => {
    const s = era5();
    const options = { below: 1.5, durationsHours: [12] };
    const rows = statisticOf('WW').compute(
      s,
      { field: 'swh' },
      { ...options, probabilityIntervals: true },
    ) as WindowRowWithInterval[];
    const reference = windowProbabilityIntervals(s.time, s.fields.swh!.values, options);
    // on request only (issue 34, session 31): without probabilityIntervals the rows are the bare WW rows,
    // and with them the same rows with the intervals beside (nothing else changes)
    const bare = statisticOf('WW').compute(s, { field: 'swh' }, options) as WindowRowWithInterval[];
    expect(bare).toEqual(weatherWindows(s.time, s.fields.swh!.values, { ...options, stepMs: s.stepMs }));
    expect(bare.some((r) => r.intervalYears !== undefined)).toBe(false);
    expect(
      rows.map(({ probabilityInterval: _p, intervalYears: _y, intervalNote: _n, ...row }) => row),
    ).toEqual(bare);
    for (const row of rows.filter((r) => r.month > 0)) {
      const band = reference.find((b) => b.month === row.month)!;
      expect(row.probabilityInterval).toEqual(band.interval!.map((x) => Math.round(x * 100) / 100));
      // ERA5 2000-2010 (shared/data README): 11 years with data in every month
      expect(row.intervalYears).toBe(11);
    }
    expect(rows.find((r) => r.month === 0)!.probabilityInterval).toBeUndefined();
    // under 5 years: no interval, and the note says why
    const n = 3 * 8766;
    const short: Series = {
      ...s,
      time: s.time.subarray(0, n),
      fields: { swh: { ...s.fields.swh!, values: s.fields.swh!.values.subarray(0, n) } },
    };
    const few = statisticOf('WW').compute(
      short,
      { field: 'swh' },
      { ...options, probabilityIntervals: true },
    ) as WindowRowWithInterval[];
    const january = few.find((r) => r.month === 1)!;
    expect(january.probabilityInterval).toBeNull();
    expect(january.intervalYears).toBe(3);
    expect(january.intervalNote).toMatch(/^no interval: fewer than 5 years/);
  });
  test('WD carries the year-block intervals of its wait percentiles, to 0.1 h, censored ends said, the whole year none (issue 31)', () => {
    // reference: waitPercentileIntervals itself, tested against the brute force of the definition in
    // windows.test.ts; here, that the statistic carries it for every duration, rounded to 0.1 h
    // 8 years of daily values, a third missing: long censored waits, some interval ends censored
    const random = seededRandom(5);
    const n = 8 * 365;
    const s: Series = {
      time: Float64Array.from({ length: n }, (_, i) => Date.UTC(2001, 0, 1) + i * 86_400_000),
      stepMs: 86_400_000,
      fields: {
        hs: {
          values: Float32Array.from({ length: n }, () => (random() < 0.33 ? NaN : random() * 3)),
          units: 'm',
          variable: 'hs',
          level: 0,
          levelType: 'depth',
        },
      },
    };
    const field = 'hs';
    const options = { below: 1.2, durationsHours: [24, 48] };
    const result = statisticOf('WD').compute(
      s,
      { field },
      {
        ...options,
        waitIntervals: true,
      },
    ) as DowntimeRowWithIntervals[][];
    // on request only (issue 31, session 30): without waitIntervals the rows are the bare WD rows
    const bare = statisticOf('WD').compute(s, { field }, options) as DowntimeRowWithIntervals[][];
    expect(bare).toEqual(weatherDowntimes(s.time, s.fields[field]!.values, { ...options, stepMs: s.stepMs }));
    expect(bare.flat().some((r) => r.intervalYears !== undefined)).toBe(false);
    // intervalPercentiles: only those percentiles, the same intervals as for all of them
    const two = statisticOf('WD').compute(
      s,
      { field },
      {
        ...options,
        waitIntervals: true,
        intervalPercentiles: [50, 90],
      },
    ) as DowntimeRowWithIntervals[][];
    two.forEach((rows, k) =>
      rows.forEach((row, i) => {
        if (row.month === 0) return;
        expect(Object.keys(row.waitPercentileIntervals!).sort()).toEqual(['50', '90']);
        for (const p of ['50', '90'])
          expect(row.waitPercentileIntervals![p]).toEqual(result[k]![i]!.waitPercentileIntervals![p]);
      }),
    );
    let censored = 0;
    options.durationsHours.forEach((durationHours, k) => {
      const reference = waitPercentileIntervals(s.time, s.fields[field]!.values, {
        below: 1.2,
        durationHours,
        stepMs: s.stepMs,
      });
      for (const row of result[k]!.filter((r) => r.month > 0)) {
        const band = reference.find((b) => b.month === row.month)!;
        expect(row.intervalYears).toBe(band.years);
        for (const [p, i] of Object.entries(band.intervals)) {
          const got = row.waitPercentileIntervals![p];
          const c = band.moreThanHours?.[p];
          if (i === null) expect(got).toEqual(c === undefined ? null : [null, null]);
          else {
            expect(Math.abs(got![0]! - i[0])).toBeLessThanOrEqual(0.05 + 1e-9);
            expect(Math.abs(got![0]! * 10 - Math.round(got![0]! * 10))).toBeLessThan(1e-9);
            if (i[1] === null) expect(got![1]).toBeNull();
            else expect(Math.abs(got![1]! - i[1])).toBeLessThanOrEqual(0.05 + 1e-9);
          }
          if (c !== undefined) {
            censored++;
            expect(Math.abs(row.waitIntervalMoreThanHours![p]! - c)).toBeLessThanOrEqual(0.05 + 1e-9);
          }
        }
      }
      expect(result[k]!.find((r) => r.month === 0)!.waitPercentileIntervals).toBeUndefined();
    });
    // the gaps leave some upper ends censored, said as "more than c h"
    expect(censored).toBeGreaterThan(0);
  });
  test("WW and WD count durations at the record's own step: 6 h on 3-hourly data is two records", () => {
    const s = era5();
    const keep = Array.from({ length: Math.floor(s.time.length / 3) }, (_, k) => 3 * k);
    const hs = Float32Array.from(keep, (i) => s.fields.swh!.values[i]!);
    const threeHourly: Series = {
      ...s,
      time: Float64Array.from(keep, (i) => s.time[i]!),
      stepMs: 3 * 3_600_000,
      fields: { swh: { ...s.fields.swh!, values: hs } },
    };
    const rows = statisticOf('WW').compute(
      threeHourly,
      { field: 'swh' },
      { below: 1.5, durationsHours: [6] },
    ) as {
      month: number;
      probability: number;
    }[];
    // brute force of the definition on the records: a window starts at k when records k and k + 1 are
    // both below the limit; the last record cannot open one (censored)
    let opens = 0;
    for (let k = 0; k + 1 < hs.length; k++) if (hs[k]! < 1.5 && hs[k + 1]! < 1.5) opens++;
    const known = hs[hs.length - 1]! < 1.5 ? hs.length - 1 : hs.length;
    expect(rows.find((r) => r.month === 0)!.probability).toBeCloseTo((100 * opens) / known, 9);
    const [downtime] = statisticOf('WD').compute(
      threeHourly,
      { field: 'swh' },
      { below: 1.5, durationsHours: [6] },
    ) as {
      durationHours: number;
      month: number;
      starts: number;
    }[][];
    expect(downtime!.find((r) => r.month === 0)!.starts).toBe(hs.length);
  });
  test('EJPD: the Hs–Tp scatter table is a standard statistic of a point with both; counts equal numpy', () => {
    const s = era5();
    expect(statisticsFor(s).filter((r) => r.id === 'EJPD')).toEqual([
      { id: 'EJPD', target: { field: 'swh', partner: 'mwd' } },
      { id: 'EJPD', target: { field: 'swh', partner: 'pp1d' } },
    ]);
    // Reference: numpy.histogram2d of ERA5 Hs × Tp on 0.5 m × 1 s left-closed edges
    // (scripts/reference/descriptive.py -> test/reference/binning.json, as binning.test.ts); counts exact
    const numpy = reference<{ joint: { xEdges: number[]; yEdges: number[]; counts: number[][] } }>(
      'binning.json',
    ).joint;
    const table = statisticOf('EJPD').compute(s, { field: 'swh', partner: 'pp1d' }) as JointTable;
    expect(table.xEdges).toEqual(numpy.xEdges);
    expect(table.yEdges).toEqual(numpy.yEdges);
    expect(table.counts).toEqual(numpy.counts);
    // a point without a period keeps the magnitude × direction tables only
    const { pp1d: _period, ...noPeriod } = s.fields;
    expect(
      statisticsFor({ ...s, fields: noPeriod })
        .filter((r) => r.id === 'EJPD')
        .map((r) => r.target.partner),
    ).toEqual(['mwd']);
  });
  test('ENVC: the wave height with its peak period; the contours of the joint model fitted to the pairs', () => {
    const s = era5();
    expect(statisticsFor(s).filter((r) => r.id === 'ENVC')).toEqual([
      { id: 'ENVC', target: { field: 'swh', partner: 'pp1d' } },
    ]);
    const r = statisticOf('ENVC').compute(s, { field: 'swh', partner: 'pp1d' }) as EnvironmentalContours;
    const model = fitHsTpModel(s.fields.swh!.values, s.fields.pp1d!.values);
    expect(r.model).toEqual(model);
    expect(r.seaStateHours).toBe(1);
    expect(r.contours.map((c) => c.returnPeriod)).toEqual([1, 10, 100]);
    for (const c of r.contours) expect(c).toEqual(iformContour(model, c.returnPeriod));
    // the density behind: brute-force count of the pairs in one cell, and every pair counted once
    const hs = s.fields.swh!.values;
    const tp = s.fields.pp1d!.values;
    let pairs = 0;
    let cell = 0;
    for (let i = 0; i < hs.length; i++) {
      if (!(hs[i]! > 0 && tp[i]! > 0)) continue;
      pairs++;
      if (hs[i]! >= 1 && hs[i]! < 1.25 && tp[i]! >= 6 && tp[i]! < 6.5) cell++;
    }
    expect(r.density.pairs).toBe(pairs);
    expect(r.density.counts.flat().reduce((a, b) => a + b, 0)).toBe(pairs);
    expect(r.density.counts[r.density.tpEdges.indexOf(6)]![r.density.hsEdges.indexOf(1)]).toBe(cell);
    expect(cell).toBeGreaterThan(0);
    // the table ends at the pairs' largest values: a larger Hs without its period adds no cell
    const lone = Float32Array.from(hs);
    const withoutPeriod = Float32Array.from(tp);
    lone[5] = 40;
    withoutPeriod[5] = NaN;
    const trimmed = environmentalContours(lone, withoutPeriod);
    expect(trimmed.density.hsEdges.at(-1)).toBe(r.density.hsEdges.at(-1));
    expect(trimmed.density.tpEdges.at(-1)).toBe(r.density.tpEdges.at(-1));
    lone[5] = Infinity;
    expect(() => environmentalContours(lone, tp)).toThrow(/infinite/);
  });
  test('ENVC pairs: swell height with swell period, the peak period before the others; missing periods left out', () => {
    const s = era5();
    const n = s.time.length;
    const field = (values: Float32Array, longName: string, variable: string) => ({
      values,
      units: variable.startsWith('t') ? 's' : 'm',
      longName,
      variable,
    });
    const hs = Float32Array.from(s.fields.swh!.values);
    const tp = Float32Array.from(s.fields.pp1d!.values);
    const catalogue: Series = {
      time: s.time,
      stepMs: s.stepMs,
      fields: {
        hs: field(hs, 'significant wave height', 'hs'),
        tz: field(
          Float32Array.from(tp, (t) => 0.7 * t),
          'zero up-crossing wave period',
          'tz',
        ),
        tp: field(tp, 'peak wave period', 'tp'),
        hs_swell: field(
          Float32Array.from(hs, (h) => 0.5 * h),
          'swell significant wave height',
          'hs_swell',
        ),
        tp_swell: field(
          Float32Array.from(tp, (t) => 1.2 * t),
          'swell peak period',
          'tp_swell',
        ),
      },
    };
    expect(statisticOf('ENVC').targets(catalogue)).toEqual([
      { field: 'hs', partner: 'tp' },
      { field: 'hs_swell', partner: 'tp_swell' },
    ]);
    // a period missing at some steps: the model of the remaining pairs alone
    const holes = Float32Array.from(tp, (t, i) => (i % 7 === 0 ? NaN : t));
    const kept = [...hs.keys()].filter((i) => i % 7 !== 0 && hs[i]! > 0 && tp[i]! > 0);
    expect(fitHsTpModel(hs, holes)).toEqual(
      fitHsTpModel(
        Float64Array.from(kept, (i) => hs[i]!),
        Float64Array.from(kept, (i) => tp[i]!),
      ),
    );
    expect(n).toBe(hs.length);
  });
  test('an unknown id throws naming the function', () => {
    expect(() => statisticOf('XYZ')).toThrow(/statisticOf/);
  });
});
