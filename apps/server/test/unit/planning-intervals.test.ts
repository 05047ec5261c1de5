// The comparison behind the intervals on request (issue 31, session 31): a breakdown's statistics as stored
// (jsonb: keys in its own order, NaN stored as null, the intervals or the on-request note beside) against
// the same statistics simulated again.
import { describe, expect, it } from 'vitest';
import { PLANNING_INTERVALS_ON_REQUEST, PLANNING_INTERVALS_STALE } from '@metocean/core';
import { bareBreakdown, onRequest } from '../../src/services/planning-intervals';

const simulated = {
  distribsOfAllDelay: { wholeSequenceScenarios: { P50: { Jan: 3, Feb: NaN } }, tripsScenarios: {} },
  starts: { Jan: 744, Feb: 672 },
  periods: ['Jan', 'Feb'],
};

describe('bareBreakdown', () => {
  it('equal statistics compare equal whatever the key order, NaN as stored, intervals and note left out', () => {
    const stored = {
      periods: ['Jan', 'Feb'],
      intervalsNote: PLANNING_INTERVALS_ON_REQUEST,
      starts: { Feb: 672, Jan: 744 },
      distribsOfAllDelay: {
        tripsScenarios: {},
        wholeSequenceScenarios: { P50: { Feb: null, Jan: 3 } },
        wholeSequenceIntervals: { P50: { Jan: [1, 5] } },
      },
      intervalYears: { Jan: 11 },
    };
    expect(bareBreakdown(stored)).toBe(bareBreakdown(simulated));
  });
  it('a different value, or a period order changed, compare different', () => {
    expect(bareBreakdown({ ...simulated, starts: { Jan: 745, Feb: 672 } })).not.toBe(
      bareBreakdown(simulated),
    );
    expect(bareBreakdown({ ...simulated, periods: ['Feb', 'Jan'] })).not.toBe(bareBreakdown(simulated));
  });
});

describe('onRequest', () => {
  it('only the on-request note asks for a computation', () => {
    expect(onRequest({ intervalsNote: PLANNING_INTERVALS_ON_REQUEST })).toBe(true);
    expect(onRequest({ intervalsNote: PLANNING_INTERVALS_STALE })).toBe(false);
    expect(onRequest({})).toBe(false);
  });
});
