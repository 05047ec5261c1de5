// An .xlsx workbook as the plain cell grid the planning reader of the core reads (issue 22 rule 15):
// values only (the cached result of a formula), dates as UTC Dates, rich text as its text. Workbooks written
// by Excel and by openpyxl both load: openpyxl writes absolute part targets ("/xl/worksheets/sheet1.xml") in
// its relationship files, which exceljs 4.4 resolves against the folder of the part; they are made relative
// before loading.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { CellValue, SheetGrid, WorkbookGrid } from '@metocean/core';

export class WorkbookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkbookError';
  }
}

/** Largest sheet extent read (rows × columns): a planning is a few hundred rows. */
const MAX_CELLS = 2_000_000;
/** Largest workbook once inflated (the sum of its parts as the zip declares them): refuses zip bombs. */
export const MAX_INFLATED_BYTES = 50 * 1024 * 1024;

async function relativeTargets(buffer: Uint8Array): Promise<Uint8Array> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buffer);
  } catch {
    throw new WorkbookError('the file is not an .xlsx workbook (it is not a zip archive)');
  }
  let inflated = 0;
  for (const entry of Object.values(zip.files)) {
    // jszip keeps each entry's declared size from the central directory, read before anything is inflated
    const size = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    inflated += size;
  }
  if (inflated > MAX_INFLATED_BYTES)
    throw new WorkbookError(`the workbook inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB`);
  let changed = false;
  for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.rels'))) {
    const xml = await zip.file(name)!.async('string');
    // a part's rels live in <folder>/_rels/<part>.rels; targets are relative to <folder>
    const folder = name.replace(/_rels\/[^/]*$/, '');
    const from = folder.split('/').filter(Boolean);
    const fixed = xml.replace(/Target="\/([^"]+)"/g, (_, target: string) => {
      changed = true;
      const to = target.split('/');
      let common = 0;
      while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
      return `Target="${[...from.slice(common).map(() => '..'), ...to.slice(common)].join('/')}"`;
    });
    if (fixed !== xml) zip.file(name, fixed);
  }
  return changed ? zip.generateAsync({ type: 'uint8array' }) : buffer;
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

/** The grid of every worksheet of an .xlsx file. */
export async function loadWorkbookGrid(buffer: Uint8Array): Promise<WorkbookGrid> {
  const workbook = new ExcelJS.Workbook();
  try {
    const bytes = await relativeTargets(buffer);
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError('the file is not a readable .xlsx workbook');
  }
  const sheets: SheetGrid[] = workbook.worksheets.map((sheet) => {
    const rowCount = sheet.rowCount;
    const columnCount = sheet.columnCount;
    if (rowCount * columnCount > MAX_CELLS)
      throw new WorkbookError(
        `sheet "${sheet.name}" is too large (${rowCount} rows × ${columnCount} columns)`,
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
