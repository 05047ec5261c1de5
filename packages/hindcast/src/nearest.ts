// Nearest-node extraction on the sphere. Distances are great-circle (haversine) on the IUGG mean Earth
// radius, so the antimeridian and the poles need no special case: longitudes are only ever used through
// their sines and cosines.
import { nodeCount, nodeCoordinates } from './model';
import type { Grid } from './model';

/** IUGG mean Earth radius R1 (Moritz 2000, Geodetic Reference System 1980), km. */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

/** Great-circle distance in km between two positions in degrees (haversine; longitudes in any range). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Longitude in [−180, 180). */
export function normalizeLongitude(lon: number): number {
  const x = (((lon + 180) % 360) + 360) % 360;
  return x - 180;
}

export type OutsideReason = 'land' | 'missing' | 'too_far' | 'invalid_position';

/**
 * The point has no usable node: the nearest node is land or has no data, or it is farther than the grid
 * reaches. The server answers it with the spec's 'outside zone' message (spec 000 §5, §8).
 */
export class OutsideZoneError extends Error {
  readonly code = 'outside_zone';
  constructor(
    message: string,
    readonly reason: OutsideReason,
    readonly lat: number,
    readonly lon: number,
  ) {
    super(message);
    this.name = 'OutsideZoneError';
  }
}

export interface NearestNode {
  index: number;
  /** The node's own coordinates (longitude in −180–180). */
  lat: number;
  lon: number;
  distanceKm: number;
}

export interface NearestOptions {
  /** Node usable (sea with data)? Absent: every node is. */
  isSea?: (index: number) => boolean;
  /** Refuse when the nearest node is farther. Default: a regular grid's cell diagonal; none for node lists. */
  maxDistanceKm?: number;
  /** Named in error messages (dataset name). */
  label?: string;
}

/**
 * Nodes that can be nearest. Node lists: all. Regular grids: in every row, the distance to a node grows
 * with the longitude difference, so the nearest node of a row is at one of the two longitudes bracketing
 * the point (or at an edge of a regional grid): four candidates per row instead of the whole row.
 */
function* candidates(grid: Grid, lon: number): Generator<number> {
  const n = nodeCount(grid);
  if (grid.type === 'nodes') {
    for (let k = 0; k < n; k++) yield k;
    return;
  }
  const { start, step, count } = grid.lon;
  const offset = ((((lon - start) % 360) + 360) % 360) / step;
  const columns = new Set([0, count - 1]);
  for (const j of [Math.floor(offset), Math.ceil(offset)]) {
    const wrapped = count * Math.abs(step) >= 360 - 1e-9 ? ((j % count) + count) % count : j;
    if (wrapped >= 0 && wrapped < count) columns.add(wrapped);
  }
  for (let i = 0; i < grid.lat.count; i++) for (const j of columns) yield i * count + j;
}

/** Default reach of a regular grid: the diagonal of one cell at the equator. */
function defaultReachKm(grid: Grid): number {
  if (grid.type === 'nodes') return Infinity;
  const dLat = Math.abs(grid.lat.step) * RAD * EARTH_RADIUS_KM;
  const dLon = Math.abs(grid.lon.step) * RAD * EARTH_RADIUS_KM;
  return Math.hypot(dLat, dLon);
}

/**
 * The node nearest to (lat, lon) by great-circle distance: every node of a node list; four columns per
 * row of a regular grid (ties go to the lower index). Throws OutsideZoneError when that node is land or missing, or farther
 * than `maxDistanceKm`.
 */
export function nearestNode(grid: Grid, lat: number, lon: number, options: NearestOptions = {}): NearestNode {
  const label = options.label ?? 'dataset';
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90) {
    throw new OutsideZoneError(
      `${label}: position (${lat}, ${lon}) is not a valid latitude/longitude`,
      'invalid_position',
      lat,
      lon,
    );
  }
  const n = nodeCount(grid);
  if (n === 0) throw new OutsideZoneError(`${label}: the grid has no node`, 'missing', lat, lon);
  let best = -1;
  let bestDistance = Infinity;
  for (const k of candidates(grid, lon)) {
    const c = nodeCoordinates(grid, k);
    const d = greatCircleKm(lat, lon, c.lat, c.lon);
    if (d < bestDistance || (d === bestDistance && k < best)) {
      bestDistance = d;
      best = k;
    }
  }
  const c = nodeCoordinates(grid, best);
  const node = { index: best, lat: c.lat, lon: normalizeLongitude(c.lon), distanceKm: bestDistance };
  const where = `node ${best} (${node.lat.toFixed(4)}, ${node.lon.toFixed(4)}), ${bestDistance.toFixed(1)} km away`;
  if (options.isSea && !options.isSea(best)) {
    throw new OutsideZoneError(
      `${label}: point (${lat}, ${lon}) is outside zone: the nearest ${where} is land or has no data`,
      'land',
      lat,
      lon,
    );
  }
  const reach = options.maxDistanceKm ?? defaultReachKm(grid);
  if (bestDistance > reach) {
    throw new OutsideZoneError(
      `${label}: point (${lat}, ${lon}) is outside zone: the nearest ${where}, beyond ${reach.toFixed(1)} km`,
      'too_far',
      lat,
      lon,
    );
  }
  return node;
}
