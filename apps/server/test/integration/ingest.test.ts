import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetMessages, type IngestResult, type Zone } from '@metocean/contracts';
import { openZarrDataset } from '@metocean/hindcast';
import { sourceForPoint } from '../../src/data/registry';
import { runIngestCli } from '../../../cli/src/ingest';
import { archiveMessages } from '../../src/services/archive';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../harness';
import { zipOf } from '../zip-bombs';

let server: TestServer;
const tokens: Record<string, string> = {};
let biscay: number;
let maine: number;
const work = mkdtempSync(path.join(tmpdir(), 'ingest-it-'));
const ERA5 = fileURLToPath(
  new URL(
    '../../../../../shared/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
    import.meta.url,
  ),
);

/** ncgen from Debian's netcdf-bin (netCDF-C) writes the NetCDF4 and NetCDF3 files. */
function ncgen(cdl: string, name: string, kind: 'nc3' | 'nc4'): string {
  const out = path.join(work, name);
  writeFileSync(`${out}.cdl`, cdl);
  execFileSync('ncgen', ['-k', kind, '-o', out, `${out}.cdl`]);
  return out;
}

/** A 24-hour, 2 × 3 grid in the Bay of Biscay: Hs packed in int16, 10 m wind in knots, one unknown variable. */
function gridCdl(units = 'm'): string {
  const swh: number[] = [];
  const wind: number[] = [];
  for (let t = 0; t < 24; t++)
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++) {
        swh.push(1000 + t * 10 + y * 100 + x);
        wind.push(10 + t / 10);
      }
  return `netcdf grid {
dimensions:
  time = UNLIMITED ; latitude = 2 ; longitude = 3 ;
variables:
  int time(time) ; time:units = "hours since 2000-01-01 00:00:00" ;
  float latitude(latitude) ; latitude:units = "degrees_north" ;
  float longitude(longitude) ; longitude:units = "degrees_east" ;
  short swh(time, latitude, longitude) ; swh:scale_factor = 0.001 ; swh:units = "${units}" ;
  float si10(time, latitude, longitude) ; si10:units = "knots" ;
  float other(time, latitude, longitude) ; other:units = "1" ;
data:
  time = ${Array.from({ length: 24 }, (_, t) => t).join(', ')} ;
  latitude = 46, 45.5 ;
  longitude = 354, 354.5, 355 ;
  swh = ${swh.join(', ')} ;
  si10 = ${wind.join(', ')} ;
  other = ${wind.join(', ')} ;
}
`;
}

interface Form {
  file?: { name: string; bytes: Buffer };
  [field: string]: string | { name: string; bytes: Buffer } | undefined;
}

async function upload(form: Form, who = 'admin') {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    if (typeof value === 'string') body.append(key, value);
    else body.append(key, new Blob([value.bytes]), value.name);
  }
  const response = await fetch(`${server.url}/api/datasets/ingest/`, {
    method: 'POST',
    headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
    body,
  });
  return { status: response.status, body: (await response.json()) as IngestResult & Record<string, unknown> };
}

const fields = (name: string) => ({
  name,
  zones: String(biscay),
  licence: 'CC BY 4.0',
  source: 'test upload',
  citation: 'Test grid by ncgen',
  origin: 'ncgen',
});
const file = (filePath: string, name = path.basename(filePath)) => ({ name, bytes: readFileSync(filePath) });
const storesOnDisk = () =>
  readdirSync(path.join(server.dataDir, 'datasets')).sort((a, b) => a.localeCompare(b));

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin', 'manager']) tokens[who] = (await server.login(who)).accessToken;
  const zones = (await server.request<Zone[]>('GET', '/api/zones/', { token: tokens.admin })).body;
  biscay = zones.find((zone) => zone.name === 'Bay of Biscay')!.id;
  maine = zones.find((zone) => zone.name === 'Gulf of Maine')!.id;
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('POST /api/datasets/ingest/', () => {
  it('is for administrators only', async () => {
    const nc = ncgen(gridCdl(), 'refused.nc', 'nc4');
    const answer = await upload({ ...fields('Refused grid'), file: file(nc) }, 'manager');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: datasetMessages.superuserOnly });
    expect((await upload({ ...fields('Refused grid'), file: file(nc) }, 'nobody')).status).toBe(401);
  });

  it('registers a NetCDF4 grid as a dataset serving the zone, read back equal', async () => {
    const before = storesOnDisk();
    const nc = ncgen(gridCdl(), 'biscay-grid.nc', 'nc4');
    const answer = await upload({ ...fields('Biscay test grid (NetCDF4)'), file: file(nc) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      nodes: 6,
      timeSteps: 24,
      zones: [{ id: biscay, name: 'Bay of Biscay' }],
      dataset: {
        name: 'Biscay test grid (NetCDF4)',
        kind: 'regional',
        synthetic: false,
        licence: 'CC BY 4.0',
        // the attribution travels to the dataset dialog and the catalogue
        citation: 'Test grid by ncgen',
      },
    });
    expect(answer.body.skipped.join(' ')).toContain('other');
    expect(answer.body.dataset.dimensions.map((d) => d.kind).sort((a, b) => a.localeCompare(b))).toEqual([
      'wave',
      'wind',
    ]);
    // the zone's dataset dialog lists it before the synthetic hindcast
    const zone = await server.request<Zone>('GET', `/api/zones/${biscay}/`, { token: tokens.admin });
    expect(zone.body.datasets.map((d) => d.name)[0]).toBe('Biscay test grid (NetCDF4)');
    // it now serves the zone's positions it covers; the store holds the file's values (Hs = 0.001 × packed)
    const source = await sourceForPoint(server.runtime.services.db, biscay, 45.6, -5.9);
    expect(source).toMatchObject({ kind: 'zarr' });
    const added = storesOnDisk().filter((entry) => !before.includes(entry));
    expect(added).toHaveLength(1);
    const store = await openZarrDataset(path.join(server.dataDir, 'datasets', added[0]!));
    const series = await store.readNode(4); // latitude 45.5, longitude 354.5 = −5.5
    expect(series.fields.hs!.values[3]).toBeCloseTo(0.001 * (1000 + 30 + 100 + 1), 5);
    // 10 knots = 5.1444 m/s (1 kn = 1852/3600 m/s)
    expect(series.fields.wind_speed_10m?.values[0] ?? series.fields.wind_speed!.values[0]).toBeCloseTo(
      (10 * 1852) / 3600,
      4,
    );
  });

  it('takes a NetCDF3 file, a point CSV and a zipped xarray Zarr store', async () => {
    const nc3 = ncgen(gridCdl(), 'biscay-grid3.nc', 'nc3');
    const classic = await upload({ ...fields('Biscay test grid (NetCDF3)'), file: file(nc3) });
    expect(classic.status).toBe(201);
    expect(classic.body.nodes).toBe(6);

    const csv = await upload({
      ...fields('ERA5 point for the Gulf of Maine test'),
      zones: String(maine),
      file: file(ERA5),
    });
    expect(csv.status).toBe(201);
    // 2000-01-01 00:00 to 2010-12-31 23:00 hourly
    expect(csv.body).toMatchObject({ nodes: 1, timeSteps: 96_432, notes: [] });

    const zip = new JSZip();
    const meta: Record<string, unknown> = {
      '.zgroup': { zarr_format: 2 },
      'time/.zarray': zarray('<i8', [3]),
      'time/.zattrs': { _ARRAY_DIMENSIONS: ['time'], units: 'hours since 2001-01-01' },
      'lat/.zarray': zarray('<f8', [1]),
      'lat/.zattrs': { _ARRAY_DIMENSIONS: ['lat'], units: 'degrees_north' },
      'lon/.zarray': zarray('<f8', [1]),
      'lon/.zattrs': { _ARRAY_DIMENSIONS: ['lon'], units: 'degrees_east' },
      'hs/.zarray': zarray('<f4', [3, 1, 1]),
      'hs/.zattrs': { _ARRAY_DIMENSIONS: ['time', 'lat', 'lon'], units: 'm' },
    };
    zip.file('store.zarr/.zmetadata', JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
    for (const [key, value] of Object.entries(meta)) zip.file(`store.zarr/${key}`, JSON.stringify(value));
    const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    zip.file('store.zarr/time/0', bytes(new BigInt64Array([0n, 1n, 2n])));
    zip.file('store.zarr/lat/0', bytes(new Float64Array([45])));
    zip.file('store.zarr/lon/0', bytes(new Float64Array([-6])));
    // −999 undeclared in the store: outside the physical range of Hs, missing and reported (issue 21)
    zip.file('store.zarr/hs/0.0.0', bytes(new Float32Array([1.25, -999, 1.75])));
    const zarr = await upload({
      ...fields('Biscay test Zarr'),
      file: { name: 'store.zip', bytes: await zip.generateAsync({ type: 'nodebuffer' }) },
    });
    expect(zarr.status).toBe(201);
    expect(zarr.body).toMatchObject({
      nodes: 1,
      timeSteps: 3,
      notes: ['hs: 1 value outside the physical range of hs, 0 to 30 m treated as missing'],
    });
  });

  it('treats declared missing values and values outside the physical range as missing, and says so', async () => {
    const csv = path.join(work, 'codes.csv');
    writeFileSync(
      csv,
      '#LONGITUDE:-6,LATITUDE:45\ntime;hs;tp\n2001-01-01-00;1,5;8\n2001-01-01-01;-999;9\n2001-01-01-02;2;-1\n',
    );
    const answer = await upload({ ...fields('Biscay codes CSV'), missing: '-1', file: file(csv) });
    expect(answer.status).toBe(201);
    expect(answer.body.notes).toEqual([
      'hs: 1 value of -999 treated as missing (outside the physical range of hs, 0 to 30 m)',
      'tp: 1 value of -1 treated as missing (declared missing)',
    ]);
    const bad = await upload({ ...fields('Biscay codes CSV 2'), missing: 'none', file: file(csv) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { missing: ['comma-separated numbers'] } });
  });

  it('refuses bad files with the file, the variable and the problem, leaving nothing behind', async () => {
    const before = storesOnDisk();
    const furlongs = ncgen(gridCdl('furlongs'), 'furlongs.nc', 'nc4');
    const units = await upload({ ...fields('Bad units'), file: file(furlongs) });
    expect(units.status).toBe(400);
    const unitsMessage = (units.body.fieldErrors as Record<string, string[]>).file![0]!;
    expect(unitsMessage).toMatch(/^furlongs\.nc: variable "swh": .*furlongs/);
    expect(unitsMessage).not.toContain(server.dataDir);

    const corrupt = path.join(work, 'corrupt.nc');
    writeFileSync(corrupt, Buffer.concat([Buffer.from('CDF\x01'), Buffer.alloc(64, 7)]));
    const broken = await upload({ ...fields('Corrupt'), file: file(corrupt) });
    expect(broken.status).toBe(400);
    expect((broken.body.fieldErrors as Record<string, string[]>).file![0]).toMatch(/^corrupt\.nc/);

    const noTime = ncgen(
      'netcdf n { dimensions: x = 2 ; variables: float swh(x) ; swh:units = "m" ; data: swh = 1, 2 ; }',
      'notime.nc',
      'nc3',
    );
    const timeless = await upload({ ...fields('No time'), file: file(noTime) });
    expect(timeless.status).toBe(400);
    expect((timeless.body.fieldErrors as Record<string, string[]>).file![0]).toMatch(/^notime\.nc.*time/);

    const unknown = path.join(work, 'grid.grib');
    writeFileSync(unknown, 'GRIB');
    const grib = await upload({ ...fields('Grib'), file: file(unknown) });
    expect(grib.status).toBe(400);
    expect(grib.body.fieldErrors).toMatchObject({ file: [datasetMessages.unknownFormat('grid.grib')] });

    const notZarr = new JSZip();
    notZarr.file('readme.txt', 'hello');
    const zip = await upload({
      ...fields('Not a store'),
      file: { name: 'x.zip', bytes: await notZarr.generateAsync({ type: 'nodebuffer' }) },
    });
    expect(zip.status).toBe(400);
    expect(zip.body.fieldErrors).toMatchObject({ file: [datasetMessages.notZarrZip('x.zip')] });

    // issue 23: a NetCDF3 file cut short (its header promises data the file lacks) and a zip whose headers
    // lie about sizes answer 400, not 500
    const whole = readFileSync(ncgen(gridCdl(), 'whole3.nc', 'nc3'));
    for (const keep of [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.95, 0.99]) {
      const cut = await upload({
        ...fields('Truncated'),
        file: { name: 'truncated.nc', bytes: whole.subarray(0, Math.floor(whole.length * keep)) },
      });
      expect(cut.status).toBe(400);
      expect((cut.body.fieldErrors as Record<string, string[]>).file![0]).toMatch(/^truncated\.nc/);
    }
    const liar = await upload({
      ...fields('Liar'),
      file: {
        name: 'liar.zip',
        bytes: zipOf([{ name: 'store.zarr/hs/0.0.0', inflated: 64 * 1024 * 1024, declared: 10 }], {
          'store.zarr/.zgroup': '{"zarr_format":2}',
        }),
      },
    });
    expect(liar.status).toBe(400);
    expect(liar.body.fieldErrors).toMatchObject({ file: [`liar.zip: ${archiveMessages.lying('archive')}`] });

    // nothing registered, no store written, no upload kept
    expect(storesOnDisk()).toEqual(before);
    const zone = await server.request<Zone>('GET', `/api/zones/${biscay}/`, { token: tokens.admin });
    expect(zone.body.datasets.map((d) => d.name)).not.toContain('Bad units');
    const tmp = path.join(server.dataDir, 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('checks the form: name taken, unknown zone, missing fields, no file', async () => {
    const nc = ncgen(gridCdl(), 'again.nc', 'nc4');
    const taken = await upload({ ...fields('Biscay test grid (NetCDF4)'), file: file(nc) });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toMatchObject({
      name: [datasetMessages.nameTaken('Biscay test grid (NetCDF4)')],
    });
    const zone = await upload({ ...fields('Unknown zone'), zones: '999999', file: file(nc) });
    expect(zone.body.fieldErrors).toMatchObject({ zones: [datasetMessages.unknownZones([999999])] });
    const missing = await upload({ name: 'No licence', zones: String(biscay), file: file(nc) });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors as object).sort((a, b) => a.localeCompare(b))).toEqual([
      'licence',
      'source',
    ]);
    const noFile = await upload(fields('No file'));
    expect(noFile.status).toBe(400);
    expect(noFile.body.fieldErrors).toMatchObject({ file: ['This field is required'] });
  });
});

describe('metocean ingest --server', () => {
  it('signs in, sends the file to the admin call and prints the registered dataset', async () => {
    const nc = ncgen(gridCdl(), 'cli-grid.nc', 'nc3');
    const args = [nc, '--name', 'Biscay grid from the CLI', '--licence', 'CC0', '--source', 'cli test'];
    const io = { env: { METOCEAN_PASSWORD: DEMO_PASSWORD }, isDirectory: () => false, fetch };
    const result = await runIngestCli(
      [...args, '--server', server.url, '--zones', String(biscay), '--username', 'admin'],
      io,
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({
      nodes: 6,
      dataset: { name: 'Biscay grid from the CLI' },
      zones: [{ id: biscay }],
    });
    // a manager is refused by the server; the CLI says why
    const refused = await runIngestCli(
      [...args, '--server', server.url, '--zones', String(biscay), '--username', 'manager'],
      io,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`HTTP 403): ${datasetMessages.superuserOnly}`);
  });
});

function zarray(dtype: string, shape: number[]) {
  return {
    zarr_format: 2,
    shape,
    chunks: shape,
    dtype,
    compressor: null,
    fill_value: null,
    filters: null,
    order: 'C',
  };
}
