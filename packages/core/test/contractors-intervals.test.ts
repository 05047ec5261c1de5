import { describe as suite, expect, test } from 'vitest';
import {
  FEW_YEARS_NOTE,
  sequenceIntervals,
  sequenceStatistics,
  simulateSequence,
  yearBlockWeights,
  type ContractorOperation,
  type SimulationResult,
} from '../src';
import { era5 } from './data';

// Reference: the year-block bootstrap (Efron & Tibshirani 1993 ch. 13, whole years as blocks) written
// literally for the contractors' monthly outputs (docs/methods/contractors.md). For each resample, the
// years with an uncensored start in the month are drawn as yearBlockWeights says (year j of the month, in
// time order, w_j times); DURATION: the pool of the drawn years' durations, each repeated w_j times, is
// built and sorted and its type 7 percentile read (days); WEATHER_WINDOW: the per-year share of starts
// without wait, repeated w_j times, its type 7 percentile at 100 − p; the complement: 100 − each share,
// its type 7 percentile at p. The interval is the type 7 percentile at (1 ∓ ci)/2 of the sorted resampled
// values. The engine never builds a pool; integer hours, so the numbers agree to 1e-9.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function type7(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo]! + (h - lo) * (sorted[lo + 1]! - sorted[lo]!) : sorted[lo]!;
}

function interval(values: number[], ci: number): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  return [type7(sorted, (1 - ci) / 2), type7(sorted, (1 + ci) / 2)];
}

/** Per month: the years with an uncensored start, in time order, and each year's starts. */
function byMonthAndYear(sim: SimulationResult): number[][][] {
  return MONTHS.map((_, m) => {
    const years = new Map<number, number[]>();
    for (let i = 0; i < sim.n; i++) {
      const d = new Date(sim.time[i]!);
      if (sim.censored[i] || d.getUTCMonth() !== m) continue;
      const y = d.getUTCFullYear();
      if (!years.has(y)) years.set(y, []);
      years.get(y)!.push(i);
    }
    return [...years.values()];
  });
}

/** Repeats each year's list w_j times. */
const expand = <T>(groups: T[][], w: ArrayLike<number>): T[] =>
  groups.flatMap((g, j) => Array.from({ length: w[j]! }, () => g).flat());

suite(
  'contractors intervals (issue 31 §2) equal a literal year-block bootstrap (ERA5 SCS, 2000–2005)',
  () => {
    const s = era5();
    // from 1 March 2000 to the end of 2005: January and February rest on 5 years, the other months on 6
    const from = s.time.findIndex((t) => t >= Date.UTC(2000, 2, 1));
    const to = s.time.findIndex((t) => t >= Date.UTC(2006, 0, 1));
    const time = s.time.subarray(from, to);
    const fields = {
      hs: s.fields.swh!.values.subarray(from, to),
      tp: s.fields.pp1d!.values.subarray(from, to),
    };
    const operations: ContractorOperation[] = [
      { name: 'Transit', durationHours: 6, conditions: [{ field: 'hs', comparison: 'LESS', limit: 2.5 }] },
      {
        name: 'Lift',
        durationHours: 12,
        conditions: [
          { field: 'hs', comparison: 'LESS_EQUAL', limit: 1.5 },
          { field: 'tp', comparison: 'GREATER', limit: 4 },
        ],
      },
    ];
    const percentiles = [50, 90];
    const options = { ci: 0.8, resamples: 100, seed: 3 };
    const sim = simulateSequence(time, { name: 'ERA5', fields }, operations);
    const months = byMonthAndYear(sim);
    const series = [
      { duration: sim.duration, delay: sim.delay },
      ...operations.map((_, k) => ({ duration: sim.tripDuration[k]!, delay: sim.tripDelay[k]! })),
    ];

    test('the number of years per month, and every interval of DURATION in days', () => {
      const got = sequenceIntervals(sim, percentiles, 'DURATION', options);
      expect(got.years).toEqual(Object.fromEntries(MONTHS.map((m, i) => [m, i < 2 ? 5 : 6])));
      expect(got.notes).toEqual({});
      expect(got.intervals).toMatchObject({ ci: 0.8, resamples: 100, seed: 3 });
      months.forEach((groups, m) => {
        const weights = yearBlockWeights(groups.length, 100, 3);
        series.forEach((one, k) => {
          const table = k === 0 ? got.sequence : got.operations[k - 1]!;
          // each resample's pool: every start of year j of the month w_j times, sorted once
          const pools = Array.from({ length: 100 }, (_, r) => {
            const pool: number[] = [];
            groups.forEach((starts, j) => {
              for (let c = 0; c < weights[r * groups.length + j]!; c++)
                for (const i of starts) pool.push(one.duration[i]!);
            });
            return Float64Array.from(pool).sort();
          });
          for (const p of percentiles) {
            const want = interval(
              pools.map((pool) => type7(pool, p / 100) / 24),
              0.8,
            );
            const have = table[`P${p}`]![MONTHS[m]!]!;
            expect(have[0]).toBeCloseTo(want[0], 9);
            expect(have[1]).toBeCloseTo(want[1], 9);
          }
        });
      });
    });

    test('WEATHER_WINDOW and its complement: the per-year shares of starts without wait, resampled', () => {
      const window = sequenceIntervals(sim, percentiles, 'WEATHER_WINDOW', options);
      const complement = sequenceIntervals(sim, percentiles, 'WEATHER_WINDOW_COMPLEMENT', options);
      months.forEach((groups, m) => {
        const weights = yearBlockWeights(groups.length, 100, 3);
        series.forEach((one, k) => {
          const shares = groups.map((g) => [(100 * g.filter((i) => one.delay[i] === 0).length) / g.length]);
          for (const p of percentiles) {
            const drawn = (r: number) =>
              expand(shares, weights.subarray(r * groups.length, (r + 1) * groups.length));
            const free = interval(
              Array.from({ length: 100 }, (_, r) =>
                type7(
                  drawn(r).sort((a, b) => a - b),
                  (100 - p) / 100,
                ),
              ),
              0.8,
            );
            const waiting = interval(
              Array.from({ length: 100 }, (_, r) =>
                type7(
                  drawn(r)
                    .map((x) => 100 - x)
                    .sort((a, b) => a - b),
                  p / 100,
                ),
              ),
              0.8,
            );
            const key = `P${p}`;
            const w = (k === 0 ? window.sequence : window.operations[k - 1]!)[key]![MONTHS[m]!]!;
            const c = (k === 0 ? complement.sequence : complement.operations[k - 1]!)[key]![MONTHS[m]!]!;
            expect(w[0]).toBeCloseTo(free[0], 9);
            expect(w[1]).toBeCloseTo(free[1], 9);
            expect(c[0]).toBeCloseTo(waiting[0], 9);
            expect(c[1]).toBeCloseTo(waiting[1], 9);
          }
        });
      });
    });

    test('each percentile lies in its interval; same keys as the percentiles', () => {
      const stats = sequenceStatistics(sim, percentiles, 'DURATION');
      const got = sequenceIntervals(sim, percentiles, 'DURATION', options);
      expect(Object.keys(got.sequence)).toEqual(Object.keys(stats.sequence));
      expect(got.operations).toHaveLength(stats.operations.length);
      for (const key of Object.keys(stats.sequence))
        for (const m of MONTHS) {
          const [lower, upper] = got.sequence[key]![m]!;
          expect(lower).toBeLessThanOrEqual(stats.sequence[key]![m]!);
          expect(upper).toBeGreaterThanOrEqual(stats.sequence[key]![m]!);
        }
    });

    test('under 5 years: no interval, and a note that says why', () => {
      const short = time.findIndex((t) => t >= Date.UTC(2004, 0, 1));
      const four = simulateSequence(
        time.subarray(0, short),
        { name: 'ERA5', fields: { hs: fields.hs.subarray(0, short), tp: fields.tp.subarray(0, short) } },
        operations,
      );
      const got = sequenceIntervals(four, percentiles, 'WEATHER_WINDOW', options);
      expect(got.years.Jan).toBe(3);
      expect(got.years.Mar).toBe(4);
      expect(got.sequence.P50!.Mar).toBeNull();
      expect(got.operations[1]!.P90!.Dec).toBeNull();
      expect(got.notes.Mar).toBe(FEW_YEARS_NOTE);
    });
  },
);
