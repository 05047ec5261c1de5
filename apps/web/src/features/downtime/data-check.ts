// The upload step's check before launch (issue 30): the plan's environments against the data of the points
// the planner chooses for its aliases, with core's rule (planDataGaps), so Launch stays disabled until every
// environment runs on a point whose data hold what it limits.
import { planDataGaps, type DataGap } from '@metocean/core';
import type { ScanAnswer } from '@metocean/contracts';

/** The gaps of the plan with the aliases as chosen in the form ('' = not chosen yet). */
export function uploadGaps(scan: ScanAnswer, aliases: Readonly<Record<string, string>>): DataGap[] {
  const uses = scan.trips.flatMap((trip) =>
    trip.tasks.flatMap((task) =>
      task.activities.map((a) => ({
        environment: a.environment === 'none' ? null : a.environment,
        location: a.locationAlias,
      })),
    ),
  );
  const chosen = Object.fromEntries(Object.entries(aliases).map(([alias, point]) => [alias, point || null]));
  // activities without a location run on the first alias's point, else the project's first point (the server's rule)
  const first = Object.values(aliases)[0];
  const defaultPoint = first === undefined ? (scan.points[0]?.name ?? null) : first || null;
  const points = scan.points.flatMap((p) =>
    p.dataset === null ? [] : [{ name: p.name, dataset: p.dataset, fields: p.fields }],
  );
  return planDataGaps(uses, scan.environmentNeeds, chosen, defaultPoint, points);
}
