// GET /api/projects/{id}/export/ over HTTP (spec 002 §3 export request, §4 download permission, §9
// formats) on the real NORA3 record the demo ingests (southern North Sea node). Every file is re-read by
// an independent reader: exceljs for .xlsx, scipy.io.loadmat (Debian's python3-scipy,
// scripts/reference/read_mat.py) for .mat, ncdump (netCDF-C, Debian's netcdf-bin) for .nc; the values
// are compared with get_visu_data's payload, and the full record (EFT) with the source CSV itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_INTERVALS_ON_REQUEST, WINDOW_INTERVALS_ON_REQUEST } from '@metocean/core';
import {
  projectMessages,
  type Offer,
  type Project,
  type UsageCustomer,
  type VisuArray,
  type VisuPayload,
  type VisuValues,
} from '@metocean/contracts';
import { ncdumpValues } from '../export-readers';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { assertHonestDigits } from '../honest-digits';

const REPO = path.resolve(__dirname, '../../../..');
const NORA3_CSV = path.join(
  REPO,
  'apps/server/assets/data/nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv',
);

let server: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), 'exports-it-'));
let manager: Actor;
let standard: Actor;
let member: Actor;

let projectId = 0;
let pointId = 0;
let betaId = 0;
let statIds: string[] = [];

async function createProject(who: Actor, offerName: string, name: string, points: object[]) {
  const offer = (await who.get<Offer[]>('/api/offers/')).body.find((o) => o.name === offerName)!;
  const created = await who.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')!.id,
    points,
  });
  expect(created.status).toBe(201);
  return created.body.projectId;
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json?: { fieldErrors?: Record<string, string[]>; nonFieldErrors?: string[]; detail?: string };
}

/** GET …/export/ with the query; the body kept as bytes (JSON errors parsed). */
async function download(query: Record<string, string | number>, who = manager, project = projectId) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await who.fetch(`/api/projects/${project}/export/?${search.toString()}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const answer: Download = { status: response.status, headers: response.headers, bytes };
  // issue 30: every workbook the product writes is walked for float noise (or says it keeps full precision)
  if (response.status === 200 && query.export_kind === 'EXCEL')
    await assertHonestDigits('export.xlsx', bytes);
  if (response.headers.get('content-type')?.includes('json'))
    answer.json = JSON.parse(bytes.toString()) as Download['json'];
  return answer;
}

const visu = async (statId: string) =>
  (
    await manager.get<VisuPayload>(
      `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=${encodeURIComponent(statId)}`,
    )
  ).body;

const arraysOf = (payload: VisuPayload) =>
  Object.entries(payload).filter((e): e is [string, VisuArray] => e[0] !== 'kwargs');

/** Row-major leaves of nested values, -999 as null (missing). */
function flat(values: VisuValues | number | string | null): (number | string | null)[] {
  if (Array.isArray(values)) return values.flatMap((v) => flat(v));
  return [values === -999 ? null : values];
}

const statId = (prefix: string) => {
  const found = statIds.find((id) => id.startsWith(prefix));
  if (!found) throw new Error(`no statistic ${prefix}… among ${statIds.join(', ')}`);
  return found;
};

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
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

function save(bytes: Buffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

interface MatField {
  values: unknown;
  units: string;
  longName: string;
  dimensions: unknown;
}
function loadmat(bytes: Buffer, name: string): Record<string, Record<string, MatField>> {
  const file = save(bytes, name);
  const text = execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), file], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return (JSON.parse(text.toString()) as { variables: Record<string, Record<string, MatField>> }).variables;
}

/** Leaves of what read_mat.py prints (arrays as {shape, values} in MATLAB's index order), NaN as null. */
function matLeaves(value: unknown): (number | string | null)[] {
  if (value && typeof value === 'object' && 'values' in value && 'shape' in value)
    return matLeaves((value as { values: unknown }).values);
  if (Array.isArray(value)) return value.flatMap((v) => matLeaves(v));
  return [value as number | string | null];
}

/** The NORA3 source record: time (UTC ms) and a column, read straight from the CSV the demo ingests. */
function csvColumn(name: string): { time: number[]; values: number[] } {
  const lines = readFileSync(NORA3_CSV, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const header = lines[0]!.split(',');
  const column = header.indexOf(name);
  const time: number[] = [];
  const values: number[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    time.push(Date.parse(`${cells[0]!.replace(' ', 'T')}Z`));
    values.push(Number(cells[column]));
  }
  return { time, values };
}

/** float32 storage of two-decimal values: relative error ≤ 2^-24 (IEEE 754 single precision). */
const closeToFloat32 = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected));

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  standard = await server.as('standard');
  member = await server.as('member');
  projectId = await createProject(manager, 'On Demand', 'Export_project', [
    { name: 'Alpha', lat: 53.324, lng: 1.32 },
    // about 1 km away: the same NORA3 node, for the exports of several points
    { name: 'Beta', lat: 53.33, lng: 1.33 },
  ]);
  await manager.put(`/api/projects/${projectId}/compute/`);
  const project = await manager.until<Project>(
    `/api/projects/${projectId}/`,
    (p) => ['FINISHED', 'FAILED'].includes(p.status),
    { timeoutMs: 170_000, intervalMs: 1000 },
  );
  if (project.status !== 'FINISHED') throw new Error(`compute ended ${project.status}`);
  pointId = project.points.find((p) => p.name === 'Alpha')!.id;
  betaId = project.points.find((p) => p.name === 'Beta')!.id;
  statIds = (await manager.get<{ statId: string }[]>(`/api/projects/${projectId}/stats/`)).body.map(
    (s) => s.statId,
  );
}, 200_000);
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('statistic exports', () => {
  it('EXCEL: an About sheet naming the provenance and one sheet per table, values equal to the payload', async () => {
    const id = statId('EJPD__hs__');
    const payload = await visu(id);
    const answer = await download({
      point: pointId,
      stat_id: id,
      export_kind: 'EXCEL',
      file_name: 'joint hs-tp',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="joint_hs-tp.xlsx"');
    const sheets = await readXlsx(answer.bytes);
    const about = Object.fromEntries(
      sheets.About!.filter((r) => r.length >= 2).map((r) => [String(r[0]), r[1]]),
    );
    expect(about).toMatchObject({
      statistic: id,
      code: 'EJPD',
      project: 'Export_project',
      point: 'Alpha',
      dataset: payload.kwargs.dataset,
      'node latitude (degrees_north)': payload.kwargs.node!.lat,
      method: payload.kwargs.method,
    });
    expect(String(about.provenance)).toMatch(/MET Norway/);
    // The payload's other kwargs travel too (here the number of pairs counted).
    expect(about.count).toBe(payload.kwargs.count);
    expect(about.xLabel).toBe(payload.kwargs.xLabel);
    // The joint table: rows x bins, columns y bins, each labelled by its edges (sectors by compass name,
    // centre and bounds), units in the title cell, -999 as empty cells.
    const perMille = payload.perMille!;
    const sheet = sheets.perMille!;
    expect(sheet[0]![0]).toMatch(/^perMille \(‰\): rows x: .*wave height bin \(m\), columns y: /);
    const xEdges = payload.xEdges!.values as number[];
    const rows = perMille.values as number[][];
    expect(sheet).toHaveLength(rows.length + 1);
    rows.forEach((row, i) => {
      const cells = sheet[i + 1]!;
      expect(cells[0]).toBe(`[${xEdges[i]}, ${xEdges[i + 1]})`);
      row.forEach((value, j) => expect(cells[j + 1] ?? null).toBe(value === -999 ? null : value));
    });
    const columns = sheet[0]!.slice(1) as string[];
    expect(columns).toHaveLength(rows[0]!.length);
    if (payload.kwargs.ySectors) expect(columns[0]).toBe('N 0° [348.75°, 11.25°)');
    else expect(columns[0]).toMatch(/^\[0, /);
    // 1-D arrays beside their dimension, units in the header.
    expect(sheets.xEdges![0]).toEqual(['xEdge (index)', `xEdges (${payload.xEdges!.attributes.units})`]);
  });

  it('MATLAB: a struct per statistic that scipy.io.loadmat reads with every array’s values and units', async () => {
    const id = statId('EPD__hs');
    const payload = await visu(id);
    const answer = await download({ point: pointId, stat_id: id, export_kind: 'MATLAB' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Export_project_Alpha_${id}.mat"`,
    );
    const statistic = loadmat(answer.bytes, 'epd.mat')[id]!;
    for (const [name, array] of arraysOf(payload)) {
      expect(statistic[name]!.units, name).toBe(array.attributes.units);
      expect(statistic[name]!.longName, name).toBe(array.attributes.longName);
      expect(matLeaves(statistic[name]!.values), name).toEqual(flat(array.values));
    }
    expect(statistic.info).toMatchObject({
      statistic: id,
      dataset: payload.kwargs.dataset,
      method: payload.kwargs.method,
    });
  });

  it('NETCDF: a CF-1.8 netCDF-4 file (ncdump) of the chosen month and classes', async () => {
    const id = statId('DR_month__');
    const payload = await visu(id);
    const answer = await download({
      point: pointId,
      stat_id: id,
      export_kind: 'NETCDF',
      month: 1,
      class: '0-1',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/x-netcdf');
    const file = save(answer.bytes, 'dr.nc');
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toContain(':Conventions = "CF-1.8" ;');
    expect(header).toContain(`:statistic = "${id}" ;`);
    expect(header).toContain('class = 2 ;');
    expect(header).toContain('double percent(sector, class) ;');
    expect(header).toContain('percent:units = "%" ;');
    expect(header).toContain('percent:month_index = 1. ;');
    expect(header).toContain(':selection = "month Feb (index 1); class classes 0, 1" ;');
    // February's frequencies of the first two classes, sector by sector.
    const february = (payload.percent!.values as number[][][])[1]!;
    expect(ncdumpValues(file, 'percent')).toEqual(flat(february.map((sector) => sector.slice(0, 2))));
    expect(ncdumpValues(file, 'edges')).toEqual(flat((payload.edges!.values as number[]).slice(0, 2)));
  });

  it('answers the same selection in every format (xlsx cross table of February)', async () => {
    const id = statId('DR_month__');
    const payload = await visu(id);
    const answer = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL', month: 1 });
    const sheet = (await readXlsx(answer.bytes)).percent!;
    const february = (payload.percent!.values as number[][][])[1]!;
    expect(sheet).toHaveLength(february.length + 1);
    expect(sheet[1]!.slice(1).map((v) => v ?? null)).toEqual(flat(february[0]!));
  });
});

describe('interval columns (issue 31)', () => {
  it("WW as EXCEL: on request (one line says so until asked), then the probability's lower and upper bounds with their unit and the years they rest on; blank under 5 years", async () => {
    const id = statIds.find((s) => s === 'WW__hs')!;
    // the standard set computes none (issue 34, session 31): the file says in one line they are on request,
    // and has no interval sheet
    const bare = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL' });
    expect(bare.status).toBe(200);
    const bareSheets = await readXlsx(bare.bytes);
    expect(bareSheets.probabilityLower).toBeUndefined();
    expect(bareSheets.intervalYears).toBeUndefined();
    const bareAbout = bareSheets.About!.map((row) => row.map(String).join(' | ')).join('\n');
    expect(bareAbout).toContain(WINDOW_INTERVALS_ON_REQUEST);
    // computed on request (the Analyze "Intervals" switch), stored: the exports carry them
    const asked = await manager.post(
      `/api/projects/${projectId}/ww_intervals/?point=${pointId}&stats_id=${encodeURIComponent(id)}`,
    );
    expect(asked.status).toBe(200);
    const payload = await visu(id);
    const answer = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL' });
    expect(answer.status).toBe(200);
    const sheets = await readXlsx(answer.bytes);
    expect(String(sheets.probabilityLower![0]![0])).toMatch(/^probabilityLower \(%\)/);
    expect(String(sheets.probabilityUpper![0]![0])).toMatch(/^probabilityUpper \(%\)/);
    expect(String(sheets.intervalYears![0]![0])).toMatch(/^intervalYears \(1\)/);
    // the NORA3 record of the demo holds the year 2000 alone: one year per month, too few to resample
    // whole years, so the bounds are blank cells (never a number) and the About sheet says why
    const body = (name: string) => sheets[name]!.slice(1).flatMap((row) => row.slice(1));
    expect(body('intervalYears').every((v) => v === 1)).toBe(true);
    expect(body('intervalYears')).toHaveLength(4 * 12);
    for (const name of ['probabilityLower', 'probabilityUpper'])
      expect(body(name).every((v) => v === null || v === undefined)).toBe(true);
    const about = sheets.About!.map((row) => row.map(String).join(' | ')).join('\n');
    expect(about).toContain('lower bound of its 90 % interval (year-block bootstrap, 1,000 resamples)');
    expect(about).toContain('blank bounds: fewer than 5 years, no interval');
    expect(about).toContain(String(payload.kwargs.intervals));
  });
});

describe('WD interval columns (issue 31)', () => {
  it("WD as EXCEL and NETCDF: on request (one line says so until asked), then the wait percentiles' lower and upper bounds in hours, the years they rest on; blank under 5 years", async () => {
    const id = statIds.find((s) => s === 'WD__hs')!;
    // the standard set computes none (session 30): the file says in one line they are on request, and has
    // no interval sheet
    const bare = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL' });
    expect(bare.status).toBe(200);
    const bareSheets = await readXlsx(bare.bytes);
    expect(bareSheets.waitPercentileLower).toBeUndefined();
    expect(bareSheets.intervalYears).toBeUndefined();
    const bareAbout = bareSheets.About!.map((row) => row.map(String).join(' | ')).join('\n');
    expect(bareAbout).toContain(WAIT_INTERVALS_ON_REQUEST);
    // computed on request (the Analyze "Intervals" switch), stored: the exports carry them
    const asked = await manager.post(
      `/api/projects/${projectId}/wd_intervals/?point=${pointId}&stats_id=${encodeURIComponent(id)}`,
    );
    expect(asked.status).toBe(200);
    const payload = await visu(id);
    const answer = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL' });
    expect(answer.status).toBe(200);
    const sheets = await readXlsx(answer.bytes);
    expect(String(sheets.waitPercentileLower![0]![0])).toMatch(
      /^waitPercentileLower \(hour\): rows month, columns percentile/,
    );
    expect(String(sheets.waitPercentileUpper![0]![0])).toMatch(/^waitPercentileUpper \(hour\)/);
    expect(String(sheets.waitIntervalMoreThan![0]![0])).toMatch(/^waitIntervalMoreThan \(hour\)/);
    expect(String(sheets.intervalYears![0]![0])).toMatch(/^intervalYears \(1\)/);
    // the NORA3 record of the demo holds the year 2000 alone: one year per month, too few to resample
    // whole years: every bound a blank cell (never a number), the About sheet says why
    const body = (name: string) => sheets[name]!.slice(1).flatMap((row) => row.slice(1));
    expect(body('intervalYears').every((v) => v === 1)).toBe(true);
    for (const name of ['waitPercentileLower', 'waitPercentileUpper'])
      expect(body(name).every((v) => v === null || v === undefined)).toBe(true);
    const about = sheets.About!.map((row) => row.map(String).join(' | ')).join('\n');
    expect(about).toContain('waiting time percentile, lower bound of its 90 % interval');
    expect(about).toContain(String(payload.kwargs.intervals));
    const nc = await download({ point: pointId, stat_id: id, export_kind: 'NETCDF' });
    expect(nc.status).toBe(200);
  });
});

describe('export all time series (EFT)', () => {
  const hs = () => csvColumn('hs');

  it('EXCEL: every field of the record with units, row for row the source CSV', async () => {
    const answer = await download({ point: pointId, stat_id: 'EFT', export_kind: 'EXCEL' });
    expect(answer.status).toBe(200);
    const sheets = await readXlsx(answer.bytes);
    const table = sheets['Time series']!;
    const header = table[0] as string[];
    expect(header[0]).toBe('time (UTC)');
    expect(header).toContain('hs (m)');
    const column = header.indexOf('hs (m)');
    const source = hs();
    expect(table).toHaveLength(source.time.length + 1);
    for (const [i, time] of source.time.entries()) {
      expect((table[i + 1]![0] as Date).getTime()).toBe(time);
      expect(closeToFloat32(table[i + 1]![column] as number, source.values[i]!)).toBe(true);
    }
    const about = Object.fromEntries(
      sheets.About!.filter((r) => r.length >= 2).map((r) => [String(r[0]), r[1]]),
    );
    expect(about).toMatchObject({ statistic: 'EFT', code: 'EFT' });
    expect(String(about.dataset)).toMatch(/NORA3/);
  });

  it('MATLAB: the record as a struct of series with units, times as datenums', async () => {
    const answer = await download({ point: pointId, stat_id: 'EFT', export_kind: 'MATLAB' });
    expect(answer.status).toBe(200);
    const record = loadmat(answer.bytes, 'eft.mat').EFT!;
    const source = hs();
    expect(record.hs!.units).toBe('m');
    const values = matLeaves(record.hs!.values) as number[];
    expect(values).toHaveLength(source.values.length);
    values.forEach((v, i) => expect(closeToFloat32(v, source.values[i]!)).toBe(true));
    // datenum(2000, 1, 1) = 730486: MATLAB's serial day of the record's first hour.
    expect(matLeaves(record.time!.values)[0]).toBe(730_486);
  });

  it('NETCDF: a CF timeSeries feature whose values and times ncdump reads back', async () => {
    const answer = await download({ point: pointId, stat_id: 'EFT', export_kind: 'NETCDF' });
    expect(answer.status).toBe(200);
    const file = save(answer.bytes, 'eft.nc');
    const header = execFileSync('ncdump', ['-h', file]).toString();
    expect(header).toContain(':featureType = "timeSeries" ;');
    expect(header).toContain('time:units = "seconds since 1970-01-01 00:00:00" ;');
    expect(header).toContain('float hs(time) ;');
    expect(header).toContain('hs:standard_name = "sea_surface_wave_significant_height" ;');
    expect(header).toContain('hs:coordinates = "lat lon station_name" ;');
    expect(header).toContain('station_name:cf_role = "timeseries_id" ;');
    const source = hs();
    const values = ncdumpValues(file, 'hs') as number[];
    expect(values).toHaveLength(source.values.length);
    values.forEach((v, i) => expect(closeToFloat32(v, source.values[i]!)).toBe(true));
    expect(execFileSync('ncdump', ['-t', '-v', 'time', file]).toString()).toContain('time = "2000-01-01", ');
  });

  it('takes one calendar month of every year', async () => {
    const answer = await download({ point: pointId, stat_id: 'EFT', export_kind: 'NETCDF', month: 1 });
    const file = save(answer.bytes, 'eft-feb.nc');
    expect(execFileSync('ncdump', ['-h', file]).toString()).toContain(`time = ${29 * 24} ;`); // February 2000
  });
});

describe('time series exports hold the full record (issue 21)', () => {
  /** Runs a Python snippet with Debian's python3 (xarray, openpyxl) on a file; its stdout as JSON. */
  const python = (script: string, file: string) =>
    JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' })) as unknown;

  it('TS as NetCDF: xarray reads the full hourly record, not the 1,000 buckets of the chart', async () => {
    const stored = await visu(statId('TS__hs'));
    const answer = await download({ point: pointId, stat_id: statId('TS__hs'), export_kind: 'NETCDF' });
    expect(answer.status).toBe(200);
    const file = save(answer.bytes, 'ts-hs.nc');
    // Reference: xarray (Debian's python3-xarray with netCDF4) decoding the file as any user would
    const read = python(
      `import sys, json, xarray as xr, numpy as np
ds = xr.open_dataset(sys.argv[1])
t = ds['time'].values
print(json.dumps({"n": int(ds['hs'].size), "steps": sorted(set(np.diff(t).astype('timedelta64[s]').astype(int).tolist())),
  "first": str(t[0])[:19], "start": ds.attrs.get('time_coverage_start'), "end": ds.attrs.get('time_coverage_end'),
  "hs": [float(v) for v in ds['hs'].values[:3]]}))`,
      file,
    ) as { n: number; steps: number[]; first: string; start: string; end: string; hs: number[] };
    const source = csvColumn('hs');
    expect(read.n).toBe(source.values.length);
    expect(read.n).toBeGreaterThan((stored.time!.values as number[]).length);
    expect(read.steps).toEqual([3600]);
    expect(read.first).toBe('2000-01-01T00:00:00');
    expect(read.start).toBe('2000-01-01T00:00:00Z');
    expect(read.end).toBe(new Date(source.time.at(-1)!).toISOString().replace('.000Z', 'Z'));
    read.hs.forEach((v, i) => expect(closeToFloat32(v, source.values[i]!)).toBe(true));
  });

  it('TS as Excel: every hour, each value written as the shortest decimal of its float32 (the CSV number)', async () => {
    const answer = await download({ point: pointId, stat_id: statId('TS__hs'), export_kind: 'EXCEL' });
    const sheets = await readXlsx(answer.bytes);
    const table = sheets.hs!;
    const source = csvColumn('hs');
    expect(table).toHaveLength(source.values.length + 1);
    // the CSV's two-decimal numbers come back as written (1.06, not 1.059999942779541)
    for (const [i, value] of source.values.entries()) expect(table[i + 1]![1]).toBe(value);
  });

  it('a statistic as NetCDF states the period of the record it was computed from', async () => {
    const answer = await download({ point: pointId, stat_id: statId('EPD__hs'), export_kind: 'NETCDF' });
    const header = execFileSync('ncdump', ['-h', save(answer.bytes, 'epd.nc')]).toString();
    expect(header).toMatch(/:time_coverage_start = "2000-01-01T00:00:00Z" ;/);
    expect(header).toMatch(/:time_coverage_end = "2000-12-31T23:00:00Z" ;/);
  });

  it('EFT with fields: only the variables chosen, every hour; an unknown one is named in the refusal', async () => {
    const answer = await download({ point: pointId, stat_id: 'EFT', export_kind: 'NETCDF', fields: 'hs' });
    expect(answer.status).toBe(200);
    const file = save(answer.bytes, 'eft-hs.nc');
    const read = python(
      `import sys, json, xarray as xr
ds = xr.open_dataset(sys.argv[1])
print(json.dumps({"vars": sorted(v for v in ds.data_vars if ds[v].dims == ('time',)), "n": int(ds.sizes['time'])}))`,
      file,
    ) as { vars: string[]; n: number };
    expect(read.vars).toEqual(['hs']);
    expect(read.n).toBe(csvColumn('hs').values.length);
    const unknown = await download({
      point: pointId,
      stat_id: 'EFT',
      export_kind: 'EXCEL',
      fields: 'hs,swell',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.fieldErrors?.fields?.[0]).toMatch(
      /^fields: swell is not a variable of the point Alpha \(it has .*hs/,
    );
    const notEft = await download({
      point: pointId,
      stat_id: statId('EPD__hs'),
      export_kind: 'EXCEL',
      fields: 'hs',
    });
    expect(notEft.status).toBe(400);
    expect(notEft.json?.fieldErrors?.fields?.[0]).toMatch(/only the full time series/);
  });

  it('EFT of several points: one workbook, a column per point and variable on their shared time axis', async () => {
    const query = { point: pointId, stat_id: 'EFT', export_kind: 'EXCEL', fields: 'hs', points: betaId };
    const answer = await download(query);
    expect(answer.status).toBe(200);
    const sheets = await readXlsx(answer.bytes);
    const table = sheets['Time series']!;
    expect(table[0]).toEqual(['time (UTC)', 'hs_Alpha (m)', 'hs_Beta (m)']);
    const source = csvColumn('hs');
    expect(table).toHaveLength(source.values.length + 1);
    // the same NORA3 node serves both points: the same numbers, as the CSV writes them
    for (const [i, value] of source.values.entries()) expect(table[i + 1]!.slice(1)).toEqual([value, value]);
    const about = Object.fromEntries(
      sheets.About!.filter((r) => r.length >= 2).map((r) => [String(r[0]), r[1]]),
    );
    expect(about.point).toBe('Alpha, Beta');
    expect(String(about.points)).toMatch(/^Alpha \(53\.324, 1\.32; node .*\), Beta \(53\.33, 1\.33; node /);
    expect(about['point latitude (degrees_north)']).toBeUndefined();
    // NetCDF holds one station; points on another statistic are refused, saying why
    const nc = await download({ ...query, export_kind: 'NETCDF' });
    expect(nc.status).toBe(400);
    expect(nc.json?.fieldErrors?.points?.[0]).toMatch(/a NetCDF file holds one point/);
    const ts = await download({
      point: pointId,
      stat_id: statId('TS__hs'),
      export_kind: 'EXCEL',
      points: betaId,
    });
    expect(ts.json?.fieldErrors?.points?.[0]).toMatch(/only the full time series/);
  });

  it('openpyxl reads the bin edges and sector labels of a matrix sheet', async () => {
    const id = statId('DR__hs__');
    const answer = await download({ point: pointId, stat_id: id, export_kind: 'EXCEL' });
    const file = save(answer.bytes, 'dr.xlsx');
    // Reference: openpyxl (Debian's python3-openpyxl), another reader than the exceljs of the tests above
    const read = python(
      `import sys, json, openpyxl
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['percent']
rows = [[c for c in r] for r in ws.iter_rows(values_only=True)]
print(json.dumps({"title": rows[0][0], "columns": list(rows[0][1:]), "rows": [r[0] for r in rows[1:]]}))`,
      file,
    ) as { title: string; columns: string[]; rows: string[] };
    const payload = await visu(id);
    const edges = payload.edges!.values as number[];
    expect(read.title).toMatch(/rows sector: .*sector centre.* \(degree\), columns class: /);
    expect(read.rows).toHaveLength(16);
    expect(read.rows[0]).toBe('N 0° [348.75°, 11.25°)');
    expect(read.rows[4]).toBe('E 90° [78.75°, 101.25°)');
    expect(read.columns).toEqual(
      edges.map((e, k) => (k + 1 < edges.length ? `[${e}, ${edges[k + 1]})` : `≥ ${e}`)),
    );
  });
});

describe('export permissions and validation', () => {
  it('refuses a Standard Access offer with the upgrade message', async () => {
    const own = await createProject(standard, 'Standard Access', 'Standard_export', [
      { name: 'S1', lat: 53.324, lng: 1.32 },
    ]);
    const answer = await download({ point: 1, stat_id: 'EFT', export_kind: 'EXCEL' }, standard, own);
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ detail: projectMessages.downloadNeedsUpgrade });
  });

  it('hides another customer’s project (404), and needs a signed-in caller (401)', async () => {
    const query = { point: pointId, stat_id: 'EFT', export_kind: 'MATLAB' };
    expect((await download(query, standard)).status).toBe(404);
    expect((await download(query, server.anonymous)).status).toBe(401);
    // A member who is not a collaborator of the project does not see it either.
    expect((await download(query, member)).status).toBe(404);
  });

  it('answers 404 for a point of another project and 400 for a point not computed yet', async () => {
    expect((await download({ point: 999_999, stat_id: 'EFT', export_kind: 'EXCEL' })).status).toBe(404);
    const created = await manager.post<{ id: number }>('/api/points/', {
      project: projectId,
      name: 'Bravo',
      geom: { type: 'Point', coordinates: [3, 53.5] },
    });
    expect(created.status).toBe(201);
    const answer = await download({ point: created.body.id, stat_id: 'EFT', export_kind: 'EXCEL' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      nonFieldErrors: ['The point Bravo is not computed yet: compute its statistics before exporting them.'],
    });
  });

  it('refuses a bad statistic, kind, month, level or class list with a clear message', async () => {
    const base = { point: pointId, export_kind: 'EXCEL' };
    const epd = statId('EPD__hs');
    const cases: [Record<string, string | number>, string, RegExp][] = [
      [{ ...base, stat_id: 'NOPE__hs' }, 'stat_id', /"NOPE__hs" is not a statistic of the point Alpha/],
      [
        { ...base, stat_id: epd, export_kind: 'PDF' },
        'export_kind',
        /export_kind must be one of EXCEL, MATLAB, NETCDF/,
      ],
      [
        { ...base, stat_id: epd, month: 12 },
        'month',
        /month must be a whole number from 0 \(January\) to 11/,
      ],
      [{ ...base, stat_id: epd, month: 3 }, 'month', new RegExp(`month: ${epd} has no monthly values`)],
      [{ ...base, stat_id: epd, export_level_idx: 2 }, 'export_level_idx', /has no levels to choose from/],
      [{ ...base, stat_id: epd, export_level_idx: -1 }, 'export_level_idx', /zero-based level index/],
      [{ ...base, stat_id: epd, sector: '0' }, 'sector', new RegExp(`sector: not a class type of ${epd}`)],
      [
        { ...base, stat_id: statId('DR_month__'), class: '0-99' },
        'class',
        /"0-99" is not a list of class indices/,
      ],
      [{ ...base, stat_id: 'EFT', hs: '1' }, 'hs', /the full time series \(EFT\) has no classes/],
    ];
    for (const [query, field, message] of cases) {
      const answer = await download(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.json?.fieldErrors?.[field]?.[0], JSON.stringify(answer.json)).toMatch(message);
    }
    const missing = await download({ point: pointId, export_kind: 'EXCEL' });
    expect(missing.status).toBe(400);
    expect(missing.json?.fieldErrors).toHaveProperty('stat_id');
  });
});

describe('exports in usage analysis (spec 002 §3 exportDetails)', () => {
  it('counts a served export under its statistic code and kind, and not a refused one', async () => {
    const admin = await server.as('admin');
    const customerId = (await manager.get<{ customerId: number }>('/api/users/current/')).body.customerId;
    const details = async () =>
      (await admin.get<UsageCustomer>(`/api/usage/customers/${customerId}/`)).body.exportDetails;
    const before = (await details())?.data.EPD ?? { EXCEL: 0, MATLAB: 0, NETCDF: 0 };
    expect(
      (await download({ point: pointId, stat_id: statId('EPD__hs'), export_kind: 'NETCDF' })).status,
    ).toBe(200);
    const refused = await download({
      point: pointId,
      stat_id: statId('EPD__hs'),
      export_kind: 'NETCDF',
      sector: '0',
    });
    expect(refused.status).toBe(400);
    expect((await details())?.data.EPD).toEqual({ ...before, NETCDF: before.NETCDF + 1 });
  });
});
