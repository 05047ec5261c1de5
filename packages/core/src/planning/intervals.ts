// Intervals on the AWD percentiles (issue 31 §2; docs/methods/awd.md "Intervals"): a year-block bootstrap
// of the starts already simulated. A resample draws the period's years with replacement; each statistic
// of planningStatistics is recomputed on the regrouped starts (duration and delay percentiles of the
// pooled starts, downtime % from the same resample's pair, the no-downtime ratio's percentile over the
// years drawn); the interval is the percentile interval of the resampled values.
import {
  FEW_YEARS_NOTE,
  MIN_INTERVAL_YEARS,
  YearPool,
  intervalOptions,
  percentileInterval,
  resampledYearPercentiles,
  yearBlockWeights,
  type IntervalOptions,
} from '../bootstrap';
import type { SimulationResult } from './simulate';
import {
  BREAKDOWNS,
  periodLabels,
  startPeriods,
  type BreakdownResults,
  type PlanBreakdown,
  type PlanResults,
} from './statistics';

export type Interval = [number, number] | null;

/** Beside a Distribution: the same keys, an interval [lower, upper] instead of a value. */
export interface DistributionIntervals {
  wholeSequenceIntervals: Record<string, Record<string, Interval>>;
  tripsIntervals: Record<string, Record<string, Record<string, Interval>>>;
}

export interface BreakdownIntervals {
  distribsOfAllDelay: DistributionIntervals;
  distribsOfAllDurations: DistributionIntervals;
  distribsOfDowntimePercent: DistributionIntervals;
  distribsOfNoDowntimeRatio: DistributionIntervals;
  /** The number of years each period's intervals rest on (years with an uncensored start in it). */
  intervalYears: Record<string, number>;
  /** Why a period has no interval. */
  intervalNotes: Record<string, string>;
}

export interface IntervalSettings {
  ci: number;
  resamples: number;
  seed: number;
  method: string;
}

export const PLANNING_INTERVALS_METHOD =
  'year-block bootstrap: the years with data in each period are drawn with replacement (whole years, the unit of weather variability), the statistic recomputed on the regrouped starts of each resample (no new simulation), percentile interval of the resampled values; under 5 years: no interval';

export type PlanIntervals = Record<PlanBreakdown, BreakdownIntervals> & { intervals: IntervalSettings };

/** The intervals of some breakdowns (the planning run computes the monthly one; the others on request). */
export type SomePlanIntervals = Partial<Record<PlanBreakdown, BreakdownIntervals>> & {
  intervals: IntervalSettings;
};

/** A breakdown's `intervalsNote` while its intervals have not been asked for (issue 31, session 31). */
export const PLANNING_INTERVALS_ON_REQUEST =
  'intervals on request: the 90 % intervals of this breakdown are computed when asked for (POST /api/downtimes/{id}/intervals/?breakdown=…; the results page\'s "Intervals" switch)';

/** A breakdown's `intervalsNote` when its statistics re-simulated now differ from the stored ones. */
export const PLANNING_INTERVALS_STALE =
  'no intervals: the statistics simulated again now differ from the stored ones (computed by an earlier version, or the data changed); launch the planning again to get intervals';

const key = (p: number) => `P${p}`;

/** Intervals of every percentile of planningStatistics(sim, percentiles). */
export function planningIntervals(
  sim: SimulationResult,
  percentiles: readonly number[],
  options: IntervalOptions = {},
): PlanIntervals {
  return breakdownIntervals(sim, percentiles, options, BREAKDOWNS) as PlanIntervals;
}

/** The intervals of the monthly breakdown only (the contractors' outputs read no other). */
export function monthlyIntervals(
  sim: SimulationResult,
  percentiles: readonly number[],
  options: IntervalOptions = {},
): BreakdownIntervals & { intervals: IntervalSettings } {
  const out = breakdownIntervals(sim, percentiles, options, ['MONTHLY']);
  return { ...out.MONTHLY!, intervals: out.intervals };
}

/**
 * The intervals of the breakdowns listed only: each breakdown's are computed alone, from the same seed, so
 * `breakdownIntervals(sim, p, o, ['WEEKLY']).WEEKLY` equals `planningIntervals(sim, p, o).WEEKLY`.
 */
export function breakdownIntervals(
  sim: SimulationResult,
  percentiles: readonly number[],
  options: IntervalOptions,
  breakdowns: readonly PlanBreakdown[],
): Partial<Record<PlanBreakdown, BreakdownIntervals>> & { intervals: IntervalSettings } {
  const { ci, resamples, seed } = intervalOptions(options);
  const { yearIndex, years, groupOf } = startPeriods(sim);
  const series = [
    { delay: sim.delay, duration: sim.duration },
    ...sim.trips.map((_, k) => ({ delay: sim.tripDelay[k]!, duration: sim.tripDuration[k]! })),
  ];
  const P = percentiles.length;
  const down = percentiles.map((p) => 100 - p);
  // scratch of the resampled values of one cell, and of its interval's selection
  const d = new Float64Array(resamples);
  const t = new Float64Array(resamples);
  const percent = new Float64Array(resamples);
  const q = new Float64Array(resamples);
  const scratch = new Float64Array(resamples);
  const one = (breakdown: PlanBreakdown): BreakdownIntervals => {
    const labels = periodLabels(breakdown);
    const group = groupOf[breakdown];
    const G = labels.length;
    // the uncensored starts grouped by period, in time order: period g's are order[offset[g] .. offset[g + 1])
    const offset = new Int32Array(G + 1);
    for (let i = 0; i < sim.n; i++) if (!sim.censored[i]) offset[group[i]! + 1]!++;
    for (let g = 0; g < G; g++) offset[g + 1]! += offset[g]!;
    const order = new Int32Array(offset[G]!);
    const fill = offset.slice(0, G);
    for (let i = 0; i < sim.n; i++) if (!sim.censored[i]) order[fill[group[i]!]!++] = i;
    let largest = 0;
    for (let g = 0; g < G; g++) largest = Math.max(largest, offset[g + 1]! - offset[g]!);
    const values = new Int32Array(largest);
    const yearOf = new Int32Array(largest);
    const local = new Int32Array(years);
    // cells[s][measure][p][g]
    const cells = series.map(() =>
      Array.from({ length: 4 }, () => percentiles.map(() => new Array<Interval>(G).fill(null))),
    );
    const intervalYears: Record<string, number> = {};
    const intervalNotes: Record<string, string> = {};
    labels.forEach((label, g) => {
      const from = offset[g]!;
      const size = offset[g + 1]! - from;
      // the period's years, renumbered in order of appearance
      local.fill(-1);
      let count = 0;
      for (let u = 0; u < size; u++) {
        const y = yearIndex[order[from + u]!]!;
        if (local[y] === -1) local[y] = count++;
        yearOf[u] = local[y]!;
      }
      intervalYears[label] = count;
      if (count < MIN_INTERVAL_YEARS) {
        intervalNotes[label] = FEW_YEARS_NOTE;
        return;
      }
      const weights = yearBlockWeights(count, resamples, seed);
      const years = yearOf.subarray(0, size);
      const starts = order.subarray(from, from + size);
      const pool = (source: Int32Array): Float64Array => {
        for (let u = 0; u < size; u++) values[u] = source[starts[u]!]!;
        return new YearPool(values.subarray(0, size), years, count).resampledPercentiles(
          weights,
          percentiles,
        );
      };
      const zero = new Float64Array(count);
      const all = new Float64Array(count);
      series.forEach((s, k) => {
        const delays = pool(s.delay);
        const durations = pool(s.duration);
        // the no-downtime ratio per year of the period, and its Pp over the years: the percentile at 100 − p
        zero.fill(0);
        all.fill(0);
        for (let u = 0; u < size; u++) {
          all[years[u]!]!++;
          if (s.delay[starts[u]!] === 0) zero[years[u]!]!++;
        }
        const ratios = Float64Array.from(all, (a, j) => (100 * zero[j]!) / a);
        const ratio = resampledYearPercentiles(ratios, weights, down);
        for (let j = 0; j < P; j++) {
          for (let r = 0; r < resamples; r++) {
            d[r] = delays[r * P + j]!;
            t[r] = durations[r * P + j]!;
            // downtime % = 100 · delay_Pp / duration_Pp of the same resample (a zero duration has none)
            percent[r] = t[r]! > 0 ? (100 * d[r]!) / t[r]! : NaN;
            q[r] = ratio[r * P + j]!;
          }
          cells[k]![0]![j]![g] = percentileInterval(d, ci, scratch);
          cells[k]![1]![j]![g] = percentileInterval(t, ci, scratch);
          cells[k]![2]![j]![g] = percentileInterval(percent, ci, scratch);
          cells[k]![3]![j]![g] = percentileInterval(q, ci, scratch);
        }
      });
    });
    const build = (measure: number): DistributionIntervals => ({
      wholeSequenceIntervals: Object.fromEntries(
        percentiles.map((p, j) => [
          key(p),
          Object.fromEntries(labels.map((l, g) => [l, cells[0]![measure]![j]![g]!])),
        ]),
      ),
      tripsIntervals: Object.fromEntries(
        sim.trips.map((trip, k) => [
          trip,
          Object.fromEntries(
            labels.map((l, g) => [
              l,
              Object.fromEntries(percentiles.map((p, j) => [key(p), cells[k + 1]![measure]![j]![g]!])),
            ]),
          ),
        ]),
      ),
    });
    return {
      distribsOfAllDelay: build(0),
      distribsOfAllDurations: build(1),
      distribsOfDowntimePercent: build(2),
      distribsOfNoDowntimeRatio: build(3),
      intervalYears,
      intervalNotes,
    };
  };
  const out: Partial<Record<PlanBreakdown, BreakdownIntervals>> = Object.fromEntries(
    breakdowns.map((b) => [b, one(b)]),
  );
  return { ...out, intervals: { ci, resamples, seed, method: PLANNING_INTERVALS_METHOD } };
}

type WithIntervals<D> = D & DistributionIntervals;

export type BreakdownResultsWithIntervals = Omit<
  BreakdownResults,
  'distribsOfAllDelay' | 'distribsOfAllDurations' | 'distribsOfDowntimePercent' | 'distribsOfNoDowntimeRatio'
> & {
  distribsOfAllDelay: WithIntervals<BreakdownResults['distribsOfAllDelay']>;
  distribsOfAllDurations: WithIntervals<BreakdownResults['distribsOfAllDurations']>;
  distribsOfDowntimePercent: WithIntervals<BreakdownResults['distribsOfDowntimePercent']>;
  distribsOfNoDowntimeRatio: WithIntervals<BreakdownResults['distribsOfNoDowntimeRatio']>;
  intervalYears: Record<string, number>;
  intervalNotes: Record<string, string>;
};

/** A breakdown's results with its intervals beside the percentiles (`wholeSequenceIntervals`, `tripsIntervals`). */
export function mergeBreakdownIntervals(
  r: BreakdownResults,
  i: BreakdownIntervals,
): BreakdownResultsWithIntervals {
  return {
    ...r,
    distribsOfAllDelay: { ...r.distribsOfAllDelay, ...i.distribsOfAllDelay },
    distribsOfAllDurations: { ...r.distribsOfAllDurations, ...i.distribsOfAllDurations },
    distribsOfDowntimePercent: { ...r.distribsOfDowntimePercent, ...i.distribsOfDowntimePercent },
    distribsOfNoDowntimeRatio: { ...r.distribsOfNoDowntimeRatio, ...i.distribsOfNoDowntimeRatio },
    intervalYears: i.intervalYears,
    intervalNotes: i.intervalNotes,
  };
}

/** A breakdown without its intervals yet: the statistics and a note saying they are computed on request. */
export type BreakdownResultsOnRequest = BreakdownResults & { intervalsNote: string };

export type PlanResultsWithIntervals = Omit<PlanResults, PlanBreakdown> &
  Record<PlanBreakdown, BreakdownResultsWithIntervals> & { intervals: IntervalSettings };

/** The results of a planning run: the monthly intervals, the other breakdowns' on request until asked for. */
export type PlanResultsWithSomeIntervals = Omit<PlanResults, PlanBreakdown> &
  Record<PlanBreakdown, BreakdownResultsWithIntervals | BreakdownResultsOnRequest> & {
    intervals: IntervalSettings;
  };

/**
 * The results with the intervals beside the percentiles (`wholeSequenceIntervals`, `tripsIntervals`); a
 * breakdown whose intervals are not given carries `intervalsNote` (PLANNING_INTERVALS_ON_REQUEST) instead.
 */
export function withIntervals(results: PlanResults, intervals: PlanIntervals): PlanResultsWithIntervals;
export function withIntervals(
  results: PlanResults,
  intervals: SomePlanIntervals,
): PlanResultsWithSomeIntervals;
export function withIntervals(
  results: PlanResults,
  intervals: SomePlanIntervals,
): PlanResultsWithSomeIntervals {
  const merge = (b: PlanBreakdown): BreakdownResultsWithIntervals | BreakdownResultsOnRequest => {
    const i = intervals[b];
    return i
      ? mergeBreakdownIntervals(results[b], i)
      : { ...results[b], intervalsNote: PLANNING_INTERVALS_ON_REQUEST };
  };
  return {
    ...results,
    MONTHLY: merge('MONTHLY'),
    BIWEEKLY: merge('BIWEEKLY'),
    WEEKLY: merge('WEEKLY'),
    intervals: intervals.intervals,
  };
}
