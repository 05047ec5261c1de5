import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeTimes,
  ingest,
  openZarrDataset,
  packingOf,
  parseCsvSeries,
  parseTimeUnits,
  readDataFile,
  REAL_DEMO_DATASETS,
  unitConversion,
  unpack,
  wrapLongitude,
  writeNetcdf4,
} from '../src/index';
import type { DatasetDescription } from '../src/index';

const work = mkdtempSync(join(tmpdir(), 'hindcast-ingest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

const description: DatasetDescription = {
  name: 'ingest test',
  kind: 'regional',
  private: true,
  origin: 'test',
  notes: 'a; b',
  provenance: { source: 'test', licence: 'CC0' },
};

/** ncgen from Debian's netcdf-bin (netCDF-C): the outside writer of NetCDF3 and NetCDF4 test files. */
function ncgen(cdl: string, out: string, kind: 'nc3' | 'nc4'): void {
  const cdlPath = `${out}.cdl`;
  writeFileSync(cdlPath, cdl);
  try {
    execFileSync('ncgen', ['-k', kind, '-o', out, cdlPath]);
  } catch (error) {
    throw new Error(`ncgen failed (install Debian's netcdf-bin): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

// ERA5-like grid: 48 hours × 2 latitudes × 3 longitudes given 0–360, Hs packed in int16 with an offset,
// one fill value; hours since 1900 as ERA5 downloads have them.
const HOURS_1900 = 876_576; // 2000-01-01 00:00 in hours since 1900-01-01
const NT = 48;
const LATS = [10, 9.5];
const LONS = [359.5, 0, 0.5];
const packed = (t: number, y: number, x: number): number => ((t * 7 + y * 100 + x * 1000) % 4000) - 2000;
const FILL = -32767;
const isFill = (t: number, y: number, x: number): boolean => t === 5 && y === 1 && x === 2;
const hsValue = (t: number, y: number, x: number): number => packed(t, y, x) * 0.0005 + 1.5;

function cdl(): string {
  const swh: number[] = [];
  const wind: number[] = [];
  for (let t = 0; t < NT; t++)
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++) {
        swh.push(isFill(t, y, x) ? FILL : packed(t, y, x));
        wind.push(10 + t / 10 + y + x);
      }
  return `netcdf era5 {
dimensions:
  time = UNLIMITED ;
  latitude = 2 ;
  longitude = 3 ;
variables:
  int time(time) ;
    time:units = "hours since 1900-01-01 00:00:00.0" ;
    time:calendar = "gregorian" ;
  float latitude(latitude) ;
    latitude:units = "degrees_north" ;
  float longitude(longitude) ;
    longitude:units = "degrees_east" ;
  short swh(time, latitude, longitude) ;
    swh:scale_factor = 0.0005 ;
    swh:add_offset = 1.5 ;
    swh:_FillValue = -32767s ;
    swh:units = "m" ;
    swh:long_name = "Significant height of combined wind waves and swell" ;
  float si10(time, latitude, longitude) ;
    si10:units = "knots" ;
  float other(time, latitude, longitude) ;
    other:units = "1" ;
data:
  time = ${Array.from({ length: NT }, (_, t) => HOURS_1900 + t).join(', ')} ;
  latitude = ${LATS.join(', ')} ;
  longitude = ${LONS.join(', ')} ;
  swh = ${swh.join(', ')} ;
  si10 = ${wind.join(', ')} ;
  other = ${wind.join(', ')} ;
}
`;
}

describe('a one-node grid', () => {
  it('keeps the size-1 latitude/longitude dimensions of its variables (xarray writes (time, lat, lon))', async () => {
    const file = join(work, 'one-node.nc');
    ncgen(
      `netcdf one {
dimensions: time = 2 ; lat = 1 ; lon = 1 ;
variables:
  int time(time) ; time:units = "hours since 2001-01-01" ;
  double lat(lat) ; lat:units = "degrees_north" ;
  double lon(lon) ; lon:units = "degrees_east" ;
  float hs(time, lat, lon) ; hs:units = "m" ;
data: time = 0, 1 ; lat = 45 ; lon = 354 ; hs = 1.25, 1.5 ;
}
`,
      file,
      'nc4',
    );
    const data = await readDataFile(file);
    expect(data.grid).toEqual({ type: 'nodes', lat: [45], lon: [-6] });
    expect(data.skipped).toEqual([]);
    expect(Array.from(data.fields[0]!.values)).toEqual([1.25, 1.5]);
  });
});

/** Checks an ingested ERA5-like store node by node against the values put in the file. */
async function checkGridStore(dir: string): Promise<void> {
  const dataset = await openZarrDataset(dir);
  expect(dataset.info.grid).toEqual({
    type: 'regular',
    lat: { start: 10, step: -0.5, count: 2 },
    lon: { start: -0.5, step: 0.5, count: 3 },
  });
  expect(dataset.info.timeStep).toEqual({ value: 1, units: 'hour' });
  expect(dataset.info.period).toEqual({ start: Date.UTC(2000, 0, 1), end: Date.UTC(2000, 0, 2, 23) });
  expect(dataset.info.variables.map((v) => v.name)).toEqual(['hs', 'wind_speed']);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 3; x++) {
      const series = await dataset.readNode(y * 3 + x);
      const hs = Array.from(series.fields.hs!.values);
      const expected = Array.from({ length: NT }, (_, t) =>
        isFill(t, y, x) ? NaN : Math.fround(hsValue(t, y, x)),
      );
      expect(hs).toEqual(expected);
      // knots → m/s: × 1852/3600
      const wind = series.fields.wind_speed!.values;
      for (let t = 0; t < NT; t++) {
        expect(wind[t]).toBeCloseTo((Math.fround(10 + t / 10 + y + x) * 1852) / 3600, 5);
      }
    }
  }
  // the point (9.6 N, 0.4 W) is nearest to node (9.5, −0.5)
  const { node } = await dataset.readPoint(9.6, -0.4);
  expect(node).toMatchObject({ index: 3, lat: 9.5, lon: -0.5 });
}

describe('ingest of NetCDF files into our Zarr store', () => {
  it('NetCDF3 (ncgen classic) → Zarr gives back the decoded series of every node', async () => {
    const file = join(work, 'era5.nc3');
    ncgen(cdl(), file, 'nc3');
    const result = await ingest(file, join(work, 'nc3.zarr'), description);
    expect(result.skipped).toEqual(['other: not a variable of the catalogue']);
    await checkGridStore(join(work, 'nc3.zarr'));
  });

  it('NetCDF4 (ncgen, netCDF-C) → Zarr gives back the same series', async () => {
    const file = join(work, 'era5.nc4');
    ncgen(cdl(), file, 'nc4');
    await ingest(file, join(work, 'nc4.zarr'), description);
    await checkGridStore(join(work, 'nc4.zarr'));
  });

  it('NetCDF4 written by our h5wasm writer (point file, u/v wind, levels) → Zarr round trip', async () => {
    const file = join(work, 'point.nc');
    const n = 30;
    const u = Float32Array.from({ length: n * 2 }, (_, i) => ((i % 7) - 3) * 1.5);
    const v = Float32Array.from({ length: n * 2 }, (_, i) => ((i % 5) - 2) * 2);
    const current = Float64Array.from({ length: n * 2 }, (_, i) => (i % 2 === 0 ? 50 : 20) + (i % 3));
    await writeNetcdf4(file, {
      attrs: { Conventions: 'CF-1.8' },
      dimensions: [
        {
          name: 'time',
          values: Float64Array.from({ length: n }, (_, i) => 1800 * i),
          attrs: { units: 'seconds since 2020-06-01T00:00:00Z' },
        },
        { name: 'height', values: new Float64Array([10, 100]), attrs: { units: 'm', positive: 'up' } },
        { name: 'depth', values: new Float64Array([0, 25]), attrs: { units: 'm', positive: 'down' } },
      ],
      variables: [
        { name: 'latitude', dims: [], values: new Float64Array([43.5]), attrs: { units: 'degrees_north' } },
        { name: 'longitude', dims: [], values: new Float64Array([289.9]), attrs: { units: 'degrees_east' } },
        {
          name: 'eastward_wind',
          dims: ['time', 'height'],
          values: u,
          attrs: { units: 'm s-1', standard_name: 'eastward_wind' },
        },
        {
          name: 'northward_wind',
          dims: ['time', 'height'],
          values: v,
          attrs: { units: 'm s-1', standard_name: 'northward_wind' },
        },
        { name: 'current_speed', dims: ['time', 'depth'], values: current, attrs: { units: 'cm/s' } },
      ],
    });
    const result = await ingest(file, join(work, 'point.zarr'), description);
    expect(result.info.grid).toEqual({ type: 'nodes', lat: [43.5], lon: [-70.1] });
    expect(result.info.timeStep).toEqual({ value: 30, units: 'minute' });
    const series = (await openZarrDataset(join(work, 'point.zarr'))).readNode(0);
    const { fields, time } = await series;
    expect(time[1]! - time[0]!).toBe(1_800_000);
    expect(time[0]).toBe(Date.UTC(2020, 5, 1));
    for (let t = 0; t < n; t++) {
      for (const [l, height] of [10, 100].entries()) {
        const uu = u[t * 2 + l]!;
        const vv = v[t * 2 + l]!;
        expect(fields[`wind_speed_${height}m`]!.values[t]).toBeCloseTo(Math.hypot(uu, vv), 5);
        if (uu !== 0 || vv !== 0) {
          // meteorological convention: direction the wind comes from, clockwise from north
          const from = ((((Math.atan2(-uu, -vv) * 180) / Math.PI) % 360) + 360) % 360;
          expect(fields[`wind_dir_${height}m`]!.values[t]).toBeCloseTo(from, 3);
        }
      }
      expect(fields.current_speed_25m!.values[t]).toBeCloseTo(current[t * 2 + 1]! / 100, 6);
    }
    expect(fields.wind_speed_100m).toMatchObject({
      level: 100,
      levelType: 'altitude',
      variable: 'wind_speed',
    });
    expect(fields.current_speed_0m).toMatchObject({ level: 0, levelType: 'depth' });
  });

  it('several NetCDF files of one record join in time, gaps between files NaN, overlaps refused', async () => {
    const part = async (name: string, startHour: number, hours: number): Promise<string> => {
      const file = join(work, name);
      await writeNetcdf4(file, {
        dimensions: [
          {
            name: 'time',
            values: Float64Array.from({ length: hours }, (_, i) => startHour + i),
            attrs: { units: 'hours since 2000-01-01' },
          },
          { name: 'lat', values: new Float64Array([50, 51]), attrs: { units: 'degrees_north' } },
          { name: 'lon', values: new Float64Array([2]), attrs: { units: 'degrees_east' } },
        ],
        variables: [
          {
            name: 'swh',
            dims: ['time', 'lat', 'lon'],
            values: Float32Array.from(
              { length: hours * 2 },
              (_, i) => (startHour + Math.floor(i / 2) + (i % 2) / 2) / 4,
            ),
            attrs: { units: 'm' },
          },
        ],
      });
      return file;
    };
    const files = [await part('y2.nc', 30, 10), await part('y1.nc', 0, 24)];
    const result = await ingest(files, join(work, 'joined.zarr'), description);
    expect(result.info.period).toEqual({ start: Date.UTC(2000, 0, 1), end: Date.UTC(2000, 0, 2, 15) });
    const dataset = await openZarrDataset(join(work, 'joined.zarr'));
    for (const node of [0, 1]) {
      const hs = Array.from((await dataset.readNode(node)).fields.hs!.values);
      const expected = Array.from({ length: 40 }, (_, h) => (h >= 24 && h < 30 ? NaN : (h + node / 2) / 4));
      expect(hs).toEqual(expected);
    }
    const overlapping = [await part('a.nc', 0, 24), await part('b.nc', 20, 10)];
    await expect(ingest(overlapping, join(work, 'overlap.zarr'), description)).rejects.toThrow(
      /b\.nc: variable "time": overlaps .*a\.nc/,
    );
    expect(existsSync(join(work, 'overlap.zarr'))).toBe(false);
  });

  it('point CSVs (the real ERA5 download) → Zarr equal the CSV reader series', async () => {
    const file = `${DATA}era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv`;
    const result = await ingest(file, join(work, 'era5.zarr'), description);
    expect(result.info.grid).toEqual({ type: 'nodes', lat: [15.509], lon: [109.939] });
    const dataset = await openZarrDataset(join(work, 'era5.zarr'));
    const series = await dataset.readNode(0);
    const csv = parseCsvSeries(readFileSync(file, 'utf8'));
    expect(series.time).toEqual(csv.time);
    const pairs = [
      ['hs', 'swh'],
      ['tp', 'pp1d'],
      ['dir', 'mwd'],
    ] as const;
    for (const [ours, theirs] of pairs) {
      const a = series.fields[ours]!.values;
      const b = csv.fields[theirs]!.values;
      let mismatches = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== Math.fround(b[i]!)) mismatches++;
      expect(mismatches, ours).toBe(0);
    }
    expect(series.fields.dir!.units).toBe('degree');
    // the 3.5 MB file is read twice (ingest and the reader): a few seconds on a loaded machine
  }, 30_000);

  it('the real NORA3 record → Zarr: wind at seven heights, waves, swell, with its demo description', async () => {
    const demo = REAL_DEMO_DATASETS[1]!;
    const result = await ingest(
      demo.files.map((f) => `${DATA}${f}`),
      join(work, 'nora3.zarr'),
      demo.description,
    );
    expect(result.info.grid).toEqual({ type: 'nodes', lat: [53.3249], lon: [1.3358] });
    expect(result.info.provenance.licence).toBe('CC BY 4.0, MET Norway');
    const wind = result.info.variables.find((v) => v.name === 'wind_speed')!;
    expect(wind).toMatchObject({
      levels: [10, 20, 50, 100, 250, 500, 750],
      levelType: 'altitude',
      units: 'm s-1',
    });
    expect(result.info.variables.map((v) => v.name).sort()).toEqual(
      ['dir', 'dir_swell', 'dp', 'hs', 'hs_swell', 'tp', 'tp_swell', 'tz', 'wind_dir', 'wind_speed'].sort(),
    );
    const series = await (await openZarrDataset(join(work, 'nora3.zarr'))).readNode(0);
    const csv = parseCsvSeries(readFileSync(`${DATA}${demo.files[0]!}`, 'utf8'));
    for (const [ours, theirs] of [
      ['wind_speed_750m', 'wind_speed_750m'],
      ['wind_dir_10m', 'wind_direction_10m'],
      ['tz', 'tm2'],
      ['dp', 'Pdir'],
    ] as const) {
      const a = series.fields[ours]!.values;
      const b = csv.fields[theirs]!.values;
      expect(a.length).toBe(8784);
      let mismatches = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== Math.fround(b[i]!)) mismatches++;
      expect(mismatches, ours).toBe(0);
    }
  });

  it('NDBC benchmark files (no position in the file) need the position, then keep their gaps', async () => {
    const files = [`${DATA}ndbc-ecbenchmark/A.txt`];
    await expect(ingest(files, join(work, 'a.zarr'), description)).rejects.toThrow(
      /A\.txt: has no LONGITUDE\/LATITUDE/,
    );
    const result = await ingest(files, join(work, 'a.zarr'), description, { lat: 43.5, lon: -70.1 });
    expect(result.info.variables.map((v) => v.name)).toEqual(['hs', 'tz']);
    const series = await (await openZarrDataset(join(work, 'a.zarr'))).readNode(0);
    let gaps = 0;
    for (const x of series.fields.hs!.values) if (Number.isNaN(x)) gaps++;
    expect(gaps).toBe(4_867); // the data README's count of missing hours in A.txt
  });
});

describe('CF decoding', () => {
  it('parses time units with every unit, reference form and time zone', () => {
    expect(parseTimeUnits('hours since 1900-01-01 00:00:00.0')).toEqual({
      scaleMs: 3_600_000,
      epochMs: Date.UTC(1900, 0, 1),
    });
    expect(parseTimeUnits('days since 2000-1-1')).toEqual({
      scaleMs: 86_400_000,
      epochMs: Date.UTC(2000, 0, 1),
    });
    expect(parseTimeUnits('seconds since 1970-01-01T00:00:00Z').epochMs).toBe(0);
    expect(parseTimeUnits('minutes since 2010-06-01 12:30').epochMs).toBe(Date.UTC(2010, 5, 1, 12, 30));
    expect(parseTimeUnits('hours since 2000-01-01 06:00:00 +01:00').epochMs).toBe(Date.UTC(2000, 0, 1, 5));
    expect(parseTimeUnits('days since 0001-01-01', 'proleptic_gregorian').epochMs).toBe(
      Date.UTC(2000, 0, 1) - 730_119 * 86_400_000,
    );
    expect(Array.from(decodeTimes(new Float64Array([0, 0.5, 1.25]), 'days since 1985-01-01'))).toEqual([
      Date.UTC(1985, 0, 1),
      Date.UTC(1985, 0, 1, 12),
      Date.UTC(1985, 0, 2, 6),
    ]);
    expect(Array.from(decodeTimes(new BigInt64Array([3n]), 'hours since 1985-01-01'))).toEqual([
      Date.UTC(1985, 0, 1, 3),
    ]);
  });

  it('refuses unknown time units and non-Gregorian calendars', () => {
    expect(() => parseTimeUnits('fortnights since 2000-01-01')).toThrow(/unknown unit "fortnights"/);
    expect(() => parseTimeUnits('hours after 2000-01-01')).toThrow(/not of the form/);
    expect(() => parseTimeUnits('hours since yesterday')).toThrow(/unreadable reference date/);
    expect(() => parseTimeUnits('days since 2000-01-01', 'noleap')).toThrow(
      /calendar "noleap" is not supported/,
    );
  });

  it('unpacks scale_factor/add_offset, _FillValue, missing_value and valid_range', () => {
    const packing = packingOf({
      scale_factor: 0.01,
      add_offset: 10,
      _FillValue: new Int16Array([-32767]),
      missing_value: -9999,
      valid_range: new Int16Array([-5000, 5000]),
    });
    expect(Array.from(unpack(new Int16Array([0, 100, -32767, -9999, 6000, -100]), packing))).toEqual([
      10,
      11,
      NaN,
      NaN,
      NaN,
      9,
    ]);
    // a float32 fill (1e20 written in float32) is recognised in double precision
    expect(Array.from(unpack(new Float32Array([1e20, 2]), packingOf({ _FillValue: 1e20 })))).toEqual([
      NaN,
      2,
    ]);
    expect(Array.from(unpack(new Float64Array([NaN, 3]), {}))).toEqual([NaN, 3]);
  });

  it('maps longitudes 0–360 and −180–180 alike and converts units to the catalogue', () => {
    expect([0, 180, 180.5, 359.5, 360, -180, -190, 540].map(wrapLongitude)).toEqual([
      0, 180, -179.5, -0.5, 0, 180, 170, 180,
    ]);
    expect(unitConversion('temperature', 'K')).toEqual({ scale: 1, offset: -273.15 });
    expect(unitConversion('wind_speed', 'm s**-1')).toEqual({ scale: 1, offset: 0 });
    expect(unitConversion('hs', 'cm').scale).toBe(0.01);
    expect(() => unitConversion('hs', 'furlongs')).toThrow(/unknown units "furlongs" \(expected m/);
    expect(() => unitConversion('tp', undefined)).toThrow(/has no units attribute/);
  });
});

describe('bad files get a clear error and leave nothing behind', () => {
  const nothingLeft = (name: string): void => {
    expect(existsSync(join(work, name))).toBe(false);
    expect(readdirSync(work).filter((f) => f.includes(name))).toEqual([]);
  };

  it('a corrupt NetCDF4 file', async () => {
    const good = join(work, 'good.nc4');
    ncgen(cdl(), good, 'nc4');
    const bytes = readFileSync(good);
    const corrupt = join(work, 'corrupt.nc');
    writeFileSync(corrupt, bytes.subarray(0, 600)); // HDF5 signature, truncated
    await expect(ingest(corrupt, join(work, 'bad1.zarr'), description)).rejects.toThrow(
      /corrupt\.nc: unreadable NetCDF4\/HDF5 file/,
    );
    nothingLeft('bad1.zarr');
  });

  it('a corrupt NetCDF3 file', async () => {
    const good = join(work, 'good.nc3');
    ncgen(cdl(), good, 'nc3');
    const corrupt = join(work, 'corrupt3.nc');
    writeFileSync(corrupt, readFileSync(good).subarray(0, 400));
    await expect(ingest(corrupt, join(work, 'bad2.zarr'), description)).rejects.toThrow(
      /corrupt3\.nc(: variable "\w+")?: (unreadable NetCDF3|values unreadable)/,
    );
    nothingLeft('bad2.zarr');
  });

  it('a file that is no NetCDF at all', async () => {
    const file = join(work, 'notes.nc');
    writeFileSync(file, 'hello');
    await expect(ingest(file, join(work, 'bad3.zarr'), description)).rejects.toThrow(
      /notes\.nc: is neither NetCDF3, NetCDF4/,
    );
    nothingLeft('bad3.zarr');
  });

  it('a file without time', async () => {
    const file = join(work, 'notime.nc');
    ncgen(
      `netcdf notime {
dimensions:
  station = 2 ;
variables:
  float swh(station) ;
    swh:units = "m" ;
data:
  swh = 1, 2 ;
}
`,
      file,
      'nc4',
    );
    await expect(ingest(file, join(work, 'bad4.zarr'), description)).rejects.toThrow(
      /notime\.nc: has no time coordinate/,
    );
    nothingLeft('bad4.zarr');
  });

  it('a variable with unknown units, named with its file', async () => {
    const file = join(work, 'furlongs.nc');
    ncgen(cdl().replace('swh:units = "m"', 'swh:units = "furlongs"'), file, 'nc3');
    await expect(ingest(file, join(work, 'bad5.zarr'), description)).rejects.toThrow(
      /furlongs\.nc: variable "swh": unknown units "furlongs" \(expected m/,
    );
    nothingLeft('bad5.zarr');
  });

  it('time units that are not CF, named with the time variable', async () => {
    const file = join(work, 'badtime.nc');
    ncgen(cdl().replace('hours since 1900-01-01 00:00:00.0', 'hours from the start'), file, 'nc4');
    await expect(readDataFile(file)).rejects.toThrow(
      /badtime\.nc: variable "time": time units "hours from the start"/,
    );
  });

  it('refuses to overwrite an existing dataset store', async () => {
    const file = join(work, 'again.nc');
    ncgen(cdl(), file, 'nc3');
    await expect(ingest(file, join(work, 'nc3.zarr'), description)).rejects.toThrow(
      /nc3\.zarr: a dataset store already exists/,
    );
    expect(readdirSync(work).filter((f) => f.startsWith('.nc3.zarr.tmp'))).toEqual([]);
  });
});
