// The check before launch (issue 30 "Fail before launch, never after"): which environment limits a
// parameter that the data of a point it runs on lack. Pure: it takes what the plan uses (each activity's
// environment and location alias), what each environment limits, the alias → point choice and each point's
// variables, so the scan, the create call and the settings form all run the same rule before any
// simulation — the simulator's own refusal (workableMask) stays as the last guard.
import { fieldKey } from './rules';
import { FIELD_NAMES, planFieldName, type Environment, type PlanParameter } from './types';

/** The field keys an environment limits (a current level as "current_speed@10"), in its column order. */
export function environmentNeeds(environment: Environment): string[] {
  const keys = [
    ...(Object.keys(environment.maxima) as PlanParameter[]),
    ...(Object.keys(environment.sectors) as PlanParameter[]),
  ]
    .filter((p) => p !== 'current_depth')
    .map((p) => fieldKey(p, environment));
  for (const c of environment.conditions ?? []) keys.push(c.field);
  return [...new Set(keys)];
}

/** A point as the check sees it: its dataset in words and the field keys its data hold. */
export interface PointData {
  name: string;
  /** "South China Sea, ERA5 waves": where the point reads its data. */
  dataset: string;
  /** Catalogue keys, current and wind levels also as "current_speed@10". */
  fields: readonly string[];
}

/** One environment that limits fields a point it runs on lacks. */
export interface DataGap {
  environment: string;
  point: string;
  /** Field keys the environment limits and the point lacks, in the environment's order. */
  missing: string[];
  /** "Port_approach, on ERA5 South China Sea, has no wind speed; it has Hs, Tp, mean direction. …" */
  text: string;
}

/** Where an activity runs: its environment (null: none) and its location alias (null: the first point). */
export interface PlanUse {
  environment: string | null;
  location: string | null;
}

/** Fields that would give a remedy its words ("a dataset with wind"). */
function remedy(missing: readonly string[]): string {
  const kinds = new Set(
    missing.map((k) =>
      k.startsWith('wind_') ? 'wind' : k.startsWith('current_') ? 'currents' : planFieldName(k),
    ),
  );
  return `Remove the limit or choose a point on a dataset with ${[...kinds].join(' and ')}.`;
}

/**
 * Every (environment, point) pair the plan runs where the environment limits a field the point's data
 * lack, once per pair in the plan's order. `aliases` maps a location alias to a point name; an activity
 * without a location runs on `defaultPoint`. Aliases without a point are left to the alias check.
 */
export function planDataGaps(
  uses: readonly PlanUse[],
  needs: Readonly<Record<string, readonly string[]>>,
  aliases: Readonly<Record<string, string | null | undefined>>,
  defaultPoint: string | null,
  points: readonly PointData[],
): DataGap[] {
  const byName = new Map(points.map((p) => [p.name, p]));
  const seen = new Set<string>();
  const gaps: DataGap[] = [];
  for (const use of uses) {
    if (use.environment === null) continue;
    const pointName = use.location === null ? defaultPoint : (aliases[use.location] ?? null);
    const point = pointName === null ? undefined : byName.get(pointName);
    if (!point) continue;
    const pair = `${use.environment}\u0000${point.name}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    const held = new Set(point.fields);
    const missing = (needs[use.environment] ?? []).filter((k) => !held.has(k));
    if (missing.length === 0) continue;
    // what it has, in the catalogue's order (waves, wind, currents, levels), each named once
    const order = Object.keys(FIELD_NAMES);
    const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
    const has = [
      ...new Set(
        point.fields
          .filter((k) => !k.includes('@'))
          .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
          .map(planFieldName),
      ),
    ];
    gaps.push({
      environment: use.environment,
      point: point.name,
      missing,
      text:
        `Environment "${use.environment}": ${point.name}, on ${point.dataset}, has no ` +
        `${missing.map(planFieldName).join(', ')}; it has ${has.length > 0 ? has.join(', ') : 'no variable the plan can limit'}. ` +
        remedy(missing),
    });
  }
  return gaps;
}
