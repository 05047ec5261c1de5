// An .xlsx workbook as the plain cell grid the planning reader of the core reads (issue 22 rule 15):
// values only (the cached result of a formula), dates as UTC Dates, rich text as its text. Workbooks written
// by Excel and by openpyxl both load: openpyxl writes absolute part targets ("/xl/worksheets/sheet1.xml") in
// its relationship files, which exceljs 4.4 resolves against the folder of the part; they are made relative
// before loading. Workbooks are untrusted: they inflate through the counting zip reader (zip.ts) only.
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './libraries';
import JSZip from 'jszip';
import type { CellValue, SheetGrid, WorkbookGrid } from '@metocean/core';
import { readZip, ZipError } from './zip';

export class WorkbookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkbookError';
  }
}

export interface WorkbookLimits {
  /** What the workbook's parts may inflate to, counted as they inflate (not as the zip declares them). */
  maxInflatedBytes: number;
  /** Parts (files) the workbook may hold. */
  maxParts: number;
  /** Cells the worksheets may store in all, and the largest extent (rows × columns) of one sheet. */
  maxCells: number;
}

/**
 * A planning workbook's limits (issue 29): a plan is hundreds of rows of about ten columns, so 100,000
 * cells and 16 MB of inflated XML leave room for notes and formatting, not for a dense sheet that would
 * take seconds and hundreds of megabytes to parse.
 */
export const PLAN_WORKBOOK_LIMITS: WorkbookLimits = {
  maxInflatedBytes: 16 * 1024 * 1024,
  maxParts: 500,
  maxCells: 100_000,
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Stored cells of a worksheet part: its <c> elements, counted in the XML before anything parses it. */
function storedCells(xml: Buffer): number {
  let count = 0;
  for (let at = xml.indexOf('<c'); at >= 0; at = xml.indexOf('<c', at + 2)) {
    const next = xml[at + 2];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d)
      count++;
  }
  return count;
}

/** Makes openpyxl's absolute relationship targets relative to the part's folder (what exceljs resolves). */
function relativeTargets(name: string, xml: string): string {
  // a part's rels live in <folder>/_rels/<part>.rels; targets are relative to <folder>
  const folder = name.replace(/_rels\/[^/]*$/, '');
  const from = folder.split('/').filter(Boolean);
  return xml.replace(/Target="\/([^"]+)"/g, (_, target: string) => {
    const to = target.split('/');
    let common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    return `Target="${[...from.slice(common).map(() => '..'), ...to.slice(common)].join('/')}"`;
  });
}

/**
 * An .xlsx workbook loaded by exceljs from parts inflated only by the counting zip reader (readZip): the parts
 * are counted against the limits, the stored cells of every worksheet counted, and exceljs reads them from a
 * re-packed archive that stores them uncompressed, so nothing inflates past what was counted whatever the
 * zip's headers say. Throws ZipError for an archive refused (its callers word it) and WorkbookError for a
 * workbook with too many cells or that exceljs cannot read.
 */
export async function openWorkbook(buffer: Uint8Array, limits: WorkbookLimits): Promise<ExcelJS.Workbook> {
  const parts = await readZip(buffer, {
    budget: {
      maxEntries: limits.maxParts,
      maxEntryBytes: limits.maxInflatedBytes,
      maxTotalBytes: limits.maxInflatedBytes,
    },
    action: () => 'keep',
  });
  let cells = 0;
  for (const [name, bytes] of parts)
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) cells += storedCells(bytes);
  if (cells > limits.maxCells)
    throw new WorkbookError(
      `the workbook holds ${cells.toLocaleString('en-US')} cells; the limit is ${limits.maxCells.toLocaleString('en-US')}`,
    );
  const zip = new JSZip();
  for (const [name, bytes] of parts)
    zip.file(name, name.endsWith('.rels') ? relativeTargets(name, bytes.toString('utf8')) : bytes);
  parts.clear();
  const stored = await zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    await workbook.xlsx.load(stored as unknown as ArrayBuffer);
  } catch {
    throw new WorkbookError('the file is not a readable .xlsx workbook');
  }
  return workbook;
}

function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null || typeof result === 'object') {
        return result instanceof Date ? result : null;
      }
      return result as number | string | boolean;
    }
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return null;
}

/** What a refused archive means for the person who sent a workbook. */
function workbookError(error: ZipError, limits: WorkbookLimits): WorkbookError {
  switch (error.problem) {
    case 'tooLarge':
      return new WorkbookError(`the workbook inflates to more than ${mb(limits.maxInflatedBytes)} MB`);
    case 'tooManyEntries':
      return new WorkbookError(`the workbook holds more than ${limits.maxParts} parts`);
    case 'lying':
      return new WorkbookError(
        'the workbook is damaged: the size of one of its parts is not the one its header declares',
      );
    case 'unsafePath':
      return new WorkbookError(`the workbook holds a part with an unsafe path: "${error.entry}"`);
    case 'broken':
      return new WorkbookError('the file is not an .xlsx workbook (it is not a zip archive)');
  }
}

/** The grid of every worksheet of an .xlsx file (a planning workbook unless other limits are given). */
export async function loadWorkbookGrid(
  buffer: Uint8Array,
  limits: WorkbookLimits = PLAN_WORKBOOK_LIMITS,
): Promise<WorkbookGrid> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await openWorkbook(buffer, limits);
  } catch (error) {
    throw error instanceof ZipError ? workbookError(error, limits) : error;
  }
  const sheets: SheetGrid[] = workbook.worksheets.map((sheet) => {
    const rowCount = sheet.rowCount;
    const columnCount = sheet.columnCount;
    if (rowCount * columnCount > limits.maxCells)
      throw new WorkbookError(
        `sheet "${sheet.name}" is too large (${rowCount} rows × ${columnCount} columns; a plan may span ${limits.maxCells.toLocaleString('en-US')} cells)`,
      );
    return {
      name: sheet.name,
      rowCount,
      columnCount,
      cell: (row, column) => cellValue(sheet.getCell(row, column).value),
    };
  });
  return { sheets };
}
