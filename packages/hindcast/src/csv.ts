// CSV tables through csv-parse (RFC 4180; docs/decisions.md, issue 21): quoted cells and header cells,
// `,` `;` or tab separators detected from the header line, a UTF-8 BOM, CRLF or LF, `#` comment lines,
// spaces around the separators, decimal commas where the separator is `;` or a tab. Cells stay text here;
// csv-series.ts turns a table into a point series (times, step, fill values).
import { CsvError, parse } from 'csv-parse/sync';

export type Delimiter = ',' | ';' | '\t';
export type DecimalMark = '.' | ',';

export interface CsvTable {
  columns: string[];
  rows: string[][];
  /** Line of the file (1-based) each row comes from, for messages. */
  lines: number[];
  /** Units and long names declared in metocean-api comment lines (`#name,standard_name,long_name,units`). */
  metadata: Record<string, { longName: string; units: string }>;
  delimiter: Delimiter;
  /** Decimal mark of the numbers: ',' only with `;` or tab separators (given, or seen in the cells). */
  decimal: DecimalMark;
}

export interface CsvTableOptions {
  /** Decimal mark; by default ',' when the separator is `;` or a tab and a number is written `1,5`. */
  decimal?: DecimalMark;
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];
const SEPARATOR = /\s*[,;\t]\s*/;
const NAMES: Record<Delimiter, string> = { ',': '","', ';': '";"', '\t': 'tab' };

/** Lines of the text without a BOM (for the comment lines and the header). */
function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
}

/** Separators of a line outside double quotes. */
function countOutsideQuotes(line: string, delimiter: Delimiter): number {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * The separator of a table: the one of `,` `;` and tab that the header line holds most often outside quotes
 * (the header has no numbers, so a decimal comma cannot mislead it); a one-column file is `,`.
 */
export function detectDelimiter(text: string): Delimiter {
  const header = linesOf(text).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#')) ?? '';
  let best: Delimiter = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const n = countOutsideQuotes(header, d);
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** `#variable_name,standard_name,long_name,units` blocks of metocean-api files. */
function commentMetadata(lines: readonly string[]): CsvTable['metadata'] {
  const metadata: CsvTable['metadata'] = {};
  let inVariableBlock = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line.startsWith('#')) continue;
    const parts = line.slice(1).split(SEPARATOR);
    if (parts[0]?.toLowerCase() === 'variable_name') inVariableBlock = true;
    else if (inVariableBlock && parts.length >= 4) {
      metadata[parts[0]!] = { longName: parts[2]!, units: parts[3]! };
    }
  }
  return metadata;
}

const DECIMAL_COMMA = /^[+-]?\d*,\d+(?:[eE][+-]?\d+)?$/;

interface Parsed {
  record: string[];
  info: { lines: number };
}

/** csv-parse's reading of the text; a syntax error names its line and says what a cell may hold. */
function parseWith(text: string, delimiter: Delimiter, info: boolean): unknown[] {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    // csv-parse's message names the line and the character it expected (a closing quote, a separator)
    throw new Error(
      `${line ? `line ${line}: ` : ''}not a valid CSV (${error.message.replace(/\s+/g, ' ')}); ` +
        `quote a cell holding the separator ${NAMES[delimiter]} with "…" and double a quote inside it`,
      { cause: error },
    );
  }
}

/**
 * The records with the line each comes from. csv-parse's per-record info costs four times the parse, so
 * the lines are those of the file that are neither empty nor comments, when there are as many as records
 * (no cell spans lines); otherwise csv-parse counts them.
 */
function parseRecords(text: string, delimiter: Delimiter): Parsed[] {
  const records = parseWith(text, delimiter, false) as string[][];
  const lines: number[] = [];
  linesOf(text).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) lines.push(i + 1);
  });
  if (lines.length === records.length)
    return records.map((record, i) => ({ record, info: { lines: lines[i]! } }));
  return parseWith(text, delimiter, true) as Parsed[];
}

/** Splits CSV text into header and rows; an error names the line and says what was expected. */
export function parseCsvTable(text: string, options: CsvTableOptions = {}): CsvTable {
  const delimiter = detectDelimiter(text);
  if (options.decimal === ',' && delimiter === ',') {
    throw new Error('a decimal comma needs ";" or tab separators: this file separates its cells with ","');
  }
  const records = parseRecords(text, delimiter);
  const [head, ...body] = records;
  if (!head) throw new Error('no header row');
  const columns = [...head.record];
  // a trailing separator (spreadsheet exports) leaves empty cells at the end: not cells of their own
  while (columns.length > 1 && columns[columns.length - 1] === '') columns.pop();
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { record, info } of body) {
    const cells = [...record];
    while (cells.length > columns.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length !== columns.length) {
      throw new Error(
        `line ${info.lines}: ${cells.length} cell${cells.length === 1 ? '' : 's'} where the header has ` +
          `${columns.length} (${columns.join(', ')}), separated by ${NAMES[delimiter]}`,
      );
    }
    rows.push(cells);
    lines.push(info.lines);
  }
  let decimal: DecimalMark = options.decimal ?? '.';
  if (options.decimal === undefined && delimiter !== ',') {
    if (rows.some((row) => row.some((cell) => DECIMAL_COMMA.test(cell)))) decimal = ',';
  }
  return { columns, rows, lines, metadata: commentMetadata(linesOf(text)), delimiter, decimal };
}

/** Spellings of a missing value in a cell (case-insensitive), besides an empty cell; MM is NDBC's. */
export const MISSING_WORDS: ReadonlySet<string> = new Set(['nan', 'na', 'n/a', 'null', 'mm']);
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Where a row is, for messages: its line, and its file when a record is read from several. */
export function placeOf(file: number | null, line: number): string {
  return file === null ? `line ${line}` : `file ${file + 1}, line ${line}`;
}

/**
 * A cell's number: NaN when it is empty or says missing; an error naming where it is and what was expected
 * otherwise. With a decimal comma, `1,5` is 1.5 and `1.5` is refused (a thousands separator or another
 * file's convention: never guessed).
 */
export function cellValue(
  cell: string | undefined,
  column: string,
  file: number | null,
  line: number,
  decimal: DecimalMark = '.',
): number {
  if (cell === undefined || cell === '' || MISSING_WORDS.has(cell.toLowerCase())) return NaN;
  // with a decimal comma a point is refused, not read: `1.5` may be another file's convention, `1.234`
  // a thousands separator
  const text = decimal === ',' ? (cell.includes('.') ? '' : cell.replace(',', '.')) : cell;
  if (!DECIMAL.test(text)) {
    const expected =
      decimal === ','
        ? 'a number with a decimal comma like 1,5'
        : DECIMAL_COMMA.test(cell)
          ? 'a number with a decimal point like 1.5 (a decimal comma needs ";" separators or --decimal ,)'
          : 'a number like 1.5';
    throw new Error(
      `${placeOf(file, line)}: column "${column}" holds "${cell}" where ${expected} was expected ` +
        '(leave the cell empty or write NaN for a missing value)',
    );
  }
  return Number(text);
}

/** Column name and units from a header cell like `significant wave height (m)` or `Hs [m]`. */
export function nameAndUnits(header: string): { name: string; units: string } {
  const m = /^(.*?)\s*(?:\(([^)]*)\)|\[([^\]]*)\])\s*$/.exec(header);
  return m && m[1] ? { name: m[1], units: (m[2] ?? m[3] ?? '').trim() } : { name: header, units: '' };
}

/** Numeric columns of a table (empty and missing cells NaN; any other cell that is not a number is an error). */
export function numericColumns(table: CsvTable): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  table.columns.forEach((header, c) => {
    const { name } = nameAndUnits(header);
    const values = new Float64Array(table.rows.length);
    table.rows.forEach(
      (row, r) => (values[r] = cellValue(row[c], name, null, table.lines[r]!, table.decimal)),
    );
    out[name] = values;
  });
  return out;
}
