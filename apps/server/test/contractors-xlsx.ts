// Reads the contractors xlsx back (issue 31): every interval bound under a percentile row equals the API's,
// in the sheet's unit at its stated precision (1 h or 0.1 d; 0.1 % for the window formats), blank where the
// API has none; the "Years of data" row and the "Interval note" rows say what the API says.
import type ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ContractorResults } from '@metocean/contracts';

type Cell = ContractorResults['dataByPoints'][string][string];
type Bands = NonNullable<Cell['intervals']>['sequence'];

/** The row whose item is `item` (or starts with "item (") and whose percentile column reads `percentile`. */
export function contractorsRow(sheet: ExcelJS.Worksheet, item: string, percentile: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    const text = row.getCell(1).text;
    if ((text === item || text.startsWith(`${item} (`)) && row.getCell(2).text === percentile) found = row;
  });
  expect(found, `${item} ${percentile}`).toBeDefined();
  return found!;
}

/**
 * Compares every interval cell of the sheet with the API's `cell.intervals`; `items` pairs an item label
 * (or an operation's name) with its bands. Returns how many bounds were numbers.
 */
export function expectIntervalCells(
  sheet: ExcelJS.Worksheet,
  results: ContractorResults,
  cell: Cell,
  items: [string, Bands][],
): number {
  const header = sheet.getRow(5).getCell(3).text; // "Jan (h)", "Jan (d)" or "Jan (%)"
  const unit = /\((\w+|%)\)$/.exec(header)![1];
  const digits = unit === 'h' ? 0 : 1;
  const inUnit = (v: number) => (unit === 'h' ? v * 24 : v);
  const coverage = `${Math.round(results.intervals!.ci * 1000) / 10} %`;
  let bounds = 0;
  for (const [item, band] of items)
    for (const p of results.percentiles)
      (['lower', 'upper'] as const).forEach((side, b) => {
        const row = contractorsRow(sheet, item, `P${p} ${coverage} ${side}`);
        results.periods.forEach((m, k) => {
          const api = band[`P${p}`]?.[m];
          const written = row.getCell(3 + k).value;
          if (api === null || api === undefined) return expect(written, `${item} P${p} ${m}`).toBeNull();
          expect(typeof written).toBe('number');
          // the API's bound rounded to the stated precision: within half a step, and no more digits
          expect(Math.abs((written as number) - inUnit(api[b]!))).toBeLessThanOrEqual(
            0.5 * 10 ** -digits + 1e-9,
          );
          expect(written).toBe(Number((written as number).toFixed(digits)));
          bounds++;
        });
      });
  expect(contractorsRow(sheet, 'Years of data', '').values).toEqual([
    undefined,
    'Years of data',
    '',
    ...results.periods.map((m) => cell.intervals!.years[m]),
  ]);
  const notes: string[] = [];
  sheet.eachRow((row) => {
    if (row.getCell(1).text === 'Interval note') notes.push(row.getCell(3).text);
  });
  const without = results.periods.filter((m) => cell.intervals!.notes[m] !== undefined);
  expect(notes).toEqual(
    without.length > 0
      ? [
          `No interval for ${without.length === results.periods.length ? 'any month' : without.join(', ')}: fewer than 5 years of data in the period, too few to resample whole years`,
        ]
      : [],
  );
  return bounds;
}
