import { describe as suite, expect, test } from 'vitest';
import {
  alphaCopies,
  alphaFactor,
  alphaLines,
  alphaSummary,
  parseAlphaTableCsv,
  alphaTableProblems,
  expandCopies,
  operationEnvironments,
  OS_H101_2011_T4_1,
  PlanningError,
  simulatePlan,
  simulateSequence,
  type AlphaTable,
  type Environment,
  type PlanActivity,
} from '../src';
import { seededRandom } from '../src';

// Reference table: DNV-OS-H101 Marine Operations, General (October 2011), Sec. 4 Table 4-1, base case, as
// quoted in issue 32 (rows TPOP ≤ 12/24/36/48/72 h, columns Hs limit 1/2/4/≥6 m). Typed in again here so a
// slip in the product's copy is caught.
const DNV: Record<number, number[]> = {
  12: [0.65, 0.76, 0.79, 0.8],
  24: [0.63, 0.73, 0.76, 0.78],
  36: [0.62, 0.71, 0.73, 0.76],
  48: [0.6, 0.68, 0.71, 0.74],
  72: [0.55, 0.63, 0.68, 0.72],
};

suite('alphaFactor on DNV-OS-H101 (2011) Table 4-1', () => {
  test('every cell of the table is read back at its own TPOP and limit', () => {
    for (const [row, alphas] of Object.entries(DNV))
      [1, 2, 4, 6].forEach((limit, c) =>
        expect(alphaFactor(OS_H101_2011_T4_1, Number(row), limit)).toEqual({
          rowHours: Number(row),
          alpha: alphas[c],
        }),
      );
  });

  test('the row is the first of 12, 24, 36, 48, 72 h that is ≥ TPOP', () => {
    const rowOf = (tpop: number) => alphaFactor(OS_H101_2011_T4_1, tpop, 2).rowHours;
    expect([1, 12, 12.5, 13, 24, 24.01, 36, 37, 48, 49, 71, 72].map(rowOf)).toEqual([
      12, 12, 24, 24, 24, 36, 36, 48, 48, 72, 72, 72,
    ]);
  });

  test('α is linear in the limit between the columns (numpy.interp values)', () => {
    // numpy 1.24 np.interp(L, [1, 2, 4, 6], row): 24 h 1.5 m → 0.68; 12 h 3 m → 0.775; 72 h 5 m → 0.70;
    // 36 h 2.5 m → 0.715; 48 h 1.2 m → 0.616
    const cases: [number, number, number][] = [
      [24, 1.5, 0.68],
      [12, 3, 0.775],
      [72, 5, 0.7],
      [36, 2.5, 0.715],
      [48, 1.2, 0.616],
    ];
    for (const [tpop, limit, alpha] of cases)
      expect(alphaFactor(OS_H101_2011_T4_1, tpop, limit).alpha).toBeCloseTo(alpha, 12);
  });

  test('α is clamped to the first and last columns (1 m and ≥ 6 m)', () => {
    expect(alphaFactor(OS_H101_2011_T4_1, 12, 0.5).alpha).toBe(0.65);
    expect(alphaFactor(OS_H101_2011_T4_1, 72, 9).alpha).toBe(0.72);
    expect(alphaFactor(OS_H101_2011_T4_1, 30, 6.01).alpha).toBe(0.76);
  });

  test('TPOP above 72 h is refused: not a weather-restricted operation', () => {
    expect(() => alphaFactor(OS_H101_2011_T4_1, 72.5, 2)).toThrow(PlanningError);
    expect(() => alphaFactor(OS_H101_2011_T4_1, 96, 2)).toThrow(/above 72 h.*not a weather-restricted/);
  });

  test('bad arguments throw naming the function', () => {
    expect(() => alphaFactor(OS_H101_2011_T4_1, 0, 2)).toThrow(/alphaFactor: tpopHours/);
    expect(() => alphaFactor(OS_H101_2011_T4_1, 12, Number.NaN)).toThrow(/alphaFactor: limit/);
  });
});

const company: AlphaTable = {
  id: 'user-1',
  name: 'Company wind table',
  source: 'Company procedure MO-12 rev. 3',
  parameter: 'wind_speed',
  tpopHours: [6, 18],
  limits: [10, 20],
  values: [
    [0.9, 1],
    [0.8, 0.9],
  ],
};

suite('company tables', () => {
  test('the same rule: first row ≥ TPOP, linear in the limit, clamped', () => {
    expect(alphaFactor(company, 6, 15)).toEqual({ rowHours: 6, alpha: 0.95 });
    expect(alphaFactor(company, 7, 12.5)).toEqual({ rowHours: 18, alpha: 0.825 });
    expect(alphaFactor(company, 7, 25).alpha).toBe(0.9);
    expect(() => alphaFactor(company, 19, 15)).toThrow(/above the last row \(18 h\)/);
  });

  test('problems are named: order, shape, values outside (0, 1]', () => {
    expect(alphaTableProblems(company)).toEqual([]);
    expect(alphaTableProblems(OS_H101_2011_T4_1)).toEqual([]);
    expect(alphaTableProblems({ ...company, tpopHours: [18, 6] })).toEqual([
      'the TPOP rows must be positive hours in increasing order, each once',
    ]);
    expect(alphaTableProblems({ ...company, limits: [10, 10] })).toEqual([
      'the limit columns must be positive values in increasing order, each once',
    ]);
    expect(
      alphaTableProblems({
        ...company,
        values: [
          [0.9, 1.1],
          [0, 0.9],
        ],
      }),
    ).toEqual([
      'α at TPOP 6 h, limit 20: 1.1 is not in (0, 1]',
      'α at TPOP 18 h, limit 10: 0 is not in (0, 1]',
    ]);
    expect(alphaTableProblems({ ...company, values: [[0.9]] })).toEqual([
      'every TPOP row needs one α per limit column',
    ]);
    expect(alphaTableProblems({ ...company, name: ' ', source: '' })).toEqual([
      'the table needs a name',
      'the table needs a source line',
    ]);
  });
});

const activity = (
  activityId: string,
  minHours: number,
  contingencyPercent: number,
  environment: string | null,
  extra: Partial<PlanActivity> = {},
): PlanActivity => ({
  tripId: 'T',
  taskId: '1',
  activityId,
  minHours,
  contingencyPercent,
  durationHours: Math.ceil(minHours * (1 + contingencyPercent / 100)),
  nbWindows: 1,
  continuous: false,
  environment,
  location: null,
  cell: `Tasks!B${activityId.charCodeAt(0)}`,
  ...extra,
});

const env = (name: string, maxima: Environment['maxima']): Environment => ({
  name,
  maxima,
  sectors: {},
  cell: `Environments!A${name.length}`,
});

suite('the simulator with α', () => {
  // a seeded sea state: a slow swell cycle with noise, Hs 0.2–3.3 m (enough hours on both sides of every
  // limit below)
  const n = 24 * 120;
  const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 3_600_000);
  const random = seededRandom(32);
  const hs = Float64Array.from({ length: n }, (_, i) => 1.6 + 1.2 * Math.sin(i / 40) + 0.5 * random());
  const wind = Float64Array.from({ length: n }, (_, i) => 8 + 6 * Math.sin(i / 17));
  const locations = [{ name: 'ERA5', fields: { hs, wind_speed: wind } }];

  // Reference: the literal rule for a one-activity plan, hour by hour. The copy may start at the first
  // s ≥ t where every hour of [s, s + d) has Hs ≤ α·L (d = min_hours plus contingency, the whole window
  // factored); duration = s + d − t; censored when no such s fits in the record.
  function brute(limit: number, d: number): number[] {
    return Array.from({ length: n }, (_, t) => {
      for (let start = t; start + d <= n; start++) {
        let fits = true;
        for (let h = start; h < start + d; h++) if (!(hs[h]! <= limit)) fits = false;
        if (fits) return start + d - t;
      }
      return -1;
    });
  }

  test('an Hs ≤ 2 m activity of min_hours 20 (row 24 h) runs on 0.73 × 2 = 1.46 m over its 22 h window', () => {
    const activities = [activity('A', 20, 10, 'E')];
    const environments = [env('E', { hs: 2 })];
    const { copies, factored } = alphaCopies(activities, environments, OS_H101_2011_T4_1);
    expect(factored).toEqual([
      expect.objectContaining({
        activityId: 'A',
        cell: activities[0]!.cell,
        tpopHours: 20,
        rowHours: 24,
        parameter: 'hs',
        limit: 2,
        alpha: 0.73,
        effectiveLimit: 1.46,
      }),
    ]);
    const sim = simulatePlan({ time, locations, aliases: {}, environments, copies });
    const expected = brute(1.46, 22);
    expect(Array.from(sim.duration)).toEqual(expected);
    // and the factor changed something: without α the plain 2 m limit gives other durations
    const plain = simulatePlan({
      time,
      locations,
      aliases: {},
      environments,
      copies: expandCopies(activities),
    });
    expect(Array.from(plain.duration)).toEqual(brute(2, 22));
    expect(Array.from(plain.duration)).not.toEqual(expected);
  }, 30_000);

  test('the same plan with α equals the plan with the limits replaced by α·L by hand', () => {
    const activities = [
      activity('A', 10, 0, 'E'),
      activity('B', 30, 20, 'E'),
      activity('C', 5, 0, null),
      activity('D', 60, 0, 'W'),
    ];
    const environments = [env('E', { hs: 1.5 }), env('W', { hs: 5, wind_speed: 12 })];
    const { copies } = alphaCopies(activities, environments, OS_H101_2011_T4_1);
    const withAlpha = simulatePlan({ time, locations, aliases: {}, environments, copies });
    // by hand: A row 12 h, 1.5 m: (0.65 + 0.76)/2 = 0.705 → 1.0575 m; B row 36 h: (0.62 + 0.71)/2 = 0.665
    // → 0.9975 m; C "none" not factored; D row 72 h, 5 m: (0.68 + 0.72)/2 = 0.70 → 3.5 m, wind left at 12
    const byHand = [
      env('E12', { hs: 1.0575 }),
      env('E36', { hs: 0.9975 }),
      env('W72', { hs: 3.5, wind_speed: 12 }),
    ];
    const handCopies = expandCopies([
      { ...activities[0]!, environment: 'E12' },
      { ...activities[1]!, environment: 'E36' },
      activities[2]!,
      { ...activities[3]!, environment: 'W72' },
    ]);
    const manual = simulatePlan({ time, locations, aliases: {}, environments: byHand, copies: handCopies });
    expect(Array.from(withAlpha.duration)).toEqual(Array.from(manual.duration));
    expect(Array.from(withAlpha.delay)).toEqual(Array.from(manual.delay));
    expect(withAlpha.censoredCount).toBe(manual.censoredCount);
  }, 30_000);

  test('TPOP above 72 h is refused with the copy cell', () => {
    const activities = [activity('A', 73, 0, 'E')];
    expect(() => alphaCopies(activities, [env('E', { hs: 2 })], OS_H101_2011_T4_1)).toThrow(
      `${activities[0]!.cell}: TPOP 73 h is above 72 h`,
    );
    // an activity without an Hs limit has no TPOP limit either
    expect(() => alphaCopies([activity('A', 100, 0, null)], [], OS_H101_2011_T4_1)).not.toThrow();
  });

  test('a wind-speed company table factors wind, not Hs', () => {
    const { factored } = alphaCopies(
      [activity('A', 10, 0, 'W')],
      [env('W', { hs: 5, wind_speed: 15 })],
      company,
    );
    expect(factored).toEqual([
      expect.objectContaining({
        parameter: 'wind_speed',
        limit: 15,
        rowHours: 18,
        alpha: 0.85,
        effectiveLimit: 12.75,
      }),
    ]);
  });
});

suite('contractors operations with α', () => {
  test('upper Hs constraints are factored at TPOP = the duration; lower bounds and other fields are not', () => {
    const { environments, factored } = operationEnvironments(
      [
        {
          name: 'Lift',
          durationHours: 30,
          conditions: [
            { field: 'hs', comparison: 'LESS_EQUAL', limit: 2 },
            { field: 'hs', comparison: 'GREATER', limit: 0.1 },
            { field: 'wind_speed', comparison: 'LESS', limit: 12 },
          ],
        },
      ],
      OS_H101_2011_T4_1,
    );
    // row 36 h, 2 m: 0.71 → 1.42 m (Table 4-1)
    expect(environments[0]!.conditions).toEqual([
      { field: 'hs', comparison: 'LESS_EQUAL', limit: 1.42 },
      { field: 'hs', comparison: 'GREATER', limit: 0.1 },
      { field: 'wind_speed', comparison: 'LESS', limit: 12 },
    ]);
    expect(factored).toHaveLength(1);
  });

  test('an operation longer than 72 h is refused by name', () => {
    const time = Float64Array.from({ length: 200 }, (_, i) => i * 3_600_000);
    expect(() =>
      simulateSequence(
        time,
        { name: 'P', fields: { hs: new Float64Array(200).fill(1) } },
        [{ name: 'Tow', durationHours: 80, conditions: [{ field: 'hs', comparison: 'LESS', limit: 3 }] }],
        OS_H101_2011_T4_1,
      ),
    ).toThrow('operation 1 "Tow": TPOP 80 h is above 72 h');
  });
});

suite('company tables from CSV', () => {
  test('metadata lines, header and rows; ";" and decimal points', () => {
    const table = parseAlphaTableCsv(
      '\uFEFF# company table\nname,Company wind table\nsource,"Company procedure MO-12 rev. 3"\nparameter;wind_speed\n' +
        'tpop_hours;10;20\n6;0.9;1\n18;0.8;0.9\n',
      'fallback',
    );
    expect(table).toEqual({
      ...company,
      id: undefined,
      tpopHours: [6, 18],
      limits: [10, 20],
    } as unknown as typeof table);
  });

  test('every problem is named with its line; nothing is guessed', () => {
    expect(() => parseAlphaTableCsv('tpop_hours,1,2\n12,0.6,x\n24,0.5,1.2', 'f')).toThrow(
      'alpha table: line 2: "x" is not a number',
    );
    expect(() => parseAlphaTableCsv('name,A\nsource,B\ntpop_hours,1,2\n24,0.6,0.7\n12,0.5,1.2', 'f')).toThrow(
      /TPOP rows must be positive hours in increasing order.*1\.2 is not in \(0, 1\]/,
    );
    expect(() => parseAlphaTableCsv('12,0.6', 'f')).toThrow(/line 1: expected name, source, parameter/);
  });

  test('the summary line says what α did to each limit', () => {
    const activities = [activity('A', 20, 10, 'E')];
    const { factored } = alphaCopies(activities, [env('E', { hs: 1.5 })], OS_H101_2011_T4_1);
    const summary = alphaSummary(OS_H101_2011_T4_1, factored);
    expect(summary.note).toMatch(/North Sea and the Norwegian Sea/);
    expect(summary.note).not.toMatch(/ST-N001 \(/);
    // row 24 h, 1.5 m: (0.63 + 0.73)/2 = 0.68 → 1.02 m
    expect(alphaLines(summary)).toEqual([
      `T › 1 › A (${activities[0]!.cell}): Hs ≤ 1.5 m × α 0.68 (TPOP 20 h, row ≤ 24 h) = 1.02 m`,
    ]);
  });
});
