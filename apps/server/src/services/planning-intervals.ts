// A planning's bi-weekly and weekly intervals on request (issue 31 "Cost", session 31): the planning run
// computes the year-block bootstrap intervals of the monthly breakdown only (the one the results open on, and
// the one the contractors read); each other breakdown's (1.7–2.3 s of CPU with the simulation on the bench's
// 50-activity 40-year plan) is computed once when asked for. The plan is simulated again in the simulation thread (the simulation is
// deterministic) and that breakdown's intervals drawn with the run's settings (1,000 resamples, seed 1,
// 90 %); they are stored with the results only if the statistics simulated now equal the stored ones (else
// a note, as the contour band's stale note). A second request reads them; requests made while one runs wait
// for it. The caller must be able to see the planning (404 otherwise). No credit: the run was the planning.
import { and, eq, sql } from 'drizzle-orm';
import {
  mergeBreakdownIntervals,
  PLANNING_INTERVALS_ON_REQUEST,
  PLANNING_INTERVALS_STALE,
  PlanningError,
  type BreakdownResults,
  type PlanResults,
} from '@metocean/core';
import { planningIntervalsInThread, PlanningThreadRefusal } from '../jobs/planning-thread';
import { plannings } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { perDatabase, type Caller, type Services } from './context';
import { planningFor } from './downtimes';
import { simulationJob } from './planning-simulation';

/** The breakdowns whose intervals are computed on request (the run computes MONTHLY's). */
export const ON_REQUEST_BREAKDOWNS = ['BIWEEKLY', 'WEEKLY'] as const;
export type OnRequestBreakdown = (typeof ON_REQUEST_BREAKDOWNS)[number];

export const WRONG_BREAKDOWN =
  'Intervals are computed on request for the BIWEEKLY and WEEKLY breakdowns only (the planning computes the MONTHLY ones)';

/** The keys the intervals add to a breakdown (BreakdownResultsWithIntervals) and the on-request note. */
const INTERVAL_KEYS = new Set([
  'wholeSequenceIntervals',
  'tripsIntervals',
  'intervalYears',
  'intervalNotes',
  'intervalsNote',
]);

/** JSON with every object's keys in order (the database's jsonb orders them its own way). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * A breakdown's statistics without its intervals, as comparable JSON: the stored breakdown and the one
 * simulated again are the same statistics when these are equal (NaN is null in both, as stored).
 */
export function bareBreakdown(breakdown: unknown): string {
  const plain: unknown = JSON.parse(
    JSON.stringify(breakdown, (key, value: unknown) => (INTERVAL_KEYS.has(key) ? undefined : value)),
  );
  return JSON.stringify(canonical(plain));
}

/** Whether a stored breakdown waits for its intervals to be asked for. */
export function onRequest(breakdown: { intervalsNote?: unknown }): boolean {
  return breakdown.intervalsNote === PLANNING_INTERVALS_ON_REQUEST;
}

/** Computations running, per planning and breakdown: a second request while one runs waits for it. */
const computingIn = perDatabase(() => new Map<string, Promise<void>>());

async function computeAndStore(
  services: Services,
  row: typeof plannings.$inferSelect,
  project: { zoneId: number; customerId: number },
  breakdown: OnRequestBreakdown,
): Promise<void> {
  const results = row.results as PlanResults & { intervals?: unknown };
  const stored = results[breakdown] as BreakdownResults & { intervalsNote?: string };
  let answer;
  try {
    const { job } = await simulationJob(services, row, project);
    answer = await planningIntervalsInThread({ ...job, breakdown }, services.config.planningMemoryMb);
  } catch (error) {
    if (error instanceof PlanningError || error instanceof PlanningThreadRefusal)
      throw new HttpError(409, {
        nonFieldErrors: [`The intervals could not be computed: ${error.message}`],
      });
    throw error;
  }
  // the intervals belong to the stored statistics only if the plan gives the same ones now, drawn as the
  // run's were (same coverage, resamples and seed)
  const same =
    bareBreakdown(answer.statistics) === bareBreakdown(stored) &&
    JSON.stringify(canonical(answer.settings)) === JSON.stringify(canonical(results.intervals));
  const { intervalsNote: _, ...statistics } = stored;
  const next = same
    ? mergeBreakdownIntervals(statistics, answer.intervals)
    : { ...statistics, intervalsNote: PLANNING_INTERVALS_STALE };
  // only into the results this computation started from (a relaunch meanwhile replaced them), and only this
  // breakdown's key (the other breakdown may be stored at the same time)
  await services.db
    .update(plannings)
    .set({
      results: sql`jsonb_set(${plannings.results}, ${`{${breakdown}}`}::text[], ${JSON.stringify(next)}::jsonb)`,
    })
    .where(
      and(
        eq(plannings.id, row.id),
        eq(plannings.status, 'FINISHED'),
        eq(plannings.computedAt, row.computedAt!),
      ),
    );
}

/**
 * POST /api/downtimes/{id}/intervals/?breakdown=BIWEEKLY|WEEKLY: the breakdown's intervals computed once and
 * stored; answers the planning's results (as GET …/results/).
 */
export async function planningIntervalsOnRequest(
  services: Services,
  caller: Caller,
  id: number,
  breakdown: string | undefined,
): Promise<PlanResults> {
  const { row, access } = await planningFor(services, caller, id);
  if (!ON_REQUEST_BREAKDOWNS.includes(breakdown as OnRequestBreakdown))
    throw badRequest({ fieldErrors: { breakdown: [WRONG_BREAKDOWN] } });
  const which = breakdown as OnRequestBreakdown;
  if (row.status !== 'FINISHED' || row.results === null || row.computedAt === null)
    throw new HttpError(409, { nonFieldErrors: ['The planning has no results to compute intervals for'] });
  const stored = (row.results as Record<OnRequestBreakdown, { intervalsNote?: unknown }>)[which];
  if (!onRequest(stored)) return row.results as PlanResults;
  const key = `${row.id}:${row.computedAt.getTime()}:${which}`;
  const computing = computingIn(services.db);
  let running = computing.get(key);
  if (!running) {
    running = computeAndStore(
      services,
      row,
      { zoneId: access.zone.id, customerId: access.project.customerId },
      which,
    ).finally(() => computing.delete(key));
    computing.set(key, running);
  }
  await running;
  const { row: now } = await planningFor(services, caller, id);
  if (now.results === null) throw new HttpError(409, { nonFieldErrors: ['The planning has no results'] });
  return now.results as PlanResults;
}
