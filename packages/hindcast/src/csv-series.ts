// CSV point series in (csv.ts reads the table): the time in the first column as `YYYY-MM-DD HH:MM:SS`,
// `YYYY-MM-DD-HH` or ISO 8601 (UTC); the record's own regular step inferred from its times (10 min … 1 day)
// or given; absent steps become NaN gaps. Values that are not data — NDBC's MM, values declared missing,
// values outside the catalogue variable's physical range (Hs −999, NDBC 99.00) — are missing and counted,
// and the count is reported; a common fill code in a column outside the catalogue is reported, not guessed.
// A file is read whole or refused: every error names its line (and its file, when there are several).
import { GridRowError, toRegularGrid } from '@metocean/core';
import type { Field, Series } from '@metocean/core';
import { catalogueKey, unitConversion } from './cf';
import { PHYSICAL_RANGES, VARIABLES } from './model';
import {
  cellValue,
  MISSING_WORDS,
  nameAndUnits,
  parseCsvTable,
  placeOf,
  type CsvTable,
  type CsvTableOptions,
  type DecimalMark,
  type Delimiter,
} from './csv';

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T-](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?)?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * UTC epoch ms of `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD-HH` or ISO 8601 `YYYY-MM-DDTHH:MM:SS[.sss]` with `Z`,
 * `UTC` or an offset (`+00:00`, `+0100`; taken back to UTC), UTC without one; NaN if unreadable or not a
 * real time (month 13, 31 April, hour 24: Date.UTC would roll them over into another day).
 */
export function parseTime(text: string): number {
  const m = TIME.exec(text.trim());
  if (!m) return NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  // checked by hand, not by a Date that rolls 31 April over into 1 May (one row per call: no allocation)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  const same =
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!same) return NaN;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // an explicit offset (pandas writes +00:00) is taken back to UTC
  const zone = /^([+-])(\d{2}):?(\d{2})?$/.exec(m[8] ?? '');
  if (!zone) return utc;
  const offsetMs = (Number(zone[2]) * 60 + Number(zone[3] ?? 0)) * 60_000;
  return utc - (zone[1] === '-' ? -offsetMs : offsetMs);
}

/** A step for people: `10 min`, `1 h`, `3 h`, `1 d`, `90 s`. */
export function formatStep(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

const STEP = /^\s*(\d+(?:\.\d+)?)\s*(s|sec|min|m|h|hr|hour|hours|d|day|days)\s*$/i;
const STEP_UNIT_MS: Record<string, number> = { s: 1000, sec: 1000, min: 60_000, m: 60_000 };

/** A step written `10min`, `30 min`, `1h`, `3h`, `1d` in ms; an error saying what is expected otherwise. */
export function parseStep(text: string): number {
  const m = STEP.exec(text);
  const unit = m?.[2]?.toLowerCase() ?? '';
  const scale =
    STEP_UNIT_MS[unit] ?? (unit.startsWith('h') ? 3_600_000 : unit.startsWith('d') ? 86_400_000 : 0);
  const ms = m ? Math.round(Number(m[1]) * scale) : NaN;
  if (!(ms >= 1000) || ms % 1000 !== 0)
    throw new Error(`"${text}" is not a time step (expected e.g. 10min, 30min, 1h, 3h, 6h, 1d)`);
  return ms;
}

export interface CsvSeriesOptions extends CsvTableOptions {
  /** Values meaning missing besides the empty cell, NaN, NA, null and MM (the CLI's --missing). */
  missing?: readonly number[];
  /** The step when it is known; by default the record's own step, inferred from its times. */
  stepMs?: number;
  /** Keep only the rows on this step's grid (aligned on UTC midnight); the others are counted and dropped. */
  resampleMs?: number;
}

/** Values of a column read as missing, by value and reason. */
export interface MissingCount {
  column: string;
  /** The value as read (`-999`, `MM`). */
  value: string;
  count: number;
  reason: 'code' | 'declared' | 'range';
}

export interface CsvSeriesRead {
  series: Series;
  /** Values read as missing that were written as something else than an empty cell. */
  missing: MissingCount[];
  /** Sentences for the user: values treated as missing, rows dropped by a resample, suspect fill codes. */
  notes: string[];
  delimiter: Delimiter;
  decimal: DecimalMark;
}

/** Fill codes of NDBC and many loggers: reported when a column outside the catalogue holds them. */
const SUSPECT_CODES = new Set([99, 999, 9999, 99999, -99, -999, -9999, -99999]);

const LEVEL = /^(.+?)_(\d+(?:\.\d+)?)m$/;

/** Catalogue key of a CSV column (`swh`, `Hs`, `wind_speed_10m`, `significant wave height`), or null. */
export function csvColumnKey(name: string): string | null {
  const m = LEVEL.exec(name);
  const levelKey = m ? catalogueKey(m[1]!, {}) : null;
  return levelKey ?? catalogueKey(name.replace(/\s+/g, '_'), {});
}

/** The physical range of a column in its own units, or null (outside the catalogue, unknown units). */
function rangeOf(name: string, units: string): { lo: number; hi: number; text: string } | null {
  const key = csvColumnKey(name);
  const range = key ? PHYSICAL_RANGES[key] : undefined;
  if (!key || !range) return null;
  let conversion;
  try {
    conversion = unitConversion(key, units === '' ? VARIABLES[key]!.units : units);
  } catch {
    return null;
  }
  // the catalogue's range back in the column's units (scale > 0 for every catalogue conversion)
  const lo = (range[0] - conversion.offset) / conversion.scale;
  const hi = (range[1] - conversion.offset) / conversion.scale;
  const shown = units || VARIABLES[key]!.units;
  return { lo, hi, text: `the physical range of ${key}, ${lo} to ${hi} ${shown}` };
}

const count = (n: number): string => n.toLocaleString('en-US');

/** The sentences reporting values treated as missing, per column and reason. */
function missingNotes(
  missing: readonly MissingCount[],
  ranges: Record<string, { text: string } | null>,
): string[] {
  const groups = new Map<string, MissingCount[]>();
  for (const m of missing) {
    const key = `${m.column}\u0000${m.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const notes: string[] = [];
  for (const list of groups.values()) {
    const { column, reason } = list[0]!;
    const sorted = [...list].sort((a, b) => b.count - a.count);
    const total = sorted.reduce((s, m) => s + m.count, 0);
    const shown = sorted.slice(0, 3).map((m) => `${count(m.count)} of ${m.value}`);
    const rest =
      sorted.length > 3
        ? ` and ${count(total - sorted.slice(0, 3).reduce((s, m) => s + m.count, 0))} others`
        : '';
    const values =
      sorted.length === 1
        ? `${count(total)} value${total === 1 ? '' : 's'} of ${sorted[0]!.value}`
        : `${count(total)} values (${shown.join(', ')}${rest})`;
    const why =
      reason === 'range'
        ? `outside ${ranges[column]?.text ?? 'its physical range'}`
        : reason === 'declared'
          ? 'declared missing'
          : 'a missing-value code';
    notes.push(`${column}: ${values} treated as missing (${why})`);
  }
  return notes;
}

/** Mode of the positive differences of sorted times (the record's step). */
function modeOfDifferences(sorted: readonly number[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < sorted.length; i++) {
    const d = sorted[i]! - sorted[i - 1]!;
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = 0;
  let most = 0;
  for (const [d, n] of counts) if (n > most || (n === most && d < best)) [best, most] = [d, n];
  return best;
}

/**
 * Series from one or more CSV texts (e.g. a buoy record split in files), on the regular grid of its own
 * step, with the report of what was read as missing. Rows may come in any order; a time given twice, a
 * step that changes (10 min rows in a 1 h record) or a time off the grid is an error naming its lines.
 */
export function readCsvSeries(
  texts: string | readonly string[],
  options: CsvSeriesOptions = {},
): CsvSeriesRead {
  const list = typeof texts === 'string' ? [texts] : texts;
  const declared = new Set(options.missing ?? []);
  const times: number[] = [];
  // for the messages about a row's time: its text, its file and its line
  const timeTexts: string[] = [];
  const fileOf: (number | null)[] = [];
  const lineOf: number[] = [];
  const columns: Record<string, number[]> = {};
  const fields: Record<string, Omit<Field, 'values'>> = {};
  const ranges: Record<string, ReturnType<typeof rangeOf>> = {};
  const counted = new Map<string, MissingCount>();
  const suspect = new Map<string, MissingCount>();
  const tally = (
    into: Map<string, MissingCount>,
    column: string,
    value: string,
    reason: MissingCount['reason'],
  ) => {
    const key = `${column}\u0000${value}\u0000${reason}`;
    const entry = into.get(key);
    if (entry) entry.count++;
    else into.set(key, { column, value, count: 1, reason });
  };
  let delimiter: Delimiter = ',';
  let decimal: DecimalMark = options.decimal ?? '.';
  for (const [k, text] of list.entries()) {
    const file = list.length > 1 ? k : null;
    let table: CsvTable;
    try {
      table = parseCsvTable(text, options.decimal ? { decimal: options.decimal } : {});
    } catch (error) {
      if (file === null) throw error;
      throw new Error(`file ${k + 1}: ${(error as Error).message}`, { cause: error });
    }
    if (k === 0) [delimiter, decimal] = [table.delimiter, table.decimal];
    const headers = table.columns.slice(1).map(nameAndUnits);
    for (const { name, units } of headers) {
      columns[name] ??= new Array<number>(times.length).fill(NaN);
      const meta = table.metadata[name];
      fields[name] ??= meta ? { units: units || meta.units, longName: meta.longName } : { units };
      if (!(name in ranges)) ranges[name] = rangeOf(name, fields[name].units);
    }
    const names = Object.keys(columns);
    const cellIndex = names.map((name) => headers.findIndex((h) => h.name === name) + 1);
    for (const [r, row] of table.rows.entries()) {
      const line = table.lines[r]!;
      const t = parseTime(row[0] ?? '');
      if (Number.isNaN(t)) {
        throw new Error(
          `${placeOf(file, line)}: column "${table.columns[0]}" holds "${row[0]}" where a time was expected ` +
            '(YYYY-MM-DD HH:MM:SS, YYYY-MM-DD-HH or ISO 8601 YYYY-MM-DDTHH:MM:SSZ; UTC unless an offset is given)',
        );
      }
      times.push(t);
      timeTexts.push(row[0]!);
      fileOf.push(file);
      lineOf.push(line);
      names.forEach((name, c) => {
        const cell = cellIndex[c]! > 0 ? row[cellIndex[c]!] : undefined;
        let value = cellValue(cell, name, file, line, table.decimal);
        if (Number.isNaN(value)) {
          if (cell && MISSING_WORDS.has(cell.toLowerCase())) tally(counted, name, cell, 'code');
        } else if (declared.has(value)) {
          tally(counted, name, String(value), 'declared');
          value = NaN;
        } else {
          const range = ranges[name];
          if (range && !(value >= range.lo && value <= range.hi)) {
            tally(counted, name, String(value), 'range');
            value = NaN;
          } else if (!range && SUSPECT_CODES.has(value)) tally(suspect, name, String(value), 'code');
        }
        columns[name]!.push(value);
      });
    }
  }
  const notes: string[] = [];
  let rows = times.map((_, i) => i);
  let stepMs = options.stepMs ?? options.resampleMs;
  if (options.resampleMs !== undefined) {
    const step = options.resampleMs;
    rows = rows.filter((i) => times[i]! % step === 0);
    const dropped = times.length - rows.length;
    if (dropped > 0)
      notes.push(
        `${count(dropped)} of ${count(times.length)} rows are off the ${formatStep(step)} grid and were left out (resample)`,
      );
  }
  if (stepMs === undefined) stepMs = inferStep(rows, times, timeTexts, fileOf, lineOf);
  let grid;
  try {
    grid = toRegularGrid(
      // every row kept (no resample): the columns as read, without a copy
      rows.length === times.length ? times : rows.map((i) => times[i]!),
      rows.length === times.length
        ? columns
        : Object.fromEntries(Object.entries(columns).map(([name, v]) => [name, rows.map((i) => v[i]!)])),
      stepMs,
    );
  } catch (error) {
    if (!(error instanceof GridRowError)) throw error;
    // the grid names rows by index: the message names their lines
    const row = rows[error.row]!;
    const at = placeOf(fileOf[row] ?? null, lineOf[row]!);
    if (error.earlier !== null) {
      const earlier = rows[error.earlier]!;
      const before = placeOf(fileOf[earlier] ?? null, lineOf[earlier]!);
      throw new Error(`${at}: the time ${timeTexts[row]} was already given on ${before}`, { cause: error });
    }
    throw new Error(
      `${at}: the time ${new Date(times[row]!).toISOString()} is not on the grid of ${formatStep(stepMs)} steps`,
      { cause: error },
    );
  }
  const out: Record<string, Field> = {};
  for (const [name, meta] of Object.entries(fields)) out[name] = { ...meta, values: grid.values[name]! };
  const missing = [...counted.values()];
  notes.unshift(...missingNotes(missing, ranges));
  for (const s of suspect.values()) {
    notes.push(
      `${s.column}: ${count(s.count)} value${s.count === 1 ? '' : 's'} of ${s.value}, a common fill code, ` +
        'kept as data (the column is not in the catalogue): declare it missing if it is one',
    );
  }
  return { series: { time: grid.time, stepMs, fields: out }, missing, notes, delimiter, decimal };
}

/**
 * The record's own step: the most frequent difference between consecutive times. Every difference must be
 * a whole number of steps (longer ones are gaps); one that is not means the step changes within the
 * record, an error naming the two rows.
 */
function inferStep(
  rows: readonly number[],
  times: readonly number[],
  timeTexts: readonly string[],
  fileOf: readonly (number | null)[],
  lineOf: readonly number[],
): number {
  // rows are almost always in time order: sorted only when they are not
  let ordered = true;
  for (let k = 1; k < rows.length && ordered; k++) ordered = times[rows[k]!]! > times[rows[k - 1]!]!;
  const order = ordered ? rows : [...rows].sort((a, b) => times[a]! - times[b]!);
  const sorted = order.map((i) => times[i]!);
  const step = modeOfDifferences(sorted);
  if (step === 0) return 3_600_000;
  for (let k = 1; k < order.length; k++) {
    const d = sorted[k]! - sorted[k - 1]!;
    if (d > 0 && d % step !== 0) {
      const [a, b] = [order[k - 1]!, order[k]!];
      throw new Error(
        `${placeOf(fileOf[b] ?? null, lineOf[b]!)}: the time ${timeTexts[b]} comes ${formatStep(d)} after ` +
          `${timeTexts[a]} (${placeOf(fileOf[a] ?? null, lineOf[a]!)}), but the record's step is ` +
          `${formatStep(step)}: the steps are mixed. Resample the record to one step (metocean --resample ` +
          `${formatStep(step).replace(' ', '')}) to keep only the rows on its grid`,
      );
    }
  }
  return step;
}

/** The series of readCsvSeries, without the report. */
export function parseCsvSeries(texts: string | readonly string[], options: CsvSeriesOptions = {}): Series {
  return readCsvSeries(texts, options).series;
}
