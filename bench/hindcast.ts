// Hindcast data layer figures: read of one node's 40-year hourly record of 10 variables from our Zarr
// store (target < 100 ms), synthetic generation of 40 years × every variable, ingest throughput of
// NetCDF files (MB/s). Figures only; nothing here is a test. Run alone: `npx tsx bench/hindcast.ts`;
// bench/run.ts calls `await hindcastBench()`.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { moments, quantiles } from '@metocean/core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatasetWriter,
  ingest,
  openZarrDataset,
  parseCsvSeries,
  readCsvSeries,
  syntheticDataset,
  syntheticHindcast,
  writeNetcdf4,
} from '@metocean/hindcast';
import type { DatasetInfo } from '@metocean/hindcast';
import { tileRange } from '@metocean/hindcast';
import { layerTile, renderZone, stat2dNode } from '../apps/server/src/data/stat2d';
import { zoneGeometry, zoneSeeds } from '../apps/server/src/seed/zones';
import { median } from './median';

const RUNS = 7;
const ERA5 = fileURLToPath(
  new URL('../../shared/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', import.meta.url),
);
const HOUR = 3_600_000;

async function timeAsync(label: string, f: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await f(); // warm-up (JIT, file cache)
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  const m = median(ms);
  console.log(`${label.padEnd(64)} ${m.toFixed(1).padStart(9)} ms`);
  return m;
}

/** 40 years hourly (1985–2024), 10 variables, 4 nodes: the read of node 2 is timed. */
async function zarrRead(dir: string): Promise<void> {
  const start = Date.UTC(1985, 0, 1);
  const n = (Date.UTC(2025, 0, 1) - start) / HOUR;
  const time = Float64Array.from({ length: n }, (_, i) => start + i * HOUR);
  const names = [
    'hs',
    'tp',
    'tz',
    'dp',
    'dir',
    'wind_speed',
    'wind_dir',
    'current_speed',
    'current_dir',
    'water_level',
  ];
  const info: DatasetInfo = {
    name: 'bench',
    kind: 'regional',
    private: false,
    grid: { type: 'nodes', lat: [50, 50.1, 50.2, 50.3], lon: [0, 0, 0, 0] },
    variables: names.map((name) => ({ name, longName: name, units: '1' })),
    spatialResolution: { value: 10, units: 'km' },
    timeStep: { value: 1, units: 'hour' },
    period: { start, end: time[n - 1]! },
    origin: 'bench',
    notes: '',
    provenance: { source: 'bench', licence: 'CC0' },
  };
  const store = join(dir, 'bench.zarr');
  const writer = await createDatasetWriter(store, info, time);
  const values = Float32Array.from(
    { length: n },
    (_, i) => Math.round(100 * (1.5 + Math.sin(i / 700))) / 100,
  );
  const t0 = performance.now();
  for (let k = 0; k < 4; k++) await writer.writeNode(k, Object.fromEntries(names.map((v) => [v, values])));
  await writer.commit();
  console.log(
    `${'Zarr write, 4 nodes × 10 variables × 40 years'.padEnd(64)} ${(performance.now() - t0).toFixed(1).padStart(9)} ms`,
  );
  const dataset = await openZarrDataset(store);
  await timeAsync(`Zarr read, one node: 10 variables × ${n.toLocaleString('en')} hours (target < 100)`, () =>
    dataset.readNode(2),
  );
  await timeAsync('Zarr open + nearest + read of one point (cold metadata)', async () => {
    const d = await openZarrDataset(store);
    await d.readPoint(50.21, 0.01);
  });
}

function timeSync(label: string, f: () => unknown, runs = RUNS): number {
  f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  const m = median(ms);
  console.log(`${label.padEnd(64)} ${m.toFixed(1).padStart(9)} ms`);
  return m;
}

function synthetic(): void {
  let lat = 53.3;
  const fields = Object.keys(syntheticHindcast(lat, 1.3).series.fields).length;
  timeSync(`Synthetic generation, 40 years hourly × ${fields} fields (target < 1,000)`, () =>
    syntheticHindcast((lat += 0.01), 1.3),
  );
  const world = syntheticDataset();
  timeSync(
    'Nearest node on the 0.25° synthetic world grid (950k nodes)',
    () => world.nearest(43.5, -70.1),
    21,
  );
}

/** Ingest throughput: an ERA5-like NetCDF4 grid (one year hourly, 20 × 20 nodes, 3 packed int16
 * variables) and the real 11-year ERA5 point CSV. */
async function ingestThroughput(dir: string): Promise<void> {
  const nt = 8760;
  const ny = 20;
  const nx = 20;
  const packed = (seed: number): Int16Array =>
    Int16Array.from({ length: nt * ny * nx }, (_, i) => Math.round(2000 * Math.sin(i / (50 + seed))));
  const file = join(dir, 'grid.nc');
  await writeNetcdf4(file, {
    dimensions: [
      {
        name: 'time',
        values: Int32Array.from({ length: nt }, (_, i) => 876_576 + i),
        attrs: { units: 'hours since 1900-01-01 00:00:00.0', calendar: 'gregorian' },
      },
      {
        name: 'latitude',
        values: Float32Array.from({ length: ny }, (_, i) => 60 - 0.5 * i),
        attrs: { units: 'degrees_north' },
      },
      {
        name: 'longitude',
        values: Float32Array.from({ length: nx }, (_, i) => 350 + 0.5 * i),
        attrs: { units: 'degrees_east' },
      },
    ],
    variables: ['swh', 'pp1d', 'mwd'].map((name, k) => ({
      name,
      dims: ['time', 'latitude', 'longitude'],
      values: packed(k),
      attrs: {
        units: name === 'swh' ? 'm' : name === 'pp1d' ? 's' : 'degree',
        scale_factor: 0.001,
        add_offset: 5,
        _FillValue: new Int16Array([-32767]),
      },
    })),
  });
  const mb = statSync(file).size / 1e6;
  const description = {
    name: 'bench',
    kind: 'regional' as const,
    private: false,
    origin: 'bench',
    notes: '',
    provenance: { source: 'bench', licence: 'CC0' },
  };
  let run = 0;
  const ms = await timeAsync(
    `Ingest NetCDF4 grid (${mb.toFixed(1)} MB, 400 nodes × 8,760 h × 3 variables)`,
    () => ingest(file, join(dir, `nc-${run++}.zarr`), description),
    3,
  );
  console.log(
    `${'  NetCDF4 ingest throughput'.padEnd(64)} ${(mb / (ms / 1000)).toFixed(1).padStart(9)} MB/s`,
  );
  if (existsSync(ERA5)) {
    const csvMb = statSync(ERA5).size / 1e6;
    const csvMs = await timeAsync(
      `Ingest the ERA5 point CSV (${csvMb.toFixed(1)} MB, 11 years)`,
      () => ingest(ERA5, join(dir, `csv-${run++}.zarr`), description),
      3,
    );
    console.log(
      `${'  CSV ingest throughput'.padEnd(64)} ${(csvMb / (csvMs / 1000)).toFixed(1).padStart(9)} MB/s`,
    );
    // the reading alone (csv-parse, step inference, fill values; docs/methods/reading.md)
    const text = readFileSync(ERA5, 'utf8');
    const readMs = await timeAsync(`Read the ERA5 point CSV into a series (${csvMb.toFixed(1)} MB)`, () =>
      Promise.resolve(readCsvSeries(text)),
    );
    console.log(
      `${'  CSV read throughput'.padEnd(64)} ${(csvMb / (readMs / 1000)).toFixed(1).padStart(9)} MB/s`,
    );
  }
}

/** Synthetic marginals next to the real records they are calibrated on (docs/hindcast.md). */
function calibration(): void {
  const rows: [string, string, number, number, string, string][] = [
    [
      'ERA5 South China Sea',
      'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
      15.509,
      109.939,
      'swh',
      'hs',
    ],
    [
      'ERA5 South China Sea',
      'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
      15.509,
      109.939,
      'pp1d',
      'tp',
    ],
    [
      'NORA3 southern North Sea',
      'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv',
      53.3249,
      1.3358,
      'hs',
      'hs',
    ],
    [
      'NORA3 southern North Sea',
      'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv',
      53.3249,
      1.3358,
      'tp',
      'tp',
    ],
    [
      'NORA3 southern North Sea',
      'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv',
      53.3249,
      1.3358,
      'wind_speed_10m',
      'wind_speed_10m',
    ],
  ];
  console.log('\n  calibration: real record vs synthetic (mean / P50 / P90 / P99)');
  const cache = new Map<string, ReturnType<typeof syntheticHindcast>>();
  for (const [label, file, lat, lon, real, ours] of rows) {
    const path = fileURLToPath(new URL(`../../shared/data/${file}`, import.meta.url));
    if (!existsSync(path)) continue;
    const reference = parseCsvSeries(readFileSync(path, 'utf8')).fields[real]!.values;
    const key = `${lat},${lon}`;
    if (!cache.has(key)) cache.set(key, syntheticHindcast(lat, lon));
    const synthetic = cache.get(key)!.series.fields[ours]!.values;
    const summary = (v: ArrayLike<number>): string =>
      [moments(v).mean, ...quantiles(v, [0.5, 0.9, 0.99])].map((x) => x.toFixed(2).padStart(6)).join(' ');
    console.log(
      `  ${`${label} ${ours}`.padEnd(42)} real ${summary(reference)}   synthetic ${summary(synthetic)}`,
    );
  }
}

/**
 * Stat2D: one zone's maps (the Bay of Biscay, default node count) rendered as the server's job does, on
 * one thread here (the server spreads the nodes over its worker-thread pool), then tiles drawn from them.
 */
async function stat2d(dir: string): Promise<void> {
  const seed = zoneSeeds.find((zone) => zone.name === 'Bay of Biscay')!;
  const zone = { id: 1, name: seed.name, ...zoneGeometry(seed) };
  const dataset = {
    id: 1,
    name: 'Synthetic demo hindcast (Bay of Biscay)',
    source: { kind: 'synthetic' as const, cyclonic: false },
    synthetic: true,
    notes: '',
    dateBegin: '1985-01-01T00:00:00.000Z',
    dateEnd: '2024-12-31T23:00:00.000Z',
  };
  const t0 = performance.now();
  const outcome = await renderZone(dir, zone, dataset, stat2dNode, { concurrency: 1 });
  const ms = performance.now() - t0;
  console.log(
    `${`Stat2D render, Bay of Biscay: ${outcome.nodes} nodes × ${outcome.layers.length} layers (one thread)`.padEnd(64)} ${(ms / 1000).toFixed(1).padStart(9)} s`,
  );
  console.log(
    `${'  per node (40-year generation + 11 statistics)'.padEnd(64)} ${(ms / outcome.nodes).toFixed(1).padStart(9)} ms`,
  );
  const layer = outcome.layers.find((l) => l.key === 'hs_mean')!;
  const { xMin, yMin } = tileRange({ south: 45.5, west: -5.5, north: 45.5, east: -5.5 }, 7);
  let k = 0;
  await timeAsync(
    'Stat2D tile 256 × 256 PNG at zoom 7 (drawn, clipped, written)',
    () => layerTile(dir, layer.relativePath, 7, xMin + (k % 2), yMin + (Math.floor(k++ / 2) % 2)),
    3,
  );
}

export async function hindcastBench(): Promise<void> {
  console.log('\nHindcast data layer (packages/hindcast)');
  const dir = mkdtempSync(join(tmpdir(), 'hindcast-bench-'));
  try {
    await zarrRead(dir);
    synthetic();
    calibration();
    await ingestThroughput(dir);
    await stat2d(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await hindcastBench();
