// Points that read one data node (issue 30 "Say what is true"): two points 10 km apart on a 0.25° grid read
// the very same series, so the point list and the map say so, with the node's position and its dataset.
// The server decides which points share a node (the project detail's `dataNode.sharedWith`); this only words it.
import type { Point } from '@metocean/contracts';

/** Node positions to three decimals (about 100 m), hemispheres spelled out as a chart does. */
export function nodePosition(node: { lat: number; lon: number }): string {
  const lat = `${Math.abs(node.lat).toFixed(3)}° ${node.lat < 0 ? 'S' : 'N'}`;
  const lon = `${Math.abs(node.lon).toFixed(3)}° ${node.lon < 0 ? 'W' : 'E'}`;
  return `${lat}, ${lon}`;
}

/** "A, B and C" */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The names of the other points on the point's node, in the project's order; [] when it is alone. */
export function sameNodeNames(point: Pick<Point, 'dataNode'>, points: readonly Pick<Point, 'id' | 'name'>[]) {
  const others = new Set(point.dataNode?.sharedWith ?? []);
  return points.filter((p) => others.has(p.id)).map((p) => p.name);
}

/** "Same data node as QUAY (15.509° N, 109.939° E)", or null when the point reads a node of its own. */
export function sameNodeText(
  point: Pick<Point, 'dataNode'>,
  points: readonly Pick<Point, 'id' | 'name'>[],
): string | null {
  const names = sameNodeNames(point, points);
  if (names.length === 0 || !point.dataNode) return null;
  return `Same data node as ${listOfNames(names)} (${nodePosition(point.dataNode)})`;
}

/** The tooltip's detail: which dataset, where its node is, how far, and what it means. */
export function dataNodeDetail(point: Pick<Point, 'dataNode'>): string | null {
  const node = point.dataNode;
  if (!node) return null;
  return `Reads ${node.dataset} at its node ${nodePosition(node)}, ${node.distanceKm.toFixed(1)} km away. Points on one node read the same series and give the same statistics.`;
}
