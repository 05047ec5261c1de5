// CF conventions decoding shared by every file reader (NetCDF4, NetCDF3, xarray Zarr): time units,
// packing (scale_factor/add_offset), fill values, longitudes, units of the variables we know, and the
// names metocean providers use for them. CF 1.10 §4.4 (time), §8.1 (packed data), §2.5.1 (missing data).
import { VARIABLES } from './model';
import type { LevelType, VariableInfo } from './model';

/** A decoding error that names the file and the variable. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly variable: string | null,
    problem: string,
  ) {
    super(`${file}${variable ? `: variable "${variable}"` : ''}: ${problem}`);
    this.name = 'DataFileError';
  }
}

const UNIT_MS: Record<string, number> = {
  millisecond: 1,
  milliseconds: 1,
  ms: 1,
  second: 1000,
  seconds: 1000,
  sec: 1000,
  secs: 1000,
  s: 1000,
  minute: 60_000,
  minutes: 60_000,
  min: 60_000,
  mins: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  h: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
  d: 86_400_000,
};

const CALENDARS = new Set(['standard', 'gregorian', 'proleptic_gregorian']);
const REFERENCE =
  /^(-?\d{1,4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?\s*(Z|UTC|GMT|[+-]\d{1,2}(?::?\d{2})?)?$/i;

/**
 * Parses CF time units (`hours since 1900-01-01 00:00:0.0`, `seconds since 1970-01-01T00:00:00Z`,
 * `days since 2000-1-1 06:00 +01:00`) into a linear map to UTC epoch ms. Calendars other than the
 * standard/proleptic Gregorian ones are refused: their days do not map onto UTC.
 * Note: the standard calendar is mixed Julian/Gregorian before 1582-10-15; references that early are
 * treated as proleptic Gregorian (no metocean record reaches back that far).
 */
export function parseTimeUnits(units: string, calendar = 'standard'): { scaleMs: number; epochMs: number } {
  const m = /^\s*(\w+)\s+since\s+(.+?)\s*$/i.exec(units);
  if (!m) throw new Error(`time units "${units}" are not of the form "<unit> since <date>"`);
  const scaleMs = UNIT_MS[m[1]!.toLowerCase()];
  if (scaleMs === undefined) throw new Error(`time units "${units}": unknown unit "${m[1]}"`);
  if (!CALENDARS.has(calendar.toLowerCase())) {
    throw new Error(
      `calendar "${calendar}" is not supported (standard, gregorian, proleptic_gregorian only)`,
    );
  }
  const d = REFERENCE.exec(m[2]!);
  if (!d) throw new Error(`time units "${units}": unreadable reference date "${m[2]}"`);
  const seconds = Number(d[6] ?? 0);
  let epochMs = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(d[4] ?? 0), Number(d[5] ?? 0));
  // Date.UTC maps years 0–99 to 1900–1999.
  const year = Number(d[1]);
  if (year >= 0 && year < 100) {
    const date = new Date(epochMs);
    date.setUTCFullYear(year);
    epochMs = date.getTime();
  }
  epochMs += seconds * 1000;
  const zone = d[7];
  if (zone && /^[+-]/.test(zone)) {
    const z = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone)!;
    const offset = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * 60_000;
    epochMs -= z[1] === '-' ? -offset : offset;
  }
  return { scaleMs, epochMs };
}

/** Decodes raw time values with CF units into UTC epoch ms (rounded to the millisecond). */
export function decodeTimes(raw: ArrayLike<number | bigint>, units: string, calendar?: string): Float64Array {
  const { scaleMs, epochMs } = parseTimeUnits(units, calendar);
  const out = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = Math.round(epochMs + Number(raw[i]!) * scaleMs);
  return out;
}

export interface Packing {
  scaleFactor?: number;
  addOffset?: number;
  /** Raw (packed) values meaning missing: _FillValue and missing_value. */
  fillValues?: number[];
  /** Raw valid range; values outside are missing. */
  validMin?: number;
  validMax?: number;
}

function numberAttribute(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (ArrayBuffer.isView(value) && 'length' in value) {
    const first = (value as unknown as ArrayLike<number | bigint>)[0];
    return first === undefined ? undefined : Number(first);
  }
  if (Array.isArray(value) && value.length > 0) return numberAttribute(value[0]);
  return undefined;
}

function numberList(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>, Number);
  if (Array.isArray(value)) return value.map(Number);
  const n = numberAttribute(value);
  return n === undefined ? [] : [n];
}

/** Packing of a variable from its attributes (CF §8.1, §2.5.1). */
export function packingOf(attrs: Record<string, unknown>): Packing {
  const range = numberList(attrs.valid_range);
  const packing: Packing = {
    fillValues: [...numberList(attrs._FillValue), ...numberList(attrs.missing_value)],
  };
  const scaleFactor = numberAttribute(attrs.scale_factor);
  const addOffset = numberAttribute(attrs.add_offset);
  const validMin = numberAttribute(attrs.valid_min) ?? range[0];
  const validMax = numberAttribute(attrs.valid_max) ?? range[1];
  if (scaleFactor !== undefined) packing.scaleFactor = scaleFactor;
  if (addOffset !== undefined) packing.addOffset = addOffset;
  if (validMin !== undefined) packing.validMin = validMin;
  if (validMax !== undefined) packing.validMax = validMax;
  return packing;
}

/**
 * Unpacks raw values: fill and out-of-range values become NaN, then value × scale_factor + add_offset.
 * `dropped`, when given, counts the fill values and the values outside valid_min/valid_max.
 */
export function unpack(
  raw: ArrayLike<number | bigint>,
  packing: Packing,
  dropped?: { fill: number; invalid: number },
): Float64Array {
  const scale = packing.scaleFactor ?? 1;
  const offset = packing.addOffset ?? 0;
  const fills = packing.fillValues ?? [];
  const lo = packing.validMin ?? -Infinity;
  const hi = packing.validMax ?? Infinity;
  const out = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const x = Number(raw[i]!);
    let missing = Number.isNaN(x);
    for (let k = 0; k < fills.length && !missing; k++) {
      const f = fills[k]!;
      // float fill values stored as float32 (1e20, 9.96921e36) compare in float32 precision
      if (x === f || Math.fround(x) === Math.fround(f)) missing = true;
    }
    if (missing && dropped && !Number.isNaN(x)) dropped.fill++;
    if (!missing && (x < lo || x > hi)) {
      missing = true;
      if (dropped) dropped.invalid++;
    }
    out[i] = missing ? NaN : x * scale + offset;
  }
  return out;
}

/** Longitude in (−180, 180]: 0–360 files and −180–180 files decode alike. */
export function wrapLongitude(lon: number): number {
  let x = lon % 360;
  if (x > 180) x -= 360;
  if (x <= -180) x += 360;
  // 289.9 − 360 is −70.10000000000002 in binary: keep the decimal value the file meant
  return Math.round(x * 1e9) / 1e9;
}

/** Provider variable names (ERA5, NORA3/metocean-api, CMEMS, WW3, our exports) → catalogue key. */
const ALIASES: Record<string, string> = {
  swh: 'hs',
  hs: 'hs',
  wvht: 'hs', // NDBC standard meteorological files (WVHT, DPD, APD, MWD, WSPD, WDIR, WTMP)
  dpd: 'tp',
  apd: 'tz',
  wspd: 'wind_speed',
  wdir: 'wind_dir',
  wtmp: 'temperature',
  hm0: 'hs',
  vhm0: 'hs',
  significant_wave_height: 'hs',
  pp1d: 'tp',
  tp: 'tp',
  vtpk: 'tp',
  peak_period: 'tp',
  mp2: 'tz',
  tm02: 'tz',
  tm2: 'tz',
  vtm02: 'tz',
  tz: 'tz',
  'zero-up-crossing_period': 'tz',
  mwd: 'dir',
  thq: 'dir',
  vmdr: 'dir',
  dir: 'dir',
  mean_wave_direction: 'dir',
  pdir: 'dp',
  dp: 'dp',
  vpdir: 'dp',
  shts: 'hs_swell',
  hs_swell: 'hs_swell',
  vhm0_sw1: 'hs_swell',
  tp_swell: 'tp_swell',
  mdts: 'dir_swell',
  thq_swell: 'dir_swell',
  dir_swell: 'dir_swell',
  wind_speed: 'wind_speed',
  ws: 'wind_speed',
  wind_speed_10m: 'wind_speed',
  si10: 'wind_speed',
  wind_direction: 'wind_dir',
  wind_dir: 'wind_dir',
  wd: 'wind_dir',
  current_speed: 'current_speed',
  current_dir: 'current_dir',
  water_level: 'water_level',
  zos: 'water_level',
  tide: 'tide',
  surge: 'surge',
  temperature: 'temperature',
  thetao: 'temperature',
  sst: 'temperature',
  salinity: 'salinity',
  so: 'salinity',
  energy_flux: 'energy_flux',
  hurricane: 'hurricane',
};

const BY_STANDARD_NAME = new Map(
  Object.values(VARIABLES)
    .filter((v) => v.standardName)
    .map((v) => [v.standardName!, v.name]),
);

/** Catalogue key of a file variable (standard_name first, then the provider's name), or null. */
export function catalogueKey(name: string, attrs: Record<string, unknown>): string | null {
  const standard = typeof attrs.standard_name === 'string' ? attrs.standard_name : undefined;
  if (standard && BY_STANDARD_NAME.has(standard)) return BY_STANDARD_NAME.get(standard)!;
  return ALIASES[name.toLowerCase()] ?? null;
}

type Conversion = { scale: number; offset: number };
const SAME: Conversion = { scale: 1, offset: 0 };

/** Accepted spellings of each catalogue unit, with their conversion to it. */
const UNITS: Record<string, Record<string, Conversion>> = {
  m: { m: SAME, meter: SAME, meters: SAME, metre: SAME, metres: SAME, cm: { scale: 0.01, offset: 0 } },
  s: { s: SAME, sec: SAME, second: SAME, seconds: SAME },
  degree: {
    degree: SAME,
    degrees: SAME,
    deg: SAME,
    degree_true: SAME,
    degrees_true: SAME,
    'degree true': SAME,
    'degrees true': SAME,
    '°': SAME,
  },
  'm s-1': {
    'm s-1': SAME,
    'm s**-1': SAME,
    'm/s': SAME,
    'm.s-1': SAME,
    'meter second-1': SAME,
    'meters/second': SAME,
    'cm s-1': { scale: 0.01, offset: 0 },
    'cm/s': { scale: 0.01, offset: 0 },
    knots: { scale: 1852 / 3600, offset: 0 },
    kt: { scale: 1852 / 3600, offset: 0 },
    'km/h': { scale: 1 / 3.6, offset: 0 },
  },
  degC: {
    degc: SAME,
    celsius: SAME,
    degree_celsius: SAME,
    degrees_celsius: SAME,
    '°c': SAME,
    k: { scale: 1, offset: -273.15 },
    kelvin: { scale: 1, offset: -273.15 },
  },
  '1e-3': { '1e-3': SAME, '0.001': SAME, psu: SAME, 'g/kg': SAME, 'g kg-1': SAME, '1': SAME, pss: SAME },
  'kW m-1': {
    'kw m-1': SAME,
    'kw/m': SAME,
    'w m-1': { scale: 0.001, offset: 0 },
    'w/m': { scale: 0.001, offset: 0 },
  },
  '1': { '1': SAME, '': SAME },
};

/** Conversion of `units` to the catalogue units of `key`; throws naming the units when unknown. */
export function unitConversion(key: string, units: string | undefined): Conversion {
  const target = VARIABLES[key]!.units;
  const accepted = UNITS[target]!;
  const spelled = (units ?? '').trim().toLowerCase();
  const conversion = accepted[spelled] ?? accepted[units?.trim() ?? ''];
  if (!conversion) {
    throw new Error(
      units === undefined
        ? `has no units attribute (expected ${target})`
        : `unknown units "${units}" (expected ${target} or one of: ${Object.keys(accepted).join(', ')})`,
    );
  }
  return conversion;
}

/** Catalogue metadata of a variable at a level type. */
export function catalogueVariable(key: string, levels?: number[], levelType?: LevelType): VariableInfo {
  const info: VariableInfo = { ...VARIABLES[key]! };
  if (levels && levels.length > 0) {
    info.levels = levels;
    info.levelType = levelType ?? 'depth';
  }
  return info;
}
