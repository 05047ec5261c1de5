// The statistics of one point, run in a batch inside a worker thread: every run of the batch shares the
// data derived from the point's arrays (calendar, sorted values, calm runs: core's memo), checked once for
// the batch (withUnchangedInputs). A run that fails gives its reason; the others still count.
import { OVERVIEW_ID, toStoredJson } from '@metocean/contracts';
import { overview, statisticOf, statisticsFor, withUnchangedInputs } from '@metocean/core';
import type { Series, StatisticOptions, StatisticTarget } from '@metocean/core';
import { analysedSeries, type PointSeries } from '../data/sources';
import { encodePayload } from '../db/payload';

export interface StatisticRun {
  id: string;
  target: StatisticTarget;
}

export type RunOutcome = { result: unknown } | { error: string };

/** Masks already made, per hurricane array: a point's batches share one (the worker keeps its series). */
const masks = new WeakMap<object, Uint8Array | undefined>();

/** The hurricane mask of a cyclonic dataset (NOCYC leaves those steps out), when some step is marked. */
export function cycloneMaskOf(series: Series): Uint8Array | undefined {
  const marks = series.fields.hurricane?.values;
  if (!marks) return undefined;
  if (masks.has(marks)) return masks.get(marks);
  const mask = new Uint8Array(marks.length);
  let marked = 0;
  for (let i = 0; i < marks.length; i++) {
    if (marks[i]! > 0) {
      mask[i] = 1;
      marked++;
    }
  }
  const result = marked > 0 ? mask : undefined;
  masks.set(marks, result);
  return result;
}

/** Raised when the point's job stopped (cancel, failure) before a run of its batch: nothing is answered. */
export class BatchStopped extends Error {
  constructor() {
    super('the point stopped before this batch ended');
    this.name = 'BatchStopped';
  }
}

/**
 * A flag shared by the server and the worker thread (one int over a SharedArrayBuffer, not copied by
 * postMessage): set, the point's batches still queued or running end before their next statistic.
 */
export function stopFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export function raiseStop(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
}

export function runStatistics(
  series: Series,
  runs: readonly StatisticRun[],
  stop?: Int32Array,
): RunOutcome[] {
  const analysed = analysedSeries(series);
  const cyclone = cycloneMaskOf(series);
  const options: StatisticOptions = cyclone ? { cyclone } : {};
  return withUnchangedInputs(() =>
    runs.map((run): RunOutcome => {
      if (stop && Atomics.load(stop, 0) !== 0) throw new BatchStopped();
      try {
        const result =
          run.id === OVERVIEW_ID
            ? overview(analysed)
            : statisticOf(run.id).compute(analysed, run.target, options);
        return { result: toStoredJson(result) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

/**
 * The outcomes of a batch as they are stored (db/payload.ts): each run's payload, its fields (target,
 * dataset, node) followed by its outcome, as gzip'd JSON in base64. Made in the worker thread: the server
 * stores the strings as they are, and a string crosses the thread boundary as one copy, where the object
 * graph of 40 years of results would be cloned piece by piece.
 */
export function runStatisticsStored(
  { series, dataset, node }: PointSeries,
  runs: readonly StatisticRun[],
  stop?: Int32Array,
): string[] {
  return runStatistics(series, runs, stop).map((outcome, i) =>
    encodePayload(payloadJson({ target: runs[i]!.target, dataset, node }, JSON.stringify(outcome))),
  );
}

/** The payload's JSON: `fields` followed by the outcome's own JSON text (not parsed again). */
export function payloadJson(fields: Record<string, unknown>, outcomeJson: string): string {
  const head = JSON.stringify(fields);
  return outcomeJson === '{}' ? head : `${head.slice(0, -1)},${outcomeJson.slice(1)}`;
}

/**
 * The batches of a point's runs, one per field (or variable with levels): a field's statistics share its
 * sorted values and calendar tables, and a batch is short enough for progress and cancel to follow it.
 */
export function batchesOf(runs: readonly StatisticRun[]): StatisticRun[][] {
  const batches = new Map<string, StatisticRun[]>();
  for (const run of runs) {
    const key = run.target.field ?? run.target.variable ?? run.id;
    const batch = batches.get(key);
    if (batch) batch.push(run);
    else batches.set(key, [run]);
  }
  return [...batches.values()];
}

/** Statistics that are not stored: EFT (export all time series) is the full record, streamed at export time. */
const STREAMED = new Set(['EFT']);

export interface PointPlan {
  runs: StatisticRun[];
}

/** Every statistic the point's series supports (NOCYC when its dataset marks cyclones), and the overview. */
export function planPoint({ series }: PointSeries): PointPlan {
  const supported = statisticsFor(analysedSeries(series), {
    cycloneMask: cycloneMaskOf(series) !== undefined,
  }).filter((run) => !STREAMED.has(run.id));
  return { runs: [...supported, { id: OVERVIEW_ID, target: {} }] };
}
