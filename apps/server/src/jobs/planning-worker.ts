// Runs in the planning thread (planning-thread.ts), off the event loop that serves HTTP and under its
// resourceLimits (issue 29): reading an uploaded plan (the workbook through the counting zip reader, then
// the Tasks and Environments tables), simulating a plan on its points' records, and fitting a calibration
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
  commonRecord,
  DEFAULT_INTERVALS,
  expandCopies,
  planAgainstRecord,
  planningIntervals,
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
  type PlanResultsWithIntervals,
} from '@metocean/core';
import { loadWorkbookGrid, WorkbookError } from '@metocean/hindcast';

export interface PlanReadJob {
  kind: 'read';
  bytes: Uint8Array;
  envCoords?: string | null;
  tasksCoords?: string | null;
}

export interface PlanSimulateJob {
  kind: 'simulate';
  plan: Plan;
  /** Location alias → index into `records`. */
  aliases: Record<string, number>;
  records: { name: string; time: Float64Array; fields: Record<string, ArrayLike<number>> }[];
  percentiles: number[];
  /** The alpha table the planning chose (issue 32), or null: its copies run on α·L. */
  alpha?: AlphaTable | null;
}

/** A simulation's results: the statistics with their intervals, the alpha table used and, when one was, the
 * plan's statistics without it (for the side by side). */
export type PlanningThreadResults = PlanResultsWithIntervals & {
  alpha: AlphaSummary | null;
  withoutAlpha?: Pick<PlanResults, 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY' | 'censored' | 'totalStarts'>;
};

/** A calibration fitted and judged on its pairs (services/calibration.ts). */
export interface CalibrateJob {
  kind: 'calibrate';
  pairs: Pairs;
  options: CalibrationOptions;
}

export type PlanningThreadJob = PlanReadJob | PlanSimulateJob | CalibrateJob;

export type PlanningThreadAnswer =
  | ({ kind: 'read' } & PlanRead)
  | { kind: 'results'; results: PlanningThreadResults }
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
    const { time, locations } = commonRecord(job.records);
    const tooLong = planAgainstRecord(job.plan, time.length);
    if (tooLong) throw new PlanningError(tooLong.cell ? `${tooLong.cell}: ${tooLong.text}` : tooLong.text);
    // alpha factors (issue 32): the copies run on α·L; the raw plan is simulated too, for the side by side
    const alpha = job.alpha ?? null;
    const factored = alpha ? alphaCopies(job.plan.activities, job.plan.environments, alpha) : null;
    const input = { time, locations, aliases: job.aliases, environments: job.plan.environments };
    const raw = expandCopies(job.plan.activities);
    const sim = simulatePlan({ ...input, copies: factored ? factored.copies : raw });
    // issue 31: 90 % year-block intervals (1,000 resamples, seed 1) beside every percentile
    const results: PlanningThreadResults = {
      ...withIntervals(
        planningStatistics(sim, job.percentiles),
        planningIntervals(sim, job.percentiles, DEFAULT_INTERVALS),
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
    return { kind: 'results', results };
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
