// From the variables of a file (NetCDF4, NetCDF3 or xarray Zarr, all seen through RawFile) to a decoded
// dataset: CF times, unpacked values in catalogue units, a grid of nodes, values node-major (one node's
// record contiguous, as our Zarr store keeps them).
import {
  DataFileError,
  catalogueKey,
  catalogueVariable,
  decodeTimes,
  packingOf,
  unitConversion,
  unpack,
  wrapLongitude,
} from './cf';
import { fieldName, nodeCount, PHYSICAL_RANGES, VARIABLES } from './model';
import type { Grid, LevelType, VariableInfo } from './model';

export interface RawVariable {
  name: string;
  dims: string[];
  shape: number[];
  attrs: Record<string, unknown>;
  /** All values, row-major over `dims`. */
  read(): ArrayLike<number | bigint>;
}

export interface RawFile {
  path: string;
  format: 'netcdf4' | 'netcdf3' | 'zarr-v2' | 'zarr-v3';
  attrs: Record<string, unknown>;
  variables: RawVariable[];
}

export interface DecodedField {
  field: string;
  variable: VariableInfo;
  level?: number;
  /** node-major: values[node * time.length + step]. */
  values: Float32Array;
}

export interface DecodedDataset {
  source: string;
  format: RawFile['format'] | 'csv';
  time: Float64Array;
  grid: Grid;
  fields: DecodedField[];
  attributes: Record<string, unknown>;
  /** File variables not taken, with the reason. */
  skipped: string[];
  /** Values treated as missing (fill values, outside the valid or physical range), one sentence each. */
  notes?: string[];
}

export interface DecodeOptions {
  /** Position of a point file that carries no coordinates. */
  lat?: number;
  lon?: number;
  /** Values meaning missing that the file does not declare (`--missing`), in the file's units. */
  missing?: readonly number[];
}

const TIME_NAMES = new Set(['time', 'valid_time', 't']);
const LAT_NAMES = new Set(['lat', 'latitude', 'nav_lat']);
const LON_NAMES = new Set(['lon', 'longitude', 'nav_lon']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isTime(v: RawVariable): boolean {
  return (
    v.dims.length === 1 &&
    (TIME_NAMES.has(v.name.toLowerCase()) || v.attrs.standard_name === 'time' || v.attrs.axis === 'T')
  );
}

function isLat(v: RawVariable): boolean {
  return (
    LAT_NAMES.has(v.name.toLowerCase()) ||
    v.attrs.standard_name === 'latitude' ||
    v.attrs.units === 'degrees_north'
  );
}

function isLon(v: RawVariable): boolean {
  return (
    LON_NAMES.has(v.name.toLowerCase()) ||
    v.attrs.standard_name === 'longitude' ||
    v.attrs.units === 'degrees_east'
  );
}

/**
 * Regular axis {start, step, count} if the values are evenly spaced, else null. Longitudes compare modulo
 * 360, so a 0–360 subset across Greenwich (359.5, 0, 0.5) is the regular axis −0.5, 0, 0.5.
 */
function regularAxis(
  values: number[],
  periodic: boolean,
): { start: number; step: number; count: number } | null {
  if (values.length < 2) return null;
  const difference = (a: number, b: number): number => (periodic ? wrapLongitude(a - b) : a - b);
  const step = difference(values[1]!, values[0]!);
  if (step === 0) return null;
  for (let i = 1; i < values.length; i++) {
    const error = difference(values[i]!, values[0]! + i * step);
    if (Math.abs(error) > 1e-6 * Math.abs(step) + 1e-9) return null;
  }
  return { start: values[0]!, step, count: values.length };
}

function numbers(v: RawVariable): number[] {
  return Array.from(v.read(), Number);
}

interface Spatial {
  grid: Grid;
  /** Dimension names indexing the nodes, and their sizes: [latDim, lonDim], [nodeDim] or [] (one point). */
  dims: string[];
}

function spatialOf(file: RawFile, options: DecodeOptions, used: Set<string>): Spatial {
  const lat = file.variables.find(isLat);
  const lon = file.variables.find(isLon);
  if (lat) used.add(lat.name);
  if (lon) used.add(lon.name);
  const single = (v: RawVariable | undefined): boolean => !!v && v.shape.reduce((a, b) => a * b, 1) === 1;
  if (!lat || !lon || (single(lat) && single(lon))) {
    const la = lat && single(lat) ? numbers(lat)[0]! : options.lat;
    const lo = lon && single(lon) ? numbers(lon)[0]! : options.lon;
    if (la === undefined || lo === undefined || !Number.isFinite(la) || !Number.isFinite(lo)) {
      throw new DataFileError(
        file.path,
        null,
        'has no latitude/longitude coordinates: pass the point position',
      );
    }
    // A one-node grid keeps its size-1 latitude/longitude dimensions (xarray writes (time, lat, lon)).
    const dims = [
      ...new Set([lat, lon].flatMap((v) => (v && single(v) && v.dims.length === 1 ? [v.dims[0]!] : []))),
    ];
    return { grid: { type: 'nodes', lat: [la], lon: [wrapLongitude(lo)] }, dims };
  }
  if (lat.dims.length !== 1 || lon.dims.length !== 1) {
    throw new DataFileError(
      file.path,
      lat.name,
      `2-D latitude/longitude (curvilinear grids) are not supported`,
    );
  }
  const latValues = numbers(lat);
  const lonValues = numbers(lon);
  if (lat.dims[0] === lon.dims[0]) {
    return {
      grid: { type: 'nodes', lat: latValues, lon: lonValues.map(wrapLongitude) },
      dims: [lat.dims[0]!],
    };
  }
  const latAxis = regularAxis(latValues, false);
  const lonAxis = regularAxis(lonValues, true);
  const dims = [lat.dims[0]!, lon.dims[0]!];
  if (latAxis && lonAxis) {
    // keep the axis regular: only its start is wrapped, so a grid across the antimeridian may run past 180
    lonAxis.start = wrapLongitude(lonAxis.start);
    return { grid: { type: 'regular', lat: latAxis, lon: lonAxis }, dims };
  }
  const nodes: { lat: number[]; lon: number[] } = { lat: [], lon: [] };
  for (const la of latValues) {
    for (const lo of lonValues) {
      nodes.lat.push(la);
      nodes.lon.push(wrapLongitude(lo));
    }
  }
  return { grid: { type: 'nodes', ...nodes }, dims };
}

interface LevelAxis {
  dim: string;
  values: number[];
  type: LevelType;
}

function levelAxes(file: RawFile, reserved: Set<string>): Map<string, LevelAxis> {
  const axes = new Map<string, LevelAxis>();
  for (const v of file.variables) {
    if (v.dims.length !== 1 || v.dims[0] !== v.name || reserved.has(v.name)) continue;
    const name = `${v.name} ${text(v.attrs.standard_name) ?? ''}`.toLowerCase();
    const up = text(v.attrs.positive)?.toLowerCase() === 'up' || /height|altitude/.test(name);
    axes.set(v.name, { dim: v.name, values: numbers(v), type: up ? 'altitude' : 'depth' });
  }
  return axes;
}

function strides(shape: number[]): number[] {
  const out = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--) out[i] = out[i + 1]! * shape[i + 1]!;
  return out;
}

/** Values of one level of a variable, node-major, with a per-value transform. */
function reorder(
  raw: Float64Array,
  v: RawVariable,
  timeDim: string,
  spatial: Spatial,
  levelDim: string | undefined,
  level: number,
  nTime: number,
  nNodes: number,
): Float32Array {
  const s = strides(v.shape);
  const at = (dim: string): number => s[v.dims.indexOf(dim)]!;
  const st = at(timeDim);
  const sl = levelDim ? at(levelDim) * level : 0;
  const out = new Float32Array(nNodes * nTime);
  const sizes = spatial.dims.map((d) => v.shape[v.dims.indexOf(d)]!);
  for (let k = 0; k < nNodes; k++) {
    let base = sl;
    let rest = k;
    for (let j = spatial.dims.length - 1; j >= 0; j--) {
      base += (rest % sizes[j]!) * at(spatial.dims[j]!);
      rest = Math.floor(rest / sizes[j]!);
    }
    const o = k * nTime;
    for (let t = 0; t < nTime; t++) out[o + t] = raw[base + t * st]!;
  }
  return out;
}

const VECTORS = [
  {
    u: ['u10', 'eastward_wind'],
    v: ['v10', 'northward_wind'],
    speed: 'wind_speed',
    dir: 'wind_dir',
    from: true,
  },
  {
    u: ['uo', 'eastward_sea_water_velocity'],
    v: ['vo', 'northward_sea_water_velocity'],
    speed: 'current_speed',
    dir: 'current_dir',
    from: false,
  },
];

/** Decodes a file's variables; every error names the file and, where one is at fault, the variable. */
export function decodeRawFile(file: RawFile, options: DecodeOptions = {}): DecodedDataset {
  const timeVar = file.variables.find(isTime);
  if (!timeVar) {
    throw new DataFileError(file.path, null, 'has no time coordinate (a 1-D variable "time" with CF units)');
  }
  const units = text(timeVar.attrs.units);
  if (!units)
    throw new DataFileError(file.path, timeVar.name, 'has no units attribute ("<unit> since <date>")');
  let time: Float64Array;
  try {
    time = decodeTimes(timeVar.read(), units, text(timeVar.attrs.calendar));
  } catch (error) {
    throw new DataFileError(file.path, timeVar.name, (error as Error).message);
  }
  for (let i = 1; i < time.length; i++) {
    if (!(time[i]! > time[i - 1]!)) {
      throw new DataFileError(file.path, timeVar.name, `times are not strictly increasing at step ${i}`);
    }
  }
  const timeDim = timeVar.dims[0]!;
  const used = new Set([timeVar.name]);
  const spatial = spatialOf(file, options, used);
  const reserved = new Set([...used, ...spatial.dims, timeDim]);
  const levels = levelAxes(file, reserved);
  const nTime = time.length;
  const nNodes = nodeCount(spatial.grid);
  const fields: DecodedField[] = [];
  const skipped: string[] = [];
  const notes: string[] = [];
  const taken = new Set<string>();

  /** Decoded and unit-converted values of a variable, per level. */
  // `physical`: the values are of the variable itself (not a vector component), so its range applies
  const decode = (
    v: RawVariable,
    key: string,
    physical = true,
  ): { values: Float32Array[]; axis?: LevelAxis } | null => {
    const extra = v.dims.filter((d) => d !== timeDim && !spatial.dims.includes(d));
    const axis = extra.length === 1 ? levels.get(extra[0]!) : undefined;
    if (!v.dims.includes(timeDim) || extra.length > 1 || (extra.length === 1 && !axis)) {
      skipped.push(`${v.name}: dimensions (${v.dims.join(', ')}) are not (time[, level], node)`);
      return null;
    }
    let conversion;
    try {
      conversion = unitConversion(key, text(v.attrs.units));
    } catch (error) {
      throw new DataFileError(file.path, v.name, (error as Error).message);
    }
    let raw: Float64Array;
    const packing = packingOf(v.attrs);
    const dropped = { fill: 0, invalid: 0 };
    try {
      raw = unpack(v.read(), packing, dropped);
    } catch (error) {
      throw new DataFileError(file.path, v.name, `values unreadable (${(error as Error).message})`);
    }
    const expected = v.shape.reduce((a, b) => a * b, 1);
    if (raw.length !== expected) {
      throw new DataFileError(file.path, v.name, `holds ${raw.length} values, its shape needs ${expected}`);
    }
    // declared missing values are the file's (unpacked, before any conversion of units)
    const declared = dropDeclared(raw, options.missing ?? []);
    if (conversion.scale !== 1 || conversion.offset !== 0) {
      for (let i = 0; i < raw.length; i++) raw[i] = raw[i]! * conversion.scale + conversion.offset;
    }
    const outside = physical ? dropOutsideRange(raw, key) : { count: 0, range: '' };
    const fills = [...new Set(packing.fillValues ?? [])].join(', ');
    if (dropped.fill > 0)
      notes.push(`${v.name}: ${valueCount(dropped.fill)} of the fill value ${fills} treated as missing`);
    if (declared.count > 0)
      notes.push(
        `${v.name}: ${valueCount(declared.count)} of ${declared.values} treated as missing (declared missing)`,
      );
    if (dropped.invalid > 0)
      notes.push(
        `${v.name}: ${valueCount(dropped.invalid)} outside its valid_min/valid_max treated as missing`,
      );
    if (outside.count > 0)
      notes.push(`${v.name}: ${valueCount(outside.count)} outside ${outside.range} treated as missing`);
    const count = axis ? axis.values.length : 1;
    const values = Array.from({ length: count }, (_, l) =>
      reorder(raw, v, timeDim, spatial, axis?.dim, l, nTime, nNodes),
    );
    return axis ? { values, axis } : { values };
  };

  const push = (key: string, decoded: { values: Float32Array[]; axis?: LevelAxis }): void => {
    const variable = catalogueVariable(key, decoded.axis?.values, decoded.axis?.type);
    decoded.values.forEach((values, l) => {
      const level = decoded.axis?.values[l];
      fields.push(
        level === undefined
          ? { field: key, variable, values }
          : { field: fieldName(key, level), variable, level, values },
      );
    });
    taken.add(key);
  };

  const coordinates = new Set([...reserved, ...levels.keys()]);
  const vectorParts = new Set(VECTORS.flatMap((p) => [...p.u, ...p.v]));
  for (const v of file.variables) {
    if (
      coordinates.has(v.name) ||
      vectorParts.has(v.name) ||
      vectorParts.has(text(v.attrs.standard_name) ?? '')
    )
      continue;
    const key = catalogueKey(v.name, v.attrs);
    if (!key) {
      if (v.dims.includes(timeDim)) skipped.push(`${v.name}: not a variable of the catalogue`);
      continue;
    }
    if (taken.has(key)) {
      skipped.push(`${v.name}: "${key}" already read from another variable`);
      continue;
    }
    const decoded = decode(v, key);
    if (decoded) push(key, decoded);
  }
  for (const pair of VECTORS) {
    const find = (names: string[]): RawVariable | undefined =>
      file.variables.find((v) => names.includes(v.name) || names.includes(text(v.attrs.standard_name) ?? ''));
    const u = find(pair.u);
    const w = find(pair.v);
    if (!u || !w || taken.has(pair.speed)) continue;
    const du = decode(u, pair.speed, false);
    const dv = decode(w, pair.speed, false);
    if (!du || !dv) continue;
    // wind directions are "coming from", current directions "going to" (CF wind_from_direction,
    // direction_of_sea_water_velocity)
    const sign = pair.from ? -1 : 1;
    const speed = du.values.map((uu, l) => uu.map((x, i) => Math.hypot(x, dv.values[l]![i]!)));
    const dir = du.values.map((uu, l) =>
      uu.map((x, i) => {
        const y = dv.values[l]![i]!;
        return ((Math.atan2(sign * x, sign * y) * 180) / Math.PI + 360) % 360;
      }),
    );
    // a speed out of range comes from an undeclared fill code in u or v: its direction is missing too
    speed.forEach((sp, l) => {
      const outside = dropOutsideRange(sp, pair.speed);
      for (let i = 0; i < sp.length; i++) if (Number.isNaN(sp[i]!)) dir[l]![i] = NaN;
      if (outside.count > 0)
        notes.push(
          `${u.name}, ${w.name}: ${valueCount(outside.count)} (speeds) outside ${outside.range} treated as missing`,
        );
    });
    const ten = u.name === 'u10' && !du.axis ? { values: [10], type: 'altitude' as const, dim: '' } : du.axis;
    push(pair.speed, ten ? { values: speed, axis: ten } : { values: speed });
    push(pair.dir, ten ? { values: dir, axis: ten } : { values: dir });
  }
  if (fields.length === 0) {
    throw new DataFileError(
      file.path,
      null,
      `has no variable of the catalogue over time (${skipped.join('; ')})`,
    );
  }
  return {
    source: file.path,
    format: file.format,
    time,
    grid: spatial.grid,
    fields,
    attributes: file.attrs,
    skipped,
    notes,
  };
}

/** Values equal to a declared missing value (float32 files compared in float32) become NaN. */
export function dropDeclared(
  values: Float32Array | Float64Array,
  missing: readonly number[],
): { count: number; values: string } {
  if (missing.length === 0) return { count: 0, values: '' };
  const declared = new Set([...missing, ...missing.map(Math.fround)]);
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (declared.has(values[i]!)) {
      values[i] = NaN;
      count++;
    }
  }
  return { count, values: missing.join(' or ') };
}

/** `1 value`, `4,821 values`. */
function valueCount(count: number): string {
  return `${count.toLocaleString('en-US')} value${count === 1 ? '' : 's'}`;
}

/**
 * Values outside the catalogue variable's physical range (catalogue units) become NaN: a fill code the file
 * does not declare (Hs −999) is never data. Returns how many, and the range for the message.
 */
export function dropOutsideRange(
  values: Float32Array | Float64Array,
  key: string,
): { count: number; range: string } {
  const range = PHYSICAL_RANGES[key];
  if (!range) return { count: 0, range: '' };
  const [lo, hi] = range;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x < lo || x > hi) {
      values[i] = NaN;
      count++;
    }
  }
  return { count, range: `the physical range of ${key}, ${lo} to ${hi} ${VARIABLES[key]!.units}` };
}
