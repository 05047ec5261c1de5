// Issue 21 on the real files of ../shared/data: fill values injected into the ERA5 and NDBC records are
// missing and counted, never data; a regular 3-hourly copy of the ERA5 demo series is read at its own
// step and gives weather windows and extremes close to the hourly ones (the differences measured are in
// docs/decisions.md, issue 21 (i21a)).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import {
  annualMaxima,
  describe as describeValues,
  extremeValueAnalysis,
  weatherWindows,
} from '@metocean/core';
import { readCsvSeries } from '../src/index';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const ERA5 = readFileSync(DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', 'utf8');
const NDBC_A = readFileSync(DATA + 'ndbc-ecbenchmark/A.txt', 'utf8');
const H = 3_600_000;
// each test reads a real record of megabytes: a few seconds on a machine shared by several runs
vi.setConfig({ testTimeout: 30_000 });

/** The text with the `column`-th cell of every `every`-th data row replaced by `code`. */
function inject(text: string, column: number, every: number, code: string, separator: string): string {
  let row = 0;
  return text
    .split('\n')
    .map((line) => {
      if (!/^\d{4}-/.test(line)) return line;
      if (row++ % every !== 0) return line;
      const cells = line.split(separator);
      cells[column] = code;
      return cells.join(separator);
    })
    .join('\n');
}

describe('fill values injected into the real records', () => {
  const cleanRead = readCsvSeries(ERA5);
  const clean = cleanRead.series;

  test('the real records lose no value to the physical ranges (ERA5, NORA3 with 22 columns, NDBC)', () => {
    expect(cleanRead.notes).toEqual([]);
    const nora3 = readCsvSeries(
      readFileSync(DATA + 'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv', 'utf8'),
    );
    expect(Object.keys(nora3.series.fields).length).toBeGreaterThan(20);
    expect(nora3.notes).toEqual([]);
    expect(readCsvSeries(NDBC_A).notes).toEqual([]);
  });

  test('ERA5 Hs −999 every 20th hour: 4,822 values missing, reported; the rest identical', () => {
    const read = readCsvSeries(inject(ERA5, 2, 20, '-999', ','));
    const injected = Math.ceil(96_432 / 20);
    expect(read.notes).toEqual([
      `swh: ${injected.toLocaleString('en-US')} values of -999 treated as missing (outside the physical range of hs, 0 to 30 m)`,
    ]);
    const hs = read.series.fields.swh!.values;
    const expected = Float64Array.from(clean.fields.swh!.values, (v, i) => (i % 20 === 0 ? NaN : v));
    expect([...hs]).toEqual([...expected]);
    // the statistics see the data only: today's reader kept −999 as a wave height (min −999)
    const stats = describeValues(hs, [50]);
    expect(stats.min).toBeGreaterThanOrEqual(0);
    expect(stats.count).toBe(96_432 - injected);
  });

  test('NDBC 44007 (A.txt) with 99.00 and MM injected in Hs: missing and counted apart', () => {
    const original = readCsvSeries(NDBC_A).series;
    const name = 'significant wave height';
    const with99 = inject(NDBC_A, 1, 50, ' 99.00', ';');
    const withMM = inject(with99, 1, 77, ' MM', ';');
    const read = readCsvSeries(withMM);
    const rows = NDBC_A.split('\n').filter((l) => /^\d{4}-/.test(l)).length;
    let mm = 0;
    let code99 = 0;
    for (let r = 0; r < rows; r++) {
      if (r % 77 === 0) mm++;
      else if (r % 50 === 0) code99++;
    }
    expect(read.missing).toEqual(
      expect.arrayContaining([
        { column: name, value: '99', count: code99, reason: 'range' },
        { column: name, value: 'MM', count: mm, reason: 'code' },
      ]),
    );
    const valid = (values: ArrayLike<number>): number => Array.from(values).filter((v) => v === v).length;
    expect(valid(read.series.fields[name]!.values)).toBe(valid(original.fields[name]!.values) - mm - code99);
    expect(Math.max(...Array.from(read.series.fields[name]!.values).filter((v) => v === v))).toBeLessThan(30);
  });
});

describe('a regular 3-hourly copy of the ERA5 demo series', () => {
  const hourly = readCsvSeries(ERA5).series;
  const threeHourly = readCsvSeries(
    ERA5.split('\n')
      .filter((line) => {
        const m = /^\d{4}-\d{2}-\d{2} (\d{2})/.exec(line);
        return !m || Number(m[1]) % 3 === 0;
      })
      .join('\n'),
  ).series;
  const hs3 = threeHourly.fields.swh!.values;

  test('is read at its own 3-hour step, without gaps (today: an hourly grid two thirds missing)', () => {
    expect(threeHourly.stepMs).toBe(3 * H);
    expect(threeHourly.time).toHaveLength(96_432 / 3);
    expect(hs3.every((v) => v === v)).toBe(true);
  });

  test('a 6-h window is two consecutive 3-hourly records: brute force of the definition', () => {
    // the literal WW definition: a window of D hours starts at step i when the D / 3 values from i exist
    // and are strictly below the limit; probability = starts / steps with data (whole record, month 0)
    const below = 1.5;
    const rows = weatherWindows(threeHourly.time, hs3, { below, durationsHours: [6, 12, 24] });
    for (const hours of [6, 12, 24]) {
      const steps = hours / 3;
      let starts = 0;
      for (let i = 0; i + steps <= hs3.length; i++) {
        let calm = true;
        for (let k = i; k < i + steps && calm; k++) calm = hs3[k]! < below;
        if (calm) starts++;
      }
      const row = rows.find((r) => r.month === 0 && r.durationHours === hours)!;
      expect(row.probability, `${hours} h`).toBeCloseTo((100 * starts) / hs3.length, 10);
      expect(rows.filter((r) => r.durationHours === hours)).toHaveLength(13);
    }
  });

  test('weather windows within 1.5 points of the hourly ones over the year, 3 points in any month', () => {
    for (const below of [1, 1.5, 2]) {
      const options = { below, durationsHours: [6, 12, 24, 48] };
      const h = weatherWindows(hourly.time, hourly.fields.swh!.values, options);
      const t = weatherWindows(threeHourly.time, hs3, options);
      h.forEach((row, k) => {
        const other = t[k]!;
        expect([other.month, other.durationHours]).toEqual([row.month, row.durationHours]);
        // sampling every 3 h misses short exceedances between records: windows slightly more likely
        const tolerance = row.month === 0 ? 1.5 : 3;
        expect(
          Math.abs(other.probability - row.probability),
          `${below} m ${row.durationHours} h m${row.month}`,
        ).toBeLessThan(tolerance);
      });
    }
  });

  test('annual maxima and GEV / GPD return values close to the hourly ones', () => {
    const amH = annualMaxima(hourly.time, hourly.fields.swh!.values);
    const am3 = annualMaxima(threeHourly.time, hs3);
    // every year kept (today: 2,920 of 8,760 steps, a third, so every year dropped as too short)
    expect(am3.map((m) => m.year)).toEqual(amH.map((m) => m.year));
    am3.forEach((m, k) => {
      expect(m.validFraction).toBe(1);
      expect(m.value).toBeLessThanOrEqual(amH[k]!.value);
      expect(amH[k]!.value - m.value).toBeLessThan(0.1);
    });
    const options = { law: 'gev', interval: 'delta', returnPeriods: [10, 100] } as const;
    const gevH = extremeValueAnalysis(hourly.time, hourly.fields.swh!.values, {
      ...options,
      method: 'annual-maxima',
    });
    const gev3 = extremeValueAnalysis(threeHourly.time, hs3, { ...options, method: 'annual-maxima' });
    gevH.returnValues.forEach((r, k) => {
      expect(Math.abs(gev3.returnValues[k]!.value / r.value - 1)).toBeLessThan(0.03);
    });
    const pot = { law: 'gpd', interval: 'delta', returnPeriods: [10, 100], method: 'pot' } as const;
    const gpdH = extremeValueAnalysis(hourly.time, hourly.fields.swh!.values, pot);
    const gpd3 = extremeValueAnalysis(threeHourly.time, hs3, pot);
    // λ = peaks per year of data: years counted at the 3-h step (today: a third of the years, λ tripled)
    expect(Math.abs(gpd3.poissonLambda / gpdH.poissonLambda - 1)).toBeLessThan(0.05);
    gpdH.returnValues.forEach((r, k) => {
      expect(Math.abs(gpd3.returnValues[k]!.value / r.value - 1)).toBeLessThan(0.02);
    });
  });
});
