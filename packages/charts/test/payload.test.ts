import { describe, expect, it } from 'vitest';
import { MISSING_VALUE, visuArrays, visuPayload } from '@metocean/contracts';
import {
  extremeValueAnalysis,
  WAIT_INTERVALS_ON_REQUEST,
  WINDOW_INTERVALS_ON_REQUEST,
  type DowntimeRow,
  type DowntimeRowWithIntervals,
  type EmpiricalDistribution,
  type EnvironmentalContours,
  type ExtremeAnalysis,
  type Fit,
  type JointTable,
  type MonthlyRow,
  type ProfileRow,
  type Rose,
  type WindowRow,
} from '@metocean/core';
import { TIME_UNITS, visuPayloadOf } from '../src';
import { era5, era5Row, era5WithLevels, fieldsOf, rowOf, toJson } from './data';

const fields = () => fieldsOf(era5());
const payloadOf = (id: string) => {
  const row = era5Row(id);
  const payload = visuPayloadOf(row, fields());
  // every payload is what the API schema accepts
  expect(visuPayload.safeParse(payload).success).toBe(true);
  return { payload, raw: toJson(row.raw) };
};
const values = (payload: ReturnType<typeof visuPayloadOf>, name: string) => {
  const array = payload[name];
  if (!array || name === 'kwargs') throw new Error(`no array ${name}`);
  return (array as { values: unknown[] }).values;
};

describe('visuPayloadOf', () => {
  it('TS: the downsampled times in ms since 1970 and the values of the engine, with units', () => {
    const { payload, raw } = payloadOf('TS');
    const r = raw as { time: number[]; values: number[] };
    expect(values(payload, 'time')).toEqual(r.time);
    expect(values(payload, 'swh')).toEqual(r.values);
    expect(payload.time!.attributes.units).toBe(TIME_UNITS);
    expect(payload.swh!.attributes).toMatchObject({ units: 'm' });
    expect(payload.kwargs).toMatchObject({
      statId: 'TS__swh',
      code: 'TS',
      periodicity: 'annual',
      xName: 'time',
      yName: 'swh',
      dataset: 'ERA5 South China Sea',
      node: { lat: 15.5, lon: 109.94, distanceKm: 1.2 },
    });
    expect(payload.kwargs.notice).toBeUndefined();
    expect(payload.kwargs.method).toMatch(/downsampling/);
    // the downsampled times lie in the record (2000-2010), ascending
    expect(r.time[0]).toBeGreaterThanOrEqual(Date.UTC(2000, 0, 1));
    expect(r.time.at(-1)).toBeLessThan(Date.UTC(2011, 0, 1));
    expect(r.time.every((t, i) => i === 0 || t > r.time[i - 1]!)).toBe(true);
  });

  it('CTS: left and right series with their own times', () => {
    const { payload, raw } = payloadOf('CTS');
    const r = raw as { left: { time: number[]; values: number[] }; right: { values: number[] } };
    expect(values(payload, 'swh')).toEqual(r.left.values);
    expect(values(payload, 'swh_time')).toEqual(r.left.time);
    expect(values(payload, 'mwd')).toEqual(r.right.values);
    expect(payload.kwargs).toMatchObject({ yName: 'swh', y2Name: 'mwd', xName: 'swh_time' });
  });

  it('EPD: histogram, curves, quantile table and the descriptive statistics; type 7 named', () => {
    const { payload, raw } = payloadOf('EPD');
    const r = raw as EmpiricalDistribution & { describe: { mean: number; std: number } };
    expect(values(payload, 'edges')).toEqual(r.edges);
    expect(values(payload, 'counts')).toEqual(r.counts);
    expect(values(payload, 'frequency')).toEqual(r.frequencyPercent);
    expect(values(payload, 'exceedance')).toEqual(r.exceedancePercent);
    expect(values(payload, 'nonExceedance')).toEqual(r.nonExceedancePercent);
    expect(values(payload, 'percentile')).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 99]);
    expect(values(payload, 'quantile')).toEqual(
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 99].map((p) => r.quantiles[p]),
    );
    expect(payload.kwargs.statistics).toMatchObject({ mean: r.describe.mean, std: r.describe.std });
    expect(payload.kwargs.method).toContain('percentiles: Hyndman–Fan type 7');
  });

  it('EPD_month: one row per calendar month', () => {
    const { payload, raw } = payloadOf('EPD_month');
    const r = raw as MonthlyRow[];
    expect(values(payload, 'month')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(values(payload, 'mean')).toEqual(r.map((m) => m.mean));
    expect(values(payload, 'median')).toEqual(r.map((m) => m.median));
    expect(payload.kwargs.periodicity).toBe('monthly');
  });

  it('APD: one row per law with parameters and goodness of fit; the normal law has no shape (-999)', () => {
    const { payload, raw } = payloadOf('APD');
    const r = raw as Fit[];
    expect(values(payload, 'law')).toEqual(r.map((f) => f.law));
    expect(values(payload, 'scale')).toEqual(r.map((f) => f.parameters.scale));
    expect(values(payload, 'ks')).toEqual(r.map((f) => f.ks));
    const normal = r.findIndex((f) => f.law === 'normal');
    expect(values(payload, 'shape')[normal]).toBe(MISSING_VALUE);
  });

  it('EJPD: counts and per mille by (x bin, y bin) with marginals', () => {
    const { payload, raw } = payloadOf('EJPD');
    const r = raw as JointTable;
    expect(values(payload, 'counts')).toEqual(r.counts);
    expect(values(payload, 'perMille')).toEqual(r.perMille);
    expect(values(payload, 'yEdges')).toEqual(r.yEdges);
    expect(payload.counts!.dimensions).toEqual(['x', 'y']);
    expect(payload.yEdges!.attributes.units).toBe('Degree true');
  });

  it('DR and DR_month: percent by sector and class, monthly stacked on a month dimension', () => {
    const annual = payloadOf('DR');
    const rose = annual.raw as Rose;
    expect(values(annual.payload, 'percent')).toEqual(rose.percent);
    expect(values(annual.payload, 'sectors')).toEqual(rose.sectors);
    const monthly = payloadOf('DR_month');
    const roses = monthly.raw as (Rose & { month: number })[];
    expect(values(monthly.payload, 'percent')).toEqual(roses.map((m) => m.percent));
    expect(monthly.payload.percent!.dimensions).toEqual(['month', 'sector', 'class']);
    expect(monthly.payload.kwargs.count).toBe(rose.count);
  });

  it('WW: probability by duration and month 1-12, the whole year apart; the limit is the median', () => {
    const { payload, raw } = payloadOf('WW');
    const r = raw as WindowRow[];
    expect(values(payload, 'duration')).toEqual([6, 12, 24, 48]);
    expect(values(payload, 'month')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const grid = values(payload, 'probability') as number[][];
    const annual = values(payload, 'probabilityAnnual') as number[];
    for (const row of r) {
      const d = [6, 12, 24, 48].indexOf(row.durationHours);
      expect(row.month === 0 ? annual[d] : grid[d]![row.month - 1]).toBe(row.probability);
    }
    expect(payload.kwargs.limit).toBe(fields().find((f) => f.field === 'swh')!.median);
    // issue 31: the probability's interval and its years per duration and month, the whole year without
    const lower = values(payload, 'probabilityLower') as number[][];
    const upper = values(payload, 'probabilityUpper') as number[][];
    const years = values(payload, 'intervalYears') as number[][];
    const withIntervals = r as (WindowRow & {
      probabilityInterval?: [number, number];
      intervalYears?: number;
    })[];
    for (const row of withIntervals.filter((x) => x.month > 0)) {
      const d = [6, 12, 24, 48].indexOf(row.durationHours);
      expect([lower[d]![row.month - 1], upper[d]![row.month - 1]]).toEqual(row.probabilityInterval);
      // ERA5 South China Sea, 2000-01-01 to 2010-12-31: 11 years in every month (shared/data README)
      expect(years[d]![row.month - 1]).toBe(11);
    }
    expect(payload.probabilityLowerAnnual).toBeUndefined();
    expect(payload.probabilityLower!.attributes.units).toBe('%');
    expect(payload.probabilityLower!.attributes.longName).toBe(
      'probability, lower bound of its 90 % interval (year-block bootstrap, 1,000 resamples)',
    );
    expect(payload.kwargs.intervals).toMatch(
      /^90 % interval of each month's probability: year-block bootstrap/,
    );
  });

  it('WW as the standard set stores it (no intervals asked): no interval array, the note says they are on request', () => {
    const row = rowOf(era5(), 'WW', { field: 'swh' });
    const payload = visuPayloadOf(row, fields());
    expect(visuPayload.safeParse(payload).success).toBe(true);
    expect(payload.kwargs.intervalsNote).toBe(WINDOW_INTERVALS_ON_REQUEST);
    expect(payload.kwargs.intervals).toBeUndefined();
    for (const name of ['probabilityLower', 'probabilityUpper', 'intervalYears'])
      expect(payload[name]).toBeUndefined();
    // the same probabilities as with the intervals
    expect(payload.probability).toEqual(payloadOf('WW').payload.probability);
    expect(payloadOf('WW').payload.kwargs.intervalsNote).toBeUndefined();
  });

  it('WD as the standard set stores it (no intervals asked): no interval array, the note says they are on request', () => {
    const row = rowOf(era5(), 'WD', { field: 'swh' });
    const payload = visuPayloadOf(row, fields());
    expect(visuPayload.safeParse(payload).success).toBe(true);
    expect(payload.kwargs.intervalsNote).toBe(WAIT_INTERVALS_ON_REQUEST);
    expect(payload.kwargs.intervals).toBeUndefined();
    for (const name of [
      'waitPercentileLower',
      'waitPercentileUpper',
      'waitIntervalMoreThan',
      'intervalYears',
    ])
      expect(payload[name]).toBeUndefined();
    // the same waits as with the intervals
    expect(payload.waitPercentile).toEqual(payloadOf('WD').payload.waitPercentile);
  });

  it('WD: mean wait and wait percentiles by duration and month', () => {
    const { payload, raw } = payloadOf('WD');
    const r = raw as DowntimeRow[][];
    const monthly = (rows: DowntimeRow[]) => rows.filter((m) => m.month > 0);
    expect(values(payload, 'meanWait')).toEqual(r.map((rows) => monthly(rows).map((m) => m.meanWaitHours)));
    expect(values(payload, 'meanWaitAnnual')).toEqual(
      r.map((rows) => rows.find((m) => m.month === 0)!.meanWaitHours),
    );
    const p = values(payload, 'percentile') as number[];
    expect(p).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const cube = values(payload, 'waitPercentile') as number[][][];
    // July (index 6), P90, 24 h
    expect(cube[2]![6]![8]).toBe(r[2]!.find((m) => m.month === 7)!.waitPercentilesHours['90']);
    // issue 31: the Kaplan–Meier follow-up and the restricted mean's horizon beside them, and the rule
    expect(values(payload, 'followUp')).toEqual(r.map((rows) => monthly(rows).map((m) => m.followUpHours)));
    expect(values(payload, 'meanHorizonAnnual')).toEqual(
      r.map((rows) => rows.find((m) => m.month === 0)!.meanHorizonHours),
    );
    expect(payload.kwargs.censoring).toMatch(/Kaplan–Meier.*at least c hours.*more than the follow-up/);
    // issue 31: each wait percentile's interval per duration, month and percentile; a bound the engine
    // leaves censored is the missing value, its "more than" beside it; the whole year has none
    const rows = r as DowntimeRowWithIntervals[][];
    const lower = values(payload, 'waitPercentileLower') as number[][][];
    const upper = values(payload, 'waitPercentileUpper') as number[][][];
    const moreThan = values(payload, 'waitIntervalMoreThan') as number[][][];
    const years = values(payload, 'intervalYears') as number[][];
    let bounds = 0;
    rows.forEach((byMonth, d) =>
      (monthly(byMonth) as DowntimeRowWithIntervals[]).forEach((row) => {
        // ERA5 South China Sea, 2000-01-01 to 2010-12-31: 11 years in every month (shared/data README)
        expect(years[d]![row.month - 1]).toBe(11);
        p.forEach((q, j) => {
          const i = row.waitPercentileIntervals![String(q)];
          expect(lower[d]![row.month - 1]![j]).toBe(i?.[0] ?? MISSING_VALUE);
          expect(upper[d]![row.month - 1]![j]).toBe(i?.[1] ?? MISSING_VALUE);
          expect(moreThan[d]![row.month - 1]![j]).toBe(
            row.waitIntervalMoreThanHours?.[String(q)] ?? MISSING_VALUE,
          );
          if (i?.[0] != null) bounds++;
        });
      }),
    );
    expect(bounds).toBeGreaterThan(0);
    expect(payload.waitPercentileLower!.dimensions).toEqual(['duration', 'month', 'percentile']);
    expect(payload.waitPercentileLower!.attributes.units).toBe('hour');
    expect(payload.waitPercentileLowerAnnual).toBeUndefined();
    expect(payload.kwargs.intervals).toMatch(/^90 % interval of each month's waiting-time percentile/);
  });

  it('EXT, MAEXT, MIEXT: return values with bounds, empirical points, peaks and the fit parameters', () => {
    for (const id of ['EXT', 'MAEXT', 'MIEXT']) {
      const { payload, raw } = payloadOf(id);
      const r = raw as ExtremeAnalysis;
      expect(values(payload, 'returnPeriod')).toEqual(r.returnValues.map((x) => x.returnPeriod));
      // T = 1 year has no finite annual-maxima return value: -999
      expect(values(payload, 'returnValue')).toEqual(r.returnValues.map((x) => x.value));
      expect(values(payload, 'returnValue')[0]).toBe(MISSING_VALUE);
      expect(values(payload, 'returnValueUpper')).toEqual(r.returnValues.map((x) => x.upper));
      expect(values(payload, 'empiricalValue')).toEqual(r.empirical.map((x) => x.value));
      expect(values(payload, 'peakTime')).toEqual(r.peaks.map((x) => x.time));
      expect(payload.peakTime!.attributes.units).toBe(TIME_UNITS);
      expect(payload.kwargs.fitParameters).toEqual({ ...r.specParameters, multivariateLaw: 'none' });
      // 11 ERA5 maxima: a short record, the likelihood-ratio test made Gumbel primary (issue 21), and says so
      expect(payload.kwargs).toMatchObject({ law: r.law, confidence: 0.9, minima: id === 'MIEXT' });
      expect(payload.kwargs.lawSelection).toEqual(r.lawSelection);
      expect((payload.kwargs.lawSelection as { chosen: string } | null)?.chosen).toBe(r.law);
      expect(payload.kwargs.warnings).toEqual(r.warnings);
      expect(payload.kwargs.method).toMatch(/annual maxima.*90 %/);
      expect(payload.kwargs.method).toContain(
        { delta: 'delta-method', bootstrap: 'bootstrap', profile: 'profile-likelihood' }[r.interval],
      );
      expect(payload.kwargs.interval).toBe(r.interval);
      // spec 002 §3 return-period variants: law × return period, every law of annual maxima
      const laws = r.laws!.filter((l) => l.error === null);
      expect(values(payload, 'law')).toEqual(['gev', 'gumbel']);
      expect(laws).toHaveLength(2);
      expect(payload.returnValues!.dimensions).toEqual(['law', 'returnPeriod']);
      expect(values(payload, 'returnValues')).toEqual(laws.map((l) => l.returnValues.map((x) => x.value)));
      expect(values(payload, 'returnValuesLower')).toEqual(
        laws.map((l) => l.returnValues.map((x) => x.lower)),
      );
      expect(values(payload, 'returnValuesUpper')).toEqual(
        laws.map((l) => l.returnValues.map((x) => x.upper)),
      );
      expect(payload.kwargs.laws).toEqual(['gev', 'gumbel']);
      expect(payload.kwargs.lawErrors).toEqual(['', '']);
      expect(payload.kwargs.lawFitParameters).toEqual(
        laws.map((l) => ({ ...l.specParameters, multivariateLaw: 'none' })),
      );
      expect(payload.kwargs.method).toMatch(/laws GEV, Gumbel \(primary Gumbel\)/);
    }
  });

  it('NOCYC without a mask is stored as an error: kwargs.error and no arrays', () => {
    const row = rowOf(era5(), 'NOCYC', { field: 'swh' });
    const payload = visuPayloadOf(row, fields());
    expect(payload.kwargs.error).toBe('NOCYC: options.cyclone (the cyclone mask) is required');
    expect(visuArrays(payload)).toEqual([]);
    expect(visuPayload.safeParse(payload).success).toBe(true);
    const computed = payloadOf('NOCYC');
    expect(values(computed.payload, 'returnValue')).toEqual(
      (computed.raw as ExtremeAnalysis).returnValues.map((x) => x.value),
    );
  });

  it('EXT_month: twelve analyses stacked by month, empirical points padded with -999', () => {
    const { payload, raw } = payloadOf('EXT_month');
    const all = raw as ((ExtremeAnalysis | { error: string }) & { month: number })[];
    expect(values(payload, 'month')).toEqual(all.map((m) => m.month));
    const r = all.filter((m): m is ExtremeAnalysis & { month: number } => !('error' in m));
    expect(r.length).toBeGreaterThan(0);
    const periods = r[0]!.returnValues.length;
    expect(values(payload, 'returnValue')).toEqual(
      all.map((m) =>
        'error' in m ? new Array<number>(periods).fill(MISSING_VALUE) : m.returnValues.map((x) => x.value),
      ),
    );
    expect(payload.kwargs.monthErrors).toEqual(all.map((m) => ('error' in m ? m.error : '')));
    const empirical = values(payload, 'empiricalValue') as number[][];
    const longest = Math.max(...r.map((m) => m.empirical.length));
    for (const m of r) {
      const k = m.month - 1;
      expect(empirical[k]!.slice(0, m.empirical.length)).toEqual(m.empirical.map((x) => x.value));
      expect(empirical[k]!.length).toBe(longest);
      expect(empirical[k]!.slice(m.empirical.length).every((v) => v === MISSING_VALUE)).toBe(true);
    }
    expect(payload.kwargs.method).toMatch(/peaks over threshold/);
    // month × law × return period; a month that failed is -999 for every law, with its reason per law
    expect(values(payload, 'law')).toEqual(['gpd', 'exponential', 'weibull2', 'weibull3']);
    expect(payload.returnValues!.dimensions).toEqual(['month', 'law', 'returnPeriod']);
    const cube = values(payload, 'returnValues') as number[][][];
    const lawErrors = payload.kwargs.monthLawErrors as string[][];
    for (const m of all) {
      const k = m.month - 1;
      if ('error' in m) {
        expect(cube[k]!.flat().every((v) => v === MISSING_VALUE)).toBe(true);
        expect(lawErrors[k]).toEqual(new Array<string>(4).fill(m.error));
      } else
        m.laws!.forEach((l, j) =>
          expect(cube[k]![j]).toEqual(
            l.error === null
              ? l.returnValues.map((x) => x.value)
              : new Array<number>(periods).fill(MISSING_VALUE),
          ),
        );
    }
  });

  it('MEANCOLSTD and CUREXT: by level with the level type; HEIEXT by component', () => {
    const series = era5WithLevels();
    const f = fieldsOf(series);
    const profile = rowOf(series, 'MEANCOLSTD', { variable: 'current_speed' });
    const p = visuPayloadOf(profile, f);
    expect(values(p, 'level')).toEqual([0, 10, 30]);
    expect(values(p, 'mean')).toEqual((toJson(profile.raw) as ProfileRow[]).map((r) => r.mean));
    expect(p.kwargs.levels).toEqual({ type: 'depth', values: [0, 10, 30], units: 'm' });
    expect(p.mean!.attributes.units).toBe('m s-1');
    expect(p.kwargs.title).toBe('Mean vertical profile of current speed');
    const currents = rowOf(
      series,
      'CUREXT',
      { variable: 'current_speed' },
      { extreme: { interval: 'delta' } },
    );
    const c = visuPayloadOf(currents, f);
    const levels = toJson(currents.raw) as { analysis: ExtremeAnalysis }[];
    expect(values(c, 'returnValue')).toEqual(levels.map((l) => l.analysis.returnValues.map((x) => x.value)));
    expect(c.returnValue!.dimensions).toEqual(['level', 'returnPeriod']);
    const heights = rowOf(series, 'HEIEXT', {}, { extreme: { interval: 'delta' } });
    const h = visuPayloadOf(heights, f);
    expect(values(h, 'component')).toEqual(['total']);
    const direct = extremeValueAnalysis(series.time, series.fields.water_level!.values, {
      method: 'annual-maxima',
      law: 'gev',
      interval: 'delta',
      deltaScale: 'auto', // the registry's scale
    });
    expect(values(h, 'returnValueLower')).toEqual([toJson(direct.returnValues.map((x) => x.lower))]);
    for (const payload of [p, c, h]) expect(visuPayload.safeParse(payload).success).toBe(true);
  });

  it('ENVC: contour points by return period, the occurrence cells, the joint model; Tp and Hs with units', () => {
    const { payload, raw } = payloadOf('ENVC');
    const r = raw as EnvironmentalContours;
    expect(payload.kwargs.code).toBe('ENVC');
    expect(payload.kwargs.title).toMatch(/^Environmental contours of /);
    expect(values(payload, 'returnPeriod')).toEqual([1, 10, 100]);
    expect(values(payload, 'beta')).toEqual(r.contours.map((c) => c.beta));
    expect(values(payload, 'contourHs')).toEqual(r.contours.map((c) => c.points.map((p) => p.hs)));
    expect(values(payload, 'contourTp')).toEqual(r.contours.map((c) => c.points.map((p) => p.tp)));
    expect(payload.contourHs!.dimensions).toEqual(['returnPeriod', 'contourPoint']);
    expect(payload.contourHs!.attributes.units).toBe('m');
    expect(values(payload, 'counts')).toEqual(r.density.counts);
    expect(values(payload, 'tpEdges')).toEqual(r.density.tpEdges);
    expect(values(payload, 'classMu')).toEqual(r.model.bins.map((b) => b.mu));
    expect(payload.kwargs).toMatchObject({
      xName: 'contourTp',
      yName: 'contourHs',
      partner: 'pp1d',
      seaStateHours: 1,
      pairs: r.density.pairs,
      model: { hsLaw: 'weibull3', hsShape: r.model.hs.shape, a: r.model.a, b: r.model.b },
    });
    expect(payload.kwargs.yLabel).toMatch(/\(m\)$/);
    expect(payload.kwargs.xLabel).toMatch(/period \(s\)$/i);
    expect(payload.kwargs.method).toMatch(/IFORM/);
    // issue 21: each contour's largest Hs and the observed sea states outside it, with the warnings
    expect(values(payload, 'contourMaxHs')).toEqual(r.contours.map((c) => c.maxHs));
    expect(values(payload, 'outside')).toEqual(r.exceedances.map((e) => e.outside));
    expect(values(payload, 'expectedOutside')).toEqual(r.exceedances.map((e) => e.expected));
    expect(payload.kwargs.warnings).toEqual(r.warnings);
  });

  it('names the synthetic-data notice when the dataset is synthetic', () => {
    const row = rowOf(
      era5(),
      'EPD_month',
      { field: 'swh' },
      {},
      {
        name: 'Synthetic demo hindcast',
        notes: 'synthetic demo data — not for engineering use; deterministic from the node position',
        synthetic: true,
      },
    );
    const payload = visuPayloadOf(row, fields());
    expect(payload.kwargs.notice).toBe('synthetic demo data — not for engineering use');
    expect(payload.kwargs.dataset).toBe('Synthetic demo hindcast');
  });

  it('falls back to the field name without the point overview, and to the stat id without a target', () => {
    const row = era5Row('TS');
    const payload = visuPayloadOf({ ...row, payload: { ...row.payload, target: undefined } });
    expect(payload.swh!.attributes).toEqual({ units: '', longName: 'swh' });
    expect(payload.kwargs.title).toBe('Time series of swh');
  });
});
