// Per-period statistics of a simulation (issue 22 rules 11–13; docs/methods/awd.md): periods by the UTC
// start time; percentiles of the pooled uncensored starts with linear interpolation (type 7, numpy's
// default); downtime percent at Pp = 100·delay_Pp / duration_Pp; the no-downtime ratio per (year, period)
// and its Pp = the type-7 percentile at 100 − p over the years.
import { quantileSorted } from '../order';
import type { SimulationResult } from './simulate';
import { MONTH_ABBREVIATIONS as MONTHS } from '../calendar';

export const BREAKDOWNS = ['MONTHLY', 'BIWEEKLY', 'WEEKLY'] as const;
export type PlanBreakdown = (typeof BREAKDOWNS)[number];
export const PLANNING_RULES_VERSION = 'awd-1';

export function periodLabels(breakdown: PlanBreakdown): string[] {
  switch (breakdown) {
    case 'MONTHLY':
      return [...MONTHS];
    case 'BIWEEKLY':
      return MONTHS.flatMap((m) => [`${m} 1-15`, `${m} 16-end`]);
    case 'WEEKLY':
      return MONTHS.flatMap((m) => [`${m} 1-7`, `${m} 8-14`, `${m} 15-21`, `${m} 22-end`]);
  }
}

/** Period index of a UTC time in a breakdown (rule 11). */
export function periodIndex(breakdown: PlanBreakdown, epochMs: number): number {
  const d = new Date(epochMs);
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  switch (breakdown) {
    case 'MONTHLY':
      return month;
    case 'BIWEEKLY':
      return month * 2 + (day > 15 ? 1 : 0);
    case 'WEEKLY':
      return month * 4 + Math.min(3, Math.floor((day - 1) / 7));
  }
}

export interface Distribution {
  wholeSequenceScenarios: Record<string, Record<string, number | null>>;
  tripsScenarios: Record<string, Record<string, Record<string, number | null>>>;
}

export interface BreakdownResults {
  distribsOfAllDelay: Distribution;
  distribsOfAllDurations: Distribution;
  distribsOfDowntimePercent: Distribution;
  distribsOfNoDowntimeRatio: Distribution;
  pooledNoDowntimeRatio: {
    wholeSequence: Record<string, number | null>;
    trips: Record<string, Record<string, number | null>>;
  };
  starts: Record<string, number>;
  periods: string[];
  percentiles: number[];
}

export interface PlanResults {
  MONTHLY: BreakdownResults;
  BIWEEKLY: BreakdownResults;
  WEEKLY: BreakdownResults;
  censored: number;
  totalStarts: number;
  trips: string[];
  period: { start: string; end: string };
  rulesVersion: string;
}

const key = (p: number) => `P${p}`;

// The loops over every start are functions of their own: compiled while it runs (on-stack replacement)
// inside a longer function, a loop left the code after it without type feedback, and each call of that
// function deoptimised there (issue 34, session 33's finding).

/** The largest uncensored value (0 when none). */
function maxUncensored(values: Int32Array, censored: Uint8Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (!censored[i] && values[i]! > max) max = values[i]!;
  return max;
}

/** Counts of each uncensored (group, value) in `counts` (row `width` per group). */
function countByGroup(
  values: Int32Array,
  group: Uint8Array,
  censored: Uint8Array,
  width: number,
  counts: Int32Array,
): void {
  for (let i = 0; i < values.length; i++) if (!censored[i]) counts[group[i]! * width + values[i]!]!++;
}

/** Per (year, period) cell: the uncensored starts in `all`, those with no delay in `zero`. */
function countCells(
  delay: Int32Array,
  censored: Uint8Array,
  group: Uint8Array,
  yearIndex: Int32Array,
  groups: number,
  zero: Int32Array,
  all: Int32Array,
): void {
  for (let i = 0; i < delay.length; i++) {
    if (censored[i]) continue;
    const cell = yearIndex[i]! * groups + group[i]!;
    all[cell]!++;
    if (delay[i] === 0) zero[cell]!++;
  }
}

/** The uncensored starts of each group: every sequence's (whole, trips) count per period, one censoring. */
function startsByGroup(censored: Uint8Array, group: Uint8Array, groups: number): Int32Array {
  const starts = new Int32Array(groups);
  for (let i = 0; i < censored.length; i++) if (!censored[i]) starts[group[i]!]!++;
  return starts;
}

/**
 * Type 7 percentiles (p in 0–100) of each group of the uncensored starts' values (whole hours ≥ 0); `totals`
 * the uncensored starts per group (startsByGroup). Counts per value when the table is small (hours rarely
 * exceed a few thousand), else a sort per group.
 */
function groupPercentiles(
  values: Int32Array,
  group: Uint8Array,
  totals: Int32Array,
  censored: Uint8Array,
  percentiles: readonly number[],
): (number | null)[][] {
  const groups = totals.length;
  const width = maxUncensored(values, censored) + 1;
  const out: (number | null)[][] = percentiles.map(() => new Array<number | null>(groups).fill(null));
  if (groups * width <= 1 << 22) {
    const counts = new Int32Array(groups * width);
    countByGroup(values, group, censored, width, counts);
    for (let g = 0; g < groups; g++) {
      const total = totals[g]!;
      if (total === 0) continue;
      // the order statistics the percentiles need, ascending, read in one pass over the counts
      const ranks = [
        ...new Set(
          percentiles.flatMap((p) => {
            const lo = Math.floor(((total - 1) * p) / 100);
            return lo + 1 < total ? [lo, lo + 1] : [lo];
          }),
        ),
      ].sort((x, y) => x - y);
      const at = new Map<number, number>();
      let below = 0;
      let value = 0;
      for (const r of ranks) {
        while (below + counts[g * width + value]! <= r) below += counts[g * width + value++]!;
        at.set(r, value);
      }
      percentiles.forEach((p, j) => {
        const h = ((total - 1) * p) / 100;
        const lo = Math.floor(h);
        const low = at.get(lo)!;
        out[j]![g] = lo + 1 < total ? low + (h - lo) * (at.get(lo + 1)! - low) : low;
      });
    }
    return out;
  }
  const sorted = sortedGroups(values, group, groups, censored);
  percentiles.forEach((p, j) => {
    for (let g = 0; g < groups; g++)
      out[j]![g] = sorted[g]!.length ? quantileSorted(sorted[g]!, p / 100) : null;
  });
  return out;
}

function sortedGroups(
  values: Int32Array,
  group: Uint8Array,
  groups: number,
  censored: Uint8Array,
): Float64Array[] {
  const counts = new Int32Array(groups);
  for (let i = 0; i < values.length; i++) if (!censored[i]) counts[group[i]!]!++;
  const out = Array.from(counts, (c) => new Float64Array(c));
  const fill = new Int32Array(groups);
  for (let i = 0; i < values.length; i++) if (!censored[i]) out[group[i]!]![fill[group[i]!]!++] = values[i]!;
  for (const a of out) a.sort();
  return out;
}

interface SeriesStats {
  delay: (number | null)[][];
  duration: (number | null)[][];
  percent: (number | null)[][];
  ratio: (number | null)[][];
  pooledRatio: (number | null)[];
}

/** Percentile rows [percentile][period] of one sequence (whole or one trip). */
function seriesStats(
  delay: Int32Array,
  duration: Int32Array,
  censored: Uint8Array,
  group: Uint8Array,
  yearIndex: Int32Array,
  years: number,
  starts: Int32Array,
  percentiles: readonly number[],
): SeriesStats {
  const groups = starts.length;
  const delays = groupPercentiles(delay, group, starts, censored, percentiles);
  const durations = groupPercentiles(duration, group, starts, censored, percentiles);
  const at = (sorted: Float64Array, p: number) => (sorted.length ? quantileSorted(sorted, p / 100) : null);
  // per (year, period): starts with W = 0 and uncensored starts
  const zero = new Int32Array(years * groups);
  const all = new Int32Array(years * groups);
  countCells(delay, censored, group, yearIndex, groups, zero, all);
  const ratios = Array.from({ length: groups }, (_, g) => {
    const list: number[] = [];
    for (let y = 0; y < years; y++) {
      const c = y * groups + g;
      if (all[c]! > 0) list.push((100 * zero[c]!) / all[c]!);
    }
    return Float64Array.from(list).sort();
  });
  const pooledRatio = Array.from({ length: groups }, (_, g) => {
    let z = 0;
    let a = 0;
    for (let y = 0; y < years; y++) {
      z += zero[y * groups + g]!;
      a += all[y * groups + g]!;
    }
    return a > 0 ? (100 * z) / a : null;
  });
  return {
    delay: delays,
    duration: durations,
    percent: percentiles.map((_, j) =>
      delays[j]!.map((w, g) => {
        const d = durations[j]![g]!;
        return w === null || d === null || d === 0 ? null : (100 * w) / d;
      }),
    ),
    // reached or exceeded in p % of the years: the percentile at 100 − p
    ratio: percentiles.map((p) => ratios.map((s) => at(s, 100 - p))),
    pooledRatio,
  };
}

/** Each start's year (0 = the record's first) and its period in every breakdown (rule 11). */
export function startPeriods(sim: SimulationResult): {
  yearIndex: Int32Array;
  years: number;
  groupOf: Record<PlanBreakdown, Uint8Array>;
} {
  const { n, time } = sim;
  const firstYear = n ? new Date(time[0]!).getUTCFullYear() : 0;
  const yearIndex = new Int32Array(n);
  const groupOf = { MONTHLY: new Uint8Array(n), BIWEEKLY: new Uint8Array(n), WEEKLY: new Uint8Array(n) };
  let day = NaN;
  let cached = { year: 0, monthly: 0, biweekly: 0, weekly: 0 };
  for (let i = 0; i < n; i++) {
    const d = Math.floor(time[i]! / 86_400_000);
    if (d !== day) {
      day = d;
      const ms = d * 86_400_000;
      cached = {
        year: new Date(ms).getUTCFullYear() - firstYear,
        monthly: periodIndex('MONTHLY', ms),
        biweekly: periodIndex('BIWEEKLY', ms),
        weekly: periodIndex('WEEKLY', ms),
      };
    }
    yearIndex[i] = cached.year;
    groupOf.MONTHLY[i] = cached.monthly;
    groupOf.BIWEEKLY[i] = cached.biweekly;
    groupOf.WEEKLY[i] = cached.weekly;
  }
  const years = n ? yearIndex[n - 1]! + 1 : 0;
  return { yearIndex, years, groupOf };
}

/** The results layout of the API and the command (issue 22 "Results layout"). */
export function planningStatistics(sim: SimulationResult, percentiles: readonly number[]): PlanResults {
  for (const p of percentiles)
    if (!Number.isInteger(p) || p < 1 || p > 99)
      throw new RangeError(`planningStatistics: percentiles must be integers 1-99, got ${p}`);
  const { n, time } = sim;
  const { yearIndex, years, groupOf } = startPeriods(sim);
  const one = (breakdown: PlanBreakdown): BreakdownResults => {
    const labels = periodLabels(breakdown);
    const group = groupOf[breakdown];
    const counted = startsByGroup(sim.censored, group, labels.length);
    const stats = (delay: Int32Array, duration: Int32Array) =>
      seriesStats(delay, duration, sim.censored, group, yearIndex, years, counted, percentiles);
    const whole = stats(sim.delay, sim.duration);
    const trips = sim.trips.map((_, k) => stats(sim.tripDelay[k]!, sim.tripDuration[k]!));
    const build = (pick: (s: SeriesStats) => (number | null)[][]): Distribution => ({
      wholeSequenceScenarios: Object.fromEntries(
        percentiles.map((p, j) => [
          key(p),
          Object.fromEntries(labels.map((l, g) => [l, pick(whole)[j]![g]!])),
        ]),
      ),
      tripsScenarios: Object.fromEntries(
        sim.trips.map((trip, k) => [
          trip,
          Object.fromEntries(
            labels.map((l, g) => [
              l,
              Object.fromEntries(percentiles.map((p, j) => [key(p), pick(trips[k]!)[j]![g]!])),
            ]),
          ),
        ]),
      ),
    });
    const starts: Record<string, number> = Object.fromEntries(labels.map((l, g) => [l, counted[g]!]));
    return {
      distribsOfAllDelay: build((s) => s.delay),
      distribsOfAllDurations: build((s) => s.duration),
      distribsOfDowntimePercent: build((s) => s.percent),
      distribsOfNoDowntimeRatio: build((s) => s.ratio),
      pooledNoDowntimeRatio: {
        wholeSequence: Object.fromEntries(labels.map((l, g) => [l, whole.pooledRatio[g]!])),
        trips: Object.fromEntries(
          sim.trips.map((trip, k) => [
            trip,
            Object.fromEntries(labels.map((l, g) => [l, trips[k]!.pooledRatio[g]!])),
          ]),
        ),
      },
      starts,
      periods: labels,
      percentiles: [...percentiles],
    };
  };
  const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());
  return {
    MONTHLY: one('MONTHLY'),
    BIWEEKLY: one('BIWEEKLY'),
    WEEKLY: one('WEEKLY'),
    censored: sim.censoredCount,
    totalStarts: n,
    trips: [...sim.trips],
    period: { start: iso(time[0]), end: iso(time[n - 1]) },
    rulesVersion: PLANNING_RULES_VERSION,
  };
}
