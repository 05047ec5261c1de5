import { describe as suite, expect, test } from 'vitest';
import {
  breakdownIntervals,
  MIN_INTERVAL_YEARS,
  PLANNING_INTERVALS_ON_REQUEST,
  YearPool,
  percentileInterval,
  planningIntervals,
  resampledYearPercentiles,
  planningStatistics,
  quantileSorted,
  seededRandom,
  withIntervals,
  yearBlockWeights,
  type SimulationResult,
} from '../src';

// Reference: a brute force of the literal definition of the year-block bootstrap (Efron & Tibshirani
// 1993 ch. 13, whole years as blocks): for each resample, the pool is built by repeating every start of a
// year as many times as the year is drawn, sorted, and the type 7 percentile read from it; the interval
// is the type 7 percentile at (1 ∓ ci)/2 of the resampled values. The engine never builds the pool.

/** Type 7 percentile (p in 0–100) of the pool where year j's values appear w[j] times. */
function brutePooled(byYear: number[][], w: ArrayLike<number>, p: number): number {
  const pool: number[] = [];
  byYear.forEach((values, j) => {
    for (let k = 0; k < w[j]!; k++) pool.push(...values);
  });
  if (pool.length === 0) return NaN;
  pool.sort((a, b) => a - b);
  return quantileSorted(pool, p / 100);
}

suite('year-block bootstrap (issue 31)', () => {
  test('weights: each resample draws as many years as there are, replayed by the seed', () => {
    const w = yearBlockWeights(40, 1000, 7);
    for (let r = 0; r < 1000; r++) {
      let sum = 0;
      for (let j = 0; j < 40; j++) sum += w[r * 40 + j]!;
      expect(sum).toBe(40);
    }
    expect(Array.from(yearBlockWeights(40, 1000, 7))).toEqual(Array.from(w));
    expect(Array.from(yearBlockWeights(40, 1000, 8))).not.toEqual(Array.from(w));
    // a year is left out of a resample with probability (1 − 1/40)^40 = 0.3632 (binomial); over 40,000
    // draws the share's standard error is 0.0024: within 0.01
    let absent = 0;
    for (const x of w) if (x === 0) absent++;
    expect(Math.abs(absent / 40_000 - Math.pow(1 - 1 / 40, 40))).toBeLessThan(0.01);
  });

  test('resampled percentiles of a pool equal the brute force on the expanded pool', () => {
    const random = seededRandom(3);
    for (const [years, perYear, spread] of [
      [6, 30, 10],
      [12, 50, 400],
      [7, 3, 2],
    ] as const) {
      const byYear = Array.from({ length: years }, () =>
        Array.from({ length: perYear }, () => Math.floor(random() ** 2 * spread)),
      );
      // one year with no value
      byYear[1] = [];
      const values = byYear.flat();
      const yearOf = byYear.flatMap((v, j) => v.map(() => j));
      const weights = yearBlockWeights(years, 200, 5);
      const percentiles = [10, 50, 90, 99];
      const got = new YearPool(values, yearOf, years).resampledPercentiles(weights, percentiles);
      for (let r = 0; r < 200; r++) {
        const w = weights.subarray(r * years, (r + 1) * years);
        percentiles.forEach((p, j) => {
          const want = brutePooled(byYear, w, p);
          if (Number.isNaN(want)) expect(got[r * 4 + j]).toBeNaN();
          else expect(got[r * 4 + j]).toBeCloseTo(want, 9);
        });
      }
    }
  });

  test('both finders (a sweep for few values, a search for many) equal the brute force, percentiles in any order', () => {
    // issue 31 cost: a resample's order statistics come from a sweep along the values when the pool has
    // few (value, year) counts and from an interpolation search otherwise; both must read the same numbers
    // as the expanded pool, for fractional values, repeated and unordered percentiles, and 0 and 100
    const random = seededRandom(17);
    for (const [years, perYear, spread, fractional] of [
      [5, 4, 3, false], // few counts: the sweep
      [9, 2, 1000, true], // fractional values, few counts: the sweep
      [40, 60, 700, false], // many values: the search
      [30, 80, 5000, true], // fractional, many: the search
    ] as const) {
      const byYear = Array.from({ length: years }, () =>
        Array.from({ length: perYear }, () => {
          const x = random() ** 3 * spread;
          return fractional ? x : Math.floor(x);
        }),
      );
      const values = byYear.flat();
      const yearOf = byYear.flatMap((v, j) => v.map(() => j));
      const weights = yearBlockWeights(years, 150, 9);
      const percentiles = [90, 10, 50, 50, 99, 0, 100, 37];
      const got = new YearPool(values, yearOf, years).resampledPercentiles(weights, percentiles);
      for (let r = 0; r < 150; r++) {
        // the expanded pool of resample r, sorted once for its percentiles
        const pool = byYear.flatMap((v, j) =>
          Array.from({ length: weights[r * years + j]! }, () => v).flat(),
        );
        pool.sort((a, b) => a - b);
        percentiles.forEach((p, j) =>
          expect(got[r * percentiles.length + j]).toBeCloseTo(quantileSorted(pool, p / 100), 9),
        );
      }
    }
  });

  test('one value per year (the no-downtime ratios): resampled percentiles equal the brute force, ties too', () => {
    const random = seededRandom(23);
    for (const years of [5, 13, 40]) {
      // shares in whole percent, so several years tie, as months that never wait (100 %) do
      const perYear = Array.from({ length: years }, () => Math.round(random() * 4) * 25);
      const weights = yearBlockWeights(years, 200, 2);
      const percentiles = [1, 50, 90, 10, 99, 50];
      const got = resampledYearPercentiles(perYear, weights, percentiles);
      for (let r = 0; r < 200; r++) {
        const w = weights.subarray(r * years, (r + 1) * years);
        percentiles.forEach((p, j) =>
          expect(got[r * percentiles.length + j]).toBeCloseTo(
            brutePooled(
              perYear.map((v) => [v]),
              w,
              p,
            ),
            9,
          ),
        );
      }
    }
  });

  test('percentile interval equals numpy', () => {
    // numpy.quantile(np.arange(1, 101) ** 2, [0.05, 0.95]) = [35.45, 9034.55] (type 7, numpy's default)
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) ** 2);
    const [lower, upper] = percentileInterval(values, 0.9)!;
    expect(lower).toBeCloseTo(35.45, 9);
    expect(upper).toBeCloseTo(9034.55, 9);
    expect(percentileInterval([NaN, NaN], 0.9)).toBeNull();
  });

  test('percentile interval of many values (windows around the bounds) equals the sort, ties and gaps too', () => {
    // from 256 values the bounds are selected inside windows placed by a sample; the reference is the
    // literal definition: type 7 at (1 ∓ ci)/2 of the finite values sorted (Hyndman & Fan 1996)
    const random = seededRandom(41);
    for (const [m, ci, kind] of [
      [256, 0.9, 'continuous'],
      [1000, 0.9, 'ties'],
      [1000, 0.5, 'continuous'],
      [1000, 0.99, 'ties'],
      [5000, 0.8, 'gaps'],
      [1000, 0.9, 'constant'],
      [1000, 0.9, 'ordered'],
    ] as const) {
      for (let round = 0; round < 20; round++) {
        const values = Array.from({ length: m }, (_, i) => {
          if (kind === 'constant') return 7;
          if (kind === 'ordered') return i;
          if (kind === 'ties') return Math.floor(random() * 12);
          if (kind === 'gaps') return random() < 0.1 ? NaN : random() < 0.5 ? 0 : random() * 100;
          return random() * 100;
        });
        const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
        const want = [quantileSorted(finite, (1 - ci) / 2), quantileSorted(finite, (1 + ci) / 2)];
        expect(percentileInterval(Float64Array.from(values), ci)).toEqual(want);
      }
    }
  });

  test('a resample beyond exact counting is refused, never counted wrong', () => {
    // the search packs two counts in one float64 (exact below 2^26 values per resample): one year of
    // three values drawn 2^26 times is refused with the reason; drawn 2^24 times it is still exact
    const pool = new YearPool([1, 2, 3], [0, 0, 0], 1);
    expect(() => pool.resampledPercentiles(Int32Array.of(2 ** 26), [50])).toThrow(/beyond exact counting/);
    // 3 · 2^24 values: the median is the value 2 (type 7, rank (3 · 2^24 − 1) / 2 falls among the 2s)
    expect(Array.from(pool.resampledPercentiles(Int32Array.of(2 ** 24), [50]))).toEqual([2]);
  });
});

/** A simulation result written by hand: `years` Januaries (and one more partial month) of hourly starts. */
function simulation(years: number, seed: number): SimulationResult {
  const random = seededRandom(seed);
  const time: number[] = [];
  for (let y = 0; y < years; y++)
    for (let h = 0; h < 31 * 24; h += 6) time.push(Date.UTC(2000 + y, 0, 1) + h * 3_600_000);
  const n = time.length;
  const delay = Int32Array.from({ length: n }, () => (random() < 0.4 ? 0 : Math.floor(random() * 50)));
  const duration = Int32Array.from(delay, (w) => w + 20);
  const tripDelay = Int32Array.from(delay, (w) => Math.floor(w / 2));
  const tripDuration = Int32Array.from(tripDelay, (w) => w + 8);
  const censored = new Uint8Array(n);
  censored[n - 1] = 1;
  return {
    n,
    time: Float64Array.from(time),
    trips: ['T1'],
    nominalHours: 20,
    censored,
    censoredCount: 1,
    duration,
    delay,
    waiting: delay,
    tripDuration: [tripDuration],
    tripDelay: [tripDelay],
  };
}

suite('AWD intervals (issue 31): planningIntervals equals the brute force', () => {
  const years = 8;
  const sim = simulation(years, 11);
  const percentiles = [50, 90];
  const options = { ci: 0.9, resamples: 300, seed: 4 };
  const out = planningIntervals(sim, percentiles, options);
  const byYear = (values: Int32Array) =>
    Array.from({ length: years }, (_, y) =>
      Array.from(values).filter(
        (_, i) => !sim.censored[i] && new Date(sim.time[i]!).getUTCFullYear() === 2000 + y,
      ),
    );
  const weights = yearBlockWeights(years, 300, 4);
  const each = (f: (w: Int32Array) => number) =>
    Array.from({ length: 300 }, (_, r) => f(weights.subarray(r * years, (r + 1) * years)));
  test('duration, delay, downtime % and no-downtime ratio of the whole sequence and the trip, January', () => {
    for (const [p, label] of percentiles.map((p) => [p, `P${p}`] as const)) {
      const delay = each((w) => brutePooled(byYear(sim.delay), w, p));
      const duration = each((w) => brutePooled(byYear(sim.duration), w, p));
      const jan = out.MONTHLY;
      const close = (got: [number, number] | null, want: [number, number] | null) => {
        expect(got).not.toBeNull();
        expect(got![0]).toBeCloseTo(want![0], 9);
        expect(got![1]).toBeCloseTo(want![1], 9);
      };
      close(jan.distribsOfAllDelay.wholeSequenceIntervals[label]!.Jan!, percentileInterval(delay, 0.9));
      close(
        jan.distribsOfAllDurations.wholeSequenceIntervals[label]!.Jan!,
        percentileInterval(duration, 0.9),
      );
      close(
        jan.distribsOfDowntimePercent.wholeSequenceIntervals[label]!.Jan!,
        percentileInterval(
          delay.map((d, r) => (100 * d) / duration[r]!),
          0.9,
        ),
      );
      // no-downtime ratio per year, its Pp the percentile at 100 − p over the years drawn
      const ratios = byYear(sim.delay).map((v) => [(100 * v.filter((x) => x === 0).length) / v.length]);
      close(
        jan.distribsOfNoDowntimeRatio.wholeSequenceIntervals[label]!.Jan!,
        percentileInterval(
          each((w) => brutePooled(ratios, w, 100 - p)),
          0.9,
        ),
      );
      const trip = each((w) => brutePooled(byYear(sim.tripDelay[0]!), w, p));
      close(jan.distribsOfAllDelay.tripsIntervals.T1!.Jan![label]!, percentileInterval(trip, 0.9));
    }
    expect(out.MONTHLY.intervalYears.Jan).toBe(years);
    expect(out.intervals).toMatchObject({ ci: 0.9, resamples: 300, seed: 4 });
  });
  test('the point estimate lies in its interval; the same seed replays', () => {
    const results = planningStatistics(sim, percentiles);
    const merged = withIntervals(results, out);
    const value = merged.MONTHLY.distribsOfAllDelay.wholeSequenceScenarios.P90!.Jan!;
    const [lower, upper] = merged.MONTHLY.distribsOfAllDelay.wholeSequenceIntervals.P90!.Jan!;
    expect(lower).toBeLessThanOrEqual(value);
    expect(upper).toBeGreaterThanOrEqual(value);
    expect(planningIntervals(sim, percentiles, options)).toEqual(out);
  });
  test(`under ${MIN_INTERVAL_YEARS} years: no interval and a note saying why; periods without starts too`, () => {
    const short = planningIntervals(simulation(4, 2), percentiles, options);
    expect(short.MONTHLY.intervalYears.Jan).toBe(4);
    expect(short.MONTHLY.distribsOfAllDelay.wholeSequenceIntervals.P50!.Jan).toBeNull();
    expect(short.MONTHLY.intervalNotes.Jan).toMatch(/fewer than 5 years/);
    expect(short.MONTHLY.intervalYears.Feb).toBe(0);
    expect(short.MONTHLY.distribsOfAllDelay.tripsIntervals.T1!.Feb!.P50).toBeNull();
  });
  test('bad options are refused with a reason', () => {
    expect(() => planningIntervals(sim, percentiles, { ci: 1 })).toThrow(/ci must be in/);
    expect(() => planningIntervals(sim, percentiles, { resamples: 10 })).toThrow(/resamples must be/);
  });
});

suite('AWD intervals on request (issue 31, session 31): one breakdown at a time, the same numbers', () => {
  const years = 8;
  const sim = simulation(years, 5);
  const percentiles = [10, 50, 90];
  const options = { ci: 0.9, resamples: 300, seed: 1 };
  const all = planningIntervals(sim, percentiles, options);
  test('the weekly or bi-weekly intervals computed alone equal those of planningIntervals, seed for seed', () => {
    const weekly = breakdownIntervals(sim, percentiles, options, ['WEEKLY']);
    expect(weekly.WEEKLY).toEqual(all.WEEKLY);
    expect(weekly.MONTHLY).toBeUndefined();
    expect(weekly.intervals).toEqual(all.intervals);
    expect(breakdownIntervals(sim, percentiles, options, ['BIWEEKLY']).BIWEEKLY).toEqual(all.BIWEEKLY);
    expect(breakdownIntervals(sim, percentiles, options, ['MONTHLY']).MONTHLY).toEqual(all.MONTHLY);
  });
  test('the weekly interval of "Jan 8-14" equals the brute force of the literal definition', () => {
    // the starts of 8–14 January of each year, whole years drawn with replacement (Efron & Tibshirani ch. 13)
    const byYear = (values: Int32Array) =>
      Array.from({ length: years }, (_, y) =>
        Array.from(values).filter((_, i) => {
          const t = new Date(sim.time[i]!);
          return (
            !sim.censored[i] && t.getUTCFullYear() === 2000 + y && t.getUTCDate() >= 8 && t.getUTCDate() <= 14
          );
        }),
      );
    const weights = yearBlockWeights(years, 300, 1);
    const delay = Array.from({ length: 300 }, (_, r) =>
      brutePooled(byYear(sim.delay), weights.subarray(r * years, (r + 1) * years), 90),
    );
    const [lower, upper] = breakdownIntervals(sim, percentiles, options, ['WEEKLY']).WEEKLY!
      .distribsOfAllDelay.wholeSequenceIntervals.P90!['Jan 8-14']!;
    const want = percentileInterval(delay, 0.9)!;
    expect(lower).toBeCloseTo(want[0], 9);
    expect(upper).toBeCloseTo(want[1], 9);
  });
  test('withIntervals of the monthly intervals only: the other breakdowns say their intervals are on request', () => {
    const merged = withIntervals(
      planningStatistics(sim, percentiles),
      breakdownIntervals(sim, percentiles, options, ['MONTHLY']),
    );
    expect(merged.MONTHLY).toMatchObject({ intervalYears: all.MONTHLY.intervalYears });
    expect(merged.MONTHLY).not.toHaveProperty('intervalsNote');
    for (const b of ['BIWEEKLY', 'WEEKLY'] as const) {
      expect(merged[b]).toMatchObject({ intervalsNote: PLANNING_INTERVALS_ON_REQUEST });
      expect(merged[b]).not.toHaveProperty('intervalYears');
      expect(merged[b].distribsOfAllDelay).not.toHaveProperty('wholeSequenceIntervals');
    }
    expect(PLANNING_INTERVALS_ON_REQUEST).toMatch(/^intervals on request/);
  });
});
