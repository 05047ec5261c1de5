// Issue 34: WD's and WW's counts of a column without missing values are taken from its calm runs instead of
// its steps. Reference: downtimeCounts and windowCounts, the passes over every step (themselves checked against
// the brute force of the definitions in windows.test.ts). Counts are integers: the two must be equal, table for
// table.
import fc from 'fast-check';
import { describe as suite, expect, test } from 'vitest';
import { calendarOf, calmRunLengths } from '../src';
import {
  downtimeCounts,
  downtimeCountsOfRuns,
  exceedanceDistances,
  windowCounts,
  windowCountsOfRuns,
} from '../src/windows';
import { era5, values } from './data';

const H = 3_600_000;

/** The calm runs [start, end) read straight from the values (independently of the engine's memo). */
function runsOf(v: ArrayLike<number>, limit: number): { start: Int32Array; end: Int32Array } {
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < v.length; i++) {
    if (!(v[i]! < limit)) continue;
    let j = i;
    while (j < v.length && v[j]! < limit) j++;
    start.push(i);
    end.push(j);
    i = j - 1;
  }
  return { start: Int32Array.from(start), end: Int32Array.from(end) };
}

function bothWays(time: Float64Array, v: ArrayLike<number>, limit: number, steps: number) {
  const calendar = calendarOf(time);
  const layout = {
    values: v,
    calm: calmRunLengths(v, limit),
    exceed: exceedanceDistances(v, limit),
    month: calendar.month,
  };
  return {
    runs: downtimeCountsOfRuns(runsOf(v, limit), calendar, steps),
    steps: downtimeCounts(layout, steps),
  };
}

/** WW's tables both ways, the durations capped at `cap` steps. */
function windowsBothWays(time: Float64Array, v: ArrayLike<number>, limit: number, cap: number) {
  const calendar = calendarOf(time);
  const plain = (c: ReturnType<typeof windowCounts>) =>
    Object.values(c).map((t: Int32Array) => Array.from(t));
  return {
    runs: plain(windowCountsOfRuns(runsOf(v, limit), calendar, cap)),
    steps: plain(
      windowCounts(v, calmRunLengths(v, limit), exceedanceDistances(v, limit), calendar.month, cap),
    ),
  };
}

suite('WD and WW counts from calm runs (issue 34)', () => {
  test('11 years of hourly ERA5 wave height, at five limits and four durations', () => {
    const series = era5();
    const hs = values(series, 'swh');
    const sorted = Float64Array.from(hs).sort();
    for (const q of [0.05, 0.3, 0.5, 0.8, 0.99]) {
      const limit = sorted[Math.floor(q * (sorted.length - 1))]!;
      for (const steps of [1, 6, 24, 48]) {
        const { runs, steps: reference } = bothWays(series.time, hs, limit, steps);
        // the tables as plain arrays (a typed array's deep comparison is slow at this size)
        expect({ ...runs, events: Array.from(runs.events), censoredAt: Array.from(runs.censoredAt) }).toEqual(
          {
            ...reference,
            events: Array.from(reference.events),
            censoredAt: Array.from(reference.censoredAt),
          },
        );
        expect(runs.censored[0]).toBe(0);
        const ww = windowsBothWays(series.time, hs, limit, steps);
        expect(ww.runs).toEqual(ww.steps);
      }
    }
  });

  test('a record that ends inside a long calm run, a short one, above the limit; all calm; none calm', () => {
    // 3-hourly steps across month ends, so the runs of waits are cut by the calendar
    const time = Float64Array.from({ length: 800 }, (_, i) => Date.UTC(2001, 0, 20) + i * 3 * H);
    const wave = (i: number) => 2 + Math.sin(i / 7) + 0.5 * Math.sin(i / 23);
    const cases: [string, number[]][] = [
      ['ends in a long calm run', Array.from(time, (_, i) => (i > 700 ? 0.5 : wave(i)))],
      ['ends in a short calm run', Array.from(time, (_, i) => (i === 797 ? 9 : wave(i)))],
      ['ends above the limit', Array.from(time, (_, i) => (i > 790 ? 9 : wave(i)))],
      ['all calm', Array.from(time, () => 0.1)],
      ['none calm', Array.from(time, () => 9)],
    ];
    for (const [name, v] of cases)
      for (const steps of [1, 2, 5, 16, 120]) {
        const { runs, steps: reference } = bothWays(time, v, 1.9, steps);
        expect(runs, `${name}, ${steps} steps`).toStrictEqual(reference);
        const ww = windowsBothWays(time, v, 1.9, steps);
        expect(ww.runs, `WW: ${name}, ${steps} steps`).toEqual(ww.steps);
      }
  });

  test('random records without gaps: the same tables (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(1, 3, 24),
        (digits, steps, limit, stepHours) => {
          const time = Float64Array.from(digits, (_, i) => Date.UTC(2003, 1, 25) + i * stepHours * H);
          const { runs, steps: reference } = bothWays(time, digits, limit, steps);
          expect(runs).toStrictEqual(reference);
          const ww = windowsBothWays(time, digits, limit, steps);
          expect(ww.runs).toEqual(ww.steps);
        },
      ),
      { numRuns: 300, seed: 34 },
    );
  });
});
