import { describe, expect, it } from 'vitest';
import type { PlanningResults } from '@metocean/contracts';
import { comparisonTable } from './comparison';

// Only the parts of a results layout the comparison reads: one breakdown's periods and whole-sequence values.
function results(values: Record<string, Record<string, number | null>>, periods: string[]): PlanningResults {
  const distribution = { wholeSequenceScenarios: values, tripsScenarios: {} };
  const breakdown = {
    periods,
    percentiles: Object.keys(values).map((k) => Number(k.slice(1))),
    distribsOfAllDelay: distribution,
    distribsOfAllDurations: distribution,
    distribsOfDowntimePercent: distribution,
    distribsOfNoDowntimeRatio: distribution,
  };
  return { MONTHLY: breakdown, BIWEEKLY: breakdown, WEEKLY: breakdown } as unknown as PlanningResults;
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
    });
    // a missing value is no candidate: B's Feb P90 is absent, so no best at P90 in Feb (one value)
    expect(table.rows[1]).toEqual({
      period: 'Feb',
      values: [7.5, 4.2, 8.3, null],
      best: [false, true, false, false],
    });
  });

  it('hours when every value stays under 220 h; the weather window keeps percent and marks the highest', () => {
    expect(comparisonTable([A, B], 'MONTHLY', 'distribsOfAllDelay', [50]).unit).toBe('h');
    const ww = comparisonTable([A, B], 'MONTHLY', 'distribsOfNoDowntimeRatio', [50]);
    expect(ww.unit).toBe('%');
    expect(ww.rows[0]!.best).toEqual([false, true]);
  });
});
