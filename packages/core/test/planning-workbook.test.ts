import { describe as suite, expect, test } from 'vitest';
import {
  environmentColumn,
  expandCopies,
  parseRange,
  planAgainstRecord,
  PLAN_BOUNDS,
  readPlan,
  timeOfDay,
  type CellValue,
  type WorkbookGrid,
} from '../src';

// A workbook grid from rows of values placed at a top-left cell (1-based), as exceljs would give them.
function grid(sheets: Record<string, { at: [number, number]; rows: CellValue[][] }[]>): WorkbookGrid {
  return {
    sheets: Object.entries(sheets).map(([name, blocks]) => {
      const cells = new Map<string, CellValue>();
      let rowCount = 0;
      let columnCount = 0;
      for (const { at, rows } of blocks)
        rows.forEach((row, r) =>
          row.forEach((v, c) => {
            cells.set(`${at[0] + r},${at[1] + c}`, v);
            rowCount = Math.max(rowCount, at[0] + r);
            columnCount = Math.max(columnCount, at[1] + c);
          }),
        );
      return { name, rowCount, columnCount, cell: (r, c) => cells.get(`${r},${c}`) ?? null };
    }),
  };
}

const ENV_HEADER = [
  'Environment #',
  'Wave Hs (m)',
  'Wave period (s)',
  'Wind direction',
  'Working_hour starting_time',
  'Working_hour ending_time',
  'Working_hour time_zone',
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

function plan(
  envRows: CellValue[][],
  taskRows: CellValue[][],
  envHeader = ENV_HEADER,
  taskHeader = TASK_HEADER,
) {
  return readPlan(
    grid({
      Sheet1: [
        { at: [2, 2], rows: [envHeader, ...envRows] },
        { at: [10, 2], rows: [taskHeader, ...taskRows] },
      ],
    }),
  );
}

const GOOD_ENV: CellValue[][] = [
  ['E1', 1.5, 'N/A', '270-90', '07:00', '19:00', 'Europe/London'],
  ['E2', 2, 12, null, null, null, null],
];
const task = (trip: string, env: string, extra: Partial<Record<string, CellValue>> = {}): CellValue[] => {
  const row: Record<string, CellValue> = {
    operation_id: 'op',
    trip_id: trip,
    task_id: 'T',
    activity_id: 'A',
    min_hours: 10,
    contingency_time: 15,
    nb_windows: null,
    total_duration: 999,
    continuous: 'no',
    environment: env,
    location: null,
    ...extra,
  };
  return TASK_HEADER.map((h) => row[h] ?? null);
};

suite('readPlan: tables, rules and detection', () => {
  test('detects both tables and reads every rule', () => {
    const { plan: p, issues } = plan(GOOD_ENV, [
      task('K1', 'E1', { nb_windows: 3, continuous: 'yes' }),
      task('K1', 'none', { contingency_time: null, min_hours: 2.5 }),
      task('K2', 'e2', { location: 'SITE', continuous: 'YES' }),
    ]);
    expect(issues.filter((i) => i.kind === 'error')).toEqual([]);
    expect(issues).toEqual([
      {
        kind: 'warning',
        text: 'min_hours 2.5 is not a whole number: the duration is rounded up to 3 h',
        cell: 'Sheet1!F12',
      },
    ]);
    expect(p!.envCoords).toBe('Sheet1!B2:H4');
    expect(p!.tasksCoords).toBe('Sheet1!B10:L13');
    const [e1, e2] = p!.environments;
    expect(e1).toMatchObject({
      name: 'E1',
      maxima: { hs: 1.5 },
      sectors: { wind_dir: { from: 270, to: 90 } },
    });
    expect(e1!.workingHours).toEqual({ startMinutes: 420, endMinutes: 1140, timeZone: 'Europe/London' });
    expect(e2).toMatchObject({ maxima: { hs: 2, tp: 12 }, sectors: {} });
    expect(e2!.workingHours).toBeUndefined();
    // ceil(10 × 1.15) = 12; ceil(2.5) = 3; environment ids match case-insensitively
    expect(
      p!.activities.map((a) => [a.durationHours, a.nbWindows, a.continuous, a.environment, a.location]),
    ).toEqual([
      [12, 3, true, 'E1', null],
      [3, 1, false, null, null],
      [12, 1, true, 'E2', 'SITE'],
    ]);
    // nb_windows: the first copy keeps the continuous flag, the others are not continuous
    expect(expandCopies(p!.activities).map((c) => c.continuous)).toEqual([true, false, false, false, true]);
  });

  test('explicit ranges: "B3:E6" on the first sheet, "Sheet!B3" top-left until the first empty cell', () => {
    const wb = grid({
      Plans: [{ at: [1, 1], rows: [['ignored', 'x']] }],
      Data: [
        {
          at: [3, 3],
          rows: [
            ['Environment #', 'Hs', null, 'Tp'],
            ['E1', 1, null, 9],
          ],
        },
        { at: [20, 1], rows: [TASK_HEADER, task('K', 'E1')] },
      ],
    });
    const { plan: p, issues } = readPlan(wb, { envCoords: 'Data!C3', tasksCoords: "'Data'!A20:K21" });
    expect(issues.filter((i) => i.kind === 'error')).toEqual([]);
    // the header stops at the first empty cell: Tp is outside the range and not read
    expect(p!.environments[0]!.maxima).toEqual({ hs: 1 });
    expect(parseRange('B3:E6', 'First')).toEqual({ sheet: 'First', top: 3, left: 2, bottom: 6, right: 5 });
    expect(parseRange('nonsense', 'First')).toBeNull();
  });

  test('keyword mapping in the spec order of resolution', () => {
    const cases: [string, unknown][] = [
      ['Wave mean direction', { parameter: 'dir' }],
      ['Wave direction', { parameter: 'dp' }],
      ['Wave period Tp (s)', { parameter: 'tp' }],
      ['Waves', { parameter: 'hs' }],
      ['HM0 [m]', { parameter: 'hs' }],
      ['Dp', { parameter: 'dp' }],
      ['Wind direction', { parameter: 'wind_dir' }],
      ['Wind speed at 10 m', { parameter: 'wind_speed' }],
      ['Current depth', { parameter: 'current_depth' }],
      ['Current WD', { parameter: 'current_depth' }],
      ['Current direction', { parameter: 'current_dir' }],
      ['Current', { parameter: 'current_speed' }],
      ['Working_hour time_zone', { hours: 'zone' }],
      ['Visibility', null],
    ];
    for (const [header, kind] of cases) expect([header, environmentColumn(header)]).toEqual([header, kind]);
  });

  test('times: Excel time cells, "HH:MM", numbers of hours', () => {
    expect(timeOfDay(new Date(Date.UTC(1899, 11, 30, 7, 30)))).toBe(450);
    expect(timeOfDay('19:00')).toBe(1140);
    expect(timeOfDay(6.5)).toBe(390);
    expect(timeOfDay('24:00')).toBe(0);
    expect(timeOfDay('25:00')).toBeNull();
    expect(timeOfDay('noon')).toBeNull();
  });
});

const errorsOf = (result: ReturnType<typeof plan>) =>
  result.issues.filter((i) => i.kind === 'error').map((i) => [i.cell, i.text]);

suite('readPlan: each error names its cell', () => {
  test('environment errors', () => {
    const header = [...ENV_HEADER, 'Hs'];
    const result = plan(
      [
        ['E1', 'high', 'N/A', 45, '07:00', '19:00', 'Mars/Olympus', null],
        ['None', 1, null, null, null, null, null, null],
        ['E2', -1, null, null, 'morning', '19:00', 'UTC+01:00', null],
        ['E2', 1, null, null, null, null, null, null],
        ['E3', 1, null, null, '07:00', null, null, null],
      ],
      [task('K', 'E1')],
      header,
    );
    expect(errorsOf(result)).toEqual([
      ['Sheet1!I2', '"Hs" and "Wave Hs (m)" are two columns for one parameter'],
      ['Sheet1!C3', '"high" in Wave Hs (m) is not a number (use a number, an empty cell or N/A)'],
      [
        'Sheet1!E3',
        '"45" in Wind direction: a direction limit is a sector "from-to" in degrees (e.g. 270-90), not a single number',
      ],
      ['Sheet1!H3', 'unknown time zone "Mars/Olympus" (an IANA name such as Europe/London, or UTC±hh:mm)'],
      ['Sheet1!B4', 'the environment id "none" means no limit and must not be defined in the table'],
      ['Sheet1!C5', 'Wave Hs (m): a limit cannot be negative, got -1'],
      ['Sheet1!F5', '"morning" is not a time (HH:MM, an Excel time or a number of hours)'],
      ['Sheet1!B6', 'environment "E2" is defined twice'],
      ['Sheet1!F7', 'working hours need a starting time, an ending time and a time zone'],
    ]);
    expect(result.plan).toBeNull();
  });

  test('task errors', () => {
    const result = plan(GOOD_ENV, [
      task('K1', 'E1', { min_hours: 0 }),
      task('K1', 'E9', { nb_windows: 1.5 }),
      task('K2', 'E1', { continuous: 'maybe', contingency_time: -5 }),
      task('K1', 'E2'),
      task('', 'E2'),
      task('K3', null as unknown as string),
    ]);
    expect(errorsOf(result)).toEqual([
      ['Sheet1!F11', 'min_hours must be a number > 0, got "0"'],
      ['Sheet1!H12', 'nb_windows must be a whole number ≥ 1, got "1.5"'],
      ['Sheet1!K12', 'environment "E9" is not defined in the Environments table'],
      ['Sheet1!G13', 'contingency_time must be a percentage ≥ 0, got "-5"'],
      ['Sheet1!J13', 'continuous must be yes or no, got "maybe"'],
      ['Sheet1!C14', 'trip "K1" rows are not contiguous: a trip is one block of rows'],
      ['Sheet1!C15', 'trip_id is empty'],
      ['Sheet1!K16', 'the environment is empty (use an environment id or "none")'],
    ]);
  });

  test('a Tasks table without a required column, a workbook without tables', () => {
    const header = TASK_HEADER.filter((h) => h !== 'min_hours' && h !== 'continuous');
    const result = readPlan(
      grid({
        S: [
          { at: [1, 1], rows: [ENV_HEADER, GOOD_ENV[0]!] },
          { at: [5, 1], rows: [header, ['op', 'K', 'T', 'A', 0, 1, 1, 'E1', null]] },
        ],
      }),
      { envCoords: 'S!A1', tasksCoords: 'S!A5' },
    );
    expect(errorsOf(result)).toEqual([
      ['S!A5', 'Tasks table at S!A5: columns min_hours, continuous missing'],
    ]);
    const empty = readPlan(grid({ S: [{ at: [1, 1], rows: [['hello']] }] }));
    expect(empty.issues.map((i) => i.text)).toEqual([
      'no Environments table found: give its range (e.g. Sheet1!B3:E6)',
      'no Tasks table found: give its range (e.g. Sheet1!B3:E6)',
    ]);
    expect(empty.ranges).toEqual({ envCoords: null, tasksCoords: null });
    const unknownSheet = readPlan(grid({ S: [{ at: [1, 1], rows: [['hello']] }] }), {
      envCoords: 'X!A1',
      tasksCoords: 'A1:B2',
    });
    expect(unknownSheet.issues[0]!.text).toBe(
      'the Environments range names sheet "X", which the workbook lacks',
    );
  });
});

suite(
  'readPlan: a renamed column (issue 30: name what is missing and where, keep the ranges that were right)',
  () => {
    test('min_hours renamed "hours": the table is still found, the column named with what stands there', () => {
      const header = TASK_HEADER.map((h) => (h === 'min_hours' ? 'hours' : h));
      const result = plan(GOOD_ENV, [task('K1', 'E1')], ENV_HEADER, header);
      expect(result.plan).toBeNull();
      expect(errorsOf(result)).toEqual([
        ['Sheet1!B10', 'Tasks table at Sheet1!B10: column min_hours missing (found: hours)'],
      ]);
      // both ranges kept: the Environments one was right, the Tasks one is where the table is
      expect(result.ranges).toEqual({ envCoords: 'Sheet1!B2:H4', tasksCoords: 'Sheet1!B10:L11' });
      // no "environment not used" warnings: no activity could be read, the error says why
      expect(result.issues.filter((i) => i.text.includes('is not used'))).toEqual([]);
    });
  },
);
// Issue 29: one cell must not make the simulator expand without limit. Tasks header at B10, rows from
// B11; columns C trip_id, F min_hours, G contingency_time, H nb_windows.
suite('plan bounds (issue 29)', () => {
  const errors = (result: ReturnType<typeof plan>) =>
    result.issues.filter((i) => i.kind === 'error').map((i) => [i.cell, i.text]);

  test('nb_windows of 1e9 or 1e15 is refused at its cell, and nothing is expanded', () => {
    for (const nb of [1e9, 1e15, PLAN_BOUNDS.maxCopiesPerActivity + 1]) {
      const result = plan(GOOD_ENV, [task('K1', 'E1'), task('K1', 'E1', { nb_windows: nb })]);
      expect(result.plan).toBeNull();
      expect(errors(result)).toEqual([
        ['Sheet1!H12', `nb_windows must be at most 1,000, got "${String(nb)}"`],
      ]);
    }
    const most = plan(GOOD_ENV, [task('K1', 'E1', { nb_windows: PLAN_BOUNDS.maxCopiesPerActivity })]);
    expect(most.plan).not.toBeNull();
    expect(expandCopies(most.plan!.activities)).toHaveLength(PLAN_BOUNDS.maxCopiesPerActivity);
  });

  test('min_hours of 1e308, and a duration with contingency past 32,766 h, are refused at their cells', () => {
    const huge = plan(GOOD_ENV, [task('K1', 'E1', { min_hours: 1e308 })]);
    expect(errors(huge)).toEqual([['Sheet1!F11', 'min_hours must be at most 32,766 h, got "1e+308"']]);
    // 30,000 h + 10 % = 33,000 h
    const padded = plan(GOOD_ENV, [task('K1', 'E1', { min_hours: 30000, contingency_time: 10 })]);
    expect(errors(padded)).toEqual([
      ['Sheet1!G11', 'the duration with contingency_time (33000 h) must be at most 32,766 h'],
    ]);
    // the bound itself: ceil(32,766 × 1.0) = 32,766 h is accepted
    const edge = plan(GOOD_ENV, [task('K1', 'E1', { min_hours: 32766, contingency_time: 0 })]);
    expect(edge.plan?.activities[0]?.durationHours).toBe(32766);
  });

  test('the copies of the whole plan are bounded, the error at the row that passes the bound', () => {
    // 5 rows of 1000 copies make 5000 (the bound); a sixth row of 1 passes it
    const rows = Array.from({ length: 5 }, () => task('K1', 'E1', { nb_windows: 1000 }));
    expect(plan(GOOD_ENV, rows).plan).not.toBeNull();
    const over = plan(GOOD_ENV, [...rows, task('K1', 'E1')]);
    expect(errors(over)).toEqual([
      ['Sheet1!H16', 'the plan expands to more than 5,000 activities (nb_windows copies) from this row'],
    ]);
  });

  test('rows and trips are bounded', () => {
    const rows = (n: number, trip: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => task(trip(i), 'E1'));
    expect(
      plan(
        GOOD_ENV,
        rows(500, () => 'K1'),
      ).plan,
    ).not.toBeNull();
    // the 501st row is B511
    expect(
      errors(
        plan(
          GOOD_ENV,
          rows(501, () => 'K1'),
        ),
      ),
    ).toEqual([['Sheet1!B511', 'the Tasks table has 501 rows; a plan may have at most 500']]);
    expect(
      plan(
        GOOD_ENV,
        rows(200, (i) => `K${i}`),
      ).plan,
    ).not.toBeNull();
    // the 201st trip starts at C211
    expect(
      errors(
        plan(
          GOOD_ENV,
          rows(201, (i) => `K${i}`),
        ),
      ),
    ).toEqual([['Sheet1!C211', 'the plan has more than 200 trips from this row']]);
  });

  test("a trip, or the plan, as long as the record is refused against it, naming the trip's first row", () => {
    // K1: 10 h × 1.15 → 12 h, twice (nb_windows 2) = 24 h; K2: 12 h
    const read = plan(GOOD_ENV, [task('K1', 'E1', { nb_windows: 2 }), task('K2', 'E1')]).plan!;
    expect(planAgainstRecord(read, 37)).toBeNull();
    expect(planAgainstRecord(read, 36)).toEqual({
      kind: 'error',
      text: "the plan lasts 36 h without any weather wait, not shorter than the common record of the planning's points (36 h): no start could finish it",
      cell: 'Sheet1!B11',
    });
    expect(planAgainstRecord(read, 24)).toEqual({
      kind: 'error',
      text: `trip "K1" lasts 24 h without any weather wait, not shorter than the common record of the planning's points (24 h): no start could finish it`,
      cell: 'Sheet1!B11',
    });
  });
});
