import { describe as suite, expect, test } from 'vitest';
import { sequenceStatistics, simulateSequence, type ContractorOperation, type FieldCondition } from '../src';
import { era5 } from './data';

// Reference: the marine contractors' rules (docs/methods/contractors.md) written literally, hour by hour,
// on three years of the ERA5 South China Sea record: from every start t, each operation in turn starts at
// the first s ≥ ready where every condition holds in each hour of [s, s + d); a start is censored when an
// operation does not fit before the record ends. Monthly type-7 percentiles of the durations (days); the
// weather window is the share of a month's starts without wait, per year, its Pp the type-7 percentile at
// 100 − p over the years; the complement is 100 − that. Integer hours, so the numbers must agree to 1e-9.
const PASS = {
  LESS: (v: number, l: number) => v < l,
  LESS_EQUAL: (v: number, l: number) => v <= l,
  GREATER: (v: number, l: number) => v > l,
  GREATER_EQUAL: (v: number, l: number) => v >= l,
};

function type7(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * (p / 100);
  const lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo]! + (h - lo) * (x[lo + 1]! - x[lo]!) : x[lo]!;
}

interface Brute {
  /** per start: total hours, per operation hours and whether it waited; null when censored */
  runs: ({ total: number; ops: number[]; waited: boolean[]; anyWait: boolean } | null)[];
}

function bruteForce(
  n: number,
  fields: Record<string, ArrayLike<number>>,
  operations: ContractorOperation[],
): Brute {
  const ok = (conditions: FieldCondition[], i: number) =>
    conditions.every((c) => PASS[c.comparison](fields[c.field]![i]!, c.limit));
  const runs: Brute['runs'] = [];
  for (let t = 0; t < n; t++) {
    let ready = t;
    const ops: number[] = [];
    const waited: boolean[] = [];
    let censored = false;
    for (const op of operations) {
      let s = ready;
      for (;;) {
        if (s + op.durationHours > n) {
          censored = true;
          break;
        }
        let fits = true;
        for (let h = s; h < s + op.durationHours; h++)
          if (!ok(op.conditions, h)) {
            fits = false;
            break;
          }
        if (fits) break;
        s++;
      }
      if (censored) break;
      ops.push(s + op.durationHours - ready);
      waited.push(s > ready);
      ready = s + op.durationHours;
    }
    runs.push(censored ? null : { total: ready - t, ops, waited, anyWait: waited.some(Boolean) });
  }
  return { runs };
}

suite('marine contractors sequence against a literal hour-by-hour simulation (ERA5 SCS, 2000–2002)', () => {
  const s = era5();
  const n = 3 * 8760;
  const time = s.time.subarray(0, n);
  const fields = { hs: s.fields.swh!.values.subarray(0, n), tp: s.fields.pp1d!.values.subarray(0, n) };
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
    { name: 'Survey', durationHours: 4, conditions: [{ field: 'hs', comparison: 'LESS', limit: 2 }] },
  ];
  const percentiles = [10, 50, 90];
  const sim = simulateSequence(time, { name: 'ERA5', fields }, operations);
  const brute = bruteForce(n, fields, operations);
  const month = (i: number) => new Date(time[i]!).getUTCMonth();
  const year = (i: number) => new Date(time[i]!).getUTCFullYear() - 2000;
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  test('the same censored starts and per-start durations', () => {
    expect(sim.censoredCount).toBe(brute.runs.filter((r) => r === null).length);
    for (let t = 0; t < n; t++) {
      const r = brute.runs[t];
      if (r === null) expect(sim.censored[t]).toBe(1);
      else {
        expect(sim.duration[t]).toBe(r!.total);
        r!.ops.forEach((h, k) => expect(sim.tripDuration[k]![t]).toBe(h));
      }
    }
    // the case is not trivial: some starts wait, some do not
    const waits = brute.runs.filter((r) => r?.anyWait).length;
    expect(waits).toBeGreaterThan(1000);
    expect(waits).toBeLessThan(n - 1000);
  });

  test('DURATION: monthly percentiles of the sequence and of each operation, in days', () => {
    const stats = sequenceStatistics(sim, percentiles, 'DURATION');
    for (let m = 0; m < 12; m++) {
      const starts = brute.runs.filter((r, t) => r !== null && month(t) === m) as NonNullable<
        Brute['runs'][number]
      >[];
      expect(stats.starts[MONTHS[m]!]).toBe(starts.length);
      for (const p of percentiles) {
        expect(stats.sequence[`P${p}`]![MONTHS[m]!]).toBeCloseTo(
          type7(
            starts.map((r) => r.total),
            p,
          )! / 24,
          9,
        );
        operations.forEach((_, k) =>
          expect(stats.operations[k]![`P${p}`]![MONTHS[m]!]).toBeCloseTo(
            type7(
              starts.map((r) => r.ops[k]!),
              p,
            )! / 24,
            9,
          ),
        );
      }
    }
  });

  test('WEATHER_WINDOW and its complement: per-year shares of starts without wait', () => {
    const window = sequenceStatistics(sim, percentiles, 'WEATHER_WINDOW');
    const complement = sequenceStatistics(sim, percentiles, 'WEATHER_WINDOW_COMPLEMENT');
    const shares = (m: number, free: (r: NonNullable<Brute['runs'][number]>) => boolean) => {
      const out: number[] = [];
      for (let y = 0; y < 3; y++) {
        let all = 0;
        let zero = 0;
        brute.runs.forEach((r, t) => {
          if (r === null || month(t) !== m || year(t) !== y) return;
          all++;
          if (free(r)) zero++;
        });
        if (all > 0) out.push((100 * zero) / all);
      }
      return out;
    };
    for (let m = 0; m < 12; m++)
      for (const p of percentiles) {
        const key = `P${p}`;
        const whole = type7(
          shares(m, (r) => !r.anyWait),
          100 - p,
        )!;
        expect(window.sequence[key]![MONTHS[m]!]).toBeCloseTo(whole, 9);
        expect(complement.sequence[key]![MONTHS[m]!]).toBeCloseTo(100 - whole, 9);
        operations.forEach((_, k) => {
          const one = type7(
            shares(m, (r) => !r.waited[k]),
            100 - p,
          )!;
          expect(window.operations[k]![key]![MONTHS[m]!]).toBeCloseTo(one, 9);
          expect(complement.operations[k]![key]![MONTHS[m]!]).toBeCloseTo(100 - one, 9);
        });
      }
  });
});
