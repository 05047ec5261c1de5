// The upload step's check before launch (issue 30): the plan's environments against the data of the points
// the planner chooses for its aliases, with core's rule (planDataGaps), so Launch stays disabled until every
// environment runs on a point whose data hold what it limits. And which points read one data node.
import { planDataGaps, type DataGap } from '@metocean/core';
import type { ScanAnswer, ScanPoint } from '@metocean/contracts';

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

/** For each point, the other points that read the same data node (same dataset, same node). */
export function sharedNodes(
  points: readonly Pick<ScanPoint, 'name' | 'dataset' | 'node'>[],
): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  for (const p of points) {
    if (!p.node || p.dataset === null) continue;
    const key = `${p.dataset}|${p.node.lat}|${p.node.lon}`;
    byNode.set(key, [...(byNode.get(key) ?? []), p.name]);
  }
  const out = new Map<string, string[]>();
  for (const names of byNode.values())
    if (names.length > 1)
      for (const n of names)
        out.set(
          n,
          names.filter((m) => m !== n),
        );
  return out;
}
