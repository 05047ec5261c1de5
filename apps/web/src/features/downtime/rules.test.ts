import { describe, expect, it } from 'vitest';
import {
  addPercentile,
  bestResult,
  cardTrips,
  commonPercentiles,
  createdAtText,
  defaultPercentile,
  formatDuration,
  initialMonth,
  isInProgress,
  parsePercentiles,
  rowActions,
  showCumulative,
  validCoords,
  visiblePlannings,
  type PlanningLike,
} from './rules';

const planning = (id: number, name: string, over: Partial<PlanningLike> = {}): PlanningLike => ({
  id,
  name,
  status: 'FINISHED',
  points: [{ name: 'P1' }],
  errorMessage: null,
  hasJsonResults: true,
  queuedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('dashboard search and sort (spec 001 §2.2)', () => {
  const list = [planning(1, 'North jacket'), planning(3, 'cable lay'), planning(2, 'Cable Pull-in')];

  it('matches a case-insensitive substring of the name', () => {
    expect(visiblePlannings(list, 'CABLE', '-id').map((p) => p.id)).toEqual([3, 2]);
    expect(visiblePlannings(list, 'ull-i', '-id').map((p) => p.id)).toEqual([2]);
    expect(visiblePlannings(list, 'zzz', '-id')).toEqual([]);
  });

  it('sorts by date (newest first, by id) or by name', () => {
    expect(visiblePlannings(list, '', '-id').map((p) => p.id)).toEqual([3, 2, 1]);
    expect(visiblePlannings(list, '', 'name').map((p) => p.name)).toEqual([
      'cable lay',
      'Cable Pull-in',
      'North jacket',
    ]);
  });

  it('does not reorder its input', () => {
    const frozen = Object.freeze([...list]);
    visiblePlannings(frozen, '', 'name');
    expect(frozen.map((p) => p.id)).toEqual([1, 3, 2]);
  });
});

describe('the created column (session 30: the date as the app writes it, not in the US locale)', () => {
  it('writes the ISO day and minute in UTC, whatever the offset of the stamp', () => {
    // the same instant written with two offsets reads the same; seconds and milliseconds are dropped
    expect(createdAtText('2026-11-29T01:30:59.999Z')).toBe('2026-11-29 01:30');
    expect(createdAtText('2026-11-29T03:30:59+02:00')).toBe('2026-11-29 01:30');
    expect(createdAtText('2026-01-05T23:59:00.000-01:00')).toBe('2026-01-06 00:59');
  });

  it('leaves an unknown or unreadable stamp empty', () => {
    expect(createdAtText(null)).toBe('');
    expect(createdAtText(undefined)).toBe('');
    expect(createdAtText('yesterday')).toBe('');
  });
});

describe('row rules (spec 001 §2.2, §4, §6)', () => {
  const staff = { isStaff: true, offerExpired: false };
  it('hides delete while running or pending, for non-staff and with an expired offer', () => {
    expect(rowActions(planning(1, 'a'), staff).canDelete).toBe(true);
    expect(rowActions(planning(1, 'a', { status: 'FAILED' }), staff).canDelete).toBe(true);
    expect(rowActions(planning(1, 'a', { status: 'RUNNING' }), staff).canDelete).toBe(false);
    expect(rowActions(planning(1, 'a', { status: 'PENDING' }), staff).canDelete).toBe(false);
    // regression: a planning created but never launched showed "Pending" with no Delete, which the server allows
    expect(rowActions(planning(1, 'a', { status: 'PENDING', queuedAt: null }), staff).canDelete).toBe(true);
    expect(rowActions(planning(1, 'a'), { isStaff: false, offerExpired: false }).canDelete).toBe(false);
    expect(rowActions(planning(1, 'a'), { isStaff: true, offerExpired: true }).canDelete).toBe(false);
  });

  it('offers download only when finished, selection only with results, the log only for failures with a message', () => {
    for (const status of ['PENDING', 'RUNNING', 'FAILED'] as const) {
      expect(rowActions(planning(1, 'a', { status }), staff).canDownload).toBe(false);
    }
    expect(rowActions(planning(1, 'a'), staff).canDownload).toBe(true);
    expect(rowActions(planning(1, 'a', { hasJsonResults: false }), staff).canSelect).toBe(false);
    expect(rowActions(planning(1, 'a', { status: 'FAILED', errorMessage: 'x' }), staff).showErrorLog).toBe(
      true,
    );
    expect(rowActions(planning(1, 'a', { status: 'FAILED', errorMessage: ' ' }), staff).showErrorLog).toBe(
      false,
    );
    expect(rowActions(planning(1, 'a', { errorMessage: 'x' }), staff).showErrorLog).toBe(false);
  });

  it('polls while a planning is pending or running', () => {
    expect(isInProgress([planning(1, 'a'), planning(2, 'b', { status: 'FAILED' })])).toBe(false);
    expect(isInProgress([planning(1, 'a'), planning(2, 'b', { status: 'PENDING' })])).toBe(true);
    expect(isInProgress([planning(1, 'a', { status: 'RUNNING', queuedAt: null })])).toBe(true);
    // a planning never launched will not change: no polling for it
    expect(isInProgress([planning(2, 'b', { status: 'PENDING', queuedAt: null })])).toBe(false);
  });
});

describe('settings form (spec 001 §5)', () => {
  it('adds a percentile chip only as a new integer 1–99, kept ascending', () => {
    expect(addPercentile([50, 90], '70')).toEqual([50, 70, 90]);
    for (const bad of ['0', '100', '50', '7.5', 'abc', '', '-3']) {
      expect(addPercentile([50, 90], bad)).toBe(
        'Please enter a series of integers between 1 and 99, separated by commas.',
      );
    }
  });

  it('parses a pasted comma-separated series', () => {
    expect(parsePercentiles('50, 60,99')).toEqual([50, 60, 99]);
    expect(parsePercentiles('50,50')).toBeNull();
    expect(parsePercentiles('50,,60')).toBeNull();
    expect(parsePercentiles('1,100')).toBeNull();
  });

  it('accepts Excel ranges with or without a sheet, refuses anything else', () => {
    for (const good of ['B3', 'B3:E6', 'Tasks!B3:K40', "'My sheet'!B3", '$B$3:$E$6']) {
      expect(validCoords(good), good).toBe(true);
    }
    for (const bad of ['', 'B', '3B', 'B0', 'B3:', 'Sheet!', 'B3:E6:F7']) {
      expect(validCoords(bad), bad).toBe(false);
    }
  });
});

describe('durations (spec 001 §9: above 220 h in days)', () => {
  it('switches to days strictly above 220 hours', () => {
    expect(formatDuration(220)).toBe('220 h');
    expect(formatDuration(220.5)).toBe('9.2 d');
    expect(formatDuration(36.25)).toBe('36.3 h');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(Number.NaN)).toBe('–');
  });
});

describe('comparison (spec 001 §2.4)', () => {
  it('defaults to P50, else the first available percentile', () => {
    expect(defaultPercentile([10, 50, 90])).toBe(50);
    expect(defaultPercentile([80, 90])).toBe(80);
    expect(defaultPercentile([])).toBeNull();
    expect(
      commonPercentiles([
        [50, 90, 10],
        [10, 50],
        [50, 10, 99],
      ]),
    ).toEqual([10, 50]);
  });

  it('remembers a valid month, otherwise takes the current UTC month', () => {
    expect(initialMonth('Mar', new Date(Date.UTC(2026, 10, 1)))).toBe('Mar');
    expect(initialMonth('Foo', new Date(Date.UTC(2026, 10, 1)))).toBe('Nov');
    expect(initialMonth(null, new Date(Date.UTC(2026, 0, 31, 23)))).toBe('Jan');
  });

  it('gives "Best Result" to the lowest delay, and moves when the values change', () => {
    const kind = 'distribsOfAllDelay' as const;
    expect(
      bestResult([
        { id: 1, kind, value: 30 },
        { id: 2, kind, value: 12 },
        { id: 3, kind, value: 40 },
      ]),
    ).toBe(2);
    expect(
      bestResult([
        { id: 1, kind, value: 5 },
        { id: 2, kind, value: 12 },
        { id: 3, kind, value: 40 },
      ]),
    ).toBe(1);
  });

  it('gives no badge when values are equal, a kind differs, or fewer than two values exist', () => {
    const kind = 'distribsOfAllDurations' as const;
    expect(
      bestResult([
        { id: 1, kind, value: 7 },
        { id: 2, kind, value: 7 },
      ]),
    ).toBeNull();
    expect(
      bestResult([
        { id: 1, kind, value: 7 },
        { id: 2, kind: 'distribsOfAllDelay', value: 3 },
      ]),
    ).toBeNull();
    expect(
      bestResult([
        { id: 1, kind, value: 7 },
        { id: 2, kind, value: null },
      ]),
    ).toBeNull();
  });

  it('ranks the weather-window kind (percent of years without downtime) highest first', () => {
    const kind = 'distribsOfNoDowntimeRatio' as const;
    expect(
      bestResult([
        { id: 1, kind, value: 40 },
        { id: 2, kind, value: 75 },
      ]),
    ).toBe(2);
  });

  it('shows at most 4 trips: largest delay first, or lowest weather-window value first', () => {
    const trips = [
      { trip: 'T1', value: 3 },
      { trip: 'T2', value: null },
      { trip: 'T3', value: 9 },
      { trip: 'T4', value: 1 },
      { trip: 'T5', value: 9 },
      { trip: 'T6', value: 4 },
    ];
    expect(cardTrips(trips, 'distribsOfAllDelay').map((t) => t.trip)).toEqual(['T3', 'T5', 'T6', 'T1']);
    expect(cardTrips(trips, 'distribsOfNoDowntimeRatio').map((t) => t.trip)).toEqual([
      'T4',
      'T1',
      'T6',
      'T3',
    ]);
    expect(cardTrips(trips.slice(0, 2), 'distribsOfAllDelay').map((t) => t.trip)).toEqual(['T1', 'T2']);
  });

  it('draws the cumulative graph only below 40 trips', () => {
    expect(showCumulative(39)).toBe(true);
    expect(showCumulative(40)).toBe(false);
  });
});
