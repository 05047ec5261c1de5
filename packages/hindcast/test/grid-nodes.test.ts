// The Grids overlay's nodes (spec 002 'Map screens'): checked against brute force, every node of the grid
// enumerated and tested against the box one by one.
import { describe, expect, it } from 'vitest';
import { gridNodesInBox, intersectBoxes, nodeCoordinates, nodeCount, normalizeLongitude } from '../src/index';
import type { Grid, LonLatBox, RegularGrid } from '../src/index';

/** Every node of the grid inside the box (longitudes taken modulo 360), as 'lat,lon' keys. */
function bruteForce(grid: Grid, box: LonLatBox, isSea: (k: number) => boolean = () => true): Set<string> {
  const keys = new Set<string>();
  for (let k = 0; k < nodeCount(grid); k++) {
    const c = nodeCoordinates(grid, k);
    const lon = normalizeLongitude(c.lon);
    const inLon = [lon - 360, lon, lon + 360].some((x) => x >= box.west - 1e-9 && x <= box.east + 1e-9);
    if (isSea(k) && inLon && c.lat >= box.south - 1e-9 && c.lat <= box.north + 1e-9)
      keys.add(key(c.lat, lon));
  }
  return keys;
}
const key = (lat: number, lon: number) => `${lat.toFixed(6)},${normalizeLongitude(lon).toFixed(6)}`;
const keysOf = (nodes: [number, number][]) => nodes.map(([lat, lon]) => key(lat, lon));

/** The synthetic demo hindcast's grid: 0.25°, −80 to 85° N, the whole world from −180° E. */
const world: RegularGrid = {
  type: 'regular',
  lat: { start: -80, step: 0.25, count: 661 },
  lon: { start: -180, step: 0.25, count: 1440 },
};

describe('gridNodesInBox on a regular grid', () => {
  it('gives exactly the nodes inside the box, edges included, when under the cap', () => {
    const box = { west: 1.1, south: 53, east: 3, north: 54.6 };
    const answer = gridNodesInBox(world, box, { maxNodes: 5000 });
    const expected = bruteForce(world, box);
    // 53.00 to 54.50 by 0.25 (7 rows) × 1.25 to 3.00 by 0.25 (8 columns).
    expect(expected.size).toBe(56);
    expect(new Set(keysOf(answer.nodes))).toEqual(expected);
    expect(answer).toMatchObject({ total: 56, thinned: false, spacing: 1 });
  });

  it('reads a grid stored in 0–360 and wrapping round the world across Greenwich', () => {
    const grid: RegularGrid = {
      type: 'regular',
      lat: { start: 10, step: -1, count: 21 }, // descending latitudes, as many NetCDF files store them
      lon: { start: 0, step: 1, count: 360 },
    };
    const box = { west: -5, south: 0, east: 5, north: 4 };
    const answer = gridNodesInBox(grid, box, { maxNodes: 5000 });
    expect(new Set(keysOf(answer.nodes))).toEqual(bruteForce(grid, box));
    expect(answer.total).toBe(5 * 11);
    expect(answer.nodes.map(([, lon]) => lon).sort((a, b) => a - b)[0]).toBe(-5);
  });

  it('thins a large view to every N-th row and column, under the cap', () => {
    const box = { west: -180, south: -80, east: 180, north: 85 };
    const answer = gridNodesInBox(world, box, { maxNodes: 5000 });
    const all = bruteForce(world, box);
    expect(answer.total).toBe(all.size);
    expect(answer.total).toBe(661 * 1440);
    expect(answer.thinned).toBe(true);
    expect(answer.nodes.length).toBeLessThanOrEqual(5000);
    // sqrt(951,840 / 5,000) = 13.8: every 14th row (48) and column (103) is 4,944 nodes.
    expect(answer.spacing).toBe(14);
    expect(answer.nodes).toHaveLength(48 * 103);
    const lats = [...new Set(answer.nodes.map(([lat]) => lat))].sort((a, b) => a - b);
    const lons = [...new Set(answer.nodes.map(([, lon]) => lon))].sort((a, b) => a - b);
    for (const axis of [lats, lons])
      expect(axis.slice(1).map((x, k) => x - axis[k]!)).toEqual(axis.slice(1).map(() => 14 * 0.25));
    expect(keysOf(answer.nodes).filter((node) => !all.has(node))).toEqual([]);
  });

  it('keeps the same nodes when the view is panned at the same size', () => {
    const view = gridNodesInBox(world, { west: -100, south: -60, east: 100, north: 60 }, { maxNodes: 5000 });
    const panned = gridNodesInBox(world, { west: -95, south: -55, east: 105, north: 65 }, { maxNodes: 5000 });
    // 481 rows × 801 columns: every 8th is 61 × 101 = 6,161 nodes, every 9th 54 × 89 = 4,806.
    expect(view).toMatchObject({ total: 481 * 801, thinned: true, spacing: 9 });
    expect(view.nodes).toHaveLength(54 * 89);
    expect(panned.spacing).toBe(9);
    const shared = new Set(keysOf(panned.nodes));
    const inBoth = view.nodes.filter(([lat, lon]) => lat >= -55 && lon >= -95);
    expect(inBoth.length).toBeGreaterThan(4000);
    expect(keysOf(inBoth).filter((node) => !shared.has(node))).toEqual([]);
  });

  it('leaves out land and missing nodes, and counts only the usable ones', () => {
    const grid: RegularGrid = {
      type: 'regular',
      lat: { start: 50, step: 0.5, count: 10 },
      lon: { start: 0, step: 0.5, count: 10 },
    };
    const isSea = (k: number) => k % 3 !== 0;
    const box = { west: 0, south: 50, east: 4.5, north: 54.5 };
    const answer = gridNodesInBox(grid, box, { maxNodes: 5000, isSea });
    expect(new Set(keysOf(answer.nodes))).toEqual(bruteForce(grid, box, isSea));
    expect(answer).toMatchObject({ total: 66, thinned: false, spacing: 1 });
    const thinned = gridNodesInBox(grid, box, { maxNodes: 30, isSea });
    // Every 2nd row and column: 25 nodes before the land is left out.
    expect(thinned.spacing).toBe(2);
    expect(thinned.total).toBe(66);
    expect(thinned.thinned).toBe(true);
    expect(thinned.nodes.length).toBe(
      [...Array(25).keys()].filter((k) => isSea(20 * Math.floor(k / 5) + 2 * (k % 5))).length,
    );
  });

  it('keeps a line of nodes in a box narrower than the thinning step', () => {
    const box = { west: -180, south: 10.1, east: 180, north: 10.4 }; // one row: 10.25
    const answer = gridNodesInBox(world, box, { maxNodes: 100 });
    expect(answer.total).toBe(1440);
    expect(answer.nodes.length).toBeGreaterThan(0);
    expect(answer.nodes.length).toBeLessThanOrEqual(100);
    expect(new Set(answer.nodes.map(([lat]) => lat))).toEqual(new Set([10.25]));
  });

  it('gives nothing outside the grid', () => {
    const regional: RegularGrid = {
      type: 'regular',
      lat: { start: 50, step: 0.1, count: 50 },
      lon: { start: 0, step: 0.1, count: 50 },
    };
    expect(gridNodesInBox(regional, { west: 10, south: 50, east: 12, north: 52 }, { maxNodes: 10 })).toEqual({
      nodes: [],
      total: 0,
      thinned: false,
      spacing: 1,
    });
  });
});

describe('gridNodesInBox on a node list', () => {
  const list: Grid = {
    type: 'nodes',
    lat: [53.32, 15.51, 54, 10, 53.5, 53.6],
    lon: [1.32, 109.94, 359.5, 180, 2, 2.5],
  };

  it('gives the nodes inside the box, longitudes in −180–180', () => {
    const box = { west: -1, south: 50, east: 3, north: 56 };
    const answer = gridNodesInBox(list, box, { maxNodes: 10 });
    expect(new Set(keysOf(answer.nodes))).toEqual(bruteForce(list, box));
    expect(answer.nodes).toContainEqual([54, -0.5]);
    expect(answer).toMatchObject({ total: 4, thinned: false, spacing: 1 });
    // A node on the antimeridian is on both edges of the world.
    expect(
      gridNodesInBox(list, { west: 170, south: 0, east: 180, north: 20 }, { maxNodes: 10 }).nodes,
    ).toEqual([[10, -180]]);
  });

  it('keeps every N-th node of the box when over the cap, and leaves out land', () => {
    const box = { west: -1, south: 50, east: 3, north: 56 };
    const answer = gridNodesInBox(list, box, { maxNodes: 2 });
    expect(answer).toMatchObject({ total: 4, thinned: true, spacing: 2 });
    expect(answer.nodes).toEqual([
      [53.32, 1.32],
      [53.5, 2],
    ]);
    const sea = gridNodesInBox(list, box, { maxNodes: 10, isSea: (k) => k !== 0 });
    expect(sea.total).toBe(3);
    expect(sea.nodes).not.toContainEqual([53.32, 1.32]);
  });

  it('refuses a cap below one', () => {
    expect(() => gridNodesInBox(list, { west: 0, south: 0, east: 1, north: 1 }, { maxNodes: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('intersectBoxes', () => {
  it('clips a view to a zone and says when they do not meet', () => {
    const zone = { west: -10, south: 40, east: 0, north: 50 };
    expect(intersectBoxes({ west: -20, south: 45, east: -5, north: 60 }, zone)).toEqual({
      west: -10,
      south: 45,
      east: -5,
      north: 50,
    });
    expect(intersectBoxes({ west: 5, south: 45, east: 10, north: 60 }, zone)).toBeNull();
  });
});
