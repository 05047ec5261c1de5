import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ALTIMETRY_MISSIONS,
  createDatasetWriter,
  greatCircleKm,
  modelAtTimes,
  NDBC_BUOYS,
  niceTicks,
  observationsNear,
  openZarrDataset,
  readAlongTrack,
  readBuoy,
  stat2dRaster,
  syntheticAltimetry,
  syntheticHindcast,
  writeNetcdf4,
} from '../src/index';
import type { DatasetInfo } from '../src/index';

const work = mkdtempSync(join(tmpdir(), 'hindcast-obs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

describe('NDBC buoys', () => {
  it('joins the provided and retained years of 44007 with the gaps the data README counts', async () => {
    const buoy = NDBC_BUOYS.find((b) => b.id === '44007')!;
    const { series, dateBegin, dateEnd } = await readBuoy(DATA, buoy);
    // README: A + Ar hold 175,320 hourly values (82,805 + 92,515 rows) with 4,867 + 10,499 missing hours
    // on the hourly grid between their first and last times, Hs 0.04–11.80 m
    expect(series.time.length).toBe(175_320 + 4_867 + 10_499);
    expect(dateBegin).toBe(Date.UTC(1996, 0, 1, 0));
    expect(dateEnd).toBe(Date.UTC(2017, 9, 2, 5));
    const hs = series.fields.hs!.values;
    let missing = 0;
    let min = Infinity;
    let max = -Infinity;
    for (const x of hs) {
      if (Number.isNaN(x)) missing++;
      else {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
    }
    expect(missing).toBe(4_867 + 10_499);
    expect(min).toBeCloseTo(0.04, 2); // README rounds to 2 decimals
    expect(max).toBeCloseTo(11.8, 2);
    expect(series.fields.tz!.units).toBe('s');
  });

  it('names the missing file', async () => {
    await expect(readBuoy(work, NDBC_BUOYS[0]!)).rejects.toThrow(/A\.txt: unreadable buoy file/);
  });
});

describe('along-track altimetry', () => {
  it('reads a CMEMS-style L3 file: packed VAVH, fill values, wind, cycles and passes', async () => {
    const file = join(work, 'l3.nc');
    const n = 6;
    const vavh = new Int16Array([1234, 2000, -32767, 500, 4321, 10]);
    await writeNetcdf4(file, {
      attrs: { platform: 'Jason-3' },
      dimensions: [
        {
          name: 'time',
          values: Float64Array.from({ length: n }, (_, i) => 631_152_000 + i),
          attrs: { units: 'seconds since 2000-01-01 00:00:00', standard_name: 'time' },
        },
      ],
      variables: [
        {
          name: 'latitude',
          dims: ['time'],
          values: Float32Array.from({ length: n }, (_, i) => 53 + i * 0.05),
          attrs: { units: 'degrees_north' },
        },
        {
          name: 'longitude',
          dims: ['time'],
          values: Float32Array.from({ length: n }, () => 361.25),
          attrs: { units: 'degrees_east' },
        },
        {
          name: 'VAVH',
          dims: ['time'],
          values: vavh,
          attrs: { units: 'm', scale_factor: 0.001, _FillValue: new Int16Array([-32767]) },
        },
        {
          name: 'WIND_SPEED',
          dims: ['time'],
          values: new Float32Array([5, 6, 7, 8, 9, 10]),
          attrs: { units: 'm s-1' },
        },
        { name: 'cycle', dims: ['time'], values: new Int32Array(n).fill(301), attrs: {} },
        { name: 'pass', dims: ['time'], values: new Int32Array(n).fill(61), attrs: {} },
      ],
    });
    const track = await readAlongTrack(file);
    expect(track.missions).toEqual(['Jason-3']);
    expect(track.time[0]).toBe(Date.UTC(2020, 0, 1)); // 631,152,000 s after 2000-01-01
    expect(Array.from(track.hs)).toEqual([1.234, 2, NaN, 0.5, 4.321, 0.01].map(Math.fround));
    expect(Array.from(track.windSpeed)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(track.lon[0]).toBe(1.25);
    expect(Array.from(track.cycle)).toEqual(new Array(n).fill(301));
    const near = observationsNear(track, 53.1, 1.25, 6);
    expect(Array.from(near.hs)).toEqual([2, NaN, 0.5].map(Math.fround));
  });

  it('refuses a file with neither Hs nor wind, naming it', async () => {
    const file = join(work, 'empty-track.nc');
    await writeNetcdf4(file, {
      dimensions: [
        { name: 'time', values: new Float64Array([0]), attrs: { units: 'seconds since 2000-01-01' } },
      ],
      variables: [
        {
          name: 'latitude',
          dims: ['time'],
          values: new Float32Array([1]),
          attrs: { units: 'degrees_north' },
        },
        {
          name: 'longitude',
          dims: ['time'],
          values: new Float32Array([1]),
          attrs: { units: 'degrees_east' },
        },
      ],
    });
    await expect(readAlongTrack(file)).rejects.toThrow(/empty-track\.nc: has neither VAVH/);
  });

  it('synthetic tracks repeat with their missions’ cycles, stay within the radius and carry the declared noise', () => {
    const lat = 53.3;
    const lon = 1.3;
    const model = syntheticHindcast(lat, lon).series;
    const track = syntheticAltimetry(lat, lon, model);
    const again = syntheticAltimetry(lat, lon, model);
    expect(Array.from(again.hs.subarray(0, 500))).toEqual(Array.from(track.hs.subarray(0, 500)));
    expect(track.source).toContain('synthetic demo data — not for engineering use');
    expect(track.time.length).toBeGreaterThan(5_000);
    let farthest = 0;
    for (let i = 0; i < track.time.length; i++)
      farthest = Math.max(farthest, greatCircleKm(lat, lon, track.lat[i]!, track.lon[i]!));
    expect(farthest).toBeLessThan(50.5); // flat-earth offsets over 50 km: < 1 % error
    // consecutive passes of a mission's ground track are whole repeat cycles apart (to the second)
    for (const [m, mission] of ALTIMETRY_MISSIONS.entries()) {
      const starts = new Map<number, number[]>();
      for (let i = 0; i < track.time.length; i++) {
        if (track.mission[i] !== m) continue;
        const list = starts.get(track.pass[i]!) ?? [];
        if (list.length === 0 || track.time[i]! - list[list.length - 1]! > 3_600_000)
          list.push(track.time[i]!);
        starts.set(track.pass[i]!, list);
      }
      for (const list of starts.values()) {
        for (let k = 1; k < list.length; k++) {
          const cycles = (list[k]! - list[k - 1]!) / (mission.repeatDays * 86_400_000);
          expect(
            Math.abs(cycles - Math.round(cycles)) * mission.repeatDays * 86_400,
            mission.name,
          ).toBeLessThan(20);
        }
      }
    }
    // Hs error vs the hourly model: mean within ±5 cm (mission biases ±2 %), spread close to the declared noise
    const atHour = modelAtTimes(
      model,
      'hs',
      Float64Array.from(track.time, (t) => Math.round(t / 3_600_000) * 3_600_000),
    );
    let sum = 0;
    let sum2 = 0;
    let declared = 0;
    for (let i = 0; i < track.hs.length; i++) {
      const e = track.hs[i]! - atHour[i]!;
      sum += e;
      sum2 += e * e;
      declared += (0.05 * atHour[i]! + 0.1) ** 2;
    }
    const count = track.hs.length;
    expect(Math.abs(sum / count)).toBeLessThan(0.05);
    expect(Math.sqrt(sum2 / count) / Math.sqrt(declared / count)).toBeGreaterThan(0.9);
    expect(Math.sqrt(sum2 / count) / Math.sqrt(declared / count)).toBeLessThan(1.2);
  });
});

describe('Stat2D rasters', () => {
  it('mean and P90 per node equal a brute-force computation, land nodes NaN, rows north to south', async () => {
    const n = 101;
    const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2000, 0, 1) + i * 3_600_000);
    const info: DatasetInfo = {
      name: 'grid',
      kind: 'regional',
      private: false,
      grid: {
        type: 'regular',
        lat: { start: 50, step: 1, count: 3 },
        lon: { start: 359, step: 1, count: 4 },
      },
      variables: [{ name: 'hs', longName: 'significant wave height', units: 'm' }],
      spatialResolution: { value: 1, units: 'degree' },
      timeStep: { value: 1, units: 'hour' },
      period: { start: time[0]!, end: time[n - 1]! },
      origin: 'test',
      notes: 'test notes',
      provenance: { source: 'test', licence: 'CC0' },
    };
    const values = (k: number): Float32Array =>
      Float32Array.from({ length: n }, (_, i) => ((i * (k + 3)) % 17) / 4 + k);
    const writer = await createDatasetWriter(join(work, 'grid.zarr'), info, time);
    for (let k = 0; k < 12; k++) if (k !== 5) await writer.writeNode(k, { hs: values(k) });
    await writer.commit();
    const dataset = await openZarrDataset(join(work, 'grid.zarr'));
    const bruteMean = (v: Float32Array): number => v.reduce((a, b) => a + b, 0) / v.length;
    // type 7 (numpy's default linear interpolation): h = (n − 1)p
    const bruteP90 = (v: Float32Array): number => {
      const s = Array.from(v).sort((a, b) => a - b);
      const h = (s.length - 1) * 0.9;
      return s[Math.floor(h)]! + (h - Math.floor(h)) * (s[Math.ceil(h)]! - s[Math.floor(h)]!);
    };
    for (const statistic of ['mean', 'p90'] as const) {
      const raster = await stat2dRaster(dataset, { field: 'hs', statistic });
      expect(raster).toMatchObject({
        rows: 3,
        columns: 4,
        north: 52,
        west: -1,
        latStep: 1,
        lonStep: 1,
        units: 'm',
      });
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 4; c++) {
          const k = (2 - r) * 4 + c; // row 0 is the northern row (latitude index 2)
          const got = raster.values[r * 4 + c]!;
          if (k === 5) expect(got).toBeNaN();
          else expect(got).toBeCloseTo(statistic === 'mean' ? bruteMean(values(k)) : bruteP90(values(k)), 5);
        }
      }
      expect(raster.colorBar.colormap).toBe('velocity-blue');
      expect(raster.colorBar.ticks[0]).toBeGreaterThanOrEqual(raster.colorBar.min);
      expect(raster.source).toContain('test notes');
    }
    const west = await stat2dRaster(dataset, {
      field: 'hs',
      statistic: 'mean',
      bounds: { south: 50, west: -2, north: 51, east: 0.5 },
    });
    expect(west).toMatchObject({ rows: 2, columns: 2, north: 51, west: -1 });
  });

  it('niceTicks gives round steps covering the range', () => {
    expect(niceTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0.23, 4.61)).toEqual([1, 2, 3, 4]);
    expect(niceTicks(0.23, 2.61)).toEqual([0.5, 1, 1.5, 2, 2.5]);
    expect(niceTicks(-1.2, 1.3)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(niceTicks(3, 3)).toEqual([3]);
    expect(niceTicks(NaN, 1)).toEqual([]);
  });
});
