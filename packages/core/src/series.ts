// The one columnar series type every reader produces and every statistic consumes (STYLE.md: Grafana's
// DataFrame with units and interval), its regular grid, its gaps and its levels.
import type { Calendar } from './calendar';
import { sharedCalendar } from './shared';

export type NumericArray = Float32Array | Float64Array;

export interface Field {
  values: NumericArray;
  units: string;
  longName?: string;
  /** Name of the physical variable when the series holds several levels of it (e.g. current speed). */
  variable?: string;
  /** Depth (m, positive down) or altitude (m) of this level. */
  level?: number;
  levelType?: 'depth' | 'altitude';
}

export interface Series {
  /** UTC epoch milliseconds, strictly increasing, one per step. */
  time: Float64Array;
  /** Regular step of the grid in milliseconds (3,600,000 for hourly series). */
  stepMs: number;
  fields: Record<string, Field>;
}

export const HOUR_MS = 3_600_000;
/**
 * The step of a regular time axis (Series.time): the first difference, or an hour for fewer than two
 * times. Statistics that count steps in hours (windows, annual coverage, POT λ) take it as their default,
 * so a 3-hourly series is computed at its own step, not as an hourly one with two steps in three missing.
 */
export function stepOfTime(time: ArrayLike<number>): number {
  const step = time.length > 1 ? time[1]! - time[0]! : HOUR_MS;
  return step > 0 ? step : HOUR_MS;
}

/** Mean Gregorian year in hours (365.2425 d), used to turn counts of hours into years. */
export const HOURS_PER_YEAR = 8765.82;

/**
 * A row toRegularGrid cannot place: off the grid (`earlier` null) or on the step of an earlier row. Carries
 * the row indices, so a reader can name the lines of its file.
 */
export class GridRowError extends RangeError {
  constructor(
    message: string,
    readonly row: number,
    readonly earlier: number | null,
  ) {
    super(message);
    this.name = 'GridRowError';
  }
}

/**
 * Puts irregular rows on their regular grid: the grid runs from the first to the last time with step
 * `stepMs`, absent steps become NaN (missing). Times must be multiples of the step from the first time, in
 * any order; two rows on one step are an error.
 */
export function toRegularGrid(
  times: ArrayLike<number>,
  columns: Record<string, ArrayLike<number>>,
  stepMs: number = HOUR_MS,
): { time: Float64Array; values: Record<string, Float64Array> } {
  if (!(stepMs > 0)) throw new RangeError('toRegularGrid: stepMs must be positive');
  const n = times.length;
  const names = Object.keys(columns);
  if (n === 0) {
    return {
      time: new Float64Array(0),
      values: Object.fromEntries(names.map((k) => [k, new Float64Array(0)])),
    };
  }
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    if (!Number.isFinite(t)) throw new RangeError(`toRegularGrid: times[${i}] is not a finite time`);
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const size = Math.round((last - first) / stepMs) + 1;
  const time = new Float64Array(size);
  for (let k = 0; k < size; k++) time[k] = first + k * stepMs;
  const values: Record<string, Float64Array> = {};
  for (const name of names) {
    const column = columns[name]!;
    if (column.length !== n)
      throw new RangeError(`toRegularGrid: column ${name} has ${column.length} rows, not ${n}`);
    values[name] = new Float64Array(size).fill(NaN);
  }
  // the row each step was given by: two rows on one step are an error, not the later one winning
  const rowOf = new Int32Array(size).fill(-1);
  for (let i = 0; i < n; i++) {
    const offset = (times[i]! - first) / stepMs;
    const k = Math.round(offset);
    if (Math.abs(offset - k) > 1e-9) {
      throw new GridRowError(`toRegularGrid: times[${i}] is not on the ${stepMs} ms grid`, i, null);
    }
    if (rowOf[k] !== -1)
      throw new GridRowError(`toRegularGrid: times[${rowOf[k]}] and times[${i}] are one step`, i, rowOf[k]!);
    rowOf[k] = i;
    for (const name of names) values[name]![k] = columns[name]![i]!;
  }
  return { time, values };
}

export interface Gap {
  /** Index of the first missing step. */
  start: number;
  /** Number of consecutive missing steps. */
  length: number;
}

/** Maximal runs of missing (NaN) values. */
export function findGaps(values: ArrayLike<number>): Gap[] {
  const gaps: Gap[] = [];
  let start = -1;
  for (let i = 0; i <= values.length; i++) {
    const missing = i < values.length && Number.isNaN(values[i]!);
    if (missing && start < 0) start = i;
    if (!missing && start >= 0) {
      gaps.push({ start, length: i - start });
      start = -1;
    }
  }
  return gaps;
}

/**
 * UTC year and month (1-12) of every time: a copy of the calendar the statistics of the point share
 * (shared.ts; calendar.ts computes it), so the caller may change it.
 */
export function calendarOf(time: Float64Array): Calendar {
  const { year, month, runStart } = sharedCalendar(time);
  return { year: year.slice(), month: month.slice(), runStart: runStart.slice() };
}

/** Fields of one variable ordered by level (for per-level statistics and profiles). */
export function levelsOf(series: Series, variable: string): { name: string; field: Field }[] {
  return Object.entries(series.fields)
    .filter(([, field]) => field.variable === variable && field.level !== undefined)
    .map(([name, field]) => ({ name, field }))
    .sort((a, b) => a.field.level! - b.field.level!);
}

/** Field by name, or an error naming the function and the missing field. */
export function fieldOf(series: Series, name: string, caller: string): Field {
  const field = series.fields[name];
  if (!field) {
    throw new RangeError(`${caller}: no field "${name}" (have ${Object.keys(series.fields).join(', ')})`);
  }
  return field;
}
