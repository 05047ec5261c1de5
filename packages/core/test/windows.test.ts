import fc from 'fast-check';
import { describe as suite, expect, test } from 'vitest';
import {
  DOWNTIME_PERCENTILES,
  calendarOf,
  quantileSorted,
  seededRandom,
  waitPercentileIntervals,
  windowProbabilityIntervals,
  yearBlockWeights,
  type DowntimeRow,
  calmRunLengths,
  nextWindowStart,
  weatherDowntime,
  weatherDowntimes,
  weatherWindows,
} from '../src';
import { era5, ndbc, values } from './data';

// Reference: brute-force implementations written straight from the definitions (issue 3, Conventions;
// censoring: issue 21): a window of D hours starts at t when every value in [t, t + D) exists and is
// strictly below the limit; it fails when a value in [t, t + D) exists and is at or above the limit; else
// (missing data or the end of the record in it, no exceedance) its outcome is unknown. The wait from t is
// the distance to the first window start ≥ t, unknown (censored) when a window of unknown outcome comes
// first or none follows. They are O(n·D) and O(n·wait), the engine is O(n). Counts are exact; means and
// percentiles to 1e-9.
const H = 3_600_000;

function bruteWindowStart(v: ArrayLike<number>, t: number, d: number, limit: number): boolean {
  if (t + d > v.length) return false;
  for (let k = t; k < t + d; k++) if (!(v[k]! < limit)) return false;
  return true;
}

type Outcome = 'window' | 'fails' | 'unknown';

function bruteOutcome(v: ArrayLike<number>, t: number, d: number, limit: number): Outcome {
  for (let k = t; k < Math.min(t + d, v.length); k++) if (v[k]! >= limit) return 'fails';
  return bruteWindowStart(v, t, d, limit) ? 'window' : 'unknown';
}

/** The wait from t to the first window start, or -1 when it is censored. */
function bruteWait(v: ArrayLike<number>, t: number, d: number, limit: number): number {
  for (let s = t; s < v.length; s++) {
    const outcome = bruteOutcome(v, s, d, limit);
    if (outcome === 'window') return s - t;
    if (outcome === 'unknown') return -1;
  }
  return -1;
}

/** For a censored start (bruteWait −1): c, the distance to the first window of unknown outcome or to the end. */
function bruteCensoring(v: ArrayLike<number>, t: number, d: number, limit: number): number {
  for (let s = t; s < v.length; s++) if (bruteOutcome(v, s, d, limit) === 'unknown') return s - t;
  return v.length - t;
}

/**
 * The product-limit estimate (Kaplan & Meier 1958) written from its definition: waits are events; a
 * censored start waited at least c, so it is at risk at wait u when c > u. S(u) = Π over event waits
 * w ≤ u of (1 − events at w / at risk at w), risk sets counted literally (O(n²)). Percentile: the first
 * wait where S ≤ 1 − p, the midpoint to the next event wait where S = 1 − p exactly; null if never.
 * Mean: the area under S to the horizon (the longest wait, or c − 1 for the longest censoring).
 */
function bruteKm(
  waits: number[],
  cs: number[],
): { quantile: (p: number) => number | null; mean: number; horizon: number } {
  const at = [...new Set(waits)].sort((a, b) => a - b);
  const curve: [number, number][] = [];
  let s = 1;
  for (const u of at) {
    const risk = waits.filter((w) => w >= u).length + cs.filter((c) => c > u).length;
    s *= 1 - waits.filter((w) => w === u).length / risk;
    curve.push([u, s]);
  }
  const horizon = Math.max(...waits, ...cs.map((c) => c - 1));
  let mean = 0;
  let from = 0;
  let level = 1;
  for (const [u, x] of curve) {
    mean += level * (u - from);
    from = u;
    level = x;
  }
  mean += level * (horizon - from);
  const quantile = (p: number): number | null => {
    for (let k = 0; k < curve.length; k++) {
      const [u, x] = curve[k]!;
      if (Math.abs(x - (1 - p)) < 1e-9) return k + 1 < curve.length ? (u + curve[k + 1]![0]) / 2 : u;
      if (x < 1 - p) return u;
    }
    return null;
  };
  return { quantile, mean, horizon };
}

/** The first window start ≥ t regardless of windows of unknown outcome before it, or -1. */
function bruteFirstWindow(v: ArrayLike<number>, t: number, d: number, limit: number): number {
  for (let s = t; s < v.length; s++) if (bruteWindowStart(v, s, d, limit)) return s - t;
  return -1;
}

function bruteCalmPeriods(
  v: ArrayLike<number>,
  d: number,
  limit: number,
): { start: number; length: number }[] {
  const out: { start: number; length: number }[] = [];
  let i = 0;
  while (i < v.length) {
    if (!(v[i]! < limit)) {
      i++;
      continue;
    }
    let j = i;
    while (j < v.length && v[j]! < limit) j++;
    if (j - i >= d) out.push({ start: i, length: j - i });
    i = j;
  }
  return out;
}

function slice(from: number, to: number): { time: Float64Array; v: Float64Array } {
  const s = ndbc();
  return {
    time: s.time.slice(from, to),
    v: Float64Array.from(values(s, 'significant wave height').slice(from, to)),
  };
}

suite('WW on real data equals the brute force', () => {
  // two years of NDBC 44007 with gaps (1996-1997)
  const { time, v } = slice(0, 2 * 8784);
  const { month, year } = calendarOf(time);
  for (const [limit, d] of [
    [1.5, 6],
    [2, 24],
    [1, 48],
  ] as const) {
    test(`below ${limit} m for ${d} h: probability, calm periods and their mean length per month`, () => {
      const rows = weatherWindows(time, v, { below: limit, durationsHours: [d] });
      const periods = bruteCalmPeriods(v, d, limit);
      for (let m = 1; m <= 12; m++) {
        let validHours = 0;
        let starts = 0;
        let fails = 0;
        let unknown = 0;
        const years = new Set<number>();
        for (let i = 0; i < v.length; i++) {
          if (month[i] !== m || Number.isNaN(v[i]!)) continue;
          validHours++;
          years.add(year[i]!);
          const outcome = bruteOutcome(v, i, d, limit);
          if (outcome === 'window') starts++;
          else if (outcome === 'fails') fails++;
          else unknown++;
        }
        const mine = periods.filter((p) => month[p.start] === m);
        const row = rows.find((r) => r.month === m)!;
        expect(row.probability).toBeCloseTo((100 * starts) / (starts + fails), 9);
        expect(row.censored).toBe(unknown);
        expect(row.hoursWithData).toBe(validHours);
        expect(row.meanCalmPeriods).toBeCloseTo(mine.length / years.size, 9);
        if (mine.length)
          expect(row.meanCalmLengthHours).toBeCloseTo(
            mine.reduce((s, p) => s + p.length, 0) / mine.length,
            9,
          );
      }
    });
  }
});

suite('WW: starts whose window runs into missing data are censored (issue 21)', () => {
  test('a gap or the end of the record inside the window: neither success nor failure, counted', () => {
    const time = Float64Array.from({ length: 8 }, (_, i) => Date.UTC(2001, 0, 1) + i * H);
    // t = 0 opens a 3-hour window; t = 1, 2 run into the gap at 3; t = 4 meets the storm at 6 (fails);
    // t = 5, 6 fail on the storm; t = 7 runs past the end of the record
    const v = [0, 0, 0, NaN, 0, 0, 5, 0];
    const [year] = weatherWindows(time, v, { below: 1, durationsHours: [3] });
    expect(year!.censored).toBe(3);
    // known outcomes: one window (t = 0) and three failures (t = 4, 5, 6), not 1 of the 7 starts with data
    expect(year!.probability).toBeCloseTo(25, 12);
    expect(year!.hoursWithData).toBe(7);
  });
  test('random daily series with gaps: probability and censored counts equal the brute force (property)', () => {
    const DAY = 24 * H;
    const day = fc.oneof(fc.constant(NaN), fc.double({ min: 0, max: 4, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 300 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
        (raw, ds) => {
          const x = Float64Array.from(raw);
          const t = Float64Array.from(x, (_, i) => Date.UTC(2003, 0, 20) + i * DAY);
          const { month } = calendarOf(t);
          const rows = weatherWindows(t, x, { below: 2, durationsHours: ds.map((d) => d * 24), stepMs: DAY });
          ds.forEach((d, k) => {
            for (const row of rows.slice(13 * k, 13 * (k + 1))) {
              const count = { window: 0, fails: 0, unknown: 0 };
              for (let i = 0; i < x.length; i++) {
                if (Number.isNaN(x[i]!) || (row.month !== 0 && month[i] !== row.month)) continue;
                count[bruteOutcome(x, i, d, 2)]++;
              }
              expect(row.censored).toBe(count.unknown);
              const known = count.window + count.fails;
              if (known === 0) expect(row.probability).toBeNaN();
              else expect(row.probability).toBeCloseTo((100 * count.window) / known, 9);
            }
          });
        },
      ),
      { seed: 21, numRuns: 150 },
    );
  });
});

/** Every statistic of a WD row against the brute-force Kaplan–Meier of its waits (hours) and censorings. */
function expectRowIsKm(row: DowntimeRow, waits: number[], cs: number[]): void {
  expect(row.censored).toBe(cs.length);
  expect(row.starts).toBe(waits.length + cs.length);
  if (waits.length + cs.length === 0) {
    expect(row.meanWaitHours).toBeNaN();
    expect(row.p90WaitHours).toBeNull();
    return;
  }
  const km = bruteKm(waits, cs);
  if (waits.length === 0) expect(row.p50WaitHours).toBeNull();
  else {
    expect(row.meanWaitHours).toBeCloseTo(km.mean, 9);
    expect(row.meanHorizonHours).toBeCloseTo(km.horizon, 9);
    expect(row.meanTotalHours).toBeCloseTo(km.mean + row.durationHours, 9);
  }
  for (const p of [10, 50, 80, 90]) {
    const want = km.quantile(p / 100);
    const got = row.waitPercentilesHours[String(p)]!;
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 9);
  }
  expect(row.p50WaitHours).toEqual(row.waitPercentilesHours['50']);
  expect(row.p90WaitHours).toEqual(row.waitPercentilesHours['90']);
}

suite('WD on real data equals the brute-force Kaplan–Meier', () => {
  const { time, v } = slice(0, 8784);
  const { month } = calendarOf(time);
  test('waiting time from every start with data, censored starts entered as "waited at least c"', () => {
    const d = 12;
    const limit = 2;
    const rows = weatherDowntime(time, v, { below: limit, durationHours: d });
    for (let m = 1; m <= 12; m++) {
      const waits: number[] = [];
      const cs: number[] = [];
      for (let i = 0; i < v.length; i++) {
        if (month[i] !== m || Number.isNaN(v[i]!)) continue;
        const w = bruteWait(v, i, d, limit);
        if (w < 0) cs.push(bruteCensoring(v, i, d, limit));
        else waits.push(w);
      }
      expectRowIsKm(
        rows.find((r) => r.month === m)!,
        waits,
        cs,
      );
    }
  });
  test('NDBC 44007 1996-2017, Hs < 2 m, 12 h, January equals an independent python brute force (issue 31)', () => {
    // Reference: a python/numpy brute force of the literal definitions (window outcome per start; Kaplan &
    // Meier 1958 with risk sets counted; "at least c": at risk at u when c > u), run on the same series:
    // 14,799 starts, 1,410 censored; percentiles 10-90: 0 0 0 0 0 0 0 1 18 h; mean 4.234748274058174 h,
    // the curve reaches 0 at 74 h (not restricted). Leaving the censored starts out gave P90 14 h, mean
    // 3.3559 h: the estimator the issue calls biased.
    const s = ndbc();
    const rows = weatherDowntime(s.time, values(s, 'significant wave height'), {
      below: 2,
      durationHours: 12,
    });
    const jan = rows.find((r) => r.month === 1)!;
    expect(jan.starts).toBe(14_799);
    expect(jan.censored).toBe(1_410);
    expect(DOWNTIME_PERCENTILES.map((p) => jan.waitPercentilesHours[String(p)])).toEqual([
      0, 0, 0, 0, 0, 0, 0, 1, 18,
    ]);
    expect(jan.meanWaitHours).toBeCloseTo(4.234748274058174, 9);
    expect(jan.meanHorizonHours).toBe(74);
    expect(jan.meanRestricted).toBe(false);
    // July: every censored start is censored at 0 h (its own window holds the gap), which says nothing:
    // python gives mean 0.06529233314947626 h, equal to the starts with a known wait
    const jul = rows.find((r) => r.month === 7)!;
    expect(jul.censored).toBe(983);
    expect(jul.meanWaitHours).toBeCloseTo(0.06529233314947626, 9);
  });
  test('several durations at once equal one duration at a time', () => {
    const together = weatherDowntimes(time, v, { below: 2, durationsHours: [6, 12, 48] });
    [6, 12, 48].forEach((d, k) =>
      expect(together[k]).toEqual(weatherDowntime(time, v, { below: 2, durationHours: d })),
    );
  });
  test('very long waits equal the brute force', () => {
    // 3,000 hours: storms (5 m) until hour 2,600 but a short calm at 1,000, then calm to the end
    const n = 3_000;
    const t = Float64Array.from({ length: n }, (_, i) => Date.UTC(2001, 0, 1) + i * H);
    const x = Float64Array.from({ length: n }, (_, i) => (i >= 2_600 || (i >= 1_000 && i < 1_003) ? 1 : 5));
    x[50] = NaN;
    const { month } = calendarOf(t);
    const [short, long] = weatherDowntimes(t, x, { below: 2, durationsHours: [2, 24] });
    for (const [rows, d] of [
      [short!, 2],
      [long!, 24],
    ] as const) {
      for (const row of rows) {
        const waits: number[] = [];
        const cs: number[] = [];
        for (let i = 0; i < n; i++) {
          if (Number.isNaN(x[i]!) || (row.month !== 0 && month[i] !== row.month)) continue;
          const w = bruteWait(x, i, d, 2);
          if (w >= 0) waits.push(w);
          else cs.push(bruteCensoring(x, i, d, 2));
        }
        expectRowIsKm(row, waits, cs);
      }
    }
    expect(long!.find((r) => r.month === 1)!.p90WaitHours).toBeGreaterThan(1_500);
  });
  test('random daily series with gaps across months: every duration equals the brute force (property)', () => {
    const DAY = 24 * H;
    const day = fc.oneof(fc.constant(NaN), fc.double({ min: 0, max: 4, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 9 }),
        (raw, d) => {
          const x = Float64Array.from(raw);
          const t = Float64Array.from(x, (_, i) => Date.UTC(2003, 0, 20) + i * DAY);
          const { month } = calendarOf(t);
          const [rows] = weatherDowntimes(t, x, { below: 2, durationsHours: [d * 24], stepMs: DAY });
          for (const row of rows!) {
            const waits: number[] = [];
            const cs: number[] = [];
            for (let i = 0; i < x.length; i++) {
              if (Number.isNaN(x[i]!) || (row.month !== 0 && month[i] !== row.month)) continue;
              const w = bruteWait(x, i, d, 2);
              if (w < 0) cs.push(bruteCensoring(x, i, d, 2) * 24);
              else waits.push(w * 24);
            }
            // a censoring of c days is "more than c − 1 days" in hours: the brute force's horizon
            expectRowIsKm(
              row,
              waits,
              cs.map((c) => c - 23),
            );
          }
        },
      ),
      { seed: 11, numRuns: 150 },
    );
  });
  test('a start whose search meets a window of unknown outcome before a window is censored (issue 21)', () => {
    const time = Float64Array.from({ length: 10 }, (_, i) => i * H);
    // storms at 0-1 and 5, a gap at 3, windows from 6: t = 0..2 would wait for 6, but the window at 2
    // (2, 3, 4) holds the gap and no storm, so it may have been calm: their wait is at least 2, 1, 0 h.
    // The window at 3 (3, 4, 5) holds the gap and the storm: a known failure, so t = 4 and 5 wait 2 h and
    // 1 h. t = 8, 9: their windows run past the end, at least 0 h.
    const rows = weatherDowntime(time, [5, 5, 0, NaN, 0, 5, 0, 0, 0, 0], { below: 1, durationHours: 3 });
    expect(rows[0]!.censored).toBe(5);
    expect(rows[0]!.starts).toBe(9);
    // by hand (Kaplan & Meier 1958): waits 0 0 1 2, at least 2 1 0 0 0. At 0: 6 at risk (4 waits, the
    // censorings at 2 and 1), 2 events: S = 4/6; at 1: 3 at risk, S = 4/9; at 2: 1 at risk, S = 0.
    // Mean = 1·4/6 + 1·4/9 = 10/9 h; P50 = 1 h (S first ≤ 0.5 at 1); P90 = 2 h.
    expect(rows[0]!.meanWaitHours).toBeCloseTo(10 / 9, 12);
    expect(rows[0]!.p50WaitHours).toBe(1);
    expect(rows[0]!.p90WaitHours).toBe(2);
  });
  test('the last hours of a series with no window after them: percentiles beyond the follow-up are null', () => {
    const time = Float64Array.from({ length: 10 }, (_, i) => i * H);
    const rows = weatherDowntime(time, [0, 0, 0, 5, 5, 0, 0, 5, 0, 0], { below: 1, durationHours: 3 });
    // only t = 0 opens a 3-hour window (wait 0). Every later window fails on a storm up to the one at 8,
    // which runs past the end of the record: t = 1..7 waited at least 7, 6, ..., 1 h, t = 8, 9 at least
    // 0 h. At 0 h: 1 event among 1 + 7 at risk, S = 7/8 after, and no later event: every percentile from
    // 20 % on is more than the follow-up (6 h, "more than" 6 for the start censored at 7), unknown
    expect(rows[0]!.censored).toBe(9);
    expect(rows[0]!.waitPercentilesHours['10']).toBe(0);
    expect(rows[0]!.p50WaitHours).toBeNull();
    expect(rows[0]!.followUpHours).toBe(6);
    expect(rows[0]!.meanRestricted).toBe(true);
    expect(rows[0]!.meanWaitHours).toBeCloseTo((7 / 8) * 6, 12);
  });
});

suite('windows: properties (seeded; a failing seed is printed by fast-check)', () => {
  const series = fc.array(
    fc.oneof(
      fc.constant(NaN),
      fc.integer({ min: 0, max: 40 }).map((x) => x / 10),
    ),
    {
      minLength: 1,
      maxLength: 300,
    },
  );
  test('every window start found meets every limit over its whole duration', () => {
    fc.assert(
      fc.property(
        series,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 35 }),
        (v, d, limit10) => {
          const limit = limit10 / 10;
          const calm = calmRunLengths(v, limit);
          for (let i = 0; i < v.length; i++) expect(calm[i]! >= d).toBe(bruteWindowStart(v, i, d, limit));
        },
      ),
      { seed: 20240501, numRuns: 300 },
    );
  });
  test('waiting time is ≥ 0 and equals the brute force; splitting the series after the window does not change it', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 12 }), (v, d) => {
        const next = nextWindowStart(calmRunLengths(v, 2), d);
        for (let i = 0; i < v.length; i++) {
          const w = bruteFirstWindow(v, i, d, 2);
          expect(next[i]! < 0 ? -1 : next[i]! - i).toBe(w);
          if (w >= 0) {
            expect(w).toBeGreaterThanOrEqual(0);
            const cut = v.slice(0, i + w + d);
            const again = nextWindowStart(calmRunLengths(cut, 2), d);
            expect(again[i]! - i).toBe(w);
          }
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

suite('windows: edge cases and linear cost', () => {
  test('empty series: no data, NaN statistics', () => {
    const rows = weatherWindows(new Float64Array(0), [], { below: 1, durationsHours: [6] });
    expect(rows[1]!.probability).toBeNaN();
    expect(weatherDowntime(new Float64Array(0), [], { below: 1, durationHours: 6 })[1]!.starts).toBe(0);
  });
  test('a non-positive duration throws naming the function', () => {
    expect(() => weatherWindows(new Float64Array(1), [0], { below: 1, durationsHours: [0] })).toThrow(
      /weatherWindows/,
    );
  });
  test('calm runs shared between the windows and the downtimes follow an array changed in place (ERA5)', () => {
    const { time } = era5();
    const v = Float64Array.from(values(era5(), 'swh'));
    const before = weatherDowntime(time, v, { below: 1.5, durationHours: 24 });
    expect(weatherWindows(time, v, { below: 1.5, durationsHours: [24] })).toEqual(
      weatherWindows(time, v.slice(), { below: 1.5, durationsHours: [24] }),
    );
    v.fill(9, 1000, 5000); // a long storm written into the same array
    const after = weatherDowntime(time, v, { below: 1.5, durationHours: 24 });
    expect(after).toEqual(weatherDowntime(time, v.slice(), { below: 1.5, durationHours: 24 }));
    expect(after).not.toEqual(before);
  });
});

suite('WD wait percentile intervals (issue 31): year-block bootstrap of the Kaplan–Meier curve', () => {
  // Reference: the literal definition. For each resample (the weights of yearBlockWeights), every start of
  // a year drawn w times is repeated w times, the brute-force Kaplan–Meier above is run on that pool and
  // its percentile read (+∞ when never reached); the interval is the type 7 percentile at (1 ∓ ci)/2.
  const DAY = 24 * H;
  const random = seededRandom(17);
  const n = 8 * 365;
  const t = Float64Array.from({ length: n }, (_, i) => Date.UTC(2001, 0, 1) + i * DAY);
  const x = Float64Array.from({ length: n }, () => (random() < 0.08 ? NaN : random() * 3.2));
  const { year, month } = calendarOf(t);
  /** The P50 and P90 intervals (80 %, 100 resamples, seed 9, 2-day windows) of months `ms` of `v`. */
  function expectBruteForce(v: Float64Array, ms: number[], below = 2): void {
    const rows = waitPercentileIntervals(
      t,
      v,
      { below, durationHours: 48, stepMs: DAY, percentiles: [50, 90] },
      { ci: 0.8, resamples: 100, seed: 9 },
    );
    for (const m of ms) {
      const row = rows.find((r) => r.month === m)!;
      const years = [...new Set(Array.from(year).filter((_, i) => month[i] === m && !Number.isNaN(v[i]!)))];
      expect(row.years).toBe(years.length);
      const weights = yearBlockWeights(years.length, 100, 9);
      for (const p of [50, 90]) {
        const resampled: number[] = [];
        for (let r = 0; r < 100; r++) {
          const waits: number[] = [];
          const cs: number[] = [];
          for (let i = 0; i < n; i++) {
            if (month[i] !== m || Number.isNaN(v[i]!)) continue;
            const times = weights[r * years.length + years.indexOf(year[i]!)]!;
            const w = bruteWait(v, i, 2, below);
            for (let k = 0; k < times; k++) {
              if (w >= 0) waits.push(w * 24);
              else cs.push(bruteCensoring(v, i, 2, below) * 24 - 23);
            }
          }
          resampled.push(bruteKm(waits, cs).quantile(p / 100) ?? Infinity);
        }
        resampled.sort((a, b) => a - b);
        const [lower, upper] = row.intervals[String(p)]!;
        expect(lower).toBeCloseTo(quantileSorted(resampled, 0.1), 9);
        const high = quantileSorted(resampled, 0.9);
        if (Number.isFinite(high)) expect(upper).toBeCloseTo(high, 9);
        else expect(upper).toBeNull();
      }
    }
  }
  test('every month and percentile equals the brute force', () => expectBruteForce(x, [1, 6]));
  test("censored only at the record's end, in its last year: equals the brute force", () => {
    // no value missing, waits of weeks (a calm 2-day window below 0.6 is rare), and the record ends in a
    // 100-day storm: the searches of the last starts meet its end, each censored at its own time, all in one
    // year. As a 40-year hindcast's last months: many censoring times a step apart, one year holding them,
    // few events between them (stretchesTo's sparse sums)
    const r = seededRandom(23);
    const stormy = Float64Array.from({ length: n }, (_, i) => (i >= n - 100 ? 3 + r() : r() * 3.2));
    expectBruteForce(stormy, [10, 12], 0.6);
  });
  test('WW probability intervals equal the brute force; the probability lies in its interval', () => {
    // Reference: each resample's probability = window starts / starts of known outcome over the pool where
    // every start of a year drawn w times counts w times, outcomes by the brute force above
    const rows = windowProbabilityIntervals(
      t,
      x,
      { below: 2, durationsHours: [48], stepMs: DAY },
      { ci: 0.9, resamples: 200, seed: 2 },
    );
    const ww = weatherWindows(t, x, { below: 2, durationsHours: [48], stepMs: DAY });
    for (const m of [2, 9]) {
      const row = rows.find((r) => r.month === m)!;
      const years = [...new Set(Array.from(year).filter((_, i) => month[i] === m && !Number.isNaN(x[i]!)))];
      const weights = yearBlockWeights(years.length, 200, 2);
      const resampled: number[] = [];
      for (let r = 0; r < 200; r++) {
        let starts = 0;
        let known = 0;
        for (let i = 0; i < n; i++) {
          if (month[i] !== m || Number.isNaN(x[i]!)) continue;
          const w = weights[r * years.length + years.indexOf(year[i]!)]!;
          const outcome = bruteOutcome(x, i, 2, 2);
          if (outcome !== 'unknown') known += w;
          if (outcome === 'window') starts += w;
        }
        resampled.push((100 * starts) / known);
      }
      resampled.sort((a, b) => a - b);
      expect(row.years).toBe(years.length);
      expect(row.interval![0]).toBeCloseTo(quantileSorted(resampled, 0.05), 9);
      expect(row.interval![1]).toBeCloseTo(quantileSorted(resampled, 0.95), 9);
      const p = ww.find((r) => r.month === m)!.probability;
      expect(row.interval![0]).toBeLessThanOrEqual(p);
      expect(row.interval![1]).toBeGreaterThanOrEqual(p);
    }
  });
  test('heavy censoring, every percentile: each resample read from the counts equals the brute force', () => {
    // a third of the values missing: many censoring times, so S telescopes over many stretches, and
    // resamples whose curve never reaches the high percentiles (+∞, an upper bound null)
    const r = seededRandom(5);
    const gappy = Float64Array.from({ length: 7 * 365 }, () => (r() < 0.33 ? NaN : r() * 3));
    const tt = t.subarray(0, gappy.length);
    const percentiles = [10, 30, 50, 70, 90];
    const rows = waitPercentileIntervals(
      tt,
      gappy,
      { below: 1.2, durationHours: 48, stepMs: DAY, percentiles },
      { ci: 0.9, resamples: 100, seed: 4 },
    );
    const { year: yr, month: mo } = calendarOf(tt);
    for (const m of [3, 10]) {
      const row = rows.find((x) => x.month === m)!;
      const years = [...new Set(Array.from(yr).filter((_, i) => mo[i] === m && !Number.isNaN(gappy[i]!)))];
      const weights = yearBlockWeights(years.length, 100, 4);
      const pools = Array.from({ length: 100 }, (_, k) => {
        const waits: number[] = [];
        const cs: number[] = [];
        for (let i = 0; i < gappy.length; i++) {
          if (mo[i] !== m || Number.isNaN(gappy[i]!)) continue;
          const times = weights[k * years.length + years.indexOf(yr[i]!)]!;
          const w = bruteWait(gappy, i, 2, 1.2);
          for (let c = 0; c < times; c++) {
            if (w >= 0) waits.push(w * 24);
            else cs.push(bruteCensoring(gappy, i, 2, 1.2) * 24 - 23);
          }
        }
        return bruteKm(waits, cs);
      });
      for (const p of percentiles) {
        const resampled = pools.map((km) => km.quantile(p / 100) ?? Infinity).sort((a, b) => a - b);
        const lowRef = quantileSorted(resampled, 0.05);
        const highRef = quantileSorted(resampled, 0.95);
        const interval = row.intervals[String(p)];
        // a censored end: more than the shortest follow-up of the resamples that never reach p
        const unreached = pools.filter((km) => km.quantile(p / 100) === null).map((km) => km.horizon);
        if (!Number.isFinite(highRef)) expect(row.moreThanHours![String(p)]).toBe(Math.min(...unreached));
        else expect(row.moreThanHours?.[String(p)]).toBeUndefined();
        if (!Number.isFinite(lowRef)) {
          expect(interval).toBeNull();
          continue;
        }
        expect(interval![0]).toBeCloseTo(lowRef, 9);
        if (Number.isFinite(highRef)) expect(interval![1]).toBeCloseTo(highRef, 9);
        else expect(interval![1]).toBeNull();
      }
    }
  });
  test('a curve at exactly 1 − p reads the midpoint to the next wait in every resample', () => {
    // each June day: calm on odd days, a storm on even ones (the 30th too), every year alike: 15 waits of
    // 0 and 15 of 1 day, S(0) = 1/2 exactly in every resample, so P50 is the midpoint 12 h (survfit's rule)
    const days = 6 * 365 + 1;
    const tt = Float64Array.from({ length: days }, (_, i) => Date.UTC(2001, 0, 1) + i * DAY);
    const xx = Float64Array.from(tt, (ms) => (new Date(ms).getUTCDate() % 2 === 1 ? 0 : 9));
    const june = waitPercentileIntervals(tt, xx, { below: 1, durationHours: 24, stepMs: DAY }).find(
      (row) => row.month === 6,
    )!;
    expect(june.years).toBe(6);
    expect(june.intervals['50']).toEqual([12, 12]);
    expect(june.intervals['40']).toEqual([0, 0]);
    expect(june.intervals['60']).toEqual([24, 24]);
  });
  test('under 5 years: no interval, and a note saying why', () => {
    const short = waitPercentileIntervals(t.subarray(0, 3 * 365), x.subarray(0, 3 * 365), {
      below: 2,
      durationHours: 48,
      stepMs: DAY,
    });
    expect(short[0]!.years).toBe(3);
    expect(short[0]!.intervals['90']).toBeNull();
    expect(short[0]!.note).toMatch(/fewer than 5 years/);
  });
});
