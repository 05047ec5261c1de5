// A small CF NetCDF4 writer on h5wasm (ARCHITECTURE.md: libver 'v110', track_order, dimension scales):
// coordinate variables become HDF5 dimension scales that the data variables attach, which is how
// netCDF-C recognises dimensions in an HDF5 file. A dimension without a coordinate variable is written
// the way netCDF-C writes one (a scale named "This is a netCDF dimension but not a netCDF variable.");
// string attributes are fixed-length text, read by netCDF-C as classic `char` attributes; label arrays
// are variable-length strings (netCDF-4 `string`).
import { resolve } from 'node:path';
import { loadH5wasm, type H5wasm } from './libraries';

type Numbers = Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array;
type AttributeValue = string | number | Numbers;

export type NetcdfDimension =
  | {
      name: string;
      /** Coordinate values (the dimension's length is theirs). */
      values: Numbers;
      attrs?: Record<string, AttributeValue>;
    }
  | {
      name: string;
      /** A dimension without a coordinate variable. */
      length: number;
    };

export interface NetcdfVariable {
  name: string;
  /** Empty for a scalar variable. */
  dims: string[];
  /** Row-major over `dims`; strings make a netCDF-4 `string` variable. */
  values: Numbers | string[];
  attrs?: Record<string, AttributeValue>;
  /** Deflate level 1–9, chunked along the first dimension (large series). */
  deflate?: number;
}

/** netCDF-C's mark of a dimension that has no coordinate variable (libsrc4/nc4internal.h). */
const DIM_WITHOUT_VARIABLE = 'This is a netCDF dimension but not a netCDF variable.';
/** Rows per chunk of a deflated variable: a year of hourly values. */
const CHUNK_ROWS = 8760;

export interface NetcdfContent {
  attrs?: Record<string, AttributeValue>;
  dimensions: NetcdfDimension[];
  variables: NetcdfVariable[];
}

const DTYPE: Record<string, string> = {
  Float64Array: '<d',
  Float32Array: '<f',
  Int32Array: '<i',
  Int16Array: '<h',
  Int8Array: '|b',
  Uint8Array: '|B',
};

function writeAttributes(
  target: { create_attribute: InstanceType<H5wasm['Dataset']>['create_attribute'] },
  attrs: Record<string, AttributeValue> = {},
): void {
  for (const [name, value] of Object.entries(attrs)) {
    // Fixed-length text (not a vlen string): ncdump shows `char` attributes, as netCDF-C writes them.
    if (typeof value === 'string')
      target.create_attribute(name, value, [], `S${Math.max(1, Buffer.byteLength(value))}`);
    else if (typeof value === 'number') target.create_attribute(name, value, null, '<d');
    // typed attributes keep their type: _FillValue must have the variable's type (CF §2.5.1)
    else target.create_attribute(name, value, [value.length], DTYPE[value.constructor.name]);
  }
}

/** Writes a CF NetCDF4 (HDF5) file. Throws naming the file and the variable when shapes disagree. */
export async function writeNetcdf4(path: string, content: NetcdfContent): Promise<void> {
  const h5wasm = await loadH5wasm();
  const sizes = new Map(content.dimensions.map((d) => [d.name, 'values' in d ? d.values.length : d.length]));
  for (const v of content.variables) {
    const shape = v.dims.map((d) => {
      const size = sizes.get(d);
      if (size === undefined) throw new Error(`${path}: variable "${v.name}": unknown dimension "${d}"`);
      return size;
    });
    const expected = shape.reduce((a, b) => a * b, 1);
    if (v.values.length !== expected) {
      throw new Error(
        `${path}: variable "${v.name}" has ${v.values.length} values, its shape needs ${expected}`,
      );
    }
  }
  const file = new h5wasm.File(resolve(path), 'w', { libver: 'v110', track_order: true });
  try {
    writeAttributes(file, content.attrs);
    for (const d of content.dimensions) {
      if (!('values' in d)) {
        const ds = file.create_dataset({
          name: d.name,
          data: new Float32Array(d.length),
          shape: [d.length],
          dtype: '<f',
        });
        ds.make_scale(`${DIM_WITHOUT_VARIABLE}${String(d.length).padStart(10)}`);
        continue;
      }
      const ds = file.create_dataset({
        name: d.name,
        data: d.values,
        shape: [d.values.length],
        dtype: DTYPE[d.values.constructor.name]!,
      });
      ds.make_scale(d.name);
      writeAttributes(ds, d.attrs);
    }
    for (const v of content.variables) {
      const shape = v.dims.map((d) => sizes.get(d)!);
      const deflate =
        v.deflate && shape.length > 0 && !Array.isArray(v.values)
          ? {
              chunks: [Math.min(shape[0]!, CHUNK_ROWS) || 1, ...shape.slice(1)],
              compression: 'gzip' as const,
              compression_opts: v.deflate,
            }
          : {};
      const ds = file.create_dataset({
        name: v.name,
        data: v.values,
        shape,
        ...(Array.isArray(v.values) ? {} : { dtype: DTYPE[v.values.constructor.name]! }),
        ...deflate,
      });
      v.dims.forEach((d, i) => ds.attach_scale(i, d));
      writeAttributes(ds, v.attrs);
    }
  } finally {
    file.close();
  }
}
