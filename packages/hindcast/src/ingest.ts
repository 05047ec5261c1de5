// Ingest: any file we read (NetCDF4, NetCDF3, xarray Zarr, point CSV) into a dataset store of our own,
// written to a temporary folder and renamed at the end, so a failure leaves nothing half-registered.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueKey, catalogueVariable, DataFileError, unitConversion, wrapLongitude } from './cf';
import { readCsvSeries } from './csv-series';
import type { DecodedDataset, DecodedField, DecodeOptions } from './decode';
import { nodeCount } from './model';
import type { DatasetInfo, Grid, VariableInfo } from './model';
import { readDataFile } from './netcdf';
import { createDatasetWriter, stepOf } from './zarr';

/** What the caller says about the dataset; the rest (grid, variables, period, time step) comes from the data. */
export type DatasetDescription = Pick<
  DatasetInfo,
  'name' | 'kind' | 'private' | 'origin' | 'notes' | 'provenance'
> & {
  /** Default: the grid step (regular grids), else 0 'km' (unknown). */
  spatialResolution?: DatasetInfo['spatialResolution'];
};

export interface IngestResult {
  dir: string;
  info: DatasetInfo;
  /** File variables not taken, with the reason. */
  skipped: string[];
  /** Values treated as missing (fill codes, outside the physical range), one sentence per variable. */
  notes: string[];
  bytesRead: number;
}

function timeStepOf(time: Float64Array): DatasetInfo['timeStep'] {
  const ms = stepOf(time);
  if (ms > 0 && ms % 3_600_000 === 0) return { value: ms / 3_600_000, units: 'hour' };
  if (ms > 0 && ms % 60_000 === 0) return { value: ms / 60_000, units: 'minute' };
  return { value: ms / 1000, units: 'second' };
}

/** Builds the DatasetInfo of decoded data; refuses irregular time axes (our stores are on a regular grid). */
export function describeDataset(data: DecodedDataset, description: DatasetDescription): DatasetInfo {
  const step = stepOf(data.time);
  for (let i = 1; i < data.time.length; i++) {
    if (data.time[i]! - data.time[i - 1]! !== step) {
      throw new DataFileError(
        data.source,
        'time',
        `the time step is not regular (step ${i} differs from ${step} ms)`,
      );
    }
  }
  const variables = new Map<string, VariableInfo>();
  for (const f of data.fields) variables.set(f.variable.name, f.variable);
  const grid = data.grid;
  const resolution =
    description.spatialResolution ??
    (grid.type === 'regular'
      ? { value: Math.abs(grid.lat.step), units: 'degree' }
      : { value: 0, units: 'km' });
  return {
    name: description.name,
    kind: description.kind,
    private: description.private,
    grid,
    variables: [...variables.values()],
    spatialResolution: resolution,
    timeStep: timeStepOf(data.time),
    period: { start: data.time[0] ?? NaN, end: data.time[data.time.length - 1] ?? NaN },
    origin: description.origin,
    notes: description.notes,
    provenance: description.provenance,
  };
}

/** Writes decoded data to a new store at `dir` (atomically). */
export async function writeDecoded(
  dir: string,
  data: DecodedDataset,
  description: DatasetDescription,
): Promise<DatasetInfo> {
  const info = describeDataset(data, description);
  const writer = await createDatasetWriter(dir, info, data.time);
  try {
    const n = nodeCount(info.grid);
    const nTime = data.time.length;
    for (let k = 0; k < n; k++) {
      const values: Record<string, Float32Array> = {};
      for (const f of data.fields) values[f.field] = f.values.subarray(k * nTime, (k + 1) * nTime);
      await writer.writeNode(k, values);
    }
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return info;
}

const POSITION = /LONGITUDE:\s*(-?[\d.]+)\s*,\s*LATITUDE:\s*(-?[\d.]+)/i;
const LEVEL = /^(.+?)_(\d+(?:\.\d+)?)m$/;

/**
 * Decodes point CSV texts (metocean-api ERA5/NORA3 downloads, NDBC benchmark files; see csv.ts) into a
 * one-node dataset. The position comes from a `LONGITUDE:…, LATITUDE:…` comment line or the options;
 * columns map to the catalogue by name (`swh`, `wind_speed_10m` → wind_speed at 10 m); unnamed units are
 * taken as the catalogue's.
 */
export function decodeCsv(
  source: string,
  texts: readonly string[],
  options: DecodeOptions = {},
): DecodedDataset {
  const position = POSITION.exec(texts[0] ?? '');
  const lat = options.lat ?? (position ? Number(position[2]) : undefined);
  const lon = options.lon ?? (position ? Number(position[1]) : undefined);
  if (lat === undefined || lon === undefined) {
    throw new DataFileError(source, null, 'has no LONGITUDE/LATITUDE comment line: pass the point position');
  }
  let series;
  let notes: string[];
  try {
    ({ series, notes } = readCsvSeries(texts, options.missing ? { missing: options.missing } : {}));
  } catch (error) {
    throw new DataFileError(source, null, (error as Error).message);
  }
  const fields: DecodedField[] = [];
  const skipped: string[] = [];
  const grouped = new Map<string, { level?: number; name: string }[]>();
  for (const name of Object.keys(series.fields)) {
    // `wind_speed_10m` is wind_speed at 10 m: the level suffix wins over a name that happens to be known
    const m = LEVEL.exec(name);
    const levelKey = m ? catalogueKey(m[1]!, {}) : null;
    const key = levelKey ?? catalogueKey(name.replace(/\s+/g, '_'), {});
    if (!key) {
      skipped.push(`${name}: not a variable of the catalogue`);
      continue;
    }
    const level = levelKey ? Number(m![2]) : undefined;
    const list = grouped.get(key) ?? [];
    if (list.some((e) => e.level === level)) {
      skipped.push(`${name}: "${key}" already read from another column`);
      continue;
    }
    list.push(level === undefined ? { name } : { name, level });
    grouped.set(key, list);
  }
  for (const [key, all] of grouped) {
    // a variable is either by level or not: unlevelled columns of a levelled variable are left out
    const levelled = all.some((e) => e.level !== undefined);
    const list = all.filter((e) => (e.level !== undefined) === levelled);
    for (const e of all) if (!list.includes(e)) skipped.push(`${e.name}: "${key}" is given by level`);
    const levels = list.filter((e) => e.level !== undefined).map((e) => e.level!);
    const levelType = key.startsWith('wind') ? 'altitude' : 'depth';
    const variable = catalogueVariable(key, levels.length > 0 ? levels : undefined, levelType);
    for (const entry of list) {
      const field = series.fields[entry.name]!;
      let conversion;
      try {
        conversion = unitConversion(key, field.units === '' ? catalogueVariable(key).units : field.units);
      } catch (error) {
        throw new DataFileError(source, entry.name, (error as Error).message);
      }
      const values = Float32Array.from(field.values, (x) => x * conversion.scale + conversion.offset);
      fields.push(
        entry.level === undefined
          ? { field: key, variable, values }
          : { field: `${key}_${entry.level}m`, variable, level: entry.level, values },
      );
    }
  }
  if (fields.length === 0)
    throw new DataFileError(source, null, `has no column of the catalogue (${skipped.join('; ')})`);
  const grid: Grid = { type: 'nodes', lat: [lat], lon: [wrapLongitude(lon)] };
  return { source, format: 'csv', time: series.time, grid, fields, attributes: {}, skipped, notes };
}

/**
 * Joins files of one record split in time (yearly or monthly ERA5 downloads): same grid and fields, the
 * same step; absent steps between files become NaN; overlapping files are refused, naming both.
 */
export function concatDecoded(parts: readonly DecodedDataset[]): DecodedDataset {
  const sorted = [...parts].sort((a, b) => (a.time[0] ?? 0) - (b.time[0] ?? 0));
  const first = sorted[0];
  if (!first) throw new Error('concatDecoded: no part');
  if (sorted.length === 1) return first;
  const step = stepOf(sorted.find((p) => p.time.length > 1)?.time ?? first.time);
  const names = first.fields.map((f) => f.field).join(', ');
  for (const part of sorted) {
    if (JSON.stringify(part.grid) !== JSON.stringify(first.grid)) {
      throw new DataFileError(part.source, null, `its grid differs from that of ${first.source}`);
    }
    if (part.fields.map((f) => f.field).join(', ') !== names) {
      throw new DataFileError(
        part.source,
        null,
        `its variables differ from those of ${first.source} (${names})`,
      );
    }
  }
  const t0 = first.time[0]!;
  const last = sorted[sorted.length - 1]!;
  const nTime = Math.round((last.time[last.time.length - 1]! - t0) / step) + 1;
  const nodes = nodeCount(first.grid);
  const time = Float64Array.from({ length: nTime }, (_, i) => t0 + i * step);
  const values = first.fields.map(() => new Float32Array(nodes * nTime).fill(NaN));
  let end = -Infinity;
  let previous = first;
  for (const part of sorted) {
    const offset = (part.time[0]! - t0) / step;
    if (!Number.isInteger(offset))
      throw new DataFileError(part.source, 'time', `not on the ${step} ms steps of ${first.source}`);
    if (part.time[0]! <= end) throw new DataFileError(part.source, 'time', `overlaps ${previous.source}`);
    const n = part.time.length;
    part.fields.forEach((f, k) => {
      for (let node = 0; node < nodes; node++) {
        values[k]!.set(f.values.subarray(node * n, (node + 1) * n), node * nTime + offset);
      }
    });
    end = part.time[n - 1]!;
    previous = part;
  }
  return {
    ...first,
    source: sorted.map((p) => p.source).join(' + '),
    time,
    fields: first.fields.map((f, k) => ({ ...f, values: values[k]! })),
    skipped: [...new Set(sorted.flatMap((p) => p.skipped))],
    notes: sorted.flatMap((p) => (p.notes ?? []).map((n) => (sorted.length > 1 ? `${p.source}: ${n}` : n))),
  };
}

/** Bytes of a file, or of every file in a folder (a Zarr store). */
async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/**
 * Ingests NetCDF4/NetCDF3 file(s), an xarray Zarr folder or point CSV file(s) into a new store at `dir`;
 * several files are one record split in time. Nothing is left at `dir` on failure. The decoded record is
 * held in memory (4 bytes per value): split very large grids by region.
 */
export async function ingest(
  sources: string | readonly string[],
  dir: string,
  description: DatasetDescription,
  options: DecodeOptions = {},
): Promise<IngestResult> {
  const files = typeof sources === 'string' ? [sources] : sources;
  if (files.length === 0) throw new Error('ingest: no source file');
  let data: DecodedDataset;
  let bytesRead: number;
  if (files.every((f) => /\.(csv|txt)$/i.test(f))) {
    const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
    bytesRead = texts.reduce((a, t) => a + Buffer.byteLength(t), 0);
    data = decodeCsv(files.join(' + '), texts, options);
  } else {
    const parts: DecodedDataset[] = [];
    for (const file of files) parts.push(await readDataFile(file, options));
    data = concatDecoded(parts);
    bytesRead = 0;
    for (const file of files) bytesRead += await sizeOf(file);
  }
  const info = await writeDecoded(dir, data, description);
  return { dir, info, skipped: data.skipped, notes: data.notes ?? [], bytesRead };
}
