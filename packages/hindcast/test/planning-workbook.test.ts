import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectRanges, readPlan } from '@metocean/core';
import { describe as suite, expect, test } from 'vitest';
import {
  loadWorkbookGrid,
  PLAN_WORKBOOK_LIMITS,
  planningTemplate,
  TEMPLATE_ENV_COORDS,
  TEMPLATE_TASKS_COORDS,
  WorkbookError,
} from '../src';

suite('loadWorkbookGrid and the planning template', () => {
  test('the template (exceljs) reads back as a plan without errors', async () => {
    const grid = await loadWorkbookGrid(await planningTemplate());
    expect(grid.sheets.map((s) => s.name)).toEqual(['Instructions', 'Planning']);
    expect(detectRanges(grid)).toEqual({
      envCoords: TEMPLATE_ENV_COORDS,
      tasksCoords: TEMPLATE_TASKS_COORDS,
    });
    const { plan, issues } = readPlan(grid);
    expect(issues).toEqual([]);
    expect(plan!.environments.map((e) => e.name)).toEqual(['ENV1', 'ENV2', 'ENV3']);
    expect(plan!.environments[1]).toMatchObject({
      maxima: { hs: 2, tp: 10 },
      sectors: { dir: { from: 0, to: 180 } },
      workingHours: { startMinutes: 420, endMinutes: 1140, timeZone: 'Asia/Ho_Chi_Minh' },
    });
    // ceil(6 × 1.10) = 7, ceil(8 × 1.25) = 10, ceil(10 × 1.20) = 12
    expect(plan!.activities.map((a) => a.durationHours)).toEqual([7, 4, 10, 7, 12, 3, 12, 7]);
    expect(plan!.activities.map((a) => a.location)).toEqual([
      'PORT',
      'SITE',
      'SITE',
      'PORT',
      'PORT',
      'SITE',
      'SITE',
      null,
    ]);
  });

  test('a workbook written by openpyxl loads: Excel time cells, cached formula values, absolute part targets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'awd-'));
    const file = join(dir, 'plan.xlsx');
    // openpyxl writes no cached value for a formula; the cell reads as empty (values only, rule 15)
    execFileSync('/usr/bin/python3', [
      '-c',
      `
import datetime, openpyxl, sys
wb = openpyxl.Workbook()
ws = wb.active
ws.title = 'My plan'
ws.append(['Environment #', 'Hs', 'Tp', 'Working_hour starting_time', 'Working_hour ending_time', 'Working_hour time_zone'])
ws.append(['calm', 1.5, 'N/A', datetime.time(6, 30), datetime.time(18, 0), 'UTC+07:00'])
ws.append([])
ws.append(['trip_id', 'task_id', 'activity_id', 'min_hours', 'contingency_time', 'nb_windows', 'continuous', 'environment'])
ws.append(['K1', 'T', 'A', 5, None, 2, 'no', 'calm'])
ws.append(['K1', 'T', 'B', 3, '=10*2', None, 'yes', 'none'])
wb.save(sys.argv[1])
`,
      file,
    ]);
    const grid = await loadWorkbookGrid(readFileSync(file));
    const { plan, issues } = readPlan(grid);
    expect(issues).toEqual([]);
    expect(plan!.envCoords).toBe("'My plan'!A1:F2");
    expect(plan!.environments[0]!.workingHours).toEqual({
      startMinutes: 390,
      endMinutes: 1080,
      timeZone: 'UTC+07:00',
    });
    expect(plan!.activities.map((a) => [a.durationHours, a.nbWindows, a.contingencyPercent])).toEqual([
      [5, 2, 0],
      [3, 1, 0],
    ]);
  });

  test('a workbook that inflates beyond the limit is refused', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await planningTemplate());
    // 60 MB of zeros deflate to about 60 kB
    zip.file('xl/media/padding.bin', new Uint8Array(60 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(loadWorkbookGrid(bomb)).rejects.toThrow(
      `the workbook inflates to more than ${PLAN_WORKBOOK_LIMITS.maxInflatedBytes / 1024 / 1024} MB`,
    );
  });

  test('a workbook whose sheet declares 4 KB but inflates to 64 MB is refused, memory bounded (issue 29)', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await planningTemplate());
    zip.file('xl/worksheets/sheet2.xml', new Uint8Array(64 * 1024 * 1024));
    const liar = lieAboutSize(
      await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }),
      'xl/worksheets/sheet2.xml',
      4096,
    );
    const before = process.memoryUsage().rss;
    await expect(loadWorkbookGrid(liar)).rejects.toThrow(
      'the workbook is damaged: the size of one of its parts is not the one its header declares',
    );
    // the reader stops at the first byte past the declared 4 KB: nothing near the 64 MB is held
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  test('a sheet storing more cells than a plan needs is refused before exceljs parses it', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await planningTemplate());
    const rows = Array.from(
      { length: 5001 },
      (_, r) =>
        `<row r="${r + 1}">${Array.from({ length: 20 }, (_, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}"><v>1</v></c>`).join('')}</row>`,
    );
    const xml = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
    zip.file('xl/worksheets/sheet2.xml', xml);
    const dense = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    // 5001 rows of 20 cells beside the instructions sheet's few
    await expect(loadWorkbookGrid(dense)).rejects.toThrow(
      /^the workbook holds 100,0\d\d cells; the limit is 100,000$/,
    );
  });

  test('a file that is not an xlsx is refused with a clear message', async () => {
    await expect(loadWorkbookGrid(Buffer.from('not a zip'))).rejects.toThrow(WorkbookError);
    await expect(loadWorkbookGrid(Buffer.from('not a zip'))).rejects.toThrow('not an .xlsx workbook');
  });
});

/**
 * The zip with the uncompressed size of entry `name` rewritten to `declared` in its local header (offset
 * 22) and its central directory header (offset 24), after PKWARE's APPNOTE.TXT 4.3.7 and 4.3.12: a zip that
 * lies about its sizes, as the issue 29 review built one.
 */
function lieAboutSize(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const bytes = Buffer.from(zip);
  const target = Buffer.from(name);
  let found = 0;
  for (let at = 0; at + 46 < bytes.length; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) {
      const length = bytes.readUInt16LE(at + 26);
      if (bytes.subarray(at + 30, at + 30 + length).equals(target)) {
        bytes.writeUInt32LE(declared, at + 22);
        found++;
      }
    } else if (signature === 0x02014b50) {
      const length = bytes.readUInt16LE(at + 28);
      if (bytes.subarray(at + 46, at + 46 + length).equals(target)) {
        bytes.writeUInt32LE(declared, at + 24);
        found++;
      }
    }
  }
  if (found !== 2) throw new Error(`expected two headers of ${name}, found ${found}`);
  return bytes;
}
