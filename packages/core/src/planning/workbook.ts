// Reading an operations plan from a workbook grid (issue 22 rules 2, 4–6, 14, 15; spec 001 §3): the
// Environments table (header "Environment #") and the Tasks table, each addressed by "B3:E6",
// "Sheet!B3:E6" or a top-left cell (then until the first empty header cell or row), or detected. Nothing
// outside the two ranges is read. Every error and warning names its sheet and cell.
import { fixedOffsetMinutes, zoneOffset, PlanningError } from './rules';
import type {
  CellValue,
  Environment,
  Plan,
  PlanActivity,
  PlanIssue,
  PlanParameter,
  SheetGrid,
  WorkbookGrid,
  WorkingHours,
} from './types';
import { DIRECTION_PARAMETERS } from './types';
import { PLAN_BOUNDS } from './bounds';

export const ENVIRONMENT_HEADER = 'Environment #';

// ---- cell addresses ---------------------------------------------------------------------------------------

export function columnLetters(column: number): string {
  let s = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

const quoteSheet = (name: string) => (/^[A-Za-z0-9_.]+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);
export const cellRef = (sheet: string, row: number, column: number) =>
  `${quoteSheet(sheet)}!${columnLetters(column)}${row}`;

export interface TableRange {
  sheet: string;
  top: number;
  left: number;
  /** null: until the first empty header cell (columns) or row (rows). */
  bottom: number | null;
  right: number | null;
}

const RANGE =
  /^(?:(?:'((?:[^']|'')+)'|([^!'[\]*?/\\:]+))!)?\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/;

/** "B3", "B3:E6", "Sheet!B3:E6", "'My sheet'!B3"; null when not a range. A range without a sheet is on the first sheet. */
export function parseRange(text: string, defaultSheet: string): TableRange | null {
  const m = RANGE.exec(text.trim());
  if (!m) return null;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : (m[2] ?? defaultSheet);
  const top = Number(m[4]);
  const left = columnNumber(m[3]!);
  if (top < 1) return null;
  if (m[5] === undefined) return { sheet, top, left, bottom: null, right: null };
  const bottom = Number(m[6]);
  const right = columnNumber(m[5]);
  return {
    sheet,
    top: Math.min(top, bottom),
    left: Math.min(left, right),
    bottom: Math.max(top, bottom),
    right: Math.max(left, right),
  };
}

export const formatRange = (r: { sheet: string; top: number; left: number; bottom: number; right: number }) =>
  `${quoteSheet(r.sheet)}!${columnLetters(r.left)}${r.top}:${columnLetters(r.right)}${r.bottom}`;

// ---- cells ------------------------------------------------------------------------------------------------

const isEmpty = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: CellValue): string =>
  v === null ? '' : v instanceof Date ? v.toISOString() : typeof v === 'string' ? v.trim() : String(v);

/** Header text normalised for matching: lower case, runs of spaces/underscores/dashes as one space. */
const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\s-]+/g, ' ')
    .trim();
const words = (s: string) =>
  new Set(
    normal(s)
      .replace(/[^a-z0-9# ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean),
  );

/** Resolved extent of a table: rows of data below the header, columns of the header. */
interface Table {
  sheet: SheetGrid;
  header: number;
  left: number;
  right: number;
  rows: number[];
  coords: string;
}

function resolveTable(sheet: SheetGrid, range: TableRange): Table {
  let right = range.right;
  if (right === null) {
    right = range.left;
    while (right + 1 <= sheet.columnCount && !isEmpty(sheet.cell(range.top, right + 1))) right++;
  }
  const rows: number[] = [];
  let bottom = range.bottom;
  if (bottom === null) {
    bottom = range.top;
    for (let r = range.top + 1; r <= sheet.rowCount; r++) {
      let empty = true;
      for (let c = range.left; c <= right; c++) if (!isEmpty(sheet.cell(r, c))) empty = false;
      if (empty) break;
      bottom = r;
    }
  }
  for (let r = range.top + 1; r <= bottom; r++) {
    let empty = true;
    for (let c = range.left; c <= right; c++) if (!isEmpty(sheet.cell(r, c))) empty = false;
    if (!empty) rows.push(r);
  }
  return {
    sheet,
    header: range.top,
    left: range.left,
    right,
    rows,
    coords: formatRange({ sheet: sheet.name, top: range.top, left: range.left, bottom, right }),
  };
}

// ---- detection --------------------------------------------------------------------------------------------

const TASK_COLUMNS = ['trip id', 'task id', 'activity id', 'min hours', 'continuous'];

function findCell(
  workbook: WorkbookGrid,
  match: (sheet: SheetGrid, row: number, column: number) => boolean,
): { sheet: string; row: number; column: number } | null {
  for (const sheet of workbook.sheets)
    for (let r = 1; r <= sheet.rowCount; r++)
      for (let c = 1; c <= sheet.columnCount; c++)
        if (match(sheet, r, c)) return { sheet: sheet.name, row: r, column: c };
  return null;
}

/** The two tables' ranges when the user gives none: the "Environment #" cell, and the first tasks header. */
export function detectRanges(workbook: WorkbookGrid): {
  envCoords: string | null;
  tasksCoords: string | null;
} {
  const envCell = findCell(workbook, (s, r, c) => normal(text(s.cell(r, c))) === normal(ENVIRONMENT_HEADER));
  const tasksCell = findCell(workbook, (s, r, c) => {
    const first = normal(text(s.cell(r, c)));
    if (first !== 'operation id' && first !== 'trip id') return false;
    const row = new Set<string>();
    for (let k = c; k <= s.columnCount && !isEmpty(s.cell(r, k)); k++) row.add(normal(text(s.cell(r, k))));
    return TASK_COLUMNS.every((name) => row.has(name));
  });
  // a header row starting with operation_id/trip_id that lacks a column (one renamed "hours") is still the
  // Tasks table: found, its missing column is named at its cell instead of "no Tasks table found"
  const loose =
    tasksCell ??
    findCell(workbook, (s, r, c) => {
      const first = normal(text(s.cell(r, c)));
      if (first !== 'operation id' && first !== 'trip id') return false;
      let known = 0;
      for (let k = c; k <= s.columnCount && !isEmpty(s.cell(r, k)); k++)
        if (TASK_COLUMNS.includes(normal(text(s.cell(r, k))))) known++;
      return known >= 2;
    });
  const extent = (cell: { sheet: string; row: number; column: number } | null) => {
    if (!cell) return null;
    const sheet = workbook.sheets.find((s) => s.name === cell.sheet)!;
    return resolveTable(sheet, {
      sheet: cell.sheet,
      top: cell.row,
      left: cell.column,
      bottom: null,
      right: null,
    }).coords;
  };
  return { envCoords: extent(envCell), tasksCoords: extent(loose) };
}

// ---- environments -----------------------------------------------------------------------------------------

type ColumnKind = { parameter: PlanParameter } | { hours: 'start' | 'end' | 'zone' } | null;

/** Keyword mapping of spec 001 §3, in its order of resolution. */
export function environmentColumn(header: string): ColumnKind {
  const h = normal(header);
  const w = words(header);
  if (h.includes('working hour') || h.includes('workinghour')) {
    if (h.includes('start')) return { hours: 'start' };
    if (h.includes('end')) return { hours: 'end' };
    if (h.includes('zone')) return { hours: 'zone' };
    return null;
  }
  if (w.has('wave') || w.has('waves')) {
    if (w.has('mean') && w.has('direction')) return { parameter: 'dir' };
    if (w.has('direction')) return { parameter: 'dp' };
    if (w.has('period')) return { parameter: 'tp' };
    return { parameter: 'hs' };
  }
  if (w.has('hs') || w.has('hm0')) return { parameter: 'hs' };
  if (w.has('dp')) return { parameter: 'dp' };
  if (w.has('dir')) return { parameter: 'dir' };
  if (w.has('tp')) return { parameter: 'tp' };
  if (w.has('wind')) return { parameter: w.has('direction') ? 'wind_dir' : 'wind_speed' };
  if (w.has('current')) {
    if (w.has('wd') || w.has('depth')) return { parameter: 'current_depth' };
    if (w.has('direction')) return { parameter: 'current_dir' };
    return { parameter: 'current_speed' };
  }
  return null;
}

const SECTOR = /^(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)$/;

/** Minutes after midnight of a time cell: an Excel time (a Date), "HH:MM" or a number of hours. */
export function timeOfDay(value: CellValue): number | null {
  if (value instanceof Date) return value.getUTCHours() * 60 + value.getUTCMinutes();
  if (typeof value === 'number') return value >= 0 && value <= 24 ? Math.round(value * 60) % 1440 : null;
  if (typeof value === 'string') {
    const m = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?$/.exec(value.trim());
    if (!m) return null;
    const h = Number(m[1]);
    const min = m[2] === undefined ? 0 : Number(m[2]);
    if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
    return (h * 60 + min) % 1440;
  }
  return null;
}

const isNotApplicable = (v: CellValue) =>
  isEmpty(v) || (typeof v === 'string' && v.trim().toUpperCase() === 'N/A');

function readEnvironments(table: Table, issues: PlanIssue[]): Environment[] {
  const { sheet } = table;
  const error = (row: number, column: number, message: string) =>
    issues.push({ kind: 'error', text: message, cell: cellRef(sheet.name, row, column) });
  const first = text(sheet.cell(table.header, table.left));
  if (normal(first) !== normal(ENVIRONMENT_HEADER))
    error(
      table.header,
      table.left,
      `the Environments table must start with "${ENVIRONMENT_HEADER}", found "${first}"`,
    );
  const columns: { column: number; kind: NonNullable<ColumnKind>; header: string }[] = [];
  const seen = new Map<string, string>();
  for (let c = table.left + 1; c <= table.right; c++) {
    const header = text(sheet.cell(table.header, c));
    if (header === '') continue;
    const kind = environmentColumn(header);
    if (!kind) {
      error(
        table.header,
        c,
        `unknown environment column "${header}": name a wave, wind, current or Working_hour parameter`,
      );
      continue;
    }
    const id = 'parameter' in kind ? kind.parameter : `hours:${kind.hours}`;
    const earlier = seen.get(id);
    if (earlier) {
      error(table.header, c, `"${header}" and "${earlier}" are two columns for one parameter`);
      continue;
    }
    seen.set(id, header);
    columns.push({ column: c, kind, header });
  }
  const hoursColumns = ['start', 'end', 'zone'].filter((k) => seen.has(`hours:${k}`));
  if (hoursColumns.length > 0 && hoursColumns.length < 3)
    error(
      table.header,
      table.left,
      'working hours need the three columns Working_hour starting_time, ending_time and time_zone',
    );
  const environments: Environment[] = [];
  const names = new Set<string>();
  for (const row of table.rows) {
    const name = text(sheet.cell(row, table.left));
    if (name === '') {
      error(row, table.left, 'an environment row needs a name');
      continue;
    }
    if (name.toLowerCase() === 'none') {
      error(row, table.left, 'the environment id "none" means no limit and must not be defined in the table');
      continue;
    }
    if (names.has(name.toLowerCase())) {
      error(row, table.left, `environment "${name}" is defined twice`);
      continue;
    }
    names.add(name.toLowerCase());
    const env: Environment = { name, maxima: {}, sectors: {}, cell: cellRef(sheet.name, row, table.left) };
    const hours: Partial<Record<'start' | 'end' | 'zone', CellValue>> = {};
    let hoursCell = 0;
    for (const { column, kind, header } of columns) {
      const value = sheet.cell(row, column);
      if ('hours' in kind) {
        if (!isNotApplicable(value)) {
          hours[kind.hours] = value;
          hoursCell = hoursCell || column;
        }
        continue;
      }
      if (isNotApplicable(value)) continue;
      const p = kind.parameter;
      if (DIRECTION_PARAMETERS.has(p)) {
        const m = typeof value === 'string' ? SECTOR.exec(value.trim()) : null;
        if (!m) {
          error(
            row,
            column,
            `"${text(value)}" in ${header}: a direction limit is a sector "from-to" in degrees (e.g. 270-90), not a single number`,
          );
          continue;
        }
        const from = Number(m[1]);
        const to = Number(m[2]);
        if (from < 0 || from > 360 || to < 0 || to > 360) {
          error(
            row,
            column,
            `"${text(value)}" in ${header}: sector bounds must be between 0 and 360 degrees`,
          );
          continue;
        }
        env.sectors[p] = { from, to };
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        error(
          row,
          column,
          `"${text(value)}" in ${header} is not a number (use a number, an empty cell or N/A)`,
        );
        continue;
      }
      if (p === 'current_depth') {
        if (value < 0) error(row, column, `current depth must be ≥ 0 m below MSL, got ${value}`);
        else env.currentDepth = value;
        continue;
      }
      if (value < 0) {
        error(row, column, `${header}: a limit cannot be negative, got ${value}`);
        continue;
      }
      env.maxima[p] = value;
    }
    const given = Object.keys(hours).length;
    if (given > 0) {
      if (given < 3)
        error(row, hoursCell, 'working hours need a starting time, an ending time and a time zone');
      else {
        const start = timeOfDay(hours.start!);
        const end = timeOfDay(hours.end!);
        const zone = text(hours.zone!);
        const startColumn = columns.find((c) => 'hours' in c.kind && c.kind.hours === 'start')!.column;
        const endColumn = columns.find((c) => 'hours' in c.kind && c.kind.hours === 'end')!.column;
        const zoneColumn = columns.find((c) => 'hours' in c.kind && c.kind.hours === 'zone')!.column;
        let ok = true;
        if (start === null) {
          ok = false;
          error(
            row,
            startColumn,
            `"${text(hours.start!)}" is not a time (HH:MM, an Excel time or a number of hours)`,
          );
        }
        if (end === null) {
          ok = false;
          error(
            row,
            endColumn,
            `"${text(hours.end!)}" is not a time (HH:MM, an Excel time or a number of hours)`,
          );
        }
        if (fixedOffsetMinutes(zone) === null) {
          try {
            zoneOffset(zone);
          } catch (e) {
            if (!(e instanceof PlanningError)) throw e;
            ok = false;
            error(row, zoneColumn, e.message);
          }
        }
        if (ok)
          env.workingHours = {
            startMinutes: start!,
            endMinutes: end!,
            timeZone: zone,
          } satisfies WorkingHours;
      }
    }
    environments.push(env);
  }
  return environments;
}

// ---- tasks ------------------------------------------------------------------------------------------------

const TASK_KEYS = {
  operation: 'operation id',
  trip: 'trip id',
  task: 'task id',
  activity: 'activity id',
  minHours: 'min hours',
  contingency: 'contingency time',
  nbWindows: 'nb windows',
  total: 'total duration',
  continuous: 'continuous',
} as const;
type TaskKey = keyof typeof TASK_KEYS | 'environment' | 'location';
const REQUIRED: TaskKey[] = ['trip', 'task', 'activity', 'minHours', 'continuous', 'environment'];

function taskColumn(header: string): TaskKey | null {
  const h = normal(header).replace(/\s*\(.*\)$/, '');
  for (const [k, name] of Object.entries(TASK_KEYS)) if (h === name) return k as TaskKey;
  if (h.startsWith('environment')) return 'environment';
  if (h.startsWith('location')) return 'location';
  return null;
}

function readTasks(table: Table, environments: Environment[], issues: PlanIssue[]): PlanActivity[] {
  const { sheet } = table;
  const at = (row: number, column: number) => cellRef(sheet.name, row, column);
  const error = (row: number, column: number, message: string) =>
    issues.push({ kind: 'error', text: message, cell: at(row, column) });
  const warn = (row: number, column: number, message: string) =>
    issues.push({ kind: 'warning', text: message, cell: at(row, column) });
  const columns = new Map<TaskKey, number>();
  const unknown: string[] = [];
  for (let c = table.left; c <= table.right; c++) {
    const header = text(sheet.cell(table.header, c));
    if (header === '') continue;
    const k = taskColumn(header);
    if (!k) {
      unknown.push(header);
      warn(table.header, c, `column "${header}" is not a Tasks column and is ignored`);
      continue;
    }
    if (columns.has(k)) {
      error(table.header, c, `"${header}" appears twice in the Tasks table`);
      continue;
    }
    columns.set(k, c);
  }
  const missing = REQUIRED.filter((k) => !columns.has(k));
  if (missing.length > 0) {
    // where, what is missing and what stands there instead: "column min_hours missing (found: hours)"
    error(
      table.header,
      table.left,
      `Tasks table at ${at(table.header, table.left)}: column${missing.length > 1 ? 's' : ''} ${missing
        .map((k) =>
          k === 'environment' ? 'environment' : TASK_KEYS[k as keyof typeof TASK_KEYS].replace(' ', '_'),
        )
        .join(', ')} missing${unknown.length > 0 ? ` (found: ${unknown.join(', ')})` : ''}`,
    );
    return [];
  }
  const envNames = new Map(environments.map((e) => [e.name.toLowerCase(), e.name]));
  const activities: PlanActivity[] = [];
  const tripsSeen: string[] = [];
  const hoursLimit = `${PLAN_BOUNDS.maxActivityHours.toLocaleString('en-US')} h`;
  let copies = 0;
  let tooManyCopies = false;
  if (table.rows.length > PLAN_BOUNDS.maxActivities) {
    const last = table.rows[PLAN_BOUNDS.maxActivities]!;
    error(
      last,
      table.left,
      `the Tasks table has ${table.rows.length.toLocaleString('en-US')} rows; a plan may have at most ${PLAN_BOUNDS.maxActivities.toLocaleString('en-US')}`,
    );
    return [];
  }
  for (const row of table.rows) {
    const get = (k: TaskKey) => {
      const c = columns.get(k);
      return c === undefined ? null : sheet.cell(row, c);
    };
    const col = (k: TaskKey) => columns.get(k)!;
    let ok = true;
    const fail = (k: TaskKey, message: string) => {
      ok = false;
      error(row, col(k), message);
    };
    const tripId = text(get('trip'));
    if (tripId === '') fail('trip', 'trip_id is empty');
    const minHours = get('minHours');
    if (typeof minHours !== 'number' || !(minHours > 0))
      fail('minHours', `min_hours must be a number > 0, got "${text(minHours)}"`);
    else if (!(minHours <= PLAN_BOUNDS.maxActivityHours))
      fail('minHours', `min_hours must be at most ${hoursLimit}, got "${text(minHours)}"`);
    const contingencyCell = get('contingency');
    let contingency = 0;
    if (!isEmpty(contingencyCell)) {
      if (typeof contingencyCell !== 'number' || !(contingencyCell >= 0))
        fail('contingency', `contingency_time must be a percentage ≥ 0, got "${text(contingencyCell)}"`);
      else contingency = contingencyCell;
    }
    const nbCell = get('nbWindows');
    let nbWindows = 1;
    if (!isEmpty(nbCell)) {
      if (typeof nbCell !== 'number' || !Number.isInteger(nbCell) || nbCell < 1)
        fail('nbWindows', `nb_windows must be a whole number ≥ 1, got "${text(nbCell)}"`);
      else if (nbCell > PLAN_BOUNDS.maxCopiesPerActivity)
        fail(
          'nbWindows',
          `nb_windows must be at most ${PLAN_BOUNDS.maxCopiesPerActivity.toLocaleString('en-US')}, got "${text(nbCell)}"`,
        );
      else nbWindows = nbCell;
    }
    const continuousCell = get('continuous');
    let continuous = false;
    const c =
      typeof continuousCell === 'boolean'
        ? continuousCell
          ? 'yes'
          : 'no'
        : text(continuousCell).toLowerCase();
    if (c === 'yes' || c === 'y' || c === 'true') continuous = true;
    else if (c !== 'no' && c !== 'n' && c !== 'false' && c !== '')
      fail('continuous', `continuous must be yes or no, got "${text(continuousCell)}"`);
    const envText = text(get('environment'));
    let environment: string | null = null;
    if (envText === '') fail('environment', 'the environment is empty (use an environment id or "none")');
    else if (envText.toLowerCase() !== 'none') {
      const name = envNames.get(envText.toLowerCase());
      if (name === undefined)
        fail('environment', `environment "${envText}" is not defined in the Environments table`);
      else environment = name;
    }
    const locationText = text(get('location'));
    if (tripId !== '') {
      const last = tripsSeen[tripsSeen.length - 1];
      if (last !== tripId) {
        if (tripsSeen.includes(tripId))
          fail('trip', `trip "${tripId}" rows are not contiguous: a trip is one block of rows`);
        tripsSeen.push(tripId);
        if (tripsSeen.length === PLAN_BOUNDS.maxTrips + 1)
          fail('trip', `the plan has more than ${PLAN_BOUNDS.maxTrips} trips from this row`);
      }
    }
    if (!ok) continue;
    const durationHours = Math.ceil((minHours as number) * (1 + contingency / 100) - 1e-9);
    if (!(durationHours <= PLAN_BOUNDS.maxActivityHours)) {
      fail(
        columns.has('contingency') ? 'contingency' : 'minHours',
        `the duration with contingency_time (${text(durationHours)} h) must be at most ${hoursLimit}`,
      );
      continue;
    }
    copies += nbWindows;
    if (copies > PLAN_BOUNDS.maxCopies && !tooManyCopies) {
      tooManyCopies = true;
      error(
        row,
        columns.get('nbWindows') ?? table.left,
        `the plan expands to more than ${PLAN_BOUNDS.maxCopies.toLocaleString('en-US')} activities (nb_windows copies) from this row`,
      );
    }
    if (!Number.isInteger(minHours))
      warn(
        row,
        col('minHours'),
        `min_hours ${String(minHours)} is not a whole number: the duration is rounded up to ${durationHours} h`,
      );
    activities.push({
      tripId,
      taskId: text(get('task')),
      activityId: text(get('activity')),
      minHours: minHours as number,
      contingencyPercent: contingency,
      durationHours,
      nbWindows,
      continuous,
      environment,
      location: locationText === '' ? null : locationText,
      cell: at(row, table.left),
    });
  }
  if (table.rows.length === 0) error(table.header, table.left, 'the Tasks table has no activity');
  return activities;
}

/** The plan of a workbook, or the issues that block it (errors) and those the user may accept (warnings). */
/** What reading a workbook's plan gives: the plan (null on an error), its issues and the ranges found. */
export interface PlanRead {
  plan: Plan | null;
  issues: PlanIssue[];
  /** The ranges read, each kept when its table was found even if the plan has errors (null otherwise). */
  ranges: { envCoords: string | null; tasksCoords: string | null };
}

export function readPlan(
  workbook: WorkbookGrid,
  options: { envCoords?: string | null; tasksCoords?: string | null } = {},
): PlanRead {
  const issues: PlanIssue[] = [];
  const firstSheet = workbook.sheets[0]?.name;
  if (!firstSheet)
    return {
      plan: null,
      issues: [{ kind: 'error', text: 'the workbook has no sheet', cell: null }],
      ranges: { envCoords: null, tasksCoords: null },
    };
  const detected = !options.envCoords || !options.tasksCoords ? detectRanges(workbook) : null;
  const table = (given: string | null | undefined, found: string | null | undefined, what: string) => {
    const coords = given || found;
    if (!coords) {
      issues.push({
        kind: 'error',
        text: `no ${what} table found: give its range (e.g. Sheet1!B3:E6)`,
        cell: null,
      });
      return null;
    }
    const range = parseRange(coords, firstSheet);
    if (!range) {
      issues.push({
        kind: 'error',
        text: `"${coords}" is not a cell range (e.g. B3:E6 or Sheet1!B3)`,
        cell: null,
      });
      return null;
    }
    const sheet = workbook.sheets.find((s) => s.name === range.sheet);
    if (!sheet) {
      issues.push({
        kind: 'error',
        text: `the ${what} range names sheet "${range.sheet}", which the workbook lacks`,
        cell: null,
      });
      return null;
    }
    return resolveTable(sheet, range);
  };
  const envTable = table(options.envCoords, detected?.envCoords, 'Environments');
  const tasksTable = table(options.tasksCoords, detected?.tasksCoords, 'Tasks');
  const ranges = { envCoords: envTable?.coords ?? null, tasksCoords: tasksTable?.coords ?? null };
  if (!envTable || !tasksTable) return { plan: null, issues, ranges };
  const environments = readEnvironments(envTable, issues);
  const activities = readTasks(tasksTable, environments, issues);
  const used = new Set(activities.map((a) => a.environment));
  // with no activity read (a Tasks table in error), "not used" would only repeat that error
  if (activities.length > 0)
    for (const e of environments)
      if (!used.has(e.name))
        issues.push({
          kind: 'warning',
          text: `environment "${e.name}" is not used by any activity`,
          cell: e.cell,
        });
  const plan: Plan = { environments, activities, envCoords: envTable.coords, tasksCoords: tasksTable.coords };
  return { plan: issues.some((i) => i.kind === 'error') ? null : plan, issues, ranges };
}

/** Location aliases of the Tasks table, in order of first use. */
export function planAliases(plan: Plan): string[] {
  return [...new Set(plan.activities.map((a) => a.location).filter((l): l is string => l !== null))];
}
