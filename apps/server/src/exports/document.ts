// What every export writer reads: a statistic's visualisation payload (spec 002 §3) or a point's full
// record (EFT), normalised once into rectangular arrays with their units, after the export request's
// selections (month, level, class lists) have picked their slices. Missing values are NaN here; each
// writer states missing data in its own format's way.
import {
  MISSING_VALUE,
  visuArrays,
  type VisuArray,
  type VisuKwargs,
  type VisuPayload,
  type VisuValues,
} from '@metocean/contracts';
import { MONTH_ABBREVIATIONS, type Series } from '@metocean/core';
import { VARIABLES } from '@metocean/hindcast';

/** Names of the dimensions the export request's `month` and `export_level_idx` select along. */
export const MONTH_DIMENSION = 'month';
export const LEVEL_DIMENSION = 'level';
export const TIME_DIMENSION = 'time';
export const MONTH_NAMES = MONTH_ABBREVIATIONS;

/** UTC epoch milliseconds, as the visualisation payload states them (packages/contracts visu.ts). */
export const TIME_UNITS = 'milliseconds since 1970-01-01 00:00:00';
export const isTimeUnits = (units: string) => /^\s*milliseconds since 1970-01-01/i.test(units);

export type Numbers = Float64Array | Float32Array;

/** One named array, rectangular, row-major over `dimensions` (outermost first). */
export interface ExportArray {
  name: string;
  dimensions: string[];
  shape: number[];
  /** Numbers (NaN missing) or labels. */
  values: Numbers | string[];
  units: string;
  longName: string;
  /** The payload's other attributes (CF standard name, level, …). */
  attributes: Record<string, string | number | boolean>;
}

/** What the request picked; stated in every file. */
export interface ExportSelection {
  month?: number;
  levelIndex?: number;
  classes: Record<string, number[]>;
}

/** Where the export comes from: stated in every file beside the numbers. */
export interface ExportContext {
  project: string;
  point: { name: string; lat: number; lng: number };
  exportedAt: Date;
  /** The dataset's notes: licence and provenance of the record. */
  provenance?: string;
  /** First and last time of the record a statistic was computed from (a time axis states its own). */
  coverage?: { start: number; end: number };
  /**
   * Which series the numbers come from (issue 33): the original hindcast, or a calibrated variant with its
   * correction (method, parameters, source, pairs, period, skill): data/calibrated.ts seriesStampRows.
   */
  series?: [string, string | number][];
}

export interface ExportDocument {
  kwargs: VisuKwargs;
  arrays: ExportArray[];
  selection: ExportSelection;
  context: ExportContext;
}

/** A request the statistic cannot answer (no month dimension, index out of range, …): HTTP 400. */
export class SelectionError extends Error {
  /** The request field at fault: every message starts with it ('month: …'). */
  readonly field: string;
  constructor(message: string) {
    super(message);
    this.name = 'SelectionError';
    this.field = /^(\w+):/.exec(message)?.[1] ?? 'stat_id';
  }
}

export const isNumeric = (values: ExportArray['values']): values is Numbers => !Array.isArray(values);

/** Product of the sizes. */
export const sizeOf = (shape: number[]) => shape.reduce((a, b) => a * b, 1);

/** Shape of nested values with `depth` levels of nesting: the largest length at each depth (ragged → padded). */
function shapeOf(values: VisuValues, depth: number): number[] {
  const shape = new Array<number>(depth).fill(0);
  const walk = (node: VisuValues | number | string, level: number) => {
    if (level >= depth || !Array.isArray(node)) return;
    shape[level] = Math.max(shape[level]!, node.length);
    for (const child of node) walk(child, level + 1);
  };
  walk(values, 0);
  return shape;
}

/** Flattens a payload array; -999 and non-finite numbers become NaN, absent (ragged) cells missing. */
function flatten(name: string, array: VisuArray): ExportArray {
  let { dimensions } = array;
  let nested: VisuValues = array.values;
  if (dimensions.length === 0) {
    // A scalar is stored as a one-element list; anything longer gets an index dimension.
    if (nested.length !== 1 || Array.isArray(nested[0])) dimensions = [`${name}_index`];
  }
  const shape = shapeOf(nested, dimensions.length);
  const size = sizeOf(shape);
  const leaves = new Array<number | string | undefined>(size);
  const visit = (node: VisuValues | number | string | undefined, level: number, offset: number) => {
    if (level === shape.length) {
      leaves[offset] = Array.isArray(node) ? undefined : node;
      return;
    }
    if (!Array.isArray(node)) return;
    const stride = sizeOf(shape.slice(level + 1));
    node.forEach((child, i) => visit(child, level + 1, offset + i * stride));
  };
  if (dimensions.length === 0) nested = nested[0] as unknown as VisuValues;
  visit(nested, 0, 0);
  const labels = leaves.some((v) => typeof v === 'string');
  const values: Numbers | string[] = labels
    ? leaves.map((v) => (v === undefined ? '' : String(v)))
    : Float64Array.from(leaves, (v) =>
        typeof v === 'number' && Number.isFinite(v) && v !== MISSING_VALUE ? v : NaN,
      );
  const { units, longName, ...attributes } = array.attributes;
  return { name, dimensions, shape, values, units, longName, attributes };
}

/** Keeps `indices` along dimension `axis` of a row-major array. */
function take(array: ExportArray, axis: number, indices: number[]): ExportArray {
  const outer = sizeOf(array.shape.slice(0, axis));
  const inner = sizeOf(array.shape.slice(axis + 1));
  const length = array.shape[axis]!;
  const pick = (source: ArrayLike<number | string>, target: { [i: number]: number | string }) => {
    let k = 0;
    for (let o = 0; o < outer; o++)
      for (const index of indices)
        for (let i = 0; i < inner; i++) target[k++] = source[(o * length + index) * inner + i]!;
  };
  const count = outer * indices.length * inner;
  let values: Numbers | string[];
  if (isNumeric(array.values)) {
    values = new Float64Array(count);
    pick(array.values, values);
  } else {
    values = new Array<string>(count);
    pick(array.values, values);
  }
  const shape = array.shape.slice();
  shape[axis] = indices.length;
  return { ...array, shape, values };
}

/** Drops dimension `axis` keeping index `index`; the picked coordinate is stated as an attribute. */
function pickOne(array: ExportArray, axis: number, index: number): ExportArray {
  const taken = take(array, axis, [index]);
  const dimension = array.dimensions[axis]!;
  return {
    ...taken,
    dimensions: taken.dimensions.filter((_, i) => i !== axis),
    shape: taken.shape.filter((_, i) => i !== axis),
    attributes: { ...taken.attributes, [`${dimension}_index`]: index },
  };
}

function dimensionLength(arrays: ExportArray[], dimension: string): number | undefined {
  for (const array of arrays) {
    const axis = array.dimensions.indexOf(dimension);
    if (axis >= 0) return array.shape[axis];
  }
  return undefined;
}

/** `0-3,7` → [0, 1, 2, 3, 7]: sorted, unique, each checked against the dimension's length. */
export function parseClassList(dimension: string, text: string, length: number): number[] {
  const picked = new Set<number>();
  const problem = () =>
    new SelectionError(
      `${dimension}: "${text}" is not a list of class indices from 0 to ${length - 1} (e.g. ${dimension}=0,2-4)`,
    );
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw problem();
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to >= length) throw problem();
    for (let i = from; i <= to; i++) picked.add(i);
  }
  return [...picked].sort((a, b) => a - b);
}

function selectAlong(arrays: ExportArray[], dimension: string, index: number): ExportArray[] {
  return arrays.map((array) => {
    const axis = array.dimensions.indexOf(dimension);
    return axis < 0 ? array : pickOne(array, axis, index);
  });
}

/**
 * The payload's arrays after the request's selections: `month` (zero-based) and `levelIndex` pick one
 * slice along the `month` and `level` dimensions; each class list keeps the given indices along the
 * dimension it names. A selection the statistic has no dimension for is refused, naming what it has.
 */
export function selectArrays(
  statId: string,
  kwargs: VisuKwargs,
  arrays: ExportArray[],
  selection: ExportSelection,
): ExportArray[] {
  const dimensions = [...new Set(arrays.flatMap((a) => a.dimensions))];
  const has = `its dimensions are ${dimensions.join(', ') || 'none'}`;
  let out = arrays;
  if (selection.month !== undefined) {
    const length = dimensionLength(out, MONTH_DIMENSION);
    if (length === undefined)
      throw new SelectionError(`month: ${statId} has no monthly values (${has}); leave month out`);
    if (selection.month >= length)
      throw new SelectionError(`month: ${statId} has ${length} months (0 to ${length - 1})`);
    out = selectAlong(out, MONTH_DIMENSION, selection.month);
  }
  if (selection.levelIndex !== undefined) {
    const length = dimensionLength(out, LEVEL_DIMENSION);
    const levels = kwargs.levels?.values ?? [];
    if (length === undefined) {
      // A statistic computed at one level answers the index of its own level, and no other.
      const own = kwargs.level === undefined || kwargs.level === null ? -1 : levels.indexOf(kwargs.level);
      if (own !== selection.levelIndex)
        throw new SelectionError(
          own < 0
            ? `export_level_idx: ${statId} has no levels to choose from; leave export_level_idx out`
            : `export_level_idx: ${statId} is computed at level index ${own} only`,
        );
    } else {
      if (selection.levelIndex >= length)
        throw new SelectionError(
          `export_level_idx: ${statId} has ${length} levels (index 0 to ${length - 1})`,
        );
      out = selectAlong(out, LEVEL_DIMENSION, selection.levelIndex);
    }
  }
  for (const [dimension, indices] of Object.entries(selection.classes)) {
    out = out.map((array) => {
      const axis = array.dimensions.indexOf(dimension);
      return axis < 0 ? array : take(array, axis, indices);
    });
  }
  return out;
}

/** Parses the class lists of the request against the payload's dimensions. */
export function classSelection(
  statId: string,
  arrays: ExportArray[],
  lists: Record<string, string>,
): Record<string, number[]> {
  const classes: Record<string, number[]> = {};
  const dimensions = [...new Set(arrays.flatMap((a) => a.dimensions))].filter(
    (d) => d !== MONTH_DIMENSION && d !== LEVEL_DIMENSION,
  );
  for (const [key, text] of Object.entries(lists)) {
    const length = dimensionLength(arrays, key);
    if (length === undefined || key === MONTH_DIMENSION || key === LEVEL_DIMENSION)
      throw new SelectionError(
        `${key}: not a class type of ${statId}; its class types are ${dimensions.join(', ') || 'none'}`,
      );
    classes[key] = parseClassList(key, text, length);
  }
  return classes;
}

/** The export document of a statistic's visualisation payload. */
export function payloadDocument(
  payload: VisuPayload,
  request: { month?: number; levelIndex?: number; classLists: Record<string, string> },
  context: ExportContext,
): ExportDocument {
  const { kwargs } = payload;
  const all = visuArrays(payload).map(([name, array]) => flatten(name, array));
  const selection: ExportSelection = {
    month: request.month,
    levelIndex: request.levelIndex,
    classes: classSelection(kwargs.statId, all, request.classLists),
  };
  return { kwargs, arrays: selectArrays(kwargs.statId, kwargs, all, selection), selection, context };
}

/** Label of a field's level: '10 m' above sea level, '-50 m' below it. */
export function levelLabel(level: number | undefined, levelType: string | undefined): string {
  if (level === undefined) return '';
  return levelType === 'depth' && level !== 0 ? `-${level} m` : `${level} m`;
}

/**
 * The export document of a point's full record (EFT): the time axis and every field at full resolution,
 * with units, long names, CF standard names and levels. Values are not copied: the series' typed arrays
 * are the document's (rows are taken from them while writing). `month` keeps the steps of one calendar
 * month of every year; `levelIndex` keeps, of every variable given at several levels, its level number
 * `levelIndex` (as listed in the dataset, e.g. 10, 50, 100 m).
 */
export function seriesDocument(
  series: Series,
  kwargs: VisuKwargs,
  request: { month?: number; levelIndex?: number; classLists: Record<string, string> },
  context: ExportContext,
): ExportDocument {
  const [firstClass] = Object.keys(request.classLists);
  if (firstClass !== undefined)
    throw new SelectionError(`${firstClass}: the full time series (EFT) has no classes to select`);
  let keep: Int32Array | undefined;
  if (request.month !== undefined) {
    const indices: number[] = [];
    for (let i = 0; i < series.time.length; i++)
      if (new Date(series.time[i]!).getUTCMonth() === request.month) indices.push(i);
    keep = Int32Array.from(indices);
  }
  const pick = <T extends Numbers>(values: T): T => {
    if (!keep) return values;
    const out = new (values.constructor as new (n: number) => T)(keep.length);
    for (let k = 0; k < keep.length; k++) out[k] = values[keep[k]!]!;
    return out;
  };
  let fields = Object.entries(series.fields);
  if (request.levelIndex !== undefined) {
    const levelsOf = new Map<string, number[]>();
    for (const [, field] of fields)
      if (field.variable !== undefined && field.level !== undefined)
        levelsOf.set(field.variable, [...(levelsOf.get(field.variable) ?? []), field.level]);
    if (levelsOf.size === 0)
      throw new SelectionError('export_level_idx: this point has no variables given at several levels');
    const most = Math.max(...[...levelsOf.values()].map((l) => l.length));
    if (request.levelIndex >= most)
      throw new SelectionError(
        `export_level_idx: the variables have at most ${most} levels (index 0 to ${most - 1})`,
      );
    fields = fields.filter(([, field]) => {
      if (field.variable === undefined || field.level === undefined) return true;
      const levels = (levelsOf.get(field.variable) ?? []).slice().sort((a, b) => a - b);
      return levels[request.levelIndex!] === field.level;
    });
  }
  const time: ExportArray = {
    name: TIME_DIMENSION,
    dimensions: [TIME_DIMENSION],
    shape: [keep ? keep.length : series.time.length],
    values: pick(series.time),
    units: TIME_UNITS,
    longName: 'time (UTC)',
    attributes: { standardName: 'time' },
  };
  const arrays = fields.map(([name, field]): ExportArray => {
    const values = field.values instanceof Float32Array ? field.values : Float64Array.from(field.values);
    const info = VARIABLES[field.variable ?? name];
    const attributes: ExportArray['attributes'] = {};
    if (info?.standardName) attributes.standardName = info.standardName;
    if (field.variable !== undefined) attributes.variable = field.variable;
    if (field.level !== undefined) attributes.level = field.level;
    if (field.levelType !== undefined) attributes.levelType = field.levelType;
    const level = levelLabel(field.level, field.levelType);
    return {
      name,
      dimensions: [TIME_DIMENSION],
      shape: time.shape,
      values: pick(values),
      units: field.units,
      longName: `${field.longName ?? info?.longName ?? name}${level ? ` at ${level}` : ''}`,
      attributes,
    };
  });
  return {
    kwargs,
    arrays: [time, ...arrays],
    selection: { month: request.month, levelIndex: request.levelIndex, classes: {} },
    context,
  };
}

/** The selection in words, for the files' description sheet or attribute. */
export function selectionText(selection: ExportSelection): string {
  const parts: string[] = [];
  if (selection.month !== undefined)
    parts.push(`month ${MONTH_NAMES[selection.month]} (index ${selection.month})`);
  if (selection.levelIndex !== undefined) parts.push(`level index ${selection.levelIndex}`);
  for (const [dimension, indices] of Object.entries(selection.classes))
    parts.push(`${dimension} classes ${indices.join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'everything';
}

/** The kwargs every file states in its own lines (provenanceRows), not again among the others. */
const STATED = new Set([
  'statId',
  'code',
  'title',
  'dataset',
  'node',
  'notice',
  'method',
  'periodicity',
  'variable',
  'level',
  'levels',
  'error',
]);

/**
 * The payload's other kwargs (fit parameters, goodness of fit, counts, axis labels …) as flat lines:
 * nested objects with dotted keys, lists of numbers or labels comma-joined, other lists as JSON.
 */
export function otherKwargs(kwargs: VisuKwargs): [string, string | number][] {
  const rows: [string, string | number][] = [];
  const visit = (key: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'number') rows.push([key, value === MISSING_VALUE ? NaN : value]);
    else if (typeof value === 'string') {
      if (value !== '') rows.push([key, value]);
    } else if (typeof value === 'boolean') rows.push([key, String(value)]);
    else if (Array.isArray(value)) {
      if (value.length === 0) return;
      const plain = value.every((v) => typeof v === 'number' || typeof v === 'string');
      rows.push([key, plain ? value.join(', ') : JSON.stringify(value)]);
    } else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(`${key}.${k}`, v);
  };
  for (const [key, value] of Object.entries(kwargs)) if (!STATED.has(key)) visit(key, value);
  return rows.filter(([, value]) => !(typeof value === 'number' && Number.isNaN(value)));
}

/**
 * The provenance lines every file states: statistic, dataset, node, notice, method and the point, in
 * the order a reader wants them. Values are strings or numbers.
 */
export function provenanceRows(document: ExportDocument): [string, string | number][] {
  const { kwargs, context, selection } = document;
  const rows: [string, string | number][] = [
    ['statistic', kwargs.statId],
    ['code', kwargs.code],
    ['title', kwargs.title],
    ['project', context.project],
    ['point', context.point.name],
  ];
  // a file of several points lists them in its kwargs (`points`), with no position of its own
  if (Number.isFinite(context.point.lat) && Number.isFinite(context.point.lng))
    rows.push(
      ['point latitude (degrees_north)', context.point.lat],
      ['point longitude (degrees_east)', context.point.lng],
    );
  rows.push(['dataset', kwargs.dataset]);
  if (context.provenance) rows.push(['provenance', context.provenance]);
  if (context.series) rows.push(...context.series);
  if (kwargs.node) {
    rows.push(['node latitude (degrees_north)', kwargs.node.lat]);
    rows.push(['node longitude (degrees_east)', kwargs.node.lon]);
    rows.push(['node distance (km)', kwargs.node.distanceKm]);
  }
  if (kwargs.notice) rows.push(['notice', kwargs.notice]);
  rows.push(['method', kwargs.method]);
  rows.push(['periodicity', kwargs.periodicity]);
  if (kwargs.variable) rows.push(['variable', kwargs.variable]);
  if (kwargs.level !== undefined && kwargs.level !== null) rows.push(['level (m)', kwargs.level]);
  if (kwargs.error) rows.push(['error', kwargs.error]);
  rows.push(['selection', selectionText(selection)]);
  const coverage = coverageOf(document);
  if (coverage) {
    // ACDD's time_coverage_start / _end in the nc (its attribute names are made from these items)
    rows.push(['time coverage start', isoSeconds(coverage.start)]);
    rows.push(['time coverage end', isoSeconds(coverage.end)]);
  }
  rows.push(...otherKwargs(kwargs));
  rows.push(['missing values', 'empty cells in xlsx, NaN in mat, _FillValue -999 in nc']);
  rows.push(['time', 'UTC; months are zero-based in export requests (0 = January)']);
  rows.push(['exported at (UTC)', context.exportedAt.toISOString()]);
  return rows;
}

/** ISO 8601 UTC to the second ("2000-01-01T00:00:00Z"), as ACDD writes times. */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The period the numbers cover: the first and last time of the document's time axis (after the
 * selection), else the record the statistic was computed from (context.coverage).
 */
export function coverageOf(document: ExportDocument): { start: number; end: number } | undefined {
  const time = document.arrays.find(
    (a) => a.name === TIME_DIMENSION && isTimeUnits(a.units) && a.dimensions.length === 1,
  );
  if (time && isNumeric(time.values)) {
    let start = NaN;
    let end = NaN;
    for (const t of time.values)
      if (Number.isFinite(t)) {
        if (!(t >= start)) start = t;
        if (!(t <= end)) end = t;
      }
    return Number.isFinite(start) ? { start, end } : undefined;
  }
  return document.context.coverage;
}

/** 16-point compass names of the sectors 22.5° wide, from north clockwise. */
const COMPASS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

const short = (x: number) => String(Math.round(x * 1e6) / 1e6);

/** A direction sector by its centre and width: "NE 45° [33.75°, 56.25°)" (the name for 16 sectors). */
function sectorLabel(centre: number, width: number): string {
  const wrap = (d: number) => ((d % 360) + 360) % 360;
  const name = Math.abs(width - 22.5) < 1e-9 ? `${COMPASS[Math.round(wrap(centre) / 22.5) % 16]} ` : '';
  return `${name}${short(wrap(centre))}° [${short(wrap(centre - width / 2))}°, ${short(wrap(centre + width / 2))}°)`;
}

/** A class between two edges, left-closed: "[0.5, 1)"; the last class of a rose is open: "≥ 4". */
const intervalLabel = (low: number, high: number | undefined) =>
  high === undefined ? `≥ ${short(low)}` : `[${short(low)}, ${short(high)})`;

/**
 * Labels of the dimensions of a table that have no coordinate of their own, so that a sheet names its
 * rows and columns by what they are, not by indices: bins by their edges (an array over `<dim>Edge` one
 * longer than the dimension: EJPD's x and y), direction sectors by compass name, centre and bounds (an
 * array over the dimension holding sector centres: DR's `sectors`, EJPD's `ySector`), classes by their
 * lower edges (DR's `edges` over `class`, the last open above). Enumerations (a sample's order, the
 * points of a contour) keep their indices. With the header of each.
 */
export function dimensionLabels(arrays: ExportArray[]): Map<string, { header: string; labels: string[] }> {
  const out = new Map<string, { header: string; labels: string[] }>();
  const lengths = new Map<string, number>();
  for (const a of arrays)
    a.dimensions.forEach((d, k) => lengths.set(d, Math.max(lengths.get(d) ?? 0, a.shape[k]!)));
  const numbersOf = (a: ExportArray) => (isNumeric(a.values) ? Array.from(a.values) : undefined);
  for (const [dimension, length] of lengths) {
    const oneD = arrays.filter((a) => a.dimensions.length === 1);
    const sectors = oneD.find(
      (a) => a.dimensions[0] === dimension && /sector/i.test(a.name) && a.shape[0] === length,
    );
    const sectorCentres = sectors ? numbersOf(sectors) : undefined;
    if (sectors && sectorCentres && length > 0) {
      const width = 360 / length;
      out.set(dimension, {
        header: `${dimension}: ${sectors.longName} (${sectors.units || 'degree'})`,
        labels: sectorCentres.map((c) => sectorLabel(c, width)),
      });
      continue;
    }
    // the edges of x are over xEdge; of a cell or bin dimension (ENVC's hsCell) over its stem's (hsEdge)
    const edgeDimensions = [`${dimension}Edge`, `${dimension.replace(/(Cell|Bin)$/, '')}Edge`];
    const edges = oneD.find((a) => edgeDimensions.includes(a.dimensions[0]!) && a.shape[0] === length + 1);
    const edgeValues = edges ? numbersOf(edges) : undefined;
    if (edges && edgeValues) {
      out.set(dimension, {
        header: `${dimension}: ${edges.longName.replace(/ edge$/, '')} (${edges.units || '1'})`,
        labels: Array.from({ length }, (_, k) => intervalLabel(edgeValues[k]!, edgeValues[k + 1])),
      });
      continue;
    }
    const lower = oneD.find(
      (a) => a.dimensions[0] === dimension && a.name === 'edges' && a.shape[0] === length,
    );
    const lowerValues = lower ? numbersOf(lower) : undefined;
    if (lower && lowerValues)
      out.set(dimension, {
        header: `${dimension}: ${lower.longName.replace(/ lower edge$/, '')} (${lower.units || '1'})`,
        labels: lowerValues.map((e, k) => intervalLabel(e, lowerValues[k + 1])),
      });
  }
  return out;
}
