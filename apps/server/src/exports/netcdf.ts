// The NetCDF export (spec 002 §9): a CF-1.8 netCDF-4 file written with the hindcast package's h5wasm
// writer. Each named array becomes a variable on its dimensions, with units, long_name, standard_name
// where the payload gives one and _FillValue -999; a dimension's numeric 1-D array of the same name is
// its coordinate variable, a label array becomes a string auxiliary coordinate (CF-1.8 §6.1). The node
// read is a pair of scalar coordinates; a full record (EFT) is a single time series (CF-1.8 §H.2.3,
// featureType timeSeries). Global attributes name the statistic, dataset, node, provenance and method.
import { APP_VERSION, MISSING_VALUE } from '@metocean/contracts';
import {
  writeNetcdf4,
  type NetcdfContent,
  type NetcdfDimension,
  type NetcdfVariable,
} from '@metocean/hindcast';
import {
  isNumeric,
  isTimeUnits,
  LEVEL_DIMENSION,
  provenanceRows,
  TIME_DIMENSION,
  type ExportArray,
  type ExportDocument,
  type Numbers,
} from './document';

/**
 * Times are written in seconds: CF allows milliseconds, but netCDF-C's own tools (ncdump -t) and many
 * readers only decode seconds and longer units.
 */
export const NC_TIME_UNITS = 'seconds since 1970-01-01 00:00:00';
const inSeconds = (array: ExportArray): ExportArray =>
  isTimeUnits(array.units) && isNumeric(array.values)
    ? { ...array, units: NC_TIME_UNITS, values: Float64Array.from(array.values, (ms) => ms / 1000) }
    : array;

/** A netCDF name: letters, digits and underscores, starting with a letter (netCDF-C's rule, kept simple). */
export function ncName(name: string): string {
  const out = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z]/.test(out) ? out : `v_${out}`;
}

function namer(): (wanted: string) => string {
  const used = new Set<string>();
  return (wanted) => {
    const base = ncName(wanted);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  };
}

/** Missing (NaN) as the fill value, in the variable's own type. */
function filled(values: Numbers): Numbers {
  const out =
    values instanceof Float32Array ? new Float32Array(values.length) : new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Number.isNaN(values[i]!) ? MISSING_VALUE : values[i]!;
  return out;
}

const fillValue = (values: Numbers) =>
  values instanceof Float32Array ? Float32Array.of(MISSING_VALUE) : Float64Array.of(MISSING_VALUE);

/** CF attributes of an array: units (time with its calendar), long_name, standard_name, the others. */
function cfAttributes(array: ExportArray): Record<string, string | number> {
  const attrs: Record<string, string | number> = { long_name: array.longName };
  if (array.units) attrs.units = array.units;
  if (array.units === NC_TIME_UNITS) attrs.calendar = 'standard';
  for (const [key, value] of Object.entries(array.attributes)) {
    if (key === 'standardName') {
      if (typeof value === 'string' && /^[a-z_]+$/.test(value) && value !== 'none')
        attrs.standard_name = value;
    } else
      attrs[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] =
        typeof value === 'boolean' ? String(value) : value;
  }
  return attrs;
}

/** The global attributes: CF-1.8, title, source, history, then every provenance line of the export. */
function globalAttributes(document: ExportDocument): Record<string, string | number> {
  const { kwargs, context } = document;
  const attrs: Record<string, string | number> = {
    Conventions: 'CF-1.8',
    title: kwargs.title,
    institution: 'Metocean Studio',
    source: kwargs.dataset,
    history: `${context.exportedAt.toISOString()} exported by Metocean Studio ${APP_VERSION}`,
    comment: kwargs.method,
  };
  if (context.provenance) attrs.references = context.provenance;
  for (const [item, value] of provenanceRows(document)) {
    const key = ncName(
      item
        .replace(/\s*\((.*)\)$/, (_m, units: string) => `_${units}`)
        .replace(/\s+/g, '_')
        .toLowerCase(),
    );
    if (!(key in attrs)) attrs[key] = value;
  }
  return attrs;
}

/** The netCDF content of an export document (pure: the caller writes it). */
export function netcdfContent(document: ExportDocument): NetcdfContent {
  const { kwargs } = document;
  const arrays = document.arrays.map(inSeconds);
  const name = namer();
  const dimensions: NetcdfDimension[] = [];
  const variables: NetcdfVariable[] = [];
  const sizes = new Map<string, number>();
  /** The netCDF name of each dimension (payload name → file name). */
  const dimNames = new Map<string, string>();
  /** netCDF dimension of (array, axis): the payload's name, renamed when another array gives it another length. */
  const dimensionOf = (array: ExportArray, axis: number): string => {
    const wanted = array.dimensions[axis]!;
    const length = array.shape[axis]!;
    for (const candidate of [wanted, `${wanted}_${array.name}`]) {
      const known = sizes.get(candidate);
      if (known === undefined || known === length) return candidate;
    }
    return `${wanted}_${array.name}`;
  };
  const labels = new Map<string, string>();
  // Coordinates first: a numeric 1-D array named after its dimension is that dimension's values.
  for (const array of arrays) {
    if (array.dimensions.length !== 1 || array.dimensions[0] !== array.name || sizes.has(array.name))
      continue;
    const dim = name(array.name);
    sizes.set(array.name, array.shape[0]!);
    dimNames.set(array.name, dim);
    if (isNumeric(array.values)) {
      const attrs = cfAttributes(array);
      if (array.name === TIME_DIMENSION) Object.assign(attrs, { standard_name: 'time', axis: 'T' });
      if (array.name === LEVEL_DIMENSION && kwargs.levels) {
        const depth = kwargs.levels.type === 'depth';
        Object.assign(attrs, {
          standard_name: depth ? 'depth' : 'height',
          positive: depth ? 'down' : 'up',
          axis: 'Z',
        });
      }
      dimensions.push({ name: dim, values: array.values, attrs });
    } else {
      dimensions.push({ name: dim, length: array.shape[0]! });
      const label = name(`${array.name}_label`);
      labels.set(array.name, label);
      variables.push({ name: label, dims: [dim], values: array.values, attrs: cfAttributes(array) });
    }
  }
  const node = kwargs.node;
  const scalarCoordinates: string[] = [];
  if (node) {
    const lat = name('lat');
    const lon = name('lon');
    variables.push(
      {
        name: lat,
        dims: [],
        values: Float64Array.of(node.lat),
        attrs: {
          standard_name: 'latitude',
          long_name: 'latitude of the dataset node read',
          units: 'degrees_north',
        },
      },
      {
        name: lon,
        dims: [],
        values: Float64Array.of(node.lon),
        attrs: {
          standard_name: 'longitude',
          long_name: 'longitude of the dataset node read',
          units: 'degrees_east',
        },
      },
    );
    scalarCoordinates.push(lat, lon);
  }
  // A point's full record is one CF discrete sampling geometry: a single time series (CF-1.8 §H.2.3).
  const series = kwargs.code === 'EFT';
  if (series) {
    const station = name('station_name');
    variables.push({
      name: station,
      dims: [],
      values: [document.context.point.name],
      attrs: { long_name: 'point name', cf_role: 'timeseries_id' },
    });
    scalarCoordinates.push(station);
  }
  for (const array of arrays) {
    if (
      array.dimensions.length === 1 &&
      array.dimensions[0] === array.name &&
      sizes.get(array.name) === array.shape[0]
    )
      continue;
    const dims = array.dimensions.map((_, axis) => {
      const dim = dimensionOf(array, axis);
      if (!sizes.has(dim)) {
        sizes.set(dim, array.shape[axis]!);
        dimNames.set(dim, name(dim));
        dimensions.push({ name: dimNames.get(dim)!, length: array.shape[axis]! });
      }
      return dimNames.get(dim)!;
    });
    const attrs: NetcdfVariable['attrs'] = cfAttributes(array);
    const coordinates = [...array.dimensions.flatMap((d) => labels.get(d) ?? []), ...scalarCoordinates];
    if (coordinates.length > 0) attrs.coordinates = coordinates.join(' ');
    if (isNumeric(array.values)) {
      attrs._FillValue = fillValue(array.values);
      variables.push({
        name: name(array.name),
        dims,
        values: filled(array.values),
        attrs,
      });
    } else variables.push({ name: name(array.name), dims, values: array.values, attrs });
  }
  const attrs: NetcdfContent['attrs'] = globalAttributes(document);
  if (series) attrs.featureType = 'timeSeries';
  return { attrs, dimensions, variables };
}

/** Writes the document as a CF-1.8 netCDF-4 file at `path`. */
export function writeNetcdfDocument(document: ExportDocument, path: string): Promise<void> {
  return writeNetcdf4(path, netcdfContent(document));
}
