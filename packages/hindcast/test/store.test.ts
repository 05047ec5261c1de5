import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import Blosc from 'numcodecs/blosc';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatasetWriter,
  EARTH_RADIUS_KM,
  greatCircleKm,
  gridBounds,
  nearestNode,
  openZarrDataset,
  OutsideZoneError,
  readDataFile,
  nodeCoordinates,
  nodeCount,
  TIME_CHUNK,
} from '../src/index';
import { seededRandom } from '@metocean/core';
import type { DatasetInfo, Grid } from '../src/index';

const work = mkdtempSync(join(tmpdir(), 'hindcast-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HOUR = 3_600_000;
const T0 = Date.UTC(1985, 0, 1);

function info(grid: Grid): DatasetInfo {
  return {
    name: 'test set',
    kind: 'regional',
    private: false,
    grid,
    variables: [
      { name: 'hs', longName: 'significant wave height', units: 'm' },
      {
        name: 'current_speed',
        longName: 'current speed',
        units: 'm s-1',
        levels: [0, 50],
        levelType: 'depth',
      },
    ],
    spatialResolution: { value: 10, units: 'km' },
    timeStep: { value: 1, units: 'hour' },
    period: { start: T0, end: T0 },
    origin: 'test',
    notes: '',
    provenance: { source: 'test', licence: 'CC0' },
  };
}

/** Deterministic record of node k, field f (distinct everywhere, exactly representable in float32). */
const value = (k: number, f: number, i: number): number => k * 1000 + f * 100 + (i % 97) / 4;

describe('Zarr v3 dataset store', () => {
  // more steps than one chunk, so a node's record spans two chunk files and a partial last chunk
  const n = TIME_CHUNK + 1234;
  const time = Float64Array.from({ length: n }, (_, i) => T0 + i * HOUR);
  const grid: Grid = { type: 'nodes', lat: [50, 50.1, 50.2], lon: [-3, -3, -3] };
  const fields = ['hs', 'current_speed_0m', 'current_speed_50m'];

  it('reads back every value of a node written across chunk boundaries, with units and levels', async () => {
    const dir = join(work, 'a.zarr');
    const writer = await createDatasetWriter(dir, info(grid), time);
    for (const k of [0, 2]) {
      await writer.writeNode(
        k,
        Object.fromEntries(
          fields.map((name, f) => [name, Float32Array.from({ length: n }, (_, i) => value(k, f, i))]),
        ),
      );
    }
    await writer.commit();
    const dataset = await openZarrDataset(dir);
    expect(Array.from(dataset.mask)).toEqual([1, 0, 1]);
    const series = await dataset.readNode(2);
    expect(series.stepMs).toBe(HOUR);
    expect(series.time).toEqual(time);
    for (const [f, name] of fields.entries()) {
      const values = series.fields[name]!.values;
      expect(values.length).toBe(n);
      let mismatches = 0;
      for (let i = 0; i < n; i++) if (values[i] !== value(2, f, i)) mismatches++;
      expect(mismatches).toBe(0);
    }
    expect(series.fields.current_speed_50m).toMatchObject({
      units: 'm s-1',
      variable: 'current_speed',
      level: 50,
      levelType: 'depth',
    });
    const some = await dataset.readNode(0, ['hs']);
    expect(Object.keys(some.fields)).toEqual(['hs']);
  });

  it('refuses a point whose nearest node has no data (land) with an outside-zone error', async () => {
    const dataset = await openZarrDataset(join(work, 'a.zarr'));
    await expect(dataset.readPoint(50.1, -3)).rejects.toThrow(OutsideZoneError);
    await expect(dataset.readPoint(50.1, -3)).rejects.toThrow(/outside zone.*land or has no data/);
    const { node, series } = await dataset.readPoint(50.21, -3);
    expect(node).toMatchObject({ index: 2, lat: 50.2, lon: -3 });
    // 0.01° of latitude on the sphere
    expect(node.distanceKm).toBeCloseTo((0.01 * Math.PI * EARTH_RADIUS_KM) / 180, 6);
    expect(series.fields.hs!.values[5]).toBe(value(2, 0, 5));
  });

  it('a node of a node list speaks for one cell of the dataset resolution around it, no farther', async () => {
    const dataset = await openZarrDataset(join(work, 'a.zarr'));
    // spatialResolution 10 km: reach 10·√2 km from node 2 (50.2 N, 3 W)
    expect(dataset.nearest(50.2 + 0.12, -3).index).toBe(2); // 13.3 km
    expect(() => dataset.nearest(50.2 + 0.13, -3)).toThrow(/outside zone.*beyond 14\.1 km/); // 14.5 km
    expect(dataset.nearest(50.5, -3, { maxDistanceKm: 50 }).index).toBe(2);
  });

  it('leaves nothing behind when a write fails, and refuses an existing store', async () => {
    const dir = join(work, 'b.zarr');
    const writer = await createDatasetWriter(dir, info(grid), time);
    await expect(writer.writeNode(0, { hs: new Float32Array(10) })).rejects.toThrow(
      /field hs of node 0 has 10 values/,
    );
    await writer.abort();
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(work).filter((f) => f.includes('b.zarr'))).toEqual([]);
    await expect(createDatasetWriter(join(work, 'a.zarr'), info(grid), time)).rejects.toThrow(
      /already exists/,
    );
  });

  it('names the folder when it is not a dataset store', async () => {
    mkdirSync(join(work, 'empty'));
    await expect(openZarrDataset(join(work, 'empty'))).rejects.toThrow(
      /empty: not a Metocean Zarr v3 dataset store/,
    );
  });
});

/** Independent distance: angle between unit vectors (the haversine is what is under test). */
function chordAngleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const v = (la: number, lo: number): number[] => [
    Math.cos(la * r) * Math.cos(lo * r),
    Math.cos(la * r) * Math.sin(lo * r),
    Math.sin(la * r),
  ];
  const a = v(lat1, lon1);
  const b = v(lat2, lon2);
  const cross = Math.hypot(
    a[1]! * b[2]! - a[2]! * b[1]!,
    a[2]! * b[0]! - a[0]! * b[2]!,
    a[0]! * b[1]! - a[1]! * b[0]!,
  );
  const dot = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  return Math.atan2(cross, dot) * EARTH_RADIUS_KM;
}

describe('grid bounds', () => {
  it('gives the overview extent, across the antimeridian and for global grids', () => {
    const regional: Grid = {
      type: 'regular',
      lat: { start: 60, step: -0.5, count: 21 },
      lon: { start: 170, step: 0.5, count: 41 },
    };
    expect(gridBounds(regional)).toEqual({ south: 50, north: 60, west: 170, east: -170 });
    const global: Grid = {
      type: 'regular',
      lat: { start: -90, step: 1, count: 181 },
      lon: { start: 0, step: 1, count: 360 },
    };
    expect(gridBounds(global)).toEqual({ south: -90, north: 90, west: -180, east: 180 });
    expect(gridBounds({ type: 'nodes', lat: [15.5, 53.3], lon: [109.9, 361.3] })).toEqual({
      south: 15.5,
      north: 53.3,
      west: expect.closeTo(1.3, 9) as number,
      east: 109.9,
    });
  });
});

describe('nearest node', () => {
  it('greatCircleKm agrees with the vector angle within 1e-6 km, quarter and half circles exact', () => {
    expect(greatCircleKm(0, 0, 0, 90)).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_KM, 6);
    expect(greatCircleKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    const cases = [
      [51.5, -0.12, 48.86, 2.35],
      [15.51, 109.94, 53.32, 1.32],
      [-33.9, 151.2, 40.7, -74.0],
      [89.9, 10, 89.9, -170],
    ] as const;
    for (const [a, b, c, d] of cases)
      expect(greatCircleKm(a, b, c, d)).toBeCloseTo(chordAngleKm(a, b, c, d), 6);
  });

  it('finds the node across the antimeridian, whatever the longitude convention', () => {
    const grid: Grid = { type: 'nodes', lat: [0, 0, 0], lon: [179.8, -179.9, 170] };
    expect(nearestNode(grid, 0, 180).index).toBe(1);
    expect(nearestNode(grid, 0, -180).index).toBe(1);
    expect(nearestNode(grid, 0, 179.84).index).toBe(0);
    const node = nearestNode(grid, 0, 540 - 0.05); // 179.95 written as 539.95
    expect(node.index).toBe(1);
    expect(node.lon).toBeCloseTo(-179.9, 9);
    expect(node.distanceKm).toBeCloseTo(chordAngleKm(0, 179.95, 0, -179.9), 6);
  });

  it('uses a 0–360 regular grid and reports the node in −180–180', () => {
    const grid: Grid = {
      type: 'regular',
      lat: { start: -10, step: 1, count: 21 },
      lon: { start: 0, step: 1, count: 360 },
    };
    const node = nearestNode(grid, 0.2, -0.4);
    expect(node).toMatchObject({ lat: 0, lon: 0 });
    const west = nearestNode(grid, 0, -1.4);
    expect(west.lon).toBe(-1);
    expect(west.index).toBe(10 * 360 + 359);
  });

  it('at the poles the nearest node is the pole row, at the brute-force distance', () => {
    const grid: Grid = {
      type: 'regular',
      lat: { start: -90, step: 2, count: 91 },
      lon: { start: -180, step: 2, count: 180 },
    };
    const north = nearestNode(grid, 89.5, 45);
    expect(north.lat).toBe(90);
    expect(north.distanceKm).toBeCloseTo((0.5 * Math.PI * EARTH_RADIUS_KM) / 180, 6);
    const south = nearestNode(grid, -89.2, -133);
    expect(south.lat).toBe(-90);
    expect(south.distanceKm).toBeCloseTo((0.8 * Math.PI * EARTH_RADIUS_KM) / 180, 6);
  });

  it('on regular grids agrees with a brute-force search over every node (seeded random cases)', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const global = trial % 3 === 0;
      const step = [0.25, 1, 2.5][trial % 3]!;
      const grid: Grid = {
        type: 'regular',
        lat: { start: -90 + 180 * random() * 0.5, step, count: 2 + Math.floor(30 * random()) },
        lon: global
          ? { start: 0, step: 5, count: 72 }
          : { start: 360 * random() - 180, step, count: 2 + Math.floor(30 * random()) },
      };
      const lat = 180 * random() - 90;
      const lon = 720 * random() - 360;
      let best = Infinity;
      for (let k = 0; k < nodeCount(grid); k++) {
        const c = nodeCoordinates(grid, k);
        best = Math.min(best, greatCircleKm(lat, lon, c.lat, c.lon));
      }
      const found = nearestNode(grid, lat, lon, { maxDistanceKm: Infinity });
      expect(found.distanceKm, `seed 7, trial ${trial}`).toBeCloseTo(best, 9);
    }
  });

  it('refuses points beyond the grid and impossible positions with outside-zone errors', () => {
    const grid: Grid = {
      type: 'regular',
      lat: { start: 50, step: 0.1, count: 10 },
      lon: { start: 0, step: 0.1, count: 10 },
    };
    expect(() => nearestNode(grid, 45, 0.5)).toThrow(OutsideZoneError);
    expect(() => nearestNode(grid, 45, 0.5)).toThrow(/outside zone.*beyond/);
    expect(() => nearestNode(grid, 95, 0)).toThrow(/not a valid latitude/);
    try {
      nearestNode(grid, 45, 0.5);
    } catch (error) {
      expect(error).toMatchObject({ code: 'outside_zone', reason: 'too_far', lat: 45, lon: 0.5 });
    }
  });
});

/** A Zarr v2 store as xarray's to_zarr(consolidated=True) lays it out (Zarr v2 spec; xarray's
 * `_ARRAY_DIMENSIONS`, CF encoding with int16 packing and the fill value moved to `fill_value`). */
function writeXarrayStore(dir: string): void {
  const time = new BigInt64Array([0n, 1n, 2n, 3n]);
  const lat = new Float64Array([10, 10.5]);
  const lon = new Float64Array([359, 359.5, 0]);
  // hs[t, y, x] = 1 + t/10 + y/100 + x/1000 packed as int16 × 0.001; one missing value at t=2, y=1, x=0
  const hs = new Int16Array(4 * 2 * 3);
  for (let t = 0; t < 4; t++)
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++) hs[t * 6 + y * 3 + x] = 1000 + t * 100 + y * 10 + x;
  hs[2 * 6 + 3] = -32767;
  const array = (dtype: string, shape: number[], fill: number | null, compressor: unknown) => ({
    zarr_format: 2,
    shape,
    chunks: shape,
    dtype,
    compressor,
    fill_value: fill,
    filters: null,
    order: 'C',
  });
  const meta: Record<string, unknown> = {
    '.zgroup': { zarr_format: 2 },
    '.zattrs': { Conventions: 'CF-1.8' },
    'time/.zarray': array('<i8', [4], null, null),
    'time/.zattrs': {
      _ARRAY_DIMENSIONS: ['time'],
      units: 'hours since 1985-01-01',
      calendar: 'proleptic_gregorian',
    },
    'latitude/.zarray': array('<f8', [2], NaN, null),
    'latitude/.zattrs': { _ARRAY_DIMENSIONS: ['latitude'], units: 'degrees_north' },
    'longitude/.zarray': array('<f8', [3], null, null),
    'longitude/.zattrs': { _ARRAY_DIMENSIONS: ['longitude'], units: 'degrees_east' },
    'swh/.zarray': array('<i2', [4, 2, 3], -32767, { id: 'zlib', level: 1 }),
    'swh/.zattrs': { _ARRAY_DIMENSIONS: ['time', 'latitude', 'longitude'], units: 'm', scale_factor: 0.001 },
  };
  (meta['latitude/.zarray'] as Record<string, unknown>).fill_value = 'NaN';
  mkdirSync(dir);
  writeFileSync(join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
  for (const [key, value] of Object.entries(meta)) {
    mkdirSync(join(dir, key, '..'), { recursive: true });
    writeFileSync(join(dir, key), JSON.stringify(value));
  }
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  writeFileSync(join(dir, 'time', '0'), bytes(time));
  writeFileSync(join(dir, 'latitude', '0'), bytes(lat));
  writeFileSync(join(dir, 'longitude', '0'), bytes(lon));
  writeFileSync(join(dir, 'swh', '0.0.0'), deflateSync(bytes(hs)));
}

describe('xarray Zarr v2 (consolidated)', () => {
  it('reads Blosc-compressed chunks, xarray’s default compressor (c-blosc via numcodecs)', async () => {
    const dir = join(work, 'blosc.zarr');
    const array = (dtype: string, compressor: unknown) => ({
      zarr_format: 2,
      shape: [3],
      chunks: [3],
      dtype,
      compressor,
      fill_value: dtype === '<f4' ? 'NaN' : null,
      filters: null,
      order: 'C',
    });
    const meta: Record<string, unknown> = {
      '.zgroup': { zarr_format: 2 },
      '.zattrs': {},
      'time/.zarray': array('<i8', null),
      'time/.zattrs': { _ARRAY_DIMENSIONS: ['time'], units: 'hours since 2000-01-01' },
      'hs/.zarray': array('<f4', { id: 'blosc', cname: 'lz4', clevel: 5, shuffle: 1, blocksize: 0 }),
      'hs/.zattrs': { _ARRAY_DIMENSIONS: ['time'], units: 'm' },
    };
    mkdirSync(dir);
    writeFileSync(join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
    for (const [key, value] of Object.entries(meta)) {
      mkdirSync(join(dir, key, '..'), { recursive: true });
      writeFileSync(join(dir, key), JSON.stringify(value));
    }
    writeFileSync(join(dir, 'time', '0'), Buffer.from(new BigInt64Array([0n, 1n, 2n]).buffer));
    const blosc = Blosc.fromConfig({ id: 'blosc', cname: 'lz4', clevel: 5, shuffle: 1 });
    writeFileSync(
      join(dir, 'hs', '0'),
      await blosc.encode(new Uint8Array(new Float32Array([1.5, 2.25, NaN]).buffer)),
    );
    const data = await readDataFile(dir, { lat: 43.5, lon: -70.1 });
    expect(data.grid).toEqual({ type: 'nodes', lat: [43.5], lon: [-70.1] });
    expect(Array.from(data.fields[0]!.values)).toEqual([1.5, 2.25, NaN]);
  });

  it('decodes int64 CF times, packing, the fill value and 0–360 longitudes', async () => {
    const dir = join(work, 'xr.zarr');
    writeXarrayStore(dir);
    const data = await readDataFile(dir);
    expect(data.format).toBe('zarr-v2');
    expect(Array.from(data.time)).toEqual([0, 1, 2, 3].map((h) => Date.UTC(1985, 0, 1, h)));
    // 359, 359.5, 0 is the regular axis −1, −0.5, 0 modulo 360
    expect(data.grid).toEqual({
      type: 'regular',
      lat: { start: 10, step: 0.5, count: 2 },
      lon: { start: -1, step: 0.5, count: 3 },
    });
    const hs = data.fields.find((f) => f.field === 'hs')!;
    expect(hs.variable.standardName).toBe('sea_surface_wave_significant_height');
    const node = (k: number) => Array.from(hs.values.subarray(k * 4, k * 4 + 4));
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 3; x++) {
        const expected = [0, 1, 2, 3].map((t) =>
          t === 2 && y === 1 && x === 0 ? NaN : Math.fround((1000 + t * 100 + y * 10 + x) * 0.001),
        );
        expect(node(y * 3 + x)).toEqual(expected);
      }
    }
  });
});
