// Intervals on the WD wait percentiles and the WW probabilities (issue 31 §2): the year-block bootstrap of bootstrap.ts applied to
// the Kaplan–Meier estimate of windows.ts. Each start's wait or censoring is found once; a resample draws
// the years with data in the month with replacement and recomputes the month's product-limit curve from
// the per-year counts, weighted by how many times each year is drawn.
import {
  FEW_YEARS_NOTE,
  MIN_INTERVAL_YEARS,
  intervalOptions,
  percentileInterval,
  yearBlockWeights,
  type IntervalOptions,
} from './bootstrap';
import { quantileSorted } from './order';
import { sharedCalendar } from './shared';
import { kaplanMeierCounts, survivalQuantile } from './survival';
import { DOWNTIME_PERCENTILES, NO_DOWNTIME_START, downtimeStarts, windowOutcomes } from './windows';

export interface WaitIntervalRow {
  /** Calendar month 1-12. */
  month: number;
  /** Years with data in the month: what the interval rests on. */
  years: number;
  /**
   * Percentile (0-100) → [lower, upper] hours; upper null when more than (1 − ci)/2 of the resamples
   * never reach the percentile (it is then more than their follow-up); null under 5 years.
   */
  intervals: Record<string, [number, number | null] | null>;
  /** Why there is no interval. */
  note?: string;
}

/** Year-block bootstrap intervals of the WD wait percentiles of one duration, per month. */
export function waitPercentileIntervals(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationHours: number; stepMs?: number; percentiles?: readonly number[] },
  intervals: IntervalOptions = {},
): WaitIntervalRow[] {
  const { ci, resamples, seed } = intervalOptions(intervals);
  const percentiles = options.percentiles ?? DOWNTIME_PERCENTILES;
  const { coded, stepHours } = downtimeStarts(time, values, options);
  const { year, month } = sharedCalendar(time);
  const rows: WaitIntervalRow[] = [];
  for (let m = 1; m <= 12; m++) {
    // the month's starts: years renumbered, and the distinct times of the curve (a censoring at c steps
    // is "more than c − 1", one at 0 adds nothing: as windows.ts)
    const local = new Map<number, number>();
    const times = new Map<number, number>();
    const entries: [number, number, boolean][] = [];
    for (let i = 0; i < coded.length; i++) {
      const c = coded[i]!;
      if (month[i] !== m || c === NO_DOWNTIME_START) continue;
      if (!local.has(year[i]!)) local.set(year[i]!, local.size);
      const t = c >= 0 ? c : -2 - c;
      if (t < 0) continue;
      if (!times.has(t)) times.set(t, 0);
      entries.push([local.get(year[i]!)!, t, c >= 0]);
    }
    const Y = local.size;
    if (Y < MIN_INTERVAL_YEARS) {
      rows.push({
        month: m,
        years: Y,
        intervals: Object.fromEntries(percentiles.map((p) => [String(p), null])),
        note: FEW_YEARS_NOTE,
      });
      continue;
    }
    const sorted = [...times.keys()].sort((a, b) => a - b);
    sorted.forEach((t, k) => times.set(t, k));
    const K = sorted.length;
    // per year, events and censorings at each distinct time
    const events = new Float64Array(Y * K);
    const censored = new Float64Array(Y * K);
    for (const [j, t, event] of entries) (event ? events : censored)[j * K + times.get(t)!]!++;
    const weights = yearBlockWeights(Y, resamples, seed);
    const at = Float64Array.from(sorted, (t) => t * stepHours);
    const d = new Float64Array(K);
    const c = new Float64Array(K);
    const resampled = percentiles.map(() => new Float64Array(resamples));
    for (let r = 0; r < resamples; r++) {
      d.fill(0);
      c.fill(0);
      for (let j = 0; j < Y; j++) {
        const w = weights[r * Y + j]!;
        if (w === 0) continue;
        for (let k = 0; k < K; k++) {
          d[k]! += w * events[j * K + k]!;
          c[k]! += w * censored[j * K + k]!;
        }
      }
      const curve = kaplanMeierCounts(at, d, c);
      percentiles.forEach((p, q) => {
        // a percentile the resample's curve never reaches is above every value: +∞ in the ordering
        resampled[q]![r] = survivalQuantile(curve, p / 100) ?? Infinity;
      });
    }
    rows.push({
      month: m,
      years: Y,
      intervals: Object.fromEntries(
        percentiles.map((p, q) => {
          const v = resampled[q]!.sort();
          const lower = quantileSorted(v, (1 - ci) / 2);
          // type 7 between a value and +∞ is +∞ (0 · ∞ would read NaN): unknown, more than the follow-up
          const h = (v.length - 1) * ((1 + ci) / 2);
          const upper = Number.isFinite(v[Math.ceil(h)]!) ? quantileSorted(v, (1 + ci) / 2) : null;
          return [String(p), Number.isFinite(lower) ? [lower, upper] : null];
        }),
      ),
    });
  }
  return rows;
}

export interface WindowIntervalRow {
  /** Calendar month 1-12. */
  month: number;
  durationHours: number;
  /** Years with a start of known outcome in the month: what the interval rests on. */
  years: number;
  /** [lower, upper] of the probability (%) that a window starts; null under 5 years. */
  interval: [number, number] | null;
  note?: string;
}

/**
 * Year-block bootstrap intervals of the WW probability (window starts over the starts of known outcome,
 * censored starts neither, as weatherWindows): per (year, month) the two counts, a resample's probability
 * is the ratio of their weighted sums.
 */
export function windowProbabilityIntervals(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationsHours: readonly number[]; stepMs?: number },
  intervals: IntervalOptions = {},
): WindowIntervalRow[] {
  const { ci, resamples, seed } = intervalOptions(intervals);
  const { year, month } = sharedCalendar(time);
  const rows: WindowIntervalRow[] = [];
  for (const durationHours of options.durationsHours) {
    const { outcome } = windowOutcomes(time, values, { ...options, durationHours });
    for (let m = 1; m <= 12; m++) {
      const local = new Map<number, number>();
      const starts: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < outcome.length; i++) {
        const o = outcome[i]!;
        if (month[i] !== m || o < 0) continue;
        let j = local.get(year[i]!);
        if (j === undefined) {
          local.set(year[i]!, (j = local.size));
          starts.push(0);
          known.push(0);
        }
        known[j]!++;
        if (o === 1) starts[j]!++;
      }
      const Y = local.size;
      if (Y < MIN_INTERVAL_YEARS) {
        rows.push({ month: m, durationHours, years: Y, interval: null, note: FEW_YEARS_NOTE });
        continue;
      }
      const weights = yearBlockWeights(Y, resamples, seed);
      const resampled = new Float64Array(resamples);
      for (let r = 0; r < resamples; r++) {
        let s = 0;
        let k = 0;
        for (let j = 0; j < Y; j++) {
          s += weights[r * Y + j]! * starts[j]!;
          k += weights[r * Y + j]! * known[j]!;
        }
        resampled[r] = k > 0 ? (100 * s) / k : NaN;
      }
      rows.push({ month: m, durationHours, years: Y, interval: percentileInterval(resampled, ci) });
    }
  }
  return rows;
}
