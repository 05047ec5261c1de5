// The export writers on hand-built payloads, each file re-read by an independent reader: exceljs's
// workbook reader for .xlsx, scipy.io.loadmat (Debian's python3-scipy, scripts/reference/read_mat.py)
// for .mat, ncdump (netCDF-C, Debian's netcdf-bin) for .nc.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  payloadDocument,
  SelectionError,
  seriesDocument,
  type ExportDocument,
} from '../../../src/exports/document';
import { writeMatDocument } from '../../../src/exports/mat';
import { writeNetcdfDocument } from '../../../src/exports/netcdf';
import { xlsxBuffer } from '../../../src/exports/xlsx';
import { context, levelPayload, monthlyPayload } from './fixtures';
import { collect, ncdumpValues } from '../../export-readers';

const dir = mkdtempSync(path.join(tmpdir(), 'exports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const REPO = path.resolve(__dirname, '../../../../..');

const all = { classLists: {} };

async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = (row.values as unknown[]).slice(1);
    });
    sheets[sheet.name] = rows;
  });
  return sheets;
}

const aboutOf = (sheets: Record<string, unknown[][]>): Record<string, unknown> =>
  Object.fromEntries(sheets.About!.filter((r) => r.length >= 2).map((r) => [String(r[0]), r[1]]));

interface MatArray {
  shape: number[];
  class: string;
  values: unknown;
}
function loadmat(document: ExportDocument, name: string): Promise<Record<string, unknown>> {
  return collect((out) => writeMatDocument(document, out)).then((buffer) => {
    const file = path.join(dir, `${name}.mat`);
    writeFileSync(file, buffer);
    const text = execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), file]);
    return JSON.parse(text.toString()) as Record<string, unknown>;
  });
}

describe('xlsx writer', () => {
  it('writes an About sheet and one sheet per table, with units in the headers and missing cells empty', async () => {
    const sheets = await readXlsx(await xlsxBuffer(payloadDocument(monthlyPayload, all, context)));
    expect(Object.keys(sheets)).toEqual(['About', 'mean', 'occurrence']);
    const about = aboutOf(sheets);
    expect(about).toMatchObject({
      statistic: 'EPD_month__hs',
      dataset: 'NORA3 hindcast (MET Norway)',
      provenance: 'NORA3 © MET Norway, CC BY 4.0',
      'node latitude (degrees_north)': 53.3,
      'node distance (km)': 2.1,
      method: 'occurrence of each 0.5 m class, per calendar month',
      point: 'Alpha',
      // Other kwargs, flattened.
      xName: 'class',
      yName: 'occurrence',
    });
    // The 1-D array beside its coordinate: months as labels.
    expect(sheets.mean![0]).toEqual(['month (1)', 'mean (m)']);
    expect(sheets.mean![3]).toEqual(['Mar', 0.7]);
    // The 2-D table: rows months, columns the class centres (m); -999 is an empty cell.
    const occurrence = sheets.occurrence!;
    expect(occurrence[0]).toEqual(['occurrence (%): rows month, columns class', 0.25, 0.75, 1.25, 1.75]);
    expect(occurrence[1]).toEqual(['Jan', 0, 1, 2, 3]);
    expect(occurrence[3]).toEqual(['Mar', 20, 21, undefined, 23]);
    expect(occurrence).toHaveLength(13);
  });

  it('writes the selected month and classes only, and states the selection', async () => {
    const document = payloadDocument(monthlyPayload, { month: 2, classLists: { class: '1-2' } }, context);
    const sheets = await readXlsx(await xlsxBuffer(document));
    const about = aboutOf(sheets);
    expect(about.selection).toBe('month Mar (index 2); class classes 1, 2');
    // The month picked, mean is a scalar; occurrence is a column along the two classes kept.
    expect(Object.keys(sheets)).toEqual(['About', 'Values', 'occurrence']);
    const table = sheets.Values!;
    expect(table[0]).toEqual(['name', 'value', 'units', 'long name']);
    expect(table).toContainEqual(['month', 'Mar', '1', 'calendar month']);
    expect(table).toContainEqual(['mean', 0.7, 'm', 'monthly mean significant wave height']);
    expect(sheets.occurrence).toEqual([['class (m)', 'occurrence (%)'], [0.75, 21], [1.25]]);
  });

  it('writes dates as dates, scalars together and a cross table per 2-D array', async () => {
    const sheets = await readXlsx(await xlsxBuffer(payloadDocument(levelPayload, all, context)));
    const values = sheets.Values!;
    expect(values).toContainEqual([
      'firstStorm',
      new Date(Date.UTC(1990, 0, 3, 6)),
      'UTC',
      'time of the first storm',
    ]);
    expect(sheets.returnValue![1]).toEqual([0, 10, 11, 12]);
    expect(sheets.law![0]).toEqual(['level (m)', 'law (1)']);
    expect(sheets.law![3]).toEqual([30, 'Gumbel']);
  });
});

describe('selections', () => {
  it('refuses selections the statistic has no dimension for, naming what it has', () => {
    expect(() => payloadDocument(levelPayload, { month: 0, classLists: {} }, context)).toThrow(
      new SelectionError(
        'month: CUREXT__current_speed has no monthly values (its dimensions are level, returnPeriod); leave month out',
      ),
    );
    expect(() => payloadDocument(monthlyPayload, { levelIndex: 0, classLists: {} }, context)).toThrow(
      'export_level_idx: EPD_month__hs has no levels to choose from; leave export_level_idx out',
    );
    expect(() => payloadDocument(levelPayload, { levelIndex: 3, classLists: {} }, context)).toThrow(
      'export_level_idx: CUREXT__current_speed has 3 levels (index 0 to 2)',
    );
    expect(() => payloadDocument(monthlyPayload, { classLists: { tp: '0' } }, context)).toThrow(
      'tp: not a class type of EPD_month__hs; its class types are class',
    );
    expect(() => payloadDocument(monthlyPayload, { classLists: { class: '2-9' } }, context)).toThrow(
      'class: "2-9" is not a list of class indices from 0 to 3 (e.g. class=0,2-4)',
    );
  });

  it('picks one level of every array that has levels', () => {
    const document = payloadDocument(levelPayload, { levelIndex: 1, classLists: {} }, context);
    const byName = Object.fromEntries(document.arrays.map((a) => [a.name, a]));
    expect(Array.from(byName.returnValue!.values as Float64Array)).toEqual([20, 21, 22]);
    expect(byName.returnValue!.dimensions).toEqual(['returnPeriod']);
    expect(byName.law!.values).toEqual(['GEV']);
    expect(byName.level!.attributes.level_index).toBe(1);
  });

  it('takes a month and a level of a full record (EFT)', () => {
    const hours = 24 * 60; // Jan 1 – Mar 1, 1990
    const time = Float64Array.from({ length: hours }, (_, i) => Date.UTC(1990, 0, 1) + i * 3_600_000);
    const speed = (level: number) => Float32Array.from(time, (_, i) => level + i);
    const series = {
      time,
      stepMs: 3_600_000,
      fields: {
        hs: { values: Float32Array.from(time, () => 1), units: 'm' },
        wind_speed_10m: {
          values: speed(10),
          units: 'm s-1',
          variable: 'wind_speed',
          level: 10,
          levelType: 'altitude' as const,
        },
        wind_speed_100m: {
          values: speed(100),
          units: 'm s-1',
          variable: 'wind_speed',
          level: 100,
          levelType: 'altitude' as const,
        },
      },
    };
    const kwargs = { ...levelPayload.kwargs, statId: 'EFT', code: 'EFT' as const };
    const document = seriesDocument(series, kwargs, { month: 1, levelIndex: 1, classLists: {} }, context);
    expect(document.arrays.map((a) => a.name)).toEqual(['time', 'hs', 'wind_speed_100m']);
    expect(document.arrays[0]!.shape).toEqual([29 * 24 - 24]); // February 1990: 28 days
    expect(document.arrays[2]!.values[0]).toBe(100 + 31 * 24);
    expect(document.arrays[2]!.longName).toBe('wind speed at 100 m');
    expect(() => seriesDocument(series, kwargs, { levelIndex: 2, classLists: {} }, context)).toThrow(
      'export_level_idx: the variables have at most 2 levels (index 0 to 1)',
    );
    expect(() => seriesDocument(series, kwargs, { classLists: { hs: '0' } }, context)).toThrow(
      'hs: the full time series (EFT) has no classes to select',
    );
  });
});

describe('mat writer', () => {
  it('writes a struct per statistic that scipy.io.loadmat reads back with its values and units', async () => {
    const read = await loadmat(payloadDocument(monthlyPayload, all, context), 'monthly');
    expect(read.header).toMatch(/^MATLAB 5\.0 MAT-file/);
    const statistic = (read.variables as Record<string, Record<string, Record<string, unknown>>>)
      .EPD_month__hs!;
    const occurrence = statistic.occurrence as { values: MatArray; units: string; dimensions: string[] };
    expect(occurrence.units).toBe('%');
    expect(occurrence.dimensions).toEqual(['month', 'class']);
    expect(occurrence.values.shape).toEqual([12, 4]);
    expect(occurrence.values.class).toBe('float64');
    const rows = occurrence.values.values as (number | null)[][];
    for (let m = 0; m < 12; m++)
      for (let c = 0; c < 4; c++) expect(rows[m]![c]).toBe(m === 2 && c === 2 ? null : m * 10 + c);
    expect(statistic.month).toMatchObject({ units: '1', longName: 'calendar month' });
    expect((statistic.month!.values as string[])[2]).toBe('Mar');
    expect(statistic.info).toMatchObject({
      statistic: 'EPD_month__hs',
      dataset: 'NORA3 hindcast (MET Norway)',
      provenance: 'NORA3 © MET Norway, CC BY 4.0',
      nodeLatitude_degrees_north: 53.3,
      method: 'occurrence of each 0.5 m class, per calendar month',
    });
  });

  it('writes scalars, labels, attributes and times as MATLAB datenums', async () => {
    const read = await loadmat(payloadDocument(levelPayload, all, context), 'levels');
    const statistic = (read.variables as Record<string, Record<string, Record<string, unknown>>>)
      .CUREXT__current_speed!;
    expect(statistic.threshold).toMatchObject({ values: 1.5, units: 'm s-1', longName: 'threshold' });
    expect(statistic.law!.values).toEqual(['GEV', 'GEV', 'Gumbel']);
    expect(statistic.level).toMatchObject({ positive: 'down', units: 'm' });
    // datenum(1990, 1, 3, 6, 0, 0) = 726836.25 (MATLAB's serial day of 1990-01-03 06:00).
    expect(statistic.firstStorm!.values).toBe(726_836.25);
    const returnValue = statistic.returnValue!.values as MatArray;
    expect(returnValue.shape).toEqual([3, 3]);
    expect(returnValue.values).toEqual([
      [10, 11, 12],
      [20, 21, 22],
      [30, 31, 32],
    ]);
  });
});

describe('netcdf writer', () => {
  it('writes a CF-1.8 netCDF-4 file that ncdump reads: dimensions, coordinates, units, fill values, provenance', async () => {
    const file = path.join(dir, 'monthly.nc');
    await writeNetcdfDocument(payloadDocument(monthlyPayload, all, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toContain('netcdf monthly {');
    expect(header).toMatch(/dimensions:\n\tmonth = 12 ;\n\tclass = 4 ;/);
    expect(header).toContain('double class(class) ;');
    expect(header).toContain('class:units = "m" ;');
    expect(header).toContain('string month_label(month) ;');
    expect(header).toContain('double occurrence(month, class) ;');
    expect(header).toContain('occurrence:units = "%" ;');
    expect(header).toContain('occurrence:_FillValue = -999. ;');
    expect(header).toContain('occurrence:coordinates = "month_label lat lon" ;');
    expect(header).toContain('double lat ;');
    expect(header).toContain('lat:standard_name = "latitude" ;');
    expect(header).toContain(':Conventions = "CF-1.8" ;');
    expect(header).toContain(':source = "NORA3 hindcast (MET Norway)" ;');
    expect(header).toContain(':references = "NORA3 © MET Norway, CC BY 4.0" ;');
    expect(header).toContain(':comment = "occurrence of each 0.5 m class, per calendar month" ;');
    expect(header).toContain(':point = "Alpha" ;');
    const occurrence = ncdumpValues(file, 'occurrence');
    expect(occurrence).toHaveLength(48);
    for (let m = 0; m < 12; m++)
      for (let c = 0; c < 4; c++) expect(occurrence[m * 4 + c]).toBe(m === 2 && c === 2 ? null : m * 10 + c);
    expect(ncdumpValues(file, 'month_label').slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(ncdumpValues(file, 'lat')).toEqual([53.3]);
  });

  it('writes levels as a vertical coordinate, scalars as scalar variables and times in CF units', async () => {
    const file = path.join(dir, 'levels.nc');
    await writeNetcdfDocument(payloadDocument(levelPayload, all, context), file);
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toContain('double level(level) ;');
    expect(header).toContain('level:positive = "down" ;');
    expect(header).toContain('level:standard_name = "depth" ;');
    expect(header).toContain('double returnValue(level, returnPeriod) ;');
    expect(header).toContain('returnValue:units = "m s-1" ;');
    expect(header).toContain('double threshold ;');
    expect(header).toContain('firstStorm:units = "seconds since 1970-01-01 00:00:00" ;');
    expect(header).toContain('firstStorm:calendar = "standard" ;');
    expect(header).toContain(':notice = "Synthetic data for demonstration only" ;');
    expect(ncdumpValues(file, 'returnValue')).toEqual([10, 11, 12, 20, 21, 22, 30, 31, 32]);
    expect(ncdumpValues(file, 'law')).toEqual(['GEV', 'GEV', 'Gumbel']);
    expect(ncdumpValues(file, 'firstStorm')).toEqual([Date.UTC(1990, 0, 3, 6) / 1000]);
    // ncdump -t turns CF times into dates: the units and calendar are understood.
    expect(execFileSync('ncdump', ['-t', '-v', 'firstStorm', file]).toString()).toContain(
      'firstStorm = "1990-01-03 06" ;',
    );
  });
});
