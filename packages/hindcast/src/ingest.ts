// Ingest: any file we read (NetCDF4, NetCDF3, xarray Zarr, point CSV) into a dataset store of our own,
// written to a temporary folder and renamed at the end, so a failure leaves nothing half-registered.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueKey, catalogueVariable, DataFileError, unitConversion, wrapLongitude } from './cf';
import { parseCsvSeries } from './csv';
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
  try {
    series = parseCsvSeries(texts);
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
  return { source, format: 'csv', time: series.time, grid, fields, attributes: {}, skipped };
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
 * Ingests a NetCDF4/NetCDF3 file, an xarray Zarr folder or point CSV file(s) (several CSVs are one record
 * split in files) into a new store at `dir`. Nothing is left at `dir` on failure.
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
  } else if (files.length === 1) {
    data = await readDataFile(files[0]!, options);
    bytesRead = await sizeOf(files[0]!);
  } else {
    throw new Error(`ingest: several files are only supported for CSV records (${files.join(', ')})`);
  }
  const info = await writeDecoded(dir, data, description);
  return { dir, info, skipped: data.skipped, bytesRead };
}
