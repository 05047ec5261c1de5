// The engine's real payloads on the ERA5 record in the three export formats, each file re-read by an
// independent reader (exceljs, scipy.io.loadmat through scripts/reference/read_mat.py, ncdump): every law
// of an extreme estimate (the spec's return-period variants, law × return period: returnValues,
// returnValuesLower, returnValuesUpper, -999 missing) and the environmental contours.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { MISSING_VALUE, statIdOf, toStoredJson, type VisuPayload } from '@metocean/contracts';
import {
  overview,
  statisticOf,
  statisticsFor,
  WINDOW_INTERVALS_ON_REQUEST,
  type StatisticOptions,
} from '@metocean/core';
import { visuPayloadOf, type FieldInfo } from '@metocean/charts';
import { parseCsvSeries } from '@metocean/hindcast';
import { dimensionLabels, payloadDocument } from '../../../src/exports/document';
import { writeMatDocument } from '../../../src/exports/mat';
import { writeNetcdfDocument } from '../../../src/exports/netcdf';
import { xlsxBuffer } from '../../../src/exports/xlsx';
import { context } from './fixtures';
import { collect, ncdumpValues } from '../../export-readers';
import { assertHonestDigits } from '../../honest-digits';

const REPO = path.resolve(__dirname, '../../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'extreme-laws-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const series = parseCsvSeries([
  readFileSync(
    path.join(REPO, 'apps/server/assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv'),
    'utf8',
  ),
]);
const fields = toStoredJson(overview(series)) as FieldInfo[];

function payloadOf(
  id: string,
  target: { field: string; partner?: string } = { field: 'swh' },
  options: StatisticOptions = {},
): VisuPayload {
  const result = toStoredJson(statisticOf(id).compute(series, target, options));
  return visuPayloadOf(
    {
      statId: statIdOf(id, target),
      code: statisticOf(id).code,
      payload: { target, dataset: { name: 'ERA5 South China Sea' }, result },
    },
    fields,
  );
}

const nulled = (rows: number[][]) => rows.map((r) => r.map((v) => (v === MISSING_VALUE ? null : v)));

describe('every law of an extreme estimate in the exports', () => {
  const annual = payloadOf('EXT');
  const laws = annual.law!.values as string[];
  const value = annual.returnValues!.values as number[][];
  const upper = annual.returnValuesUpper!.values as number[][];

  it('the payload holds GEV and Gumbel (the test would pass on one law otherwise)', () => {
    expect(laws).toEqual(['gev', 'gumbel']);
    expect(value[1]![6]).not.toBe(value[0]![6]);
  });

  it('xlsx: a law × return period table per bound, law names as row labels', async () => {
    const buffer = await xlsxBuffer(payloadDocument(annual, { classLists: {} }, context));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find(
      (w) => w.name.startsWith('returnValues') && !/Lower|Upper/.test(w.name),
    )!;
    expect(sheet).toBeDefined();
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const body = rows.filter((r) => laws.includes(String(r[0])));
    expect(body.map((r) => r[0])).toEqual(laws);
    body.forEach((r, i) => expect(Array.from(r.slice(1), (c) => c ?? null)).toEqual(nulled(value)[i]));
  });

  it('mat: returnValues and its bounds as law × return period matrices, the law names beside', async () => {
    const buffer = await collect((out) =>
      writeMatDocument(payloadDocument(annual, { classLists: {} }, context), out),
    );
    const file = path.join(dir, 'ext.mat');
    writeFileSync(file, buffer);
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), file]).toString(),
    ) as { variables: Record<string, Record<string, { values: unknown; dimensions?: string[] }>> };
    const statistic = read.variables.EXT__swh!;
    expect(statistic.law!.values).toEqual(laws);
    expect(statistic.returnValues!.dimensions).toEqual(['law', 'returnPeriod']);
    expect((statistic.returnValues!.values as { shape: number[]; values: unknown }).shape).toEqual([2, 7]);
    expect((statistic.returnValues!.values as { values: unknown }).values).toEqual(nulled(value));
    expect((statistic.returnValuesUpper!.values as { values: unknown }).values).toEqual(nulled(upper));
  });

  it('nc: returnValues(law, returnPeriod) with the law labels; a month of EXT_month keeps its four laws', async () => {
    const file = path.join(dir, 'ext.nc');
    await writeNetcdfDocument(payloadDocument(annual, { classLists: {} }, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toMatch(/double returnValues\(law, returnPeriod\) ;/);
    expect(ncdumpValues(file, 'returnValues')).toEqual(nulled(value).flat());
    expect(header).toContain('string law_label(law) ;');
    expect(ncdumpValues(file, 'law_label')).toEqual(laws);
    // EXT_month, January (month 0 of the export request): peaks-over-threshold laws
    const monthly = payloadOf('EXT_month');
    const january = (monthly.returnValues!.values as number[][][])[0]!;
    const monthFile = path.join(dir, 'ext-month.nc');
    await writeNetcdfDocument(payloadDocument(monthly, { month: 0, classLists: {} }, context), monthFile);
    expect(ncdumpValues(monthFile, 'law_label')).toEqual(['gpd', 'exponential', 'weibull2', 'weibull3']);
    expect(ncdumpValues(monthFile, 'returnValues')).toEqual(nulled(january).flat());
  });
});

describe('directional extremes in the exports', () => {
  const directional = payloadOf('EXT_direction', { field: 'swh', partner: 'mwd' });
  const sectors = directional.sector!.values as string[];
  const value = directional.returnValue!.values as number[][];

  it('xlsx: a sector × return period table, the sectors as row labels, refused sectors -999 as empty', async () => {
    expect(sectors).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'All']);
    const buffer = await xlsxBuffer(payloadDocument(directional, { classLists: {} }, context));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((w) => w.name.startsWith('returnValue') && w.name.length < 14)!;
    expect(sheet).toBeDefined();
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const body = rows.filter((r) => sectors.includes(String(r[0])));
    expect(body.map((r) => r[0])).toEqual(sectors);
    // a refused sector's row is empty cells (trailing empty cells are not read back)
    const width = value[0]!.length;
    body.forEach((r, i) =>
      expect(Array.from({ length: width }, (_, j) => r[j + 1] ?? null)).toEqual(nulled(value)[i]),
    );
    expect(value[0]!.every((v) => v === MISSING_VALUE)).toBe(true);
  });

  it('nc: returnValue(sector, returnPeriod), the storms and rates per sector', async () => {
    const file = path.join(dir, 'ext-direction.nc');
    await writeNetcdfDocument(payloadDocument(directional, { classLists: {} }, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toMatch(/double returnValue\(sector, returnPeriod\) ;/);
    expect(ncdumpValues(file, 'returnValue')).toEqual(nulled(value).flat());
    expect(ncdumpValues(file, 'events')).toEqual(directional.events!.values);
  });
});

describe('environmental contours in the exports', () => {
  const envc = payloadOf('ENVC', { field: 'swh', partner: 'pp1d' });
  const hs = envc.contourHs!.values as number[][];

  it('nc: the contour points by return period and point, the occurrence cells by Tp and Hs cell', async () => {
    const file = path.join(dir, 'envc.nc');
    await writeNetcdfDocument(payloadDocument(envc, { classLists: {} }, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toContain('double returnPeriod(returnPeriod) ;');
    expect(header).toMatch(/double contourHs\(returnPeriod, contourPoint\) ;/);
    expect(header).toMatch(/double counts\(tpCell, hsCell\) ;/);
    expect(ncdumpValues(file, 'returnPeriod')).toEqual([1, 10, 100]);
    expect(ncdumpValues(file, 'contourHs')).toEqual(hs.flat());
  });

  it('xlsx and mat: the contour points and the class statistics of the joint model', async () => {
    // the 100-year contour alone (class list on the return period dimension)
    const document = payloadDocument(envc, { classLists: { returnPeriod: '2' } }, context);
    const buffer = await xlsxBuffer(document);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((w) => w.name.startsWith('contourHs'))!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const hundred = rows.find((r) => r[0] === 100)!;
    expect(hundred.slice(1)).toEqual(hs[2]);
    expect(rows.some((r) => r[0] === 10)).toBe(false);
    const file = path.join(dir, 'envc.mat');
    writeFileSync(file, await collect((out) => writeMatDocument(document, out)));
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), file]).toString(),
    ) as { variables: Record<string, Record<string, { values: { values: unknown } }>> };
    const statistic = read.variables.ENVC__swh__pp1d!;
    expect(statistic.classMu!.values.values).toEqual(envc.classMu!.values);
  });
});

/** Dimensions that are an order, not classes: their index is their label. */
const ENUMERATIONS = new Set(['sample', 'contourPoint']);

describe('matrix sheets name their rows and columns (issue 21)', () => {
  it('every dimension of every table of the registry on ERA5 has a coordinate or labels, not indices', () => {
    const unlabelled: string[] = [];
    for (const { id, target } of statisticsFor(series)) {
      if (['TS', 'CTS', 'EFT'].includes(id)) continue;
      const run = target as { field: string; partner?: string };
      const { arrays } = payloadDocument(payloadOf(id, run), { classLists: {} }, context);
      const labels = dimensionLabels(arrays);
      const named = new Set(
        arrays.filter((a) => a.dimensions.length === 1 && a.dimensions[0] === a.name).map((a) => a.name),
      );
      for (const a of arrays.filter((x) => x.dimensions.length > 1))
        for (const d of a.dimensions.slice(-2))
          if (!named.has(d) && !labels.has(d) && !ENUMERATIONS.has(d))
            unlabelled.push(`${statIdOf(id, run)} ${a.name}: ${d}`);
    }
    expect([...new Set(unlabelled)]).toEqual([]);
  });
});

// issue 31: the WW probability's year-block interval travels to the files as lower and upper columns with
// the unit in the header, beside the years it rests on (ERA5 2000-2010: 11 years in every month)
describe('interval columns of WW (issue 31)', () => {
  it('xlsx as the standard set stores it (issue 34): no interval sheet, one line in About says they are on request', async () => {
    const bare = payloadOf('WW');
    const buffer = await xlsxBuffer(payloadDocument(bare, { classLists: {} }, context));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    for (const name of ['probabilityLower', 'probabilityUpper', 'intervalYears'])
      expect(workbook.getWorksheet(name)).toBeUndefined();
    expect(workbook.getWorksheet('probability')).toBeDefined();
    const about: string[] = [];
    workbook
      .getWorksheet('About')!
      .eachRow((row) => about.push((row.values as unknown[]).slice(1).join(' | ')));
    expect(about.join('\n')).toContain(WINDOW_INTERVALS_ON_REQUEST);
  });

  it('xlsx: probabilityLower, probabilityUpper (%) and intervalYears equal to the payload, the method in About', async () => {
    // as stored once its intervals were asked for (the ww_intervals route)
    const ww = payloadOf('WW', { field: 'swh' }, { probabilityIntervals: true });
    const buffer = await xlsxBuffer(payloadDocument(ww, { classLists: {} }, context));
    await assertHonestDigits('ww.xlsx', buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const body = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const rows: unknown[][] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) rows.push((row.values as unknown[]).slice(2));
      });
      return { title: sheet.getCell(1, 1).text, rows };
    };
    const lower = body('probabilityLower');
    const upper = body('probabilityUpper');
    const years = body('intervalYears');
    expect(lower.title).toMatch(/^probabilityLower \(%\)/);
    expect(upper.title).toMatch(/^probabilityUpper \(%\)/);
    expect(years.title).toMatch(/^intervalYears \(1\)/);
    expect(lower.rows).toEqual(nulled(ww.probabilityLower!.values as number[][]));
    expect(upper.rows).toEqual(nulled(ww.probabilityUpper!.values as number[][]));
    expect(years.rows.flat().every((y) => y === 11)).toBe(true);
    // a bound is a number to 0.01 % with the lower at or below the upper
    for (const [d, row] of lower.rows.entries())
      for (const [m, low] of row.entries()) {
        const high = upper.rows[d]![m] as number;
        expect(typeof low).toBe('number');
        expect(low as number).toBeLessThanOrEqual(high);
        expect(Math.round((low as number) * 100) / 100).toBe(low);
      }
    const about: string[] = [];
    workbook
      .getWorksheet('About')!
      .eachRow((row) => about.push((row.values as unknown[]).slice(1).join(' | ')));
    expect(about.join('\n')).toContain(
      'lower bound of its 90 % interval (year-block bootstrap, 1,000 resamples)',
    );
    expect(about.join('\n')).toContain(String(ww.kwargs.intervals));
  });
});

// issue 31: the WD wait percentiles' year-block intervals travel to the files as lower and upper tables
// (hours, one block per duration as the percentiles), beside the "more than" of a censored end and the
// years they rest on (ERA5 2000-2010: 11 years in every month)
describe('interval columns of WD (issue 31)', () => {
  // as stored once its intervals were asked for (the wd_intervals route)
  const wd = payloadOf('WD', { field: 'swh' }, { waitIntervals: true });
  const lower = wd.waitPercentileLower!.values as number[][][];
  const upper = wd.waitPercentileUpper!.values as number[][][];

  it('xlsx: waitPercentileLower and waitPercentileUpper (hour) per duration block equal to the payload, the method in About', async () => {
    const buffer = await xlsxBuffer(payloadDocument(wd, { classLists: {} }, context));
    await assertHonestDigits('wd.xlsx', buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const rowsOf = (name: string) => {
      const rows: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    for (const [name, cube] of [
      ['waitPercentileLower', lower],
      ['waitPercentileUpper', upper],
    ] as const) {
      const rows = rowsOf(name);
      expect(String(rows[0]![0])).toMatch(new RegExp(`^${name} \\(hour\\): rows month, columns percentile`));
      expect(rows[0]!.slice(1)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
      // the 48 h block: its 12 months, each bound a number to 0.1 h or blank
      const at = rows.findIndex((r) => r[0] === 'duration = 48');
      const block = rows.slice(at + 1, at + 13);
      expect(block.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(block.map((r) => r.slice(1, 10).map((v) => v ?? null))).toEqual(nulled(cube[3]!));
    }
    // every bound of the 6 h block is a number with the lower at or below its upper
    const lowRows = rowsOf('waitPercentileLower');
    const highRows = rowsOf('waitPercentileUpper');
    const at = lowRows.findIndex((r) => r[0] === 'duration = 6');
    for (let m = 1; m <= 12; m++)
      for (let j = 1; j <= 9; j++) {
        const [lo, hi] = [lowRows[at + m]![j] as number, highRows[at + m]![j] as number];
        expect(typeof lo).toBe('number');
        expect(lo).toBeLessThanOrEqual(hi);
        expect(Math.round(lo * 10) / 10).toBe(lo);
      }
    const about: string[] = [];
    workbook
      .getWorksheet('About')!
      .eachRow((row) => about.push((row.values as unknown[]).slice(1).join(' | ')));
    expect(about.join('\n')).toContain(
      'waiting time percentile, lower bound of its 90 % interval (year-block bootstrap, 1,000 resamples)',
    );
    expect(about.join('\n')).toContain(String(wd.kwargs.intervals));
  });

  it('nc: waitPercentileLower(duration, month, percentile) in hours, the interval years beside', async () => {
    const file = path.join(dir, 'wd.nc');
    await writeNetcdfDocument(payloadDocument(wd, { classLists: {} }, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toMatch(/waitPercentileLower\(duration, month, percentile\) ;/);
    expect(header).toContain('waitPercentileUpper:units = "hour" ;');
    expect(ncdumpValues(file, 'waitPercentileLower')).toEqual(
      lower.flat(2).map((v) => (v === MISSING_VALUE ? null : v)),
    );
    expect(ncdumpValues(file, 'intervalYears')).toEqual(Array.from({ length: 4 * 12 }, () => 11));
  });

  it('mat: the bounds as duration × month × percentile arrays', async () => {
    const buffer = await collect((out) =>
      writeMatDocument(payloadDocument(wd, { classLists: {} }, context), out),
    );
    const file = path.join(dir, 'wd.mat');
    writeFileSync(file, buffer);
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), file]).toString(),
    ) as { variables: Record<string, Record<string, { values: unknown; dimensions?: string[] }>> };
    const statistic = read.variables.WD__swh!;
    expect(statistic.waitPercentileUpper!.dimensions).toEqual(['duration', 'month', 'percentile']);
    expect((statistic.waitPercentileUpper!.values as { shape: number[] }).shape).toEqual([4, 12, 9]);
    expect((statistic.waitPercentileUpper!.values as { values: unknown }).values).toEqual(
      upper.map((d) => nulled(d)),
    );
  });
});
