// What a point of a project reads, without reading its record: the dataset serving it in the project's
// zone, the node it snaps to and the variables there (issue 30: the AWD check before launch, the points
// that share a node). Opening a source reads its metadata only.
import type { PointData } from '@metocean/core';
import { sourceForPoint } from './registry';
import { openSource } from './sources';

export interface PointDataView extends PointData {
  synthetic: boolean;
  /** The data node the point reads (points on one node read the same series). */
  node: { lat: number; lon: number };
}

/** The point's dataset, node and field keys; null when no dataset of the zone serves it. */
export async function pointDataOf(
  db: Parameters<typeof sourceForPoint>[0],
  zoneId: number,
  point: { name: string; lat: number; lng: number },
): Promise<PointDataView | null> {
  const source = await sourceForPoint(db, zoneId, point.lat, point.lng);
  if (!source) return null;
  const dataset = await openSource(source);
  const node = dataset.nearest(point.lat, point.lng);
  const fields: string[] = [];
  for (const v of dataset.info.variables) {
    if (v.name === 'hurricane') continue;
    fields.push(v.name);
    for (const level of v.levels ?? []) fields.push(`${v.name}@${level}`);
  }
  const synthetic = source.kind === 'synthetic';
  return {
    name: point.name,
    dataset:
      synthetic && !/synthetic/i.test(dataset.info.name)
        ? `${dataset.info.name} (synthetic)`
        : dataset.info.name,
    synthetic,
    fields,
    node: { lat: node.lat, lon: node.lon },
  };
}
