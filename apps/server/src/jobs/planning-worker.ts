// Runs in the planning thread (planning-thread.ts), off the event loop that serves HTTP and under its
// resourceLimits (issue 29): reading an uploaded plan (the workbook through the counting zip reader, then
// the Tasks and Environments tables), reading the points' records and simulating a plan on them, a
// contractors run's point (its record read, every boat's sequence simulated), and fitting a calibration
// (issue 33: 41 fits of 350,000 pairs for a 40-year point, a second or two of CPU). What a person must read
// comes back as an answer; anything else is thrown.
import {
  alphaCopies,
  calibrate,
  CalibrationRefused,
  type Calibration,
  type CalibrationOptions,
  type Pairs,
  alphaSummary,
  breakdownIntervals,
  commonRecord,
  DEFAULT_INTERVALS,
  expandCopies,
  planAgainstRecord,
  planningStatistics,
  PlanningError,
  readPlan,
  simulatePlan,
  withIntervals,
  type AlphaSummary,
  type AlphaTable,
  type PlanResults,
  type Plan,
  type PlanRead,
  type BreakdownIntervals,
  type BreakdownResults,
  type IntervalSettings,
  type PlanBreakdown,
  type PlanResultsWithSomeIntervals,
  sequenceIntervals,
  sequenceStatistics,
  simulateSequence,
  splitDoable,
  type ContractorFormat,
  type ContractorOperation,
  type SequenceIntervals,
  type SequenceStatistics,
} from '@metocean/core';
import { loadWorkbookGrid, planningFields, WorkbookError } from '@metocean/hindcast';
import { readPointRecord } from '../data/calibrated';
import type { DataSource, PointSeries } from '../data/sources';

/** A point and where its record is read (found by services/planning-simulation.ts): what the thread reads. */
export interface RecordPoint {
  name: string;
  lat: number;
  lng: number;
  /** The point's calibration (a calibrated variant), as readPointRecord applies it. */
  calibration?: Parameters<typeof readPointRecord>[1]['calibration'];
  source: DataSource;
}

export interface PlanReadJob {
  kind: 'read';
  bytes: Uint8Array;
  envCoords?: string | null;
  tasksCoords?: string | null;
}

export interface PlanSimulateJob {
  kind: 'simulate';
  plan: Plan;
  /** Location alias → index into `points`. */
  aliases: Record<string, number>;
  /** The points whose records the thread reads, in order. */
  points: RecordPoint[];
  percentiles: number[];
  /** The alpha table the planning chose (issue 32), or null: its copies run on α·L. */
  alpha?: AlphaTable | null;
}

/**
 * A planning's breakdown's intervals on request (issue 31, session 31): the same plan simulated again (the
 * simulation is deterministic) and that breakdown's statistics and intervals, for the server to store them
 * only if the statistics equal the stored ones.
 */
export interface PlanIntervalsJob extends Omit<PlanSimulateJob, 'kind'> {
  kind: 'intervals';
  breakdown: PlanBreakdown;
}

/** A simulation's results: the statistics with their intervals (the monthly breakdown's; the others on
 * request), the alpha table used and, when one was, the plan's statistics without it (for the side by side). */
export type PlanningThreadResults = PlanResultsWithSomeIntervals & {
  alpha: AlphaSummary | null;
  withoutAlpha?: Pick<PlanResults, 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY' | 'censored' | 'totalStarts'>;
};

/** A calibration fitted and judged on its pairs (services/calibration.ts). */
export interface CalibrateJob {
  kind: 'calibrate';
  pairs: Pairs;
  options: CalibrationOptions;
}

/** One point of a contractors run: its record read, each boat's doable operations simulated in sequence. */
export interface ContractorsPointJob {
  kind: 'contractors';
  point: RecordPoint;
  /** Each boat's selected operations, in their order of creation. */
  boats: { id: number; operations: ContractorOperation[] }[];
  alpha: AlphaTable | null;
  percentiles: number[];
  format: ContractorFormat;
}

/** A contractors point's answer: its record's period, and per boat what ran and its statistics. */
export interface ContractorsPointResults {
  period: { start: string; end: string } | null;
  boats: {
    id: number;
    /** Indices (into the boat's operations) of those the point's data run, and why the others cannot. */
    doable: number[];
    notDoable: { index: number; reason: string }[];
    stats: SequenceStatistics | null;
    /** Issue 31: the year-block bootstrap intervals of the same percentiles (1,000 resamples, 90 %, seed 1). */
    bands: SequenceIntervals | null;
  }[];
}

export type PlanningThreadJob =
  PlanReadJob | PlanSimulateJob | PlanIntervalsJob | ContractorsPointJob | CalibrateJob;

/** What was read for a point: the dataset and its node, for the audit stamp. */
export type RecordRead = Pick<PointSeries, 'dataset' | 'node'>;

export type PlanningThreadAnswer =
  | ({ kind: 'read' } & PlanRead)
  | { kind: 'results'; results: PlanningThreadResults; reads: RecordRead[] }
  | {
      kind: 'intervals';
      /** The breakdown's statistics as simulated now, and its intervals. */
      statistics: BreakdownResults;
      intervals: BreakdownIntervals;
      settings: IntervalSettings;
    }
  | { kind: 'contractors'; results: ContractorsPointResults }
  | { kind: 'calibration'; calibration: Calibration }
  /** The file or the plan refused, with the reason in the person's words. */
  | { kind: 'refused'; message: string };

export default async function run(job: PlanningThreadJob): Promise<PlanningThreadAnswer> {
  try {
    if (job.kind === 'read') {
      const grid = await loadWorkbookGrid(job.bytes);
      return { kind: 'read', ...readPlan(grid, { envCoords: job.envCoords, tasksCoords: job.tasksCoords }) };
    }
    if (job.kind === 'calibrate')
      return { kind: 'calibration', calibration: calibrate(job.pairs, job.options) };
    if (job.kind === 'contractors') return { kind: 'contractors', results: await contractorsPoint(job) };
    const { sim, input, raw, alpha, factored, reads } = await simulated(job);
    if (job.kind === 'intervals') {
      // the same settings as the run's (1,000 resamples, seed 1, 90 %): each breakdown's intervals are drawn
      // alone from the seed, so these equal what a run computing every breakdown gave
      const { intervals, ...rest } = breakdownIntervals(sim, job.percentiles, DEFAULT_INTERVALS, [
        job.breakdown,
      ]);
      return {
        kind: 'intervals',
        statistics: planningStatistics(sim, job.percentiles)[job.breakdown],
        intervals: rest[job.breakdown]!,
        settings: intervals,
      };
    }
    // issue 31: 90 % year-block intervals (1,000 resamples, seed 1) beside every percentile of the monthly
    // breakdown (the one the results open on); the bi-weekly and weekly ones are computed on request
    const results: PlanningThreadResults = {
      ...withIntervals(
        planningStatistics(sim, job.percentiles),
        breakdownIntervals(sim, job.percentiles, DEFAULT_INTERVALS, ['MONTHLY']),
      ),
      alpha: alpha && factored ? alphaSummary(alpha, factored.factored) : null,
    };
    if (factored) {
      const { MONTHLY, BIWEEKLY, WEEKLY, censored, totalStarts } = planningStatistics(
        simulatePlan({ ...input, copies: raw }),
        job.percentiles,
      );
      results.withoutAlpha = { MONTHLY, BIWEEKLY, WEEKLY, censored, totalStarts };
    }
    return { kind: 'results', results, reads };
  } catch (error) {
    if (
      error instanceof WorkbookError ||
      error instanceof PlanningError ||
      error instanceof CalibrationRefused
    )
      return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** The plan simulated on its points' records (read here), with α·L copies when an alpha table is chosen. */
async function simulated(job: Omit<PlanSimulateJob, 'kind'>) {
  const reads: RecordRead[] = [];
  const records = [];
  for (const point of job.points) {
    const { read, time, location } = await readPlanningRecord(point);
    records.push({ ...location, time });
    reads.push({ dataset: read.dataset, node: read.node });
  }
  const { time, locations } = commonRecord(records);
  const tooLong = planAgainstRecord(job.plan, time.length);
  if (tooLong) throw new PlanningError(tooLong.cell ? `${tooLong.cell}: ${tooLong.text}` : tooLong.text);
  // alpha factors (issue 32): the copies run on α·L; the raw plan is simulated too, for the side by side
  const alpha = job.alpha ?? null;
  const factored = alpha ? alphaCopies(job.plan.activities, job.plan.environments, alpha) : null;
  const input = { time, locations, aliases: job.aliases, environments: job.plan.environments };
  const raw = expandCopies(job.plan.activities);
  const sim = simulatePlan({ ...input, copies: factored ? factored.copies : raw });
  return { sim, input, raw, alpha, factored, reads };
}

/** A point's record as the simulators read it: its times and the fields they know. */
export async function readPlanningRecord(point: RecordPoint) {
  const read = await readPointRecord(point.source, point);
  return {
    read,
    time: read.series.time,
    location: { name: point.name, fields: planningFields(read.series.fields) },
  };
}

/** A contractors run's point (contractors-run.ts): each boat's doable operations from every hourly start. */
async function contractorsPoint(job: ContractorsPointJob): Promise<ContractorsPointResults> {
  const { time, location } = await readPlanningRecord(job.point);
  const held = new Set(Object.keys(location.fields));
  return {
    period:
      time.length > 0
        ? { start: new Date(time[0]!).toISOString(), end: new Date(time[time.length - 1]!).toISOString() }
        : null,
    boats: job.boats.map(({ id, operations }) => {
      // the operations the point's data can run keep their results; the others are marked, not fatal
      const { doable, notDoable } = splitDoable(operations, held);
      const base = { id, doable, notDoable: notDoable.map(({ index, reason }) => ({ index, reason })) };
      if (doable.length === 0) return { ...base, stats: null, bands: null };
      const sim = simulateSequence(
        time,
        location,
        doable.map((k) => operations[k]!),
        job.alpha,
      );
      return {
        ...base,
        stats: sequenceStatistics(sim, job.percentiles, job.format),
        bands: sequenceIntervals(sim, job.percentiles, job.format),
      };
    }),
  };
}
