// The Excel export (spec 002 §9): an 'About' sheet naming the statistic, dataset, node, provenance and
// method conventions and describing every column, then one sheet per table with the units in the
// headers. Written with exceljs's streaming writer, row by row, so the full record of a point (EFT)
// never sits in memory as a workbook.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { float32Decimal } from '@metocean/contracts';
import { loadExcelJS } from '@metocean/hindcast';
import {
  dimensionLabels,
  isTimeUnits,
  provenanceRows,
  sizeOf,
  TIME_DIMENSION,
  type ExportArray,
  type ExportDocument,
} from './document';

/** Excel's row limit (including the header row). */
export const XLSX_MAX_ROWS = 1_048_576;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

type Cell = string | number | Date | null;

function sheetNamer(): (wanted: string) => string {
  const used = new Set<string>();
  return (wanted) => {
    const base = wanted.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} ${n}`;
    used.add(name.toLowerCase());
    return name;
  };
}

const header = (array: Pick<ExportArray, 'name' | 'units'>) =>
  isTimeUnits(array.units) ? `${array.name} (UTC)` : `${array.name} (${array.units || '1'})`;

function cellOf(array: ExportArray, index: number): Cell {
  const value = array.values[index];
  if (typeof value === 'string') return value === '' ? null : value;
  if (value === undefined || Number.isNaN(value)) return null;
  if (isTimeUnits(array.units)) return new Date(value);
  // a column stored as float32 (a record's values): its shortest decimal, 1.06 not 1.059999942779541
  return array.values instanceof Float32Array ? float32Decimal(value) : value;
}

/** The coordinate of a dimension: the 1-D array named after it, when the payload has one. */
function coordinates(arrays: ExportArray[]): Map<string, ExportArray> {
  const out = new Map<string, ExportArray>();
  for (const array of arrays)
    if (array.dimensions.length === 1 && array.dimensions[0] === array.name) out.set(array.name, array);
  return out;
}

interface SheetRows {
  name: string;
  columns: { header: Cell; date: boolean }[];
  rowCount: number;
  row(index: number): Cell[];
}

/**
 * The tables of a document: scalars together; the 1-D arrays of one dimension side by side beside their
 * coordinate; each array of two or more dimensions as a cross table (rows: first dimension, columns:
 * last), one block per combination of its outer dimensions.
 */
function tables(document: ExportDocument): SheetRows[] {
  const { arrays } = document;
  const coords = coordinates(arrays);
  const labelled = dimensionLabels(arrays);
  const label = (dimension: string, index: number): Cell => {
    const coordinate = coords.get(dimension);
    if (coordinate) return cellOf(coordinate, index);
    return labelled.get(dimension)?.labels[index] ?? index;
  };
  const dimensionHeader = (dimension: string) => {
    const coordinate = coords.get(dimension);
    if (coordinate) return header(coordinate);
    return labelled.get(dimension)?.header ?? `${dimension} (index)`;
  };
  // a labelled dimension is named with what its labels are: "x: significant wave height bin (m)"
  const rowHeader = (dimension: string) => labelled.get(dimension)?.header ?? dimension;
  const out: SheetRows[] = [];
  const scalars = arrays.filter((a) => a.dimensions.length === 0);
  if (scalars.length > 0)
    out.push({
      name: 'Values',
      columns: [
        { header: 'name', date: false },
        { header: 'value', date: false },
        { header: 'units', date: false },
        { header: 'long name', date: false },
      ],
      rowCount: scalars.length,
      row: (i) => {
        const a = scalars[i]!;
        return [a.name, cellOf(a, 0), isTimeUnits(a.units) ? 'UTC' : a.units, a.longName];
      },
    });
  const usedByTables = new Set(arrays.filter((a) => a.dimensions.length > 1).flatMap((a) => a.dimensions));
  const oneD = new Map<string, ExportArray[]>();
  for (const array of arrays)
    if (array.dimensions.length === 1 && coords.get(array.dimensions[0]!) !== array)
      oneD.set(array.dimensions[0]!, [...(oneD.get(array.dimensions[0]!) ?? []), array]);
  for (const dimension of coords.keys())
    if (!oneD.has(dimension) && !usedByTables.has(dimension)) oneD.set(dimension, []);
  for (const [dimension, members] of oneD) {
    const coordinate = coords.get(dimension);
    const length = (coordinate ?? members[0])!.shape[0]!;
    out.push({
      name:
        members.length === 1 ? members[0]!.name : dimension === TIME_DIMENSION ? 'Time series' : dimension,
      columns: [
        { header: dimensionHeader(dimension), date: coordinate ? isTimeUnits(coordinate.units) : false },
        ...members.map((m) => ({ header: header(m), date: isTimeUnits(m.units) })),
      ],
      rowCount: length,
      row: (i) => [label(dimension, i), ...members.map((m) => cellOf(m, i))],
    });
  }
  for (const array of arrays.filter((a) => a.dimensions.length > 1)) {
    const rowsDim = array.dimensions.at(-2)!;
    const colsDim = array.dimensions.at(-1)!;
    const outer = array.dimensions.slice(0, -2);
    const outerShape = array.shape.slice(0, -2);
    const [nRows, nCols] = array.shape.slice(-2) as [number, number];
    const blocks = sizeOf(outerShape);
    // Per block: a title line (outer indices), then the rows; a blank line between blocks.
    const blockRows = nRows + (outer.length > 0 ? 2 : 0);
    out.push({
      name: array.name,
      columns: [
        {
          header: `${array.name} (${array.units || '1'}): rows ${rowHeader(rowsDim)}, columns ${rowHeader(colsDim)}`,
          date: false,
        },
        ...Array.from({ length: nCols }, (_, j) => ({ header: label(colsDim, j), date: false })),
      ],
      rowCount: blocks * blockRows,
      row: (r) => {
        const block = Math.floor(r / blockRows);
        let line = r % blockRows;
        if (outer.length > 0) {
          if (line === blockRows - 1) return [];
          if (line === 0) {
            let rest = block;
            const parts = outer.map((_, k) => {
              const stride = sizeOf(outerShape.slice(k + 1));
              const index = Math.floor(rest / stride);
              rest %= stride;
              const value = label(outer[k]!, index);
              return `${outer[k]} = ${value instanceof Date ? value.toISOString() : String(value)}`;
            });
            return [parts.join(', ')];
          }
          line -= 1;
        }
        const base = (block * nRows + line) * nCols;
        return [label(rowsDim, line), ...Array.from({ length: nCols }, (_, j) => cellOf(array, base + j))];
      },
    });
  }
  return out;
}

/** exceljs's sheet buffer (utils/stream-buf.js): it pipes into the zip's deflate stream, ignoring its
 * back-pressure, so the writer checks that stream itself. */
interface SheetBuffer {
  buffers?: unknown[];
  /** archiver's readable-stream 2 PassThrough: no `writableNeedDrain` getter, only its state. */
  pipes?: (Writable & { _writableState?: { needDrain?: boolean } })[];
}

/**
 * Waits while the zip's deflate stream (or, before the zip reaches the sheet, the sheet's own buffer)
 * holds more than it should: rows are produced only as fast as they are compressed and sent, so a
 * 40-year record never sits in memory as XML. A slow download holds the writer back the same way.
 */
async function backPressure(sheet: ExcelJS.Worksheet): Promise<void> {
  const buffer = (sheet as unknown as { stream?: SheetBuffer }).stream;
  for (;;) {
    const pipe = buffer?.pipes?.[0];
    if (pipe && (pipe.writableNeedDrain || pipe._writableState?.needDrain)) await once(pipe, 'drain');
    else if (!pipe && (buffer?.buffers?.length ?? 0) > 64) await new Promise((r) => setTimeout(r, 5));
    else return;
  }
}

/** Writes the document as .xlsx into `out` (ended when the workbook is complete). */
export async function writeXlsx(document: ExportDocument, out: Writable): Promise<void> {
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Metocean Studio';
  workbook.created = document.context.exportedAt;
  const nameSheet = sheetNamer();

  const about = workbook.addWorksheet(nameSheet('About'));
  about.columns = [
    { header: 'item', width: 30 },
    { header: 'value', width: 80 },
  ];
  about.getRow(1).font = { bold: true };
  for (const [item, value] of provenanceRows(document)) about.addRow([item, value]).commit();
  // a data export: the numbers as the engine holds them, said in the file (issue 30 honest digits)
  about
    .addRow([
      'numbers',
      'This file keeps full precision: values stored as 32-bit floats are written as their shortest decimal, computed values as the double they are.',
    ])
    .commit();
  about.addRow([]).commit();
  const columnsHeader = about.addRow(['array', 'long name', 'units', 'dimensions']);
  columnsHeader.font = { bold: true };
  columnsHeader.commit();
  for (const a of document.arrays)
    about
      .addRow([
        a.name,
        a.longName,
        isTimeUnits(a.units) ? 'UTC date and time' : a.units,
        a.dimensions.join(', '),
      ])
      .commit();
  about.commit();

  for (const table of tables(document)) {
    const perSheet = XLSX_MAX_ROWS - 1;
    const parts = Math.max(1, Math.ceil(table.rowCount / perSheet));
    for (let part = 0; part < parts; part++) {
      const sheet = workbook.addWorksheet(nameSheet(parts > 1 ? `${table.name} ${part + 1}` : table.name), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = table.columns.map((c) => ({
        width: c.date ? 20 : Math.min(40, Math.max(12, String(c.header).length + 2)),
        ...(c.date ? { style: { numFmt: DATE_FORMAT } } : {}),
      }));
      const head = sheet.addRow(table.columns.map((c) => c.header));
      head.font = { bold: true };
      head.commit();
      const end = Math.min(table.rowCount, (part + 1) * perSheet);
      for (let r = part * perSheet; r < end; r++) {
        sheet.addRow(table.row(r)).commit();
        if (r % 500 === 499) await backPressure(sheet);
      }
      sheet.commit();
    }
  }
  await workbook.commit();
}

/** The whole file in memory (small documents, tests). */
export async function xlsxBuffer(document: ExportDocument): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(stream, 'end');
  await writeXlsx(document, stream);
  await ended;
  return Buffer.concat(chunks);
}
