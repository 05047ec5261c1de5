// The marine contractors wizard's computation (spec 001 §1, §2.6, §3 "Marine contractor chain", §5
// "Output formats (wizard)"; docs/methods/contractors.md): a boat's operations run one after another from
// every hourly start of the record, each waiting for the first window where its constraints hold for its
// whole duration. It is the AWD simulator with one trip per operation and one environment per operation
// (its constraints as field conditions); the outputs are that simulation's monthly statistics.
import type { IntervalOptions } from '../bootstrap';
import { factorEnvironment, type AlphaFactored, type AlphaTable } from './alpha';
import { monthlyIntervals, type Interval, type IntervalSettings } from './intervals';
import { PlanningError } from './rules';
import { simulatePlan, type PlanLocation, type SimulationResult } from './simulate';
import { planningStatistics } from './statistics';
import { planFieldName, type Environment, type FieldCondition, type PlanCopy } from './types';

export const CONTRACTOR_FORMATS = ['DURATION', 'WEATHER_WINDOW', 'WEATHER_WINDOW_COMPLEMENT'] as const;
export type ContractorFormat = (typeof CONTRACTOR_FORMATS)[number];

export interface ContractorOperation {
  name: string;
  /** Whole hours > 0. */
  durationHours: number;
  /** Every condition must hold in every hour of the operation. */
  conditions: FieldCondition[];
}

/** [percentile key "P50"][month "Jan"] → value (days for DURATION, percent otherwise); null without starts. */
export type MonthlyPercentiles = Record<string, Record<string, number | null>>;

export interface SequenceStatistics {
  /** The whole sequence of the boat's operations. */
  sequence: MonthlyPercentiles;
  /** Each operation, in the sequence (its wait after the previous one ended, then its work). */
  operations: MonthlyPercentiles[];
  /** Uncensored starts per month (a start is censored when the record ends before the sequence does). */
  starts: Record<string, number>;
  censored: number;
  totalStarts: number;
}

/**
 * Which operations a point's data can run (issue 30): an operation whose constraints read a field the point
 * lacks is "not doable at this point: no wind speed"; the others keep their results. `fields` holds the
 * point's catalogue keys. Indices follow `operations`.
 */
export function splitDoable(
  operations: readonly ContractorOperation[],
  fields: ReadonlySet<string>,
): { doable: number[]; notDoable: { index: number; missing: string[]; reason: string }[] } {
  const doable: number[] = [];
  const notDoable: { index: number; missing: string[]; reason: string }[] = [];
  operations.forEach((o, index) => {
    const missing = [...new Set(o.conditions.map((c) => c.field).filter((f) => !fields.has(f)))];
    if (missing.length === 0) doable.push(index);
    else
      notDoable.push({
        index,
        missing,
        reason: `not doable at this point: no ${missing.map(planFieldName).join(', ')}`,
      });
  });
  return { doable, notDoable };
}

/**
 * Each operation's environment (its constraints as field conditions); with an alpha table, the upper limits
 * of the table's parameter multiplied by α at TPOP = the operation's duration (issue 32), an operation
 * longer than the table's last row refused by name.
 */
export function operationEnvironments(
  operations: readonly ContractorOperation[],
  alpha: AlphaTable | null = null,
): { environments: Environment[]; factored: AlphaFactored[] } {
  const factored: AlphaFactored[] = [];
  const environments = operations.map((o, i): Environment => {
    const environment: Environment = {
      name: `operation ${i + 1} "${o.name}"`,
      maxima: {},
      sectors: {},
      conditions: o.conditions,
      cell: '',
    };
    if (!alpha) return environment;
    let result;
    try {
      result = factorEnvironment(environment, alpha, o.durationHours);
    } catch (error) {
      if (error instanceof PlanningError) throw new PlanningError(`${environment.name}: ${error.message}`);
      throw error;
    }
    if (!result) return environment;
    for (const f of result.factors)
      factored.push({
        ...f,
        tripId: String(i),
        taskId: String(i),
        activityId: o.name,
        cell: o.name,
      });
    return result.environment;
  });
  return { environments, factored };
}

/** The sequence from every hourly start (simulatePlan: each operation is a trip of one copy). */
export function simulateSequence(
  time: Float64Array,
  location: PlanLocation,
  operations: readonly ContractorOperation[],
  alpha: AlphaTable | null = null,
): SimulationResult {
  const { environments } = operationEnvironments(operations, alpha);
  const copies: PlanCopy[] = operations.map((o, i) => ({
    tripId: String(i),
    taskId: String(i),
    activityId: o.name,
    repetition: 1,
    durationHours: o.durationHours,
    continuous: false,
    environment: environments[i]!.name,
    location: null,
  }));
  return simulatePlan({ time, locations: [location], aliases: {}, environments, copies });
}

const HOURS_PER_DAY = 24;

/**
 * The monthly percentiles of a format (docs/methods/contractors.md): DURATION = percentiles of the
 * duration (wait + work) in days; WEATHER_WINDOW = the share (%) of a month's starts that meet no weather
 * wait, reached or exceeded in p % of the years; WEATHER_WINDOW_COMPLEMENT = 100 − that share, the share of
 * starts that wait, not exceeded in p % of the years.
 */
export function sequenceStatistics(
  sim: SimulationResult,
  percentiles: readonly number[],
  format: ContractorFormat,
): SequenceStatistics {
  const monthly = planningStatistics(sim, percentiles).MONTHLY;
  const source = format === 'DURATION' ? monthly.distribsOfAllDurations : monthly.distribsOfNoDowntimeRatio;
  const convert = (v: number | null): number | null => {
    if (v === null) return null;
    if (format === 'DURATION') return v / HOURS_PER_DAY;
    return format === 'WEATHER_WINDOW' ? v : 100 - v;
  };
  const keys = percentiles.map((p) => `P${p}`);
  const table = (at: (key: string, period: string) => number | null): MonthlyPercentiles =>
    Object.fromEntries(
      keys.map((key) => [key, Object.fromEntries(monthly.periods.map((m) => [m, convert(at(key, m))]))]),
    );
  return {
    sequence: table((key, m) => source.wholeSequenceScenarios[key]![m]!),
    operations: sim.trips.map((trip) => table((key, m) => source.tripsScenarios[trip]![m]![key]!)),
    starts: monthly.starts,
    censored: sim.censoredCount,
    totalStarts: sim.n,
  };
}

/** [percentile key "P50"][month "Jan"] → [lower, upper] in the format's unit; null: no interval. */
export type MonthlyIntervals = Record<string, Record<string, Interval>>;

export interface SequenceIntervals {
  /** Beside SequenceStatistics.sequence: the same keys. */
  sequence: MonthlyIntervals;
  /** Beside SequenceStatistics.operations, in the same order. */
  operations: MonthlyIntervals[];
  /** The number of years each month's intervals rest on (years with an uncensored start in it). */
  years: Record<string, number>;
  /** Why a month has no interval (fewer than 5 years). */
  notes: Record<string, string>;
  intervals: IntervalSettings;
}

/**
 * Year-block bootstrap intervals of sequenceStatistics' percentiles (issue 31 §2; the AWD intervals of
 * planning/intervals.ts, monthly, in the format's unit): DURATION in days; WEATHER_WINDOW the no-downtime
 * share's interval as it is; WEATHER_WINDOW_COMPLEMENT 100 − that share, so its bounds swap
 * ([100 − upper, 100 − lower]).
 */
export function sequenceIntervals(
  sim: SimulationResult,
  percentiles: readonly number[],
  format: ContractorFormat,
  options: IntervalOptions = {},
): SequenceIntervals {
  const monthly = monthlyIntervals(sim, percentiles, options);
  const source = format === 'DURATION' ? monthly.distribsOfAllDurations : monthly.distribsOfNoDowntimeRatio;
  const convert = (i: Interval): Interval => {
    if (i === null) return null;
    if (format === 'DURATION') return [i[0] / HOURS_PER_DAY, i[1] / HOURS_PER_DAY];
    return format === 'WEATHER_WINDOW' ? i : [100 - i[1], 100 - i[0]];
  };
  const months = Object.keys(monthly.intervalYears);
  const keys = percentiles.map((p) => `P${p}`);
  const table = (at: (key: string, month: string) => Interval): MonthlyIntervals =>
    Object.fromEntries(
      keys.map((key) => [key, Object.fromEntries(months.map((m) => [m, convert(at(key, m))]))]),
    );
  return {
    sequence: table((key, m) => source.wholeSequenceIntervals[key]![m]!),
    operations: sim.trips.map((trip) => table((key, m) => source.tripsIntervals[trip]![m]![key]!)),
    years: monthly.intervalYears,
    notes: monthly.intervalNotes,
    intervals: monthly.intervals,
  };
}
