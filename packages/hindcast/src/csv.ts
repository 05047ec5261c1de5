// CSV point series in: a header row, `#` comment lines skipped, `,` or `;` separators with optional
// spaces, the time in the first column as `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD-HH` (UTC), CRLF or LF.
// Rows are put on their regular hourly grid, so absent hours become NaN gaps. A file is read whole or
// refused: a row whose cells do not match the header, a cell that is not a number, an impossible date or
// a time given twice is an error naming its line.
import { GridRowError, HOUR_MS, toRegularGrid } from '@metocean/core';
import type { Field, Series } from '@metocean/core';

export interface CsvTable {
  columns: string[];
  rows: string[][];
  /** Line of the file (1-based) each row comes from, for messages. */
  lines: number[];
  /** Units and long names declared in metocean-api comment lines (`#name,standard_name,long_name,units`). */
  metadata: Record<string, { longName: string; units: string }>;
}

const SEPARATOR = /\s*[,;]\s*/;

/** Splits CSV text into header and rows (no quoting: metocean files have none). */
export function parseCsvTable(text: string): CsvTable {
  const lines = text.split(/\r?\n/);
  const metadata: CsvTable['metadata'] = {};
  let columns: string[] | null = null;
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let inVariableBlock = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const parts = line.slice(1).split(SEPARATOR);
      if (parts[0]?.toLowerCase() === 'variable_name') inVariableBlock = true;
      else if (inVariableBlock && parts.length >= 4) {
        metadata[parts[0]!] = { longName: parts[2]!, units: parts[3]! };
      }
      continue;
    }
    // a trailing separator (spreadsheet exports) leaves empty cells at the end: not cells of their own
    const cells = line.split(SEPARATOR);
    if (!columns) {
      while (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
      columns = cells;
      continue;
    }
    while (cells.length > columns.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length !== columns.length) {
      throw new Error(
        `line ${index + 1}: ${cells.length} cell${cells.length === 1 ? '' : 's'} where the header has ` +
          `${columns.length} (${columns.join(', ')})`,
      );
    }
    rows.push(cells);
    rowLines.push(index + 1);
  }
  if (!columns) throw new Error('no header row');
  return { columns, rows, lines: rowLines, metadata };
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T-](\d{2})(?::(\d{2})(?::(\d{2}))?)?)?Z?$/;

/**
 * UTC epoch ms of `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD-HH` or `YYYY-MM-DDTHH:MM:SSZ`; NaN if unreadable or
 * not a real time (month 13, 31 April, hour 24: Date.UTC would roll them over into another day).
 */
export function parseTime(text: string): number {
  const m = TIME.exec(text.trim());
  if (!m) return NaN;
  const parts = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return same ? date.getTime() : NaN;
}

/** Spellings of a missing value in a cell (case-insensitive), besides an empty cell. */
const MISSING = new Set(['nan', 'na', 'n/a', 'null']);
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Where a row is, for messages: its line, and its file when a record is read from several. */
function placeOf(file: number | null, line: number): string {
  return file === null ? `line ${line}` : `file ${file + 1}, line ${line}`;
}

/** A cell's number: NaN when it is empty or says missing; an error naming where it is otherwise. */
function cellValue(cell: string | undefined, column: string, file: number | null, line: number): number {
  if (cell === undefined || cell === '' || MISSING.has(cell.toLowerCase())) return NaN;
  if (!DECIMAL.test(cell)) {
    throw new Error(
      `${placeOf(file, line)}: column "${column}" holds "${cell}", not a number (leave the cell empty or write NaN for a missing value)`,
    );
  }
  return Number(cell);
}

/** Column name and units from a header cell like `significant wave height (m)`. */
function nameAndUnits(header: string): { name: string; units: string } {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(header);
  return m ? { name: m[1]!, units: m[2]! } : { name: header, units: '' };
}

/** Numeric columns of a table (empty and missing cells NaN; any other cell that is not a number is an error). */
export function numericColumns(table: CsvTable): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  table.columns.forEach((header, c) => {
    const { name } = nameAndUnits(header);
    const values = new Float64Array(table.rows.length);
    table.rows.forEach((row, r) => (values[r] = cellValue(row[c], name, null, table.lines[r]!)));
    out[name] = values;
  });
  return out;
}

/**
 * Series from one or more CSV texts (e.g. a buoy record split in files), put on the regular hourly grid.
 * Rows may come in any order; a time given twice is an error. Errors name the line (and the text, when
 * there are several).
 */
export function parseCsvSeries(texts: string | readonly string[], stepMs: number = HOUR_MS): Series {
  const list = typeof texts === 'string' ? [texts] : texts;
  const times: number[] = [];
  // for the messages about a row's time: its text, its file and its line
  const timeTexts: string[] = [];
  const fileOf: (number | null)[] = [];
  const lineOf: number[] = [];
  const columns: Record<string, number[]> = {};
  const fields: Record<string, Omit<Field, 'values'>> = {};
  for (const [k, text] of list.entries()) {
    const file = list.length > 1 ? k : null;
    let table: CsvTable;
    try {
      table = parseCsvTable(text);
    } catch (error) {
      if (file === null) throw error;
      throw new Error(`file ${k + 1}: ${(error as Error).message}`, { cause: error });
    }
    const headers = table.columns.slice(1).map(nameAndUnits);
    for (const { name, units } of headers) {
      columns[name] ??= new Array<number>(times.length).fill(NaN);
      const meta = table.metadata[name];
      fields[name] ??= meta ? { units: units || meta.units, longName: meta.longName } : { units };
    }
    const names = Object.keys(columns);
    const cellIndex = names.map((name) => headers.findIndex((h) => h.name === name) + 1);
    for (const [r, row] of table.rows.entries()) {
      const line = table.lines[r]!;
      const t = parseTime(row[0] ?? '');
      if (Number.isNaN(t)) {
        throw new Error(
          `${placeOf(file, line)}: unreadable time "${row[0]}" (expected YYYY-MM-DD HH:MM:SS or YYYY-MM-DD-HH, UTC)`,
        );
      }
      times.push(t);
      timeTexts.push(row[0]!);
      fileOf.push(file);
      lineOf.push(line);
      names.forEach((name, c) =>
        columns[name]!.push(cellValue(cellIndex[c]! > 0 ? row[cellIndex[c]!] : undefined, name, file, line)),
      );
    }
  }
  let grid;
  try {
    grid = toRegularGrid(times, columns, stepMs);
  } catch (error) {
    if (!(error instanceof GridRowError)) throw error;
    // the grid names rows by index: the message names their lines
    const { row, earlier } = error;
    const at = placeOf(fileOf[row] ?? null, lineOf[row]!);
    if (earlier !== null) {
      const before = placeOf(fileOf[earlier] ?? null, lineOf[earlier]!);
      throw new Error(`${at}: the time ${timeTexts[row]} was already given on ${before}`, { cause: error });
    }
    const name = stepMs === HOUR_MS ? 'hourly grid' : `grid of ${stepMs / 60_000}-minute steps`;
    throw new Error(`${at}: the time ${new Date(times[row]!).toISOString()} is not on the ${name}`, {
      cause: error,
    });
  }
  const out: Record<string, Field> = {};
  for (const [name, meta] of Object.entries(fields)) out[name] = { ...meta, values: grid.values[name]! };
  return { time: grid.time, stepMs, fields: out };
}
