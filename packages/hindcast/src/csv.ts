// CSV point series in: a header row, `#` comment lines skipped, `,` or `;` separators with optional
// spaces, the time in the first column as `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD-HH` (UTC), CRLF or LF.
// Rows are put on their regular hourly grid, so absent hours become NaN gaps.
import { HOUR_MS, toRegularGrid } from '@metocean/core';
import type { Field, Series } from '@metocean/core';

export interface CsvTable {
  columns: string[];
  rows: string[][];
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
  let inVariableBlock = false;
  for (const raw of lines) {
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
    const cells = line.split(SEPARATOR);
    if (!columns) columns = cells;
    else rows.push(cells);
  }
  if (!columns) throw new Error('parseCsvTable: no header row');
  return { columns, rows, metadata };
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T-](\d{2})(?::(\d{2})(?::(\d{2}))?)?)?Z?$/;

/** UTC epoch ms of `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD-HH` or `YYYY-MM-DDTHH:MM:SSZ`; NaN if unreadable. */
export function parseTime(text: string): number {
  const m = TIME.exec(text.trim());
  if (!m) return NaN;
  return Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
}

/** Column name and units from a header cell like `significant wave height (m)`. */
function nameAndUnits(header: string): { name: string; units: string } {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(header);
  return m ? { name: m[1]!, units: m[2]! } : { name: header, units: '' };
}

/** Numeric columns of a table (non-numeric cells become NaN). */
export function numericColumns(table: CsvTable): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  table.columns.forEach((header, c) => {
    const values = new Float64Array(table.rows.length);
    table.rows.forEach((row, r) => {
      const cell = row[c];
      values[r] = cell === undefined || cell === '' ? NaN : Number(cell);
    });
    out[nameAndUnits(header).name] = values;
  });
  return out;
}

/**
 * Series from one or more CSV texts (e.g. a buoy record split in files), put on the regular hourly grid.
 * Throws on an unreadable time, naming the line.
 */
export function parseCsvSeries(texts: string | readonly string[], stepMs: number = HOUR_MS): Series {
  const times: number[] = [];
  const columns: Record<string, number[]> = {};
  const fields: Record<string, Omit<Field, 'values'>> = {};
  for (const text of typeof texts === 'string' ? [texts] : texts) {
    const table = parseCsvTable(text);
    const headers = table.columns.slice(1).map(nameAndUnits);
    for (const { name, units } of headers) {
      columns[name] ??= new Array<number>(times.length).fill(NaN);
      const meta = table.metadata[name];
      fields[name] ??= meta ? { units: units || meta.units, longName: meta.longName } : { units };
    }
    const names = Object.keys(columns);
    const cellIndex = names.map((name) => headers.findIndex((h) => h.name === name) + 1);
    for (const [r, row] of table.rows.entries()) {
      const t = parseTime(row[0] ?? '');
      if (Number.isNaN(t)) throw new Error(`parseCsvSeries: row ${r + 1} has an unreadable time "${row[0]}"`);
      times.push(t);
      names.forEach((name, k) => {
        const cell = cellIndex[k]! > 0 ? row[cellIndex[k]!] : undefined;
        columns[name]!.push(cell === undefined || cell === '' ? NaN : Number(cell));
      });
    }
  }
  const grid = toRegularGrid(times, columns, stepMs);
  const out: Record<string, Field> = {};
  for (const [name, meta] of Object.entries(fields)) out[name] = { ...meta, values: grid.values[name]! };
  return { time: grid.time, stepMs, fields: out };
}
