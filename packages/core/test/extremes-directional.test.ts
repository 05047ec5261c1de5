// Directional extremes (EXT_direction): the storm peaks of the whole record, each in the sector of the
// direction at its peak, fitted per sector with the sector's rate. Checked two ways:
// - against scipy (scripts/reference/extreme_tables.py: an independent Python declustering of ERA5 Hs over
//   its 0.99 quantile, peaks sorted by the mean wave direction at the peak hour, genpareto.fit with floc = u);
// - against a brute-force reading of the definition on a lower threshold (more sectors fitted): storms and
//   their sectors picked by hand, then the existing fitter and return-value formula on each sector's peaks.
import { describe as suite, expect, test } from 'vitest';
import {
  directionalExtremes,
  fitLaw,
  HOUR_MS,
  MIN_EXTREME_SAMPLE,
  quantile,
  returnValue,
  SHORT_RECORD,
  statisticOf,
  weightedSample,
} from '../src';
import type { ExtremeAnalysis, SectorExtremes } from '../src';
import { era5, reference, values } from './data';

interface PotRef {
  peaks: number[];
  poissonLambda: number;
  parameters?: { location: number; scale: number; shape: number };
  nll?: number;
  returnValues?: number[];
}
const ref = reference<{ returnPeriods: number[]; threshold: number; directional: Record<string, PotRef> }>(
  'extreme-tables.json',
);
const hs = (): Float64Array => Float64Array.from(values(era5(), 'swh'));
const mwd = (): Float64Array => Float64Array.from(values(era5(), 'mwd'));
const SECTORS = [0, 45, 90, 135, 180, 225, 270, 315];

/** The GPD estimate of a sector (on a short record the exponential may be the primary law). */
function gpdOf(analysis: ExtremeAnalysis): ExtremeAnalysis {
  if (analysis.law === 'gpd') return analysis;
  const gpd = analysis.laws?.find((l) => l.law === 'gpd');
  if (!gpd || gpd.error !== null) throw new Error(`no GPD estimate: ${gpd?.error}`);
  return { ...analysis, ...gpd };
}

suite('directional extremes against scipy', () => {
  const rows = directionalExtremes(era5().time, hs(), mwd(), {
    method: 'pot',
    law: 'gpd',
    laws: ['gpd', 'exponential'],
    threshold: ref.threshold,
    returnPeriods: ref.returnPeriods,
    interval: 'delta',
    sectors: 8,
  });

  test('8 sectors of 45° centred on north, then every direction; peaks and λ as the Python declustering', () => {
    expect(rows.map((r) => r.sector)).toEqual([...SECTORS, null]);
    expect(rows.map((r) => r.width)).toEqual([...SECTORS.map(() => 45), 360]);
    for (const row of rows) {
      const expected = ref.directional[row.sector === null ? 'all' : String(row.sector)]!;
      expect(row.events).toBe(expected.peaks.length);
      expect(row.poissonLambda).toBeCloseTo(expected.poissonLambda, 12);
      if (row.analysis) expect(row.analysis.peaks.map((p) => p.value)).toEqual(expected.peaks);
    }
    // every storm is in one sector (ERA5 has a mean direction at every peak)
    const all = rows.at(-1)!;
    expect(rows.slice(0, -1).reduce((s, r) => s + r.events, 0)).toBe(all.events);
  });

  test('a sector with too few storms is refused in words, never a silent number', () => {
    for (const row of rows.filter((r) => r.events < MIN_EXTREME_SAMPLE)) {
      expect(row.analysis).toBeNull();
      expect(row.error).toMatch(
        new RegExp(`^Too few storms for an extreme-value fit: ${row.events} peaks above 3\\.98, at least 10`),
      );
    }
    expect(rows.filter((r) => r.error !== null).map((r) => r.sector)).toEqual([
      0, 90, 135, 180, 225, 270, 315,
    ]);
  });

  test('the NE sector (30 storms) and all directions: GPD fits and return values equal scipy', () => {
    for (const key of ['45', 'all']) {
      const row = rows.find((r) => String(r.sector ?? 'all') === key)!;
      const expected = ref.directional[key]!;
      const got = gpdOf(row.analysis!);
      expect(got.nll).toBeLessThanOrEqual(expected.nll! + 1e-6 * Math.abs(expected.nll!));
      expect(got.parameters.location).toBe(ref.threshold);
      expect(got.parameters.scale).toBeCloseTo(expected.parameters!.scale, 3);
      expect(got.parameters.shape).toBeCloseTo(expected.parameters!.shape, 3);
      got.returnValues.forEach((r, i) => expect(r.value / expected.returnValues![i]!).toBeCloseTo(1, 3));
    }
  });
});

/** The definition read literally: storms, their peaks, the sector of the direction at each peak. */
function byHand(
  time: Float64Array,
  x: Float64Array,
  direction: Float64Array,
  u: number,
): { peaks: number[][]; years: number } {
  const storms: number[] = [];
  let last = -Infinity;
  for (let i = 0; i < x.length; i++) {
    if (!(x[i]! > u)) continue;
    if (storms.length === 0 || time[i]! - last > 48 * HOUR_MS) storms.push(i);
    else if (x[i]! > x[storms[storms.length - 1]!]!) storms[storms.length - 1] = i;
    last = time[i]!;
  }
  const peaks: number[][] = SECTORS.map(() => []);
  for (const i of storms) {
    const d = direction[i]!;
    const k = Math.floor((((d + 22.5) % 360) + 360) / 45) % 8;
    peaks[k]!.push(x[i]!);
  }
  const valid = x.filter((v) => !Number.isNaN(v)).length;
  return { peaks, years: valid / 8765.82 };
}

suite('directional extremes against the definition by hand', () => {
  // a lower threshold than the stored one: more storms, so that three sectors are fitted (12, 133 and 22
  // storms: a short record, a long one and one just above the short-record count)
  const time = era5().time;
  const x = hs();
  const u = quantile(x, 0.8);
  const periods = [1, 10, 50, 100];
  const rows = directionalExtremes(time, x, mwd(), {
    method: 'pot',
    law: 'gpd',
    laws: ['gpd', 'exponential'],
    threshold: u,
    returnPeriods: periods,
    sectors: 8,
  });
  const hand = byHand(time, x, mwd(), u);

  test('each sector holds the storms whose peak direction falls in it, at λ = storms / years', () => {
    SECTORS.forEach((_, k) => {
      const row = rows[k]!;
      expect(row.events).toBe(hand.peaks[k]!.length);
      expect(row.poissonLambda).toBeCloseTo(hand.peaks[k]!.length / hand.years, 12);
      if (row.analysis) expect(row.analysis.peaks.map((p) => p.value)).toEqual(hand.peaks[k]);
    });
    // enough sectors fitted for the comparison to mean something
    expect(rows.filter((r) => r.sector !== null && r.analysis).length).toBeGreaterThanOrEqual(3);
  });

  test('every fitted sector: the GPD of its peaks and x_T = u + G⁻¹(1 − 1/(λT)), with 90 % intervals', () => {
    SECTORS.forEach((_, k) => {
      const row: SectorExtremes = rows[k]!;
      const peaks = hand.peaks[k]!;
      if (peaks.length < MIN_EXTREME_SAMPLE) {
        expect(row.error).toMatch(/^Too few storms/);
        return;
      }
      const analysis = gpdOf(row.analysis!);
      const fit = fitLaw('gpd', weightedSample(peaks), { location: u });
      expect(analysis.parameters.scale).toBeCloseTo(fit.parameters.scale, 8);
      expect(analysis.parameters.shape).toBeCloseTo(fit.parameters.shape!, 8);
      const lambda = peaks.length / hand.years;
      analysis.returnValues.forEach((r, i) => {
        expect(r.returnPeriod).toBe(periods[i]);
        const expected = returnValue('gpd', fit.parameters, 'pot', lambda, periods[i]!);
        if (Number.isNaN(expected)) {
          // fewer than one storm a year from the sector: no 1-year value
          expect(lambda * periods[i]!).toBeLessThanOrEqual(1);
          expect(r.value).toBeNaN();
          return;
        }
        expect(r.value).toBeCloseTo(expected, 8);
        expect(r.lower).toBeLessThan(r.value);
        expect(r.upper).toBeGreaterThan(r.value);
      });
      expect(row.analysis!.confidence).toBe(0.9);
      // a short record says so (issue 21)
      expect(row.analysis!.warnings.some((w) => w.startsWith('Short record'))).toBe(
        peaks.length < SHORT_RECORD,
      );
    });
  });
});

test('the registry runs EXT_direction on Hs with its mean wave direction, 8 sectors by peaks over threshold', () => {
  const rows = statisticOf('EXT_direction').compute(era5(), {
    field: 'swh',
    partner: 'mwd',
  }) as SectorExtremes[];
  expect(rows).toHaveLength(9);
  const fitted = rows.find((r) => r.sector === 45)!.analysis!;
  expect(fitted.method).toBe('pot');
  expect(fitted.interval).toBe('profile');
  expect(fitted.returnValues.map((r) => r.returnPeriod)).toEqual([1, 10, 50, 100]);
  expect(fitted.laws?.map((l) => l.law)).toEqual(['gpd', 'exponential']);
  expect(statisticOf('EXT_direction').targets(era5())).toEqual([{ field: 'swh', partner: 'mwd' }]);
});
