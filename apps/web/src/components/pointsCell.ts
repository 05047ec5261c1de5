// How a table row shows its points, in the AWD dashboard (spec 001 §2.2) and the usage tables (spec 002 §9):
// up to three by name; more collapse to a "{n} points" link that opens a modal listing them.

/** More than this many points in a row collapse to a link showing their count. */
export const POINTS_SHOWN = 3;

export type PointsCellContent = { kind: 'names'; names: string[] } | { kind: 'link'; label: string };

export function pointsCell(points: readonly { name: string }[]): PointsCellContent {
  return points.length > POINTS_SHOWN
    ? { kind: 'link', label: `${points.length} points` }
    : { kind: 'names', names: points.map((p) => p.name) };
}
