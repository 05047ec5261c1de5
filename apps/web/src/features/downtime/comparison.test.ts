import { describe, expect, it } from 'vitest';
import type { PlanningResults } from '@metocean/contracts';
import { PLANNING_INTERVALS_ON_REQUEST, PLANNING_INTERVALS_STALE } from '@metocean/core';
import { comparisonTable, intervalsOverlap, withinNoise, withoutIntervalsText } from './comparison';

// Only the parts of a results layout the comparison reads: one breakdown's periods and whole-sequence values.
function results(
  values: Record<string, Record<string, number | null>>,
  periods: string[],
  intervals?: Record<string, Record<string, [number, number] | null>>,
): PlanningResults {
  const distribution = {
    wholeSequenceScenarios: values,
    tripsScenarios: {},
    wholeSequenceIntervals: intervals,
  };
  const breakdown = {
    periods,
    percentiles: Object.keys(values).map((k) => Number(k.slice(1))),
    distribsOfAllDelay: distribution,
    distribsOfAllDurations: distribution,
    distribsOfDowntimePercent: distribution,
    distribsOfNoDowntimeRatio: distribution,
  };
  return {
    MONTHLY: breakdown,
    BIWEEKLY: breakdown,
    WEEKLY: breakdown,
    ...(intervals ? { intervals: { ci: 0.9, resamples: 1000, seed: 1, method: '' } } : {}),
  } as unknown as PlanningResults;
}

const A = {
  id: 1,
  name: 'Campaign A',
  results: results({ P50: { Jan: 139, Feb: 179 }, P90: { Jan: 230, Feb: 200 } }, ['Jan', 'Feb']),
};
const B = {
  id: 2,
  name: 'Campaign B',
  results: results({ P50: { Jan: 150, Feb: 100 }, P90: { Jan: 210, Feb: null } }, ['Jan', 'Feb']),
};

describe('comparisonTable (issue 30: plannings period by period)', () => {
  it('one column per percentile and planning, in one unit: days once a value passes 220 h', () => {
    const table = comparisonTable([A, B], 'MONTHLY', 'distribsOfAllDurations', [50, 90]);
    expect(table.unit).toBe('d');
    expect(table.columns.map((c) => `${c.name} P${c.percentile}`)).toEqual([
      'Campaign A P50',
      'Campaign B P50',
      'Campaign A P90',
      'Campaign B P90',
    ]);
    // 139 h / 24 = 5.79 → 5.8 d; 230 / 24 = 9.58 → 9.6 d (0.1 d precision)
    expect(table.rows[0]).toEqual({
      period: 'Jan',
      values: [5.8, 6.3, 9.6, 8.8],
      best: [true, false, false, true],
      intervals: [null, null, null, null],
      withinNoise: [false, false, false, false],
    });
    // a missing value is no candidate: B's Feb P90 is absent, so no best at P90 in Feb (one value)
    expect(table.rows[1]).toEqual({
      period: 'Feb',
      values: [7.5, 4.2, 8.3, null],
      best: [false, true, false, false],
      intervals: [null, null, null, null],
      withinNoise: [false, false, false, false],
    });
    expect(table.ci).toBeNull();
  });

  it('hours when every value stays under 220 h; the weather window keeps percent and marks the highest', () => {
    expect(comparisonTable([A, B], 'MONTHLY', 'distribsOfAllDelay', [50]).unit).toBe('h');
    const ww = comparisonTable([A, B], 'MONTHLY', 'distribsOfNoDowntimeRatio', [50]);
    expect(ww.unit).toBe('%');
    expect(ww.rows[0]!.best).toEqual([false, true]);
  });
});

// issue 31: two plannings whose year-block intervals overlap differ within the noise
describe('intervalsOverlap', () => {
  /** The literal definition: some number lies in both closed intervals (checked on a 0.25 grid). */
  function bruteForce(a: [number, number], b: [number, number]): boolean {
    for (let x = Math.min(a[0], b[0]); x <= Math.max(a[1], b[1]); x += 0.25)
      if (x >= a[0] && x <= a[1] && x >= b[0] && x <= b[1]) return true;
    return false;
  }

  it('agrees with the brute force on disjoint, touching, crossing and nested intervals', () => {
    expect(intervalsOverlap([1, 2], [3, 4])).toBe(false);
    expect(intervalsOverlap([3, 4], [1, 2])).toBe(false);
    expect(intervalsOverlap([1, 3], [3, 4])).toBe(true);
    expect(intervalsOverlap([1, 3.5], [3, 4])).toBe(true);
    expect(intervalsOverlap([0, 10], [3, 4])).toBe(true);
    // every pair of quarter-step intervals in [0, 3]: the rule matches the definition
    const ends = Array.from({ length: 13 }, (_, i) => i / 4);
    for (const a0 of ends)
      for (const a1 of ends.filter((e) => e >= a0))
        for (const b0 of ends)
          for (const b1 of ends.filter((e) => e >= b0))
            expect(intervalsOverlap([a0, a1], [b0, b1]), `[${a0}, ${a1}] [${b0}, ${b1}]`).toBe(
              bruteForce([a0, a1], [b0, b1]),
            );
  });

  it('a missing interval overlaps nothing', () => {
    expect(intervalsOverlap(null, [1, 2])).toBe(false);
    expect(intervalsOverlap([1, 2], null)).toBe(false);
  });
});

describe('withinNoise', () => {
  it('marks the values overlapping the best and the best when any does', () => {
    const marks = withinNoise(
      [
        { value: 10, interval: [8, 12] },
        { value: 13, interval: [11, 15] },
        { value: 20, interval: [18, 22] },
      ],
      0,
    );
    expect(marks).toEqual([true, true, false]);
  });

  it('marks nothing when the best stands clear of every other', () => {
    const marks = withinNoise(
      [
        { value: 10, interval: [8, 9.5] },
        { value: 13, interval: [11, 15] },
        { value: 14, interval: [12, 16] },
      ],
      0,
    );
    // 13 and 14 overlap each other, but neither overlaps the best: they are not compared with each other
    expect(marks).toEqual([false, false, false]);
  });

  it('with no best (a tie), marks each value overlapping another; no value or no interval is never marked', () => {
    expect(
      withinNoise(
        [
          { value: 10, interval: [8, 12] },
          { value: 10, interval: [9, 11] },
          { value: null, interval: [9, 11] },
          { value: 10, interval: null },
        ],
        null,
      ),
    ).toEqual([true, true, false, false]);
  });
});

describe('comparisonTable intervals (issue 31)', () => {
  const C = {
    id: 3,
    name: 'Campaign C',
    results: results({ P50: { Jan: 100, Feb: 100 } }, ['Jan', 'Feb'], {
      P50: { Jan: [90, 112], Feb: [95, 104] },
    }),
  };
  const D = {
    id: 4,
    name: 'Campaign D',
    results: results({ P50: { Jan: 110, Feb: 120 } }, ['Jan', 'Feb'], {
      P50: { Jan: [101, 125], Feb: [110, 131] },
    }),
  };

  it('marks the period whose intervals overlap, on the unrounded bounds, and gives the bounds in the unit', () => {
    const table = comparisonTable([C, D], 'MONTHLY', 'distribsOfAllDurations', [50]);
    expect(table.unit).toBe('h');
    expect(table.ci).toBe(0.9);
    // Jan: [90, 112] and [101, 125] overlap; Feb: [95, 104] ends before [110, 131] starts
    expect(table.rows.map((r) => r.withinNoise)).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(table.rows[0]!.intervals).toEqual([
      [90, 112],
      [101, 125],
    ]);
  });

  it('a planning without intervals (older results) is never marked', () => {
    const table = comparisonTable([C, A], 'MONTHLY', 'distribsOfAllDurations', [50]);
    expect(table.rows.every((r) => r.withinNoise.every((m) => !m))).toBe(true);
  });
});

// issue 31, session 31: a breakdown whose intervals are on request marks nothing, and the legend says so
describe('plannings without intervals in the breakdown compared', () => {
  const withNote = (p: typeof A, note: string) => ({
    ...p,
    results: {
      ...p.results,
      intervals: { ci: 0.9, resamples: 1000, seed: 1, method: '' },
      WEEKLY: { ...p.results.WEEKLY, intervalsNote: note },
    } as PlanningResults,
  });
  it('are listed with their note, and named in the legend', () => {
    const table = comparisonTable(
      [withNote(A, PLANNING_INTERVALS_ON_REQUEST), withNote(B, PLANNING_INTERVALS_STALE)],
      'WEEKLY',
      'distribsOfAllDurations',
      [50],
    );
    expect(table.withoutIntervals.map((w) => w.name)).toEqual(['Campaign A', 'Campaign B']);
    expect(table.rows.every((r) => r.withinNoise.every((n) => !n))).toBe(true);
    expect(withoutIntervalsText(table.withoutIntervals)).toBe(
      `No intervals yet for Campaign A in this breakdown: they are computed on request (switch "Intervals" on in the planning's results, then come back); until then their values are never marked ≈. No intervals for Campaign B: ${PLANNING_INTERVALS_STALE.replace('no intervals: ', '')}.`,
    );
    expect(comparisonTable([A, B], 'WEEKLY', 'distribsOfAllDurations', [50]).withoutIntervals).toEqual([]);
  });
});
