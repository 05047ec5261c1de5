// The period-by-period comparison of two or more plannings (issue 30 "AWD comparison"): for one breakdown
// (months, bi-weeks or weeks), one result kind and chosen percentiles, every planning's whole-sequence
// value per period, in one unit for the whole table (hours, or days past 220 h), the best planning marked
// per period and percentile with the cards' rule (bestResult).
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
}

export interface ComparisonTable {
  /** 'h' or 'd' for durations, '%' for the weather-window kinds. */
  unit: DurationUnit | '%';
  columns: ComparisonColumn[];
  rows: ComparisonRow[];
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
    return {
      period,
      values: columns.map((c) => inUnit(raw(c, period))),
      best: columns.map((c) => bestOf.get(c.percentile) === c.planningId),
    };
  });
  return { unit, columns, rows };
}
