// The period-by-period comparison of two or more plannings (issue 30 "AWD comparison"): for one breakdown
// (months, bi-weeks or weeks), one result kind and chosen percentiles, every planning's whole-sequence
// value per period, in one unit for the whole table (hours, or days past 220 h), the best planning marked
// per period and percentile with the cards' rule (bestResult), and each value whose year-block bootstrap
// interval overlaps the best one's marked as within the noise (issue 31).
import { durationIn, tableDurationUnit, type DurationUnit } from '@metocean/core';
import type { PlanningResults } from '@metocean/contracts';
import { RESULT_KINDS, bestResult, type ResultKind } from './rules';

export type Breakdown = 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY';

export interface ComparedPlanning {
  id: number;
  name: string;
  results: PlanningResults;
}

export interface ComparisonColumn {
  planningId: number;
  name: string;
  percentile: number;
}

export interface ComparisonRow {
  period: string;
  /** One per column, in the table's unit and precision; null where the planning has no value. */
  values: (number | null)[];
  /** Per column: the best planning of this period at this column's percentile. */
  best: boolean[];
  /** Per column: its interval in the table's unit, or null (none: under 5 years, or older results). */
  intervals: (readonly [number, number] | null)[];
  /**
   * Per column: its interval overlaps the interval it is compared with (the best planning's, or, the best
   * itself, any other's; with no best, any other's) — the difference is within the noise.
   */
  withinNoise: boolean[];
}

export interface ComparisonTable {
  /** 'h' or 'd' for durations, '%' for the weather-window kinds. */
  unit: DurationUnit | '%';
  columns: ComparisonColumn[];
  rows: ComparisonRow[];
  /** The coverage of the intervals (0.9), or null when no planning has intervals. */
  ci: number | null;
  /**
   * The plannings whose intervals of this breakdown are not stored (issue 31, session 31: the bi-weekly and
   * weekly ones are computed on request, on the planning's results page), with the note saying why: their
   * values are never marked within the noise, and the legend says so.
   */
  withoutIntervals: { name: string; note: string }[];
}

type Interval = readonly [number, number];

/**
 * Two intervals overlap when each starts at or before the other's end (closed intervals: touching counts).
 * Overlapping 90 % intervals do not prove the plannings equal; they say the data cannot tell them apart
 * at that coverage — a conservative reading (docs/decisions.md, issue 31 session 29).
 */
export function intervalsOverlap(a: Interval | null, b: Interval | null): boolean {
  return a !== null && b !== null && a[0] <= b[1] && b[0] <= a[1];
}

/**
 * Per candidate, whether it is within the noise: a candidate overlapping the best's interval, the best when
 * any other overlaps it; with no best (ties, one value), any candidate overlapping another's. Candidates
 * without a value or interval are never marked.
 */
export function withinNoise(
  candidates: readonly { interval: Interval | null; value: number | null }[],
  best: number | null,
): boolean[] {
  const usable = (k: number) => candidates[k]!.value !== null && candidates[k]!.interval !== null;
  return candidates.map((c, k) => {
    if (!usable(k)) return false;
    const others = candidates.map((_, j) => j).filter((j) => j !== k && usable(j));
    if (best === null || best === k)
      return others.some((j) => intervalsOverlap(c.interval, candidates[j]!.interval));
    return usable(best) && intervalsOverlap(c.interval, candidates[best]!.interval);
  });
}

/** Percent to 0.1, durations in the table's unit (durationIn rounds them). */
const PERCENT_DIGITS = 1;

export function comparisonTable(
  plannings: readonly ComparedPlanning[],
  breakdown: Breakdown,
  kind: ResultKind,
  percentiles: readonly number[],
): ComparisonTable {
  // the periods in the first planning's order; a period another lacks reads "–" there
  const periods: string[] = [];
  for (const p of plannings)
    for (const period of p.results[breakdown].periods) if (!periods.includes(period)) periods.push(period);
  const columns: ComparisonColumn[] = percentiles.flatMap((percentile) =>
    plannings.map((p) => ({ planningId: p.id, name: p.name, percentile })),
  );
  const raw = (c: ComparisonColumn, period: string): number | null => {
    const planning = plannings.find((p) => p.id === c.planningId)!;
    const v = planning.results[breakdown][kind].wholeSequenceScenarios[`P${c.percentile}`]?.[period];
    return v === undefined || v === null || !Number.isFinite(v) ? null : v;
  };
  const rawInterval = (c: ComparisonColumn, period: string): Interval | null => {
    const planning = plannings.find((p) => p.id === c.planningId)!;
    const i = planning.results[breakdown][kind].wholeSequenceIntervals?.[`P${c.percentile}`]?.[period];
    return i && Number.isFinite(i[0]) && Number.isFinite(i[1]) && raw(c, period) !== null ? i : null;
  };
  const durations = RESULT_KINDS[kind].unit === 'h';
  const unit: DurationUnit | '%' = durations
    ? tableDurationUnit(periods.flatMap((period) => columns.map((c) => raw(c, period))))
    : '%';
  const inUnit = (v: number | null) =>
    v === null ? null : unit === '%' ? Number(v.toFixed(PERCENT_DIGITS)) : durationIn(v, unit);
  const rows = periods.map((period) => {
    const bestOf = new Map<number, number | null>(
      percentiles.map((percentile) => [
        percentile,
        bestResult(
          columns
            .filter((c) => c.percentile === percentile)
            .map((c) => ({ id: c.planningId, kind, value: raw(c, period) })),
        ),
      ]),
    );
    // within the noise, percentile by percentile, on the unrounded bounds
    const noise = new Array<boolean>(columns.length).fill(false);
    for (const percentile of percentiles) {
      const at = columns.map((c, k) => ({ c, k })).filter(({ c }) => c.percentile === percentile);
      const bestId = bestOf.get(percentile);
      const bestSlot = at.findIndex(({ c }) => c.planningId === bestId);
      const marks = withinNoise(
        at.map(({ c }) => ({ interval: rawInterval(c, period), value: raw(c, period) })),
        bestSlot < 0 ? null : bestSlot,
      );
      at.forEach(({ k }, slot) => (noise[k] = marks[slot]!));
    }
    return {
      period,
      values: columns.map((c) => inUnit(raw(c, period))),
      best: columns.map((c) => bestOf.get(c.percentile) === c.planningId),
      intervals: columns.map((c) => {
        const i = rawInterval(c, period);
        return i === null ? null : ([inUnit(i[0])!, inUnit(i[1])!] as const);
      }),
      withinNoise: noise,
    };
  });
  const ci = plannings.find((p) => p.results.intervals)?.results.intervals?.ci ?? null;
  const withoutIntervals = plannings.flatMap((p) => {
    const note = p.results[breakdown].intervalsNote;
    return note ? [{ name: p.name, note }] : [];
  });
  return { unit, columns, rows, ci, withoutIntervals };
}

/** The legend's line for the plannings without intervals in the breakdown compared (on request, or why none). */
export function withoutIntervalsText(without: readonly { name: string; note: string }[]): string {
  const onRequest = without.filter((w) => w.note.startsWith('intervals on request')).map((w) => w.name);
  const others = without.filter((w) => !w.note.startsWith('intervals on request'));
  const lines: string[] = [];
  if (onRequest.length > 0)
    lines.push(
      `No intervals yet for ${onRequest.join(', ')} in this breakdown: they are computed on request (switch "Intervals" on in the planning's results, then come back); until then their values are never marked ≈.`,
    );
  for (const w of others) lines.push(`No intervals for ${w.name}: ${w.note.replace(/^no intervals: /, '')}.`);
  return lines.join(' ');
}
