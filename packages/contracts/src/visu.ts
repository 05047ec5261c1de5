// The visualisation payload of spec 002 §3: what GET /api/projects/{id}/get_visu_data/ answers, what every
// chart view of packages/charts draws and what the xlsx, mat and nc exports write. Named arrays, each with
// values, dimensions and attributes (units, longName), next to a kwargs block with the axis names and labels
// and the provenance of the numbers. Missing values are -999.
import { z } from 'zod';
import { entityId, requiredIdText } from './ids';
import { statisticCodes, windowDurations, windowLimit } from './projects';

/** The missing-value sentinel of spec 002 §3. */
export const MISSING_VALUE = -999;

/** Statistics beyond spec 000 §9's codes (docs/decisions.md): stored and shown, not process types. */
export const EXTRA_STATISTIC_CODES = ['ENVC'] as const;
export const statisticCode = z.enum([...statisticCodes, ...EXTRA_STATISTIC_CODES]);
export type StatisticCodeName = z.infer<typeof statisticCode>;

/** Nested arrays, one nesting per dimension; numbers (-999 when missing) or labels. */
export type VisuValues = (number | string | VisuValues)[];
export const visuValues: z.ZodType<VisuValues> = z.lazy(() =>
  z.array(z.union([z.number(), z.string(), visuValues])),
);

export const visuAttributes = z
  .object({
    /** UDUNITS-style units; times are 'milliseconds since 1970-01-01 00:00:00' (UTC), CF-style. */
    units: z.string(),
    longName: z.string(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()]));

export const visuArray = z.object({
  values: visuValues,
  /** One name per nesting level of `values`, outermost first (e.g. ['month', 'sector', 'class']). */
  dimensions: z.array(z.string()),
  attributes: visuAttributes,
});
export type VisuArray = z.infer<typeof visuArray>;

export const visuLevels = z.object({
  /** Spec 002: altitude when the variable name starts with WIN, otherwise depth. */
  type: z.enum(['depth', 'altitude']),
  values: z.array(z.number()),
  units: z.string(),
});

export const visuKwargs = z
  .object({
    statId: z.string(),
    code: statisticCode,
    /** 'monthly' for ids containing "month" (spec 000 §9). */
    periodicity: z.enum(['annual', 'monthly']),
    title: z.string(),
    /** Names of the arrays on the axes, and the axis labels with units. */
    xName: z.string().optional(),
    yName: z.string().optional(),
    xLabel: z.string().optional(),
    yLabel: z.string().optional(),
    /** The variable (and level) the statistic is about. */
    variable: z.string().optional(),
    level: z.number().nullable().optional(),
    levels: visuLevels.optional(),
    /** Where the numbers come from: dataset, node read, notice for synthetic data, the method conventions. */
    dataset: z.string(),
    node: z.object({ lat: z.number(), lon: z.number(), distanceKm: z.number() }).optional(),
    notice: z.string().optional(),
    method: z.string(),
    /** Set when the statistic could not be computed for this point (too few storms, constant field, …). */
    error: z.string().optional(),
  })
  .catchall(z.unknown());
export type VisuKwargs = z.infer<typeof visuKwargs>;

/** `{ kwargs, <name>: VisuArray, … }`: the named arrays sit beside kwargs at the top level (spec 002 §3). */
export const visuPayload = z.object({ kwargs: visuKwargs }).catchall(visuArray);
export type VisuPayload = z.infer<typeof visuPayload>;

/** The named arrays of a payload (every key but kwargs). */
export function visuArrays(payload: VisuPayload): [string, VisuArray][] {
  return Object.entries(payload).filter((entry): entry is [string, VisuArray] => entry[0] !== 'kwargs');
}

/** What one stored statistic is about: a field (and its partner field), or a variable with levels. */
export interface StatTarget {
  field?: string;
  partner?: string;
  variable?: string;
}

/**
 * The stat id of a stored statistic (spec 000 §9): `<statistic id>__<field or variable>[__<partner>]`, e.g.
 * `DR__hs__dp`, `CUREXT__current_speed`; the statistic id alone when it has no field (HEIEXT).
 */
export function statIdOf(id: string, target: StatTarget): string {
  return [id, target.variable ?? target.field, target.partner].filter(Boolean).join('__');
}

/**
 * The stored result that is not a statistic: the overview table of a computed point's map popup (spec 000
 * §2.8), kept under this id and code beside the point's statistics.
 */
export const OVERVIEW_ID = 'OVERVIEW';

/** The parts of a stat id: `DR__hs__dp` -> { id: 'DR', subject: 'hs', partner: 'dp' } ('' when absent). */
export function statIdParts(statId: string): { id: string; subject: string; partner: string } {
  const [id = statId, subject = '', partner = ''] = statId.split('__');
  return { id, subject, partner };
}

/** 10^k for k = -30..30, each the double nearest to it (a decimal literal is correctly rounded). */
const POWERS_OF_TEN = Array.from({ length: 61 }, (_, k) => Number(`1e${k - 30}`));

/**
 * A float32 as the shortest decimal that reads back to it (Math.fround(stored) === value): a column stored
 * at 2 decimals writes 0.71, not the 8 digits 0.70999998 that also identify Math.fround(0.71), nor the 17 of
 * its double (0.7099999785423279). The fewest significant digits, 1 to 8, whose nearest decimal rounds back
 * to the value; 9 when 8 do not identify it (1 % of float32s), always enough (IEEE 754-2008 §5.12.2).
 * Between 1e-15 and 1e30 the digits come from integer arithmetic: digits / 10^k (or digits · 10^k) with both
 * exact is the double nearest to the decimal, so it prints as those digits; toPrecision, slower, does the
 * rest. Next to a power of two (its lower neighbour is half as far) a shorter decimal may be missed: the
 * result still reads back.
 */
export function float32Decimal(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-15 && magnitude < 1e30) {
    const exponent = Math.floor(Math.log10(magnitude));
    // digits = magnitude · 10^k with k = precision - 1 - exponent; 10^-k stays exact (k ≥ -22)
    for (let precision = Math.max(1, exponent - 21); precision <= 8; precision++) {
      const k = precision - 1 - exponent;
      const digits = Math.round(magnitude * POWERS_OF_TEN[30 + k]!);
      const short =
        Math.sign(value) * (k >= 0 ? digits / POWERS_OF_TEN[30 + k]! : digits * POWERS_OF_TEN[30 - k]!);
      if (Math.fround(short) === value) return short;
    }
  }
  const short = +value.toPrecision(8);
  return Math.fround(short) === value ? short : +value.toPrecision(9);
}

/**
 * The JSON of an engine result as it is stored and sent: typed arrays become arrays and missing numbers
 * (NaN, ±Infinity) the sentinel -999 (spec 002 §3). A Float32Array holds a column's own float32 values:
 * they are written at float32 precision (float32Decimal), every other number as the double it is.
 */
export function toStoredJson(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : MISSING_VALUE;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const numbers = value as unknown as ArrayLike<number>;
    const single = value instanceof Float32Array;
    const out = new Array<number>(numbers.length);
    for (let i = 0; i < numbers.length; i++) {
      const v = numbers[i]!;
      out[i] = !Number.isFinite(v) ? MISSING_VALUE : single ? float32Decimal(v) : v;
    }
    return out;
  }
  if (Array.isArray(value)) return value.map(toStoredJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = toStoredJson((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** Export request of spec 002 §3 (GET /api/projects/{id}/export/). */
export const EXPORT_KINDS = ['EXCEL', 'MATLAB', 'NETCDF'] as const;
export const exportKind = z.enum(EXPORT_KINDS);
export const EXPORT_EXTENSIONS: Record<(typeof EXPORT_KINDS)[number], string> = {
  EXCEL: 'xlsx',
  MATLAB: 'mat',
  NETCDF: 'nc',
};

/** The keys of the export request that are not class lists. */
export const EXPORT_QUERY_KEYS = [
  'point',
  'stat_id',
  'export_kind',
  'file_name',
  'month',
  'export_level_idx',
  'below',
  'durations',
  'fields',
  'points',
];

/**
 * GET /api/projects/{id}/export/ (spec 002 §3 export request). `point` names the point as in
 * get_visu_data. Any other key is a class list: a dimension name of the statistic's arrays (the class
 * type, e.g. `hs` or `sector`) with the zero-based indices to keep, comma-separated, ranges allowed
 * (`hs=0-3,7`). `month` is zero-based (0 = January); `export_level_idx` indexes the payload's levels.
 */
/** A zero-based index in a query string; an empty value (`month=`) means not given, never 0. */
const optionalIndex = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).optional(),
  );

export const exportQuery = z
  .object({
    point: requiredIdText('point'),
    stat_id: z.string().trim().min(1, 'stat_id is required').max(200),
    export_kind: z.enum(EXPORT_KINDS, { error: `export_kind must be one of ${EXPORT_KINDS.join(', ')}` }),
    /** The file name without extension; the statistic's id when left out. */
    file_name: z.string().trim().max(200).optional(),
    month: optionalIndex('month must be a whole number from 0 (January) to 11 (December)', 11),
    export_level_idx: optionalIndex('export_level_idx must be a zero-based level index'),
    /** WW / WD recomputed with a user's limit and durations, as get_visu_data. */
    below: windowLimit.optional(),
    durations: windowDurations.optional(),
    /** EFT: more points of the project in the same file, comma-separated ids (besides `point`). */
    points: z
      .string()
      .trim()
      .regex(/^\d+( *, *\d+)*$/, 'points: the ids of points of the project, comma-separated')
      .transform((text) => text.split(',').map(Number))
      .pipe(z.array(entityId()).max(20, 'points: at most 20 points in one file'))
      .optional(),
    /** EFT: the fields to export, comma-separated (every field of the point when left out). */
    fields: z
      .string()
      .trim()
      .min(1, 'fields: give the names of the variables, comma-separated')
      .max(2000)
      .transform((text) => [...new Set(text.split(',').map((f) => f.trim()))].filter(Boolean))
      .optional(),
  })
  .catchall(z.string({ error: 'a class list is one comma-separated value: hs=0,1,2 or hs=0-2' }));
export type ExportQuery = z.infer<typeof exportQuery>;
