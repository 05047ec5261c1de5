// Our Zarr v3 store (zarrita). Layout of one dataset folder:
//   zarr.json                 group; attributes.metocean = { format: 1, info: DatasetInfo }
//   time                      float64 [time], UTC epoch ms, one chunk
//   lat, lon                  float64 [node]: the nodes' coordinates
//   mask                      uint8 [node]: 1 = sea node with data, 0 = land or missing
//   <field>                   float32 [node, time], chunks [1, TIME_CHUNK], fill NaN, uncompressed;
//                             one per variable level (`hs`, `wind_speed_10m`, `current_speed_50m`)
// One node's record of a field is ceil(time / TIME_CHUNK) contiguous files (4 for 40 hourly years), so a
// point read touches few files and no other node's bytes. Chunks are left uncompressed: reading one
// node's 40-year record of 10 variables is the hot path (target < 100 ms), and zstd/gzip decoding in
// WebAssembly or streams costs 5–10× the read itself (docs/decisions.md "Hindcast Zarr layout").
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import * as zarr from 'zarrita';
import type { Field, Series } from '@metocean/core';
import { fieldName, fieldNames, nodeCount, nodeCoordinates } from './model';
import type { DatasetInfo, VariableInfo } from './model';
import { nearestNode } from './nearest';
import type { NearestNode, NearestOptions } from './nearest';

/** Steps per chunk along time: 87,660 hourly steps are 10 years (3,652.5 days). */
export const TIME_CHUNK = 87_660;
const FORMAT = 1;

/** A field of a dataset with its variable's metadata, level by level. */
export interface FieldInfo {
  field: string;
  variable: VariableInfo;
  level?: number;
}

export function fieldInfos(info: Pick<DatasetInfo, 'variables'>): FieldInfo[] {
  return info.variables.flatMap((variable) =>
    variable.levels && variable.levels.length > 0
      ? variable.levels.map((level) => ({ field: fieldName(variable.name, level), variable, level }))
      : [{ field: variable.name, variable }],
  );
}

/** A core Field of a catalogue field's values (units, long name, and the level of a level field). */
export function toField(f: FieldInfo, values: Float32Array): Field {
  const field: Field = { values, units: f.variable.units, longName: f.variable.longName };
  if (f.level !== undefined) {
    field.variable = f.variable.name;
    field.level = f.level;
    if (f.variable.levelType) field.levelType = f.variable.levelType;
  }
  return field;
}

export interface DatasetWriter {
  readonly info: DatasetInfo;
  /** Stores node `index`'s record: one array of `time.length` values per field (missing fields: NaN). */
  writeNode(index: number, values: Record<string, ArrayLike<number>>): Promise<void>;
  /** Writes the mask and moves the finished store to its folder in one rename. */
  commit(): Promise<void>;
  /** Removes the unfinished store. */
  abort(): Promise<void>;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Starts a dataset store at `dir`. Everything is written to a temporary sibling folder and renamed to `dir`
 * by `commit()`, so a failed ingest leaves nothing half-registered. Refuses an existing `dir`.
 */
export async function createDatasetWriter(
  dir: string,
  info: DatasetInfo,
  time: Float64Array,
): Promise<DatasetWriter> {
  if (await exists(dir)) throw new Error(`${dir}: a dataset store already exists there`);
  const n = nodeCount(info.grid);
  const fields = fieldInfos(info);
  const names = new Set(fields.map((f) => f.field));
  if (names.size !== fields.length) throw new Error(`${info.name}: two variables share a field name`);
  const tmp = join(dirname(dir), `.${basename(dir)}.tmp-${process.pid}-${Date.now()}`);
  await mkdir(tmp, { recursive: true });
  const store = new FileSystemStore(tmp);
  const root = await zarr.create(store, { attributes: { metocean: { format: FORMAT, info } } });
  const writeWhole = async (
    name: string,
    data: Float64Array | Uint8Array,
    attributes = {},
  ): Promise<void> => {
    const dtype = data instanceof Float64Array ? 'float64' : 'uint8';
    const arr = await zarr.create(root.resolve(name), {
      shape: [data.length],
      chunkShape: [Math.max(1, data.length)],
      dtype,
      fillValue: 0,
      attributes,
    });
    await zarr.set(arr, null, { data, shape: [data.length], stride: [1] });
  };
  await writeWhole('time', time, { units: 'milliseconds since 1970-01-01 00:00:00', calendar: 'standard' });
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let k = 0; k < n; k++) ({ lat: lat[k], lon: lon[k] } = nodeCoordinates(info.grid, k));
  await writeWhole('lat', lat, { units: 'degrees_north' });
  await writeWhole('lon', lon, { units: 'degrees_east' });
  const arrays = new Map<string, zarr.Array<'float32', FileSystemStore>>();
  for (const f of fields) {
    const attributes: Record<string, string | number> = {
      units: f.variable.units,
      long_name: f.variable.longName,
    };
    if (f.variable.standardName) attributes.standard_name = f.variable.standardName;
    if (f.level !== undefined) {
      attributes.variable = f.variable.name;
      attributes.level = f.level;
      attributes.level_type = f.variable.levelType ?? 'depth';
    }
    const arr = await zarr.create(root.resolve(f.field), {
      shape: [n, time.length],
      chunkShape: [1, Math.max(1, Math.min(TIME_CHUNK, time.length))],
      dtype: 'float32',
      fillValue: NaN,
      dimensionNames: ['node', 'time'],
      attributes,
    });
    arrays.set(f.field, arr);
  }
  const mask = new Uint8Array(n);
  return {
    info,
    async writeNode(index, values) {
      if (!(index >= 0 && index < n && Number.isInteger(index))) {
        throw new RangeError(`${info.name}: node ${index} is not in 0..${n - 1}`);
      }
      let any = false;
      for (const [name, v] of Object.entries(values)) {
        const arr = arrays.get(name);
        if (!arr) throw new Error(`${info.name}: no field "${name}" (have ${[...arrays.keys()].join(', ')})`);
        if (v.length !== time.length) {
          throw new RangeError(
            `${info.name}: field ${name} of node ${index} has ${v.length} values, not ${time.length}`,
          );
        }
        const data = v instanceof Float32Array ? v : Float32Array.from(v);
        for (let i = 0; i < data.length && !any; i++) if (!Number.isNaN(data[i]!)) any = true;
        await zarr.set(arr, [index, null], { data, shape: [data.length], stride: [1] });
      }
      mask[index] = any ? 1 : 0;
    },
    async commit() {
      await writeWhole('mask', mask, { flag_values: '0 1', flag_meanings: 'land_or_missing sea' });
      if (await exists(dir)) {
        await rm(tmp, { recursive: true, force: true });
        throw new Error(`${dir}: a dataset store appeared there during the write`);
      }
      await mkdir(dirname(dir), { recursive: true });
      await rename(tmp, dir);
    },
    async abort() {
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** A dataset store opened for reading. */
export interface ZarrDataset {
  readonly dir: string;
  readonly info: DatasetInfo;
  /** UTC epoch ms of every step. */
  readonly time: Float64Array;
  /** 1 = sea node with data. */
  readonly mask: Uint8Array;
  /** Nearest sea node; throws OutsideZoneError (land, missing, too far). */
  nearest(lat: number, lon: number, options?: Omit<NearestOptions, 'isSea' | 'label'>): NearestNode;
  /** The whole record of node `index` (all fields, or the named ones) as core's Series. */
  readNode(index: number, fields?: readonly string[]): Promise<Series>;
  /** Nearest-node extraction: the node (real coordinates, distance) and its series. */
  readPoint(
    lat: number,
    lon: number,
    fields?: readonly string[],
    options?: Omit<NearestOptions, 'isSea' | 'label'>,
  ): Promise<{ node: NearestNode; series: Series }>;
}

/** Opens a store written by createDatasetWriter. Errors name the folder and what is wrong. */
export async function openZarrDataset(dir: string): Promise<ZarrDataset> {
  const store = new FileSystemStore(dir);
  let group: zarr.Group<FileSystemStore>;
  try {
    group = await zarr.open.v3(store, { kind: 'group' });
  } catch (error) {
    throw new Error(`${dir}: not a Metocean Zarr v3 dataset store (${(error as Error).message})`, {
      cause: error,
    });
  }
  const meta = group.attrs.metocean as { format?: number; info?: DatasetInfo } | undefined;
  if (!meta?.info || meta.format !== FORMAT) {
    throw new Error(`${dir}: the group has no metocean dataset attributes (format ${FORMAT})`);
  }
  const info = meta.info;
  const readWhole = async (name: string): Promise<zarr.TypedArray<zarr.DataType>> => {
    const arr = await zarr.open.v3(group.resolve(name), { kind: 'array' }).catch((error: Error) => {
      throw new Error(`${dir}: array "${name}" is missing or unreadable (${error.message})`, {
        cause: error,
      });
    });
    return (await zarr.get(arr)).data;
  };
  const time = (await readWhole('time')) as Float64Array;
  const mask = (await readWhole('mask')) as Uint8Array;
  const fields = new Map(fieldInfos(info).map((f) => [f.field, f]));
  const arrays = new Map<string, Promise<zarr.Array<zarr.DataType, FileSystemStore>>>();
  const arrayOf = (name: string): Promise<zarr.Array<zarr.DataType, FileSystemStore>> => {
    let arr = arrays.get(name);
    if (!arr) {
      arr = zarr.open.v3(group.resolve(name), { kind: 'array' });
      arrays.set(name, arr);
    }
    return arr;
  };
  const dataset: ZarrDataset = {
    dir,
    info,
    time,
    mask,
    nearest: (lat, lon, options = {}) =>
      nearestNode(info.grid, lat, lon, {
        maxDistanceKm: reachKm(info),
        ...options,
        isSea: (k) => mask[k] === 1,
        label: info.name,
      }),
    async readNode(index, names = fieldNames(info)) {
      if (!(Number.isInteger(index) && index >= 0 && index < mask.length)) {
        throw new RangeError(`${dir}: node ${index} is not in 0..${mask.length - 1}`);
      }
      const entries = await Promise.all(
        names.map(async (name) => {
          const f = fields.get(name);
          if (!f) throw new Error(`${dir}: no field "${name}" (have ${[...fields.keys()].join(', ')})`);
          const chunk = await zarr.get(await arrayOf(name), [index, null]);
          return [name, toField(f, chunk.data as Float32Array)] as const;
        }),
      );
      return { time: time.slice(), stepMs: stepOf(time), fields: Object.fromEntries(entries) };
    },
    async readPoint(lat, lon, names, options) {
      const node = dataset.nearest(lat, lon, options);
      return { node, series: await dataset.readNode(node.index, names) };
    },
  };
  return dataset;
}

/**
 * How far a node of a node list speaks for: the diagonal of a cell of the dataset's spatial resolution
 * (degrees at 111.2 km, or km); unlimited when the resolution is unknown (0). Regular grids use their step.
 */
export function reachKm(info: Pick<DatasetInfo, 'grid' | 'spatialResolution'>): number | undefined {
  if (info.grid.type === 'regular') return undefined;
  const { value, units } = info.spatialResolution;
  if (!(value > 0)) return Infinity;
  const km = /^deg/i.test(units)
    ? value * 111.195
    : /^km$/i.test(units)
      ? value
      : /^m$/i.test(units)
        ? value / 1000
        : NaN;
  return Number.isFinite(km) ? km * Math.SQRT2 : Infinity;
}

/** Step of a regular time axis (ms); 0 for fewer than two steps. */
export function stepOf(time: Float64Array): number {
  return time.length > 1 ? time[1]! - time[0]! : 0;
}
