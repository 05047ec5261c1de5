// The AWD planning template (issue 22 "Files"): an Instructions sheet and a Planning sheet holding an
// Environments table and a Tasks table with a location column. Built with exceljs by
// scripts/awd-assets.ts, never by hand; the example plan runs on the ERA5 demo series (Hs, Tp, direction).
import { loadExcelJS } from './libraries';

export const TEMPLATE_ENV_COORDS = 'Planning!B2:I5';
export const TEMPLATE_TASKS_COORDS = 'Planning!B8:L16';

const ENV_HEADER = [
  'Environment #',
  'Wave Hs (m)',
  'Wave period Tp (s)',
  'Wave mean direction (deg)',
  'Wind speed (m/s)',
  'Working_hour starting_time',
  'Working_hour ending_time',
  'Working_hour time_zone',
];
const ENV_ROWS: (string | number)[][] = [
  ['ENV1', 1.5, 'N/A', 'N/A', 'N/A', '', '', ''],
  ['ENV2', 2, 10, '0-180', 'N/A', '07:00', '19:00', 'Asia/Ho_Chi_Minh'],
  ['ENV3', 2.5, 'N/A', 'N/A', 'N/A', '', '', ''],
];
const TASK_HEADER = [
  'operation_id',
  'trip_id',
  'task_id',
  'activity_id',
  'min_hours',
  'contingency_time',
  'nb_windows',
  'total_duration',
  'continuous',
  'environment',
  'location',
];
const TASK_ROWS: (string | number)[][] = [
  ['OP1', 'TRIP1', 'Transit', 'Sail out', 6, 10, 1, '', 'no', 'ENV3', 'PORT'],
  ['OP1', 'TRIP1', 'Install', 'Lift anchor', 4, 0, 1, '', 'yes', 'ENV2', 'SITE'],
  ['OP1', 'TRIP1', 'Install', 'Lower anchor', 8, 25, 1, '', 'yes', 'ENV1', 'SITE'],
  ['OP1', 'TRIP1', 'Transit', 'Sail back', 6, 10, 1, '', 'no', 'ENV3', 'PORT'],
  ['OP2', 'TRIP2', 'Load', 'Load out', 12, 0, 1, '', 'no', 'none', 'PORT'],
  ['OP2', 'TRIP2', 'Install', 'Pull-in', 3, 0, 2, '', 'no', 'ENV2', 'SITE'],
  ['OP2', 'TRIP2', 'Install', 'Hook-up', 10, 20, 1, '', 'yes', 'ENV1', 'SITE'],
  ['OP2', 'TRIP2', 'Transit', 'Sail back', 6, 10, 1, '', 'no', 'ENV3', ''],
];

const INSTRUCTIONS = [
  'Advanced Weather Downtime: planning template',
  '',
  'The Planning sheet holds two tables. Only these two ranges are read: Environments at B2:I5, Tasks at B8:L16.',
  'You may move them: give their ranges (e.g. Planning!B2:I5, or the top-left cell) in the settings form.',
  '',
  'Environments: one row per weather environment. Header cells name parameters by keywords:',
  '  wave + mean direction (mean direction, deg from), wave + direction (peak direction), wave + period (Tp, s),',
  '  otherwise wave (Hs, m); Hs, Hm0, Dp, Dir, Tp; wind + direction, otherwise wind speed (m/s);',
  '  current + depth (m below MSL, chooses the level), current + direction (deg going to), otherwise current speed.',
  '  A magnitude passes when value <= limit. A direction limit is a sector "from-to" in degrees, clockwise.',
  '  Empty or N/A: not constrained. Working hours: start, end (HH:MM) and a time zone (IANA name or UTC+hh:mm).',
  '  The environment id "none" means no limit: do not define it in the table.',
  '',
  'Tasks: one row per activity, in the order they run. operation_id and total_duration are ignored.',
  '  duration = ceil(min_hours x (1 + contingency_time/100)) hours; nb_windows repeats the activity;',
  '  continuous = yes starts the activity exactly when the previous one ends (no waiting in between).',
  '  A trip is one block of rows with one trip_id. location holds an alias mapped to a project point in the',
  '  settings form; empty means the first point.',
  '',
  'Use values, not formulas; do not rename required columns; use whole numbers for durations and windows.',
];

export async function planningTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Metocean Studio';
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  workbook.modified = workbook.created;
  const help = workbook.addWorksheet('Instructions');
  help.getColumn(1).width = 120;
  INSTRUCTIONS.forEach((line, i) => {
    help.getCell(i + 1, 1).value = line;
  });
  help.getCell(1, 1).font = { bold: true, size: 14 };
  const sheet = workbook.addWorksheet('Planning');
  const put = (row: number, values: (string | number)[], bold = false) =>
    values.forEach((v, i) => {
      const cell = sheet.getCell(row, 2 + i);
      cell.value = v === '' ? null : v;
      if (bold) cell.font = { bold: true };
    });
  sheet.getCell('B1').value = 'Environments';
  sheet.getCell('B1').font = { bold: true, size: 12 };
  put(2, ENV_HEADER, true);
  ENV_ROWS.forEach((row, i) => put(3 + i, row));
  sheet.getCell('B7').value = 'Tasks';
  sheet.getCell('B7').font = { bold: true, size: 12 };
  put(8, TASK_HEADER, true);
  TASK_ROWS.forEach((row, i) => put(9 + i, row));
  for (let c = 2; c <= 12; c++) sheet.getColumn(c).width = 18;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
