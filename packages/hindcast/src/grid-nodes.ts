// The nodes of a grid inside a longitude/latitude box, thinned regularly to a cap: what the map's Grids
// overlay draws (spec 002 'Map screens': Grids), so users see where a dataset has data and which node a
// point will snap to. Pure: no file is read, a regular grid is never enumerated beyond the box.
import { nodeCoordinates } from './model';
import type { Grid, NodeList, RegularGrid } from './model';
import { normalizeLongitude } from './nearest';

/** A box in degrees: west < east within −180–180 (no antimeridian crossing), south < north. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface BoxNodes {
  /** [lat, lon] of the nodes kept, rounded to 6 decimals (0.1 m), longitudes in −180–180. */
  nodes: [number, number][];
  /** Usable nodes of the grid inside the box, before thinning. */
  total: number;
  /** True when fewer nodes are given than `total`. */
  thinned: boolean;
  /**
   * Thinning step: a regular grid keeps every `spacing`-th row and column (rows and columns whose grid index
   * is a multiple of it, so a panned map keeps the same nodes); a node list keeps every `spacing`-th node of
   * the box in index order. 1 when nothing is left out.
   */
  spacing: number;
}

export interface BoxNodesOptions {
  /** At most this many nodes in the answer (≥ 1). */
  maxNodes: number;
  /** Node usable (sea with data)? Absent: every node is. */
  isSea?: (index: number) => boolean;
}

/** Longitude in −180–180, left untouched when already there (no rounding noise); 6 decimals (0.1 m). */
const wireLon = (lon: number) => round6(lon >= -180 && lon < 180 ? lon : normalizeLongitude(lon));
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Tolerance so that nodes exactly on the box's edges are inside despite rounding (degrees / steps). */
const EDGE = 1e-9;

/** Indices k in [0, count) with start + k·step in [low, high]. */
function indexRange(axis: RegularGrid['lat'], low: number, high: number): [number, number] | null {
  const a = (low - axis.start) / axis.step;
  const b = (high - axis.start) / axis.step;
  const first = Math.max(0, Math.ceil(Math.min(a, b) - EDGE));
  const last = Math.min(axis.count - 1, Math.floor(Math.max(a, b) + EDGE));
  return first <= last ? [first, last] : null;
}

/** Rows of a regular grid inside [south, north]. */
function rowsIn(grid: RegularGrid, box: LonLatBox): number[] {
  const range = indexRange(grid.lat, box.south, box.north);
  if (!range) return [];
  return Array.from({ length: range[1] - range[0] + 1 }, (_, k) => range[0] + k);
}

/**
 * Columns of a regular grid whose longitude, taken modulo 360, lies in [west, east]. The grid may be stored
 * in 0–360 or −180–180 and a global grid wraps: the box is tried shifted by −360, 0 and +360.
 */
function columnsIn(grid: RegularGrid, box: LonLatBox): number[] {
  const columns = new Set<number>();
  for (const shift of [-360, 0, 360]) {
    const range = indexRange(grid.lon, box.west + shift, box.east + shift);
    if (range) for (let j = range[0]; j <= range[1]; j++) columns.add(j);
  }
  return [...columns].sort((a, b) => a - b);
}

/**
 * The indices kept at a thinning step: the multiples of it, so that a panned map keeps the same nodes; the
 * middle index when the box is narrower than the step along this axis (so a thin box still shows a line).
 */
function kept(indices: number[], step: number): number[] {
  const multiples = indices.filter((k) => k % step === 0);
  const middle = indices[Math.floor(indices.length / 2)];
  return multiples.length === 0 && middle !== undefined ? [middle] : multiples;
}

function regularNodes(grid: RegularGrid, box: LonLatBox, options: BoxNodesOptions): BoxNodes {
  const rows = rowsIn(grid, box);
  const columns = columnsIn(grid, box);
  const n = grid.lon.count;
  const isSea = options.isSea;
  let total = rows.length * columns.length;
  if (isSea) {
    total = 0;
    for (const i of rows) for (const j of columns) if (isSea(i * n + j)) total++;
  }
  // The smallest step whose kept rows × columns fit the cap (land is only dropped afterwards, so the
  // answer never exceeds the cap). Ends at the latest when each axis keeps one index.
  let spacing = Math.max(1, Math.floor(Math.sqrt((rows.length * columns.length) / options.maxNodes)));
  while (kept(rows, spacing).length * kept(columns, spacing).length > options.maxNodes) spacing++;
  const nodes: [number, number][] = [];
  for (const i of kept(rows, spacing)) {
    for (const j of kept(columns, spacing)) {
      const index = i * n + j;
      if (isSea && !isSea(index)) continue;
      const c = nodeCoordinates(grid, index);
      nodes.push([round6(c.lat), wireLon(c.lon)]);
    }
  }
  return { nodes, total, thinned: nodes.length < total, spacing };
}

function listNodes(grid: NodeList, box: LonLatBox, options: BoxNodesOptions): BoxNodes {
  const inside: number[] = [];
  for (let k = 0; k < grid.lat.length; k++) {
    const lat = grid.lat[k]!;
    const lon = normalizeLongitude(grid.lon[k]!);
    // normalizeLongitude gives −180 for 180: a node on the antimeridian belongs to both edges.
    const inLon = (lon >= box.west - EDGE && lon <= box.east + EDGE) || (lon === -180 && box.east >= 180);
    if (lat >= box.south - EDGE && lat <= box.north + EDGE && inLon && (options.isSea?.(k) ?? true))
      inside.push(k);
  }
  const spacing = Math.max(1, Math.ceil(inside.length / options.maxNodes));
  const nodes = inside
    .filter((_, ordinal) => ordinal % spacing === 0)
    .map((k): [number, number] => [round6(grid.lat[k]!), wireLon(grid.lon[k]!)]);
  return { nodes, total: inside.length, thinned: nodes.length < inside.length, spacing };
}

/**
 * The usable nodes of `grid` inside `box`, at most `maxNodes` of them: when there are more, a regular grid
 * keeps every N-th row and column and a node list every N-th node (N = `spacing`), and `thinned` says so.
 */
export function gridNodesInBox(grid: Grid, box: LonLatBox, options: BoxNodesOptions): BoxNodes {
  if (!(options.maxNodes >= 1)) throw new RangeError(`maxNodes must be at least 1 (got ${options.maxNodes})`);
  return grid.type === 'regular' ? regularNodes(grid, box, options) : listNodes(grid, box, options);
}

/** The part of `box` inside `limits`, or null when they do not overlap. */
export function intersectBoxes(box: LonLatBox, limits: LonLatBox): LonLatBox | null {
  const west = Math.max(box.west, limits.west);
  const east = Math.min(box.east, limits.east);
  const south = Math.max(box.south, limits.south);
  const north = Math.min(box.north, limits.north);
  return west <= east && south <= north ? { west, south, east, north } : null;
}
