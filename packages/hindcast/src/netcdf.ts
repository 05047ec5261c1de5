// File readers: NetCDF4/HDF5 through h5wasm, NetCDF3 (classic and 64-bit offset) through netcdfjs, and
// Zarr v2 as xarray writes it (consolidated metadata, `_ARRAY_DIMENSIONS`) through zarrita. Each one shows
// its file as a RawFile; decodeRawFile does the CF decoding for all of them.
import { open, readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadH5wasm } from './libraries';
import { NetCDFReader } from 'netcdfjs';
import FileSystemStore from '@zarrita/storage/fs';
import * as zarr from 'zarrita';
import { DataFileError } from './cf';
import { decodeRawFile } from './decode';
import type { DecodeOptions, DecodedDataset, RawFile, RawVariable } from './decode';

export type FileFormat = RawFile['format'];

const HDF5_SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Format of a file or folder from its first bytes or its metadata files: 'text' for a file that is neither
 * NetCDF nor HDF5 (a CSV, say). Throws naming the path when it does not exist or is a folder that is not a
 * Zarr store.
 */
export async function sniffFormat(path: string): Promise<FileFormat | 'text'> {
  const info = await stat(path).catch(() => {
    throw new DataFileError(path, null, 'no such file or folder');
  });
  if (info.isDirectory()) {
    const has = (name: string): Promise<boolean> =>
      stat(resolve(path, name)).then(
        () => true,
        () => false,
      );
    if (await has('.zmetadata')) return 'zarr-v2';
    if (await has('zarr.json')) return 'zarr-v3';
    if (await has('.zgroup')) {
      throw new DataFileError(
        path,
        null,
        'Zarr v2 store without consolidated metadata (.zmetadata): run xarray with consolidated=True',
      );
    }
    throw new DataFileError(path, null, 'folder is not a Zarr store (no .zmetadata or zarr.json)');
  }
  const handle = await open(path, 'r');
  const head = new Uint8Array(8);
  let length: number;
  try {
    ({ bytesRead: length } = await handle.read(head, 0, 8, 0));
  } finally {
    await handle.close();
  }
  if (length >= 4 && head[0] === 0x43 && head[1] === 0x44 && head[2] === 0x46) {
    if (head[3] === 1 || head[3] === 2) return 'netcdf3';
    throw new DataFileError(
      path,
      null,
      `NetCDF3 variant CDF-${head[3]} (CDF-5) is not supported: convert it to NetCDF4`,
    );
  }
  if (length === 8 && HDF5_SIGNATURE.every((b, i) => head[i] === b)) return 'netcdf4';
  return 'text';
}

/** Format of a file or folder from its first bytes or its metadata files; throws naming the path. */
export async function detectFormat(path: string): Promise<FileFormat> {
  const format = await sniffFormat(path);
  if (format === 'text') {
    throw new DataFileError(
      path,
      null,
      'is neither NetCDF3, NetCDF4/HDF5 nor a Zarr store (unrecognised first bytes)',
    );
  }
  return format;
}

const HDF5_INTERNAL = new Set([
  'CLASS',
  'NAME',
  'REFERENCE_LIST',
  'DIMENSION_LIST',
  '_Netcdf4Dimid',
  '_Netcdf4Coordinates',
  '_nc3_strict',
  '_NCProperties',
]);

function attributesOf(entity: { attrs: Record<string, { value: unknown }> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(entity.attrs)) {
    if (!HDF5_INTERNAL.has(name)) out[name] = attr.value;
  }
  return out;
}

/** Reads a NetCDF4 (HDF5) file with h5wasm and decodes it. */
async function withNetcdf4<T>(path: string, use: (file: RawFile) => T): Promise<T> {
  const h5wasm = await loadH5wasm();
  let file: InstanceType<typeof h5wasm.File>;
  try {
    file = new h5wasm.File(resolve(path), 'r');
  } catch (error) {
    throw new DataFileError(path, null, `unreadable NetCDF4/HDF5 file (${String(error)})`);
  }
  try {
    const variables: RawVariable[] = [];
    for (const name of file.keys()) {
      const entity = file.get(name);
      if (!(entity instanceof h5wasm.Dataset)) continue;
      const attrs = entity.attrs;
      const label = attrs.NAME?.value;
      const phony = typeof label === 'string' && label.startsWith('This is a netCDF dimension but not');
      if (phony) continue;
      const shape = entity.shape ?? [];
      const dims = shape.map((_, i) => {
        const scales = entity.get_attached_scales(i);
        if (scales.length > 0) return scales[0]!.replace(/^\//, '');
        return entity.get_scale_name() !== null && shape.length === 1 ? name : `phony_dim_${i}_${shape[i]}`;
      });
      let cached: ArrayLike<number | bigint> | null = null;
      variables.push({
        name,
        dims,
        shape,
        attrs: attributesOf(entity),
        read: () => {
          if (cached) return cached;
          const value = entity.value;
          if (!ArrayBuffer.isView(value) && typeof value !== 'number' && typeof value !== 'bigint') {
            throw new Error(`type ${JSON.stringify(entity.dtype)} is not numeric`);
          }
          cached = ArrayBuffer.isView(value) ? value : [value];
          return cached;
        },
      });
    }
    return use({ path, format: 'netcdf4', attrs: attributesOf(file), variables });
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    // h5wasm reports HDF5 failures as bare strings
    const message = error instanceof Error ? error.message : String(error);
    throw new DataFileError(path, null, `unreadable NetCDF4/HDF5 file (${message})`);
  } finally {
    file.close();
  }
}

/** Reads a NetCDF3 classic / 64-bit offset file with netcdfjs and decodes it. */
async function withNetcdf3<T>(path: string, use: (file: RawFile) => T): Promise<T> {
  const bytes = await readFile(path);
  let reader: NetCDFReader;
  try {
    reader = new NetCDFReader(bytes);
  } catch (error) {
    throw new DataFileError(path, null, `unreadable NetCDF3 header (${(error as Error).message})`);
  }
  // netcdfjs reads past the end of a file cut short without a word: the header says how long the data
  // must be (NetCDF classic format spec: each variable's begin and vsize, record variables once per
  // record, records recordStep apart), so a shorter file is refused rather than read as garbage.
  const needed = Math.max(
    0,
    ...reader.header.variables.map((v) =>
      v.record
        ? v.offset +
          Math.max(0, reader.recordDimension.length - 1) * (reader.recordDimension.recordStep ?? 0) +
          (reader.recordDimension.length > 0 ? v.size : 0)
        : v.offset + v.size,
    ),
  );
  if (bytes.length < needed)
    throw new DataFileError(
      path,
      null,
      `is truncated: its header describes ${needed} bytes of data, the file holds ${bytes.length}`,
    );
  const dimensions = reader.dimensions;
  const recordSize = reader.recordDimension.length;
  const recordId = reader.recordDimension.id;
  const attrsOf = (list: { name: string; value: unknown }[]): Record<string, unknown> =>
    Object.fromEntries(list.map((a) => [a.name, a.value]));
  const variables: RawVariable[] = reader.variables.map((v) => {
    const dims = v.dimensions.map((d) => dimensions[d]!.name);
    const shape = v.dimensions.map((d) => (d === recordId ? recordSize : dimensions[d]!.size));
    return {
      name: v.name,
      dims,
      shape,
      attrs: attrsOf(v.attributes),
      read: () => {
        if (v.type === 'char') throw new Error('character data is not numeric');
        let data: (string | number | number[])[];
        try {
          data = reader.getDataVariable(v);
        } catch (error) {
          throw new Error(`truncated or corrupt data (${(error as Error).message})`, { cause: error });
        }
        return (data as (number | number[])[]).flat();
      },
    };
  });
  try {
    return use({ path, format: 'netcdf3', attrs: attrsOf(reader.globalAttributes), variables });
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, null, `unreadable NetCDF3 data (${(error as Error).message})`);
  }
}

/** Reads a Zarr v2 store as xarray writes it (consolidated metadata) and decodes it. */
async function withXarrayZarr<T>(path: string, use: (file: RawFile) => T): Promise<T> {
  let store;
  try {
    store = await zarr.withConsolidatedMetadata(new FileSystemStore(resolve(path)), { format: 'v2' });
  } catch (error) {
    throw new DataFileError(path, null, `unreadable consolidated metadata (${(error as Error).message})`);
  }
  const variables: RawVariable[] = [];
  const data = new Map<string, ArrayLike<number | bigint>>();
  for (const item of store.contents()) {
    if (item.kind !== 'array') continue;
    const name = item.path.replace(/^\//, '');
    const arr = await zarr.open.v2(zarr.root(store).resolve(name), { kind: 'array' });
    const attrs = { ...arr.attrs } as Record<string, unknown>;
    const dims = attrs._ARRAY_DIMENSIONS as string[] | undefined;
    delete attrs._ARRAY_DIMENSIONS;
    if (!dims)
      throw new DataFileError(path, name, 'has no _ARRAY_DIMENSIONS attribute (not written by xarray)');
    // xarray moves _FillValue into the array's fill_value
    if (attrs._FillValue === undefined && typeof arr.fillValue === 'number' && !Number.isNaN(arr.fillValue)) {
      attrs._FillValue = arr.fillValue;
    }
    if (!/^u?int|^float/.test(arr.dtype)) continue;
    try {
      data.set(name, (await zarr.get(arr)).data as ArrayLike<number | bigint>);
    } catch (error) {
      throw new DataFileError(path, name, `chunks unreadable (${(error as Error).message})`);
    }
    variables.push({ name, dims, shape: arr.shape, attrs, read: () => data.get(name)! });
  }
  return use({ path, format: 'zarr-v2', attrs: {}, variables });
}

/**
 * Reads and decodes a NetCDF4, NetCDF3 or xarray Zarr v2 file or folder (format from its first bytes):
 * CF times to epoch ms, packing and fill values, catalogue units, longitudes to −180–180.
 * Every error is a DataFileError naming the file and, where one is at fault, the variable.
 */
export async function readDataFile(path: string, options: DecodeOptions = {}): Promise<DecodedDataset> {
  return withRawFile(path, (file) => decodeRawFile(file, options));
}

/**
 * Opens a NetCDF4, NetCDF3 or xarray Zarr v2 file or folder as a RawFile and hands it to `use` while it is
 * open (variables read lazily). Errors that are not DataFileErrors become one naming the file.
 */
export async function withRawFile<T>(path: string, use: (file: RawFile) => T): Promise<T> {
  const format = await detectFormat(path);
  switch (format) {
    case 'netcdf4':
      return withNetcdf4(path, use);
    case 'netcdf3':
      return withNetcdf3(path, use);
    case 'zarr-v2':
      return withXarrayZarr(path, use);
    case 'zarr-v3':
      throw new DataFileError(path, null, 'is a Zarr v3 store: open our own stores with openZarrDataset');
  }
}
