// What a point of a project reads, without reading its record: the dataset serving it in the project's
// zone, the node it snaps to and the variables there (issue 30: the AWD check before launch, the points
// that share a node, the variables a new point will lack). Opening a source reads its metadata only.
import type { PointData } from '@metocean/core';
import { OutsideZoneError } from '@metocean/hindcast';
import { sourceResolver } from './registry';
import { openSource } from './sources';

export interface PointDataView extends PointData {
  synthetic: boolean;
  /** The data node the point reads (points on one node of one dataset read the same series). */
  node: { lat: number; lon: number; distanceKm: number };
}

type Db = Parameters<typeof sourceResolver>[0];

/**
 * Node coordinates to 1e-6 (0.1 m): a store's float32 109.939 reads 109.93899999999996 in float64, noise a
 * person must not read; equal nodes stay equal.
 */
const ofNode = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * For each position, the dataset of the zone serving it (by sourceForPoint's rule), its node and its field
 * keys (levels as "wind_speed@10"); null where no dataset of the zone has a node for it.
 */
export async function pointDataList(
  db: Db,
  zoneId: number,
  list: readonly { name: string; lat: number; lng: number }[],
): Promise<(PointDataView | null)[]> {
  const sourceOf = await sourceResolver(db, zoneId);
  const out: (PointDataView | null)[] = [];
  for (const point of list) {
    const served = await sourceOf(point.lat, point.lng);
    if (!served) {
      out.push(null);
      continue;
    }
    const { source, name } = served;
    const dataset = await openSource(source);
    let node;
    try {
      node = dataset.nearest(point.lat, point.lng);
    } catch (error) {
      // a point whose nearest node is land or out of reach has no data: said as 'no dataset', not thrown
      if (!(error instanceof OutsideZoneError)) throw error;
      out.push(null);
      continue;
    }
    const fields: string[] = [];
    for (const v of dataset.info.variables) {
      if (v.name === 'hurricane') continue;
      fields.push(v.name);
      for (const level of v.levels ?? []) fields.push(`${v.name}@${level}`);
    }
    const synthetic = source.kind === 'synthetic';
    out.push({
      name: point.name,
      dataset: synthetic && !/synthetic/i.test(name) ? `${name} (synthetic)` : name,
      synthetic,
      fields,
      node: { lat: ofNode(node.lat), lon: ofNode(node.lon), distanceKm: ofNode(node.distanceKm) },
    });
  }
  return out;
}

/**
 * For each entry, the indices of the other entries that read the same node of the same dataset, hence the
 * same series: two points 10 km apart on a 0.25° grid are one place for every statistic and simulation.
 */
export function sameNodeIndices(list: readonly (PointDataView | null)[]): number[][] {
  const groups = new Map<string, number[]>();
  list.forEach((data, index) => {
    if (!data) return;
    // node coordinates come from the dataset's own grid arrays: equal nodes are bit-equal numbers
    const key = `${data.dataset}\u0000${data.node.lat}\u0000${data.node.lon}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const out: number[][] = list.map(() => []);
  for (const members of groups.values())
    for (const index of members) out[index] = members.filter((other) => other !== index);
  return out;
}
