// Bounds of a plan (issue 29): every number of the Tasks table is bounded when the file is read, so that no
// cell can make the simulator expand or allocate without limit. The simulator keeps, per trip, two arrays
// of the record's length, and per (environment, location, duration) one next-window-start table: a 30-year
// hourly record makes each about 1 MB, so the bounds below keep a planning under about 1 GB whatever the
// file holds. A plan is hundreds of rows; these leave room for any real one (docs/methods/awd.md rule 31).
import type { Plan, PlanIssue } from './types';

export const PLAN_BOUNDS = {
  /** Rows of the Tasks table (activities). */
  maxActivities: 500,
  /** nb_windows of one activity: the copies one row expands to. */
  maxCopiesPerActivity: 1000,
  /** Copies of the whole plan after nb_windows expansion. */
  maxCopies: 5000,
  /** Trips of the plan. */
  maxTrips: 200,
  /**
   * An activity's duration (min_hours with its contingency) in hours, below 32,767 like the marine
   * contractors' operations (spec 001 §9).
   */
  maxActivityHours: 32766,
} as const;

/**
 * Refuses a plan that no start of the record can finish: a trip whose nominal length (the sum of its
 * copies' durations) alone is not shorter than the record, or a plan whose whole nominal length is not.
 * The issue names the trip's first row.
 */
export function planAgainstRecord(plan: Plan, recordHours: number): PlanIssue | null {
  const trips = new Map<string, { hours: number; cell: string }>();
  let total = 0;
  for (const a of plan.activities) {
    const hours = a.durationHours * a.nbWindows;
    total += hours;
    const trip = trips.get(a.tripId);
    if (trip) trip.hours += hours;
    else trips.set(a.tripId, { hours, cell: a.cell });
  }
  const record = `the common record of the planning's points (${recordHours.toLocaleString('en-US')} h)`;
  for (const [id, trip] of trips)
    if (trip.hours >= recordHours)
      return {
        kind: 'error',
        text: `trip "${id}" lasts ${trip.hours.toLocaleString('en-US')} h without any weather wait, not shorter than ${record}: no start could finish it`,
        cell: trip.cell,
      };
  if (total >= recordHours)
    return {
      kind: 'error',
      text: `the plan lasts ${total.toLocaleString('en-US')} h without any weather wait, not shorter than ${record}: no start could finish it`,
      cell: plan.activities[0]?.cell ?? null,
    };
  return null;
}
