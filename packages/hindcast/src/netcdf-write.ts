// A small CF NetCDF4 writer on h5wasm (ARCHITECTURE.md: libver 'v110', track_order, dimension scales):
// coordinate variables become HDF5 dimension scales that the data variables attach, which is how
// netCDF-C recognises dimensions in an HDF5 file.
import { resolve } from 'node:path';
import h5wasm from 'h5wasm/node';

type Numbers = Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array;
type AttributeValue = string | number | Numbers;

export interface NetcdfDimension {
  name: string;
  /** Coordinate values (the dimension's length is theirs). */
  values: Numbers;
  attrs?: Record<string, AttributeValue>;
}

export interface NetcdfVariable {
  name: string;
  dims: string[];
  /** Row-major over `dims`. */
  values: Numbers;
  attrs?: Record<string, AttributeValue>;
}

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
  target: { create_attribute: InstanceType<typeof h5wasm.Dataset>['create_attribute'] },
  attrs: Record<string, AttributeValue> = {},
): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'string') target.create_attribute(name, value);
    else if (typeof value === 'number') target.create_attribute(name, value, null, '<d');
    // typed attributes keep their type: _FillValue must have the variable's type (CF §2.5.1)
    else target.create_attribute(name, value, [value.length], DTYPE[value.constructor.name]);
  }
}

/** Writes a CF NetCDF4 (HDF5) file. Throws naming the file and the variable when shapes disagree. */
export async function writeNetcdf4(path: string, content: NetcdfContent): Promise<void> {
  await h5wasm.ready;
  const sizes = new Map(content.dimensions.map((d) => [d.name, d.values.length]));
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
      const ds = file.create_dataset({
        name: v.name,
        data: v.values,
        shape,
        dtype: DTYPE[v.values.constructor.name]!,
      });
      v.dims.forEach((d, i) => ds.attach_scale(i, d));
      writeAttributes(ds, v.attrs);
    }
  } finally {
    file.close();
  }
}
