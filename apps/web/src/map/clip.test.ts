import { describe, expect, it } from 'vitest';
import { clippedPath, clipRing, packRings, type Box } from './clip';

type Ring = [number, number][];

/** Shoelace area (absolute) of a flat [x, y, …] ring. */
function area(flat: readonly number[]): number {
  let twice = 0;
  const n = flat.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    twice += flat[2 * i]! * flat[2 * j + 1]! - flat[2 * j]! * flat[2 * i + 1]!;
  }
  return Math.abs(twice) / 2;
}

/** The literal definition, brute force: the share of a fine grid of the box inside the ring (even–odd). */
function sampledAreaInside(ring: Ring, box: Box, steps = 400): number {
  const inside = (x: number, y: number) => {
    let odd = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  };
  const dx = (box.maxX - box.minX) / steps;
  const dy = (box.maxY - box.minY) / steps;
  let count = 0;
  for (let i = 0; i < steps; i++)
    for (let j = 0; j < steps; j++) if (inside(box.minX + (i + 0.5) * dx, box.minY + (j + 0.5) * dy)) count++;
  return count * dx * dy;
}

const box: Box = { minX: 2, maxX: 6, minY: 2, maxY: 6 };

describe('land rings cut to a card’s box', () => {
  it('keeps the overlap of a square exactly', () => {
    const square: Ring = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    const cut = clipRing(square.flat(), box);
    expect(area(cut)).toBeCloseTo(4, 12); // [2, 4] × [2, 4]
    for (let i = 0; i < cut.length; i += 2) {
      const [x, y] = [cut[i]!, cut[i + 1]!];
      expect(x).toBeGreaterThanOrEqual(box.minX);
      expect(x).toBeLessThanOrEqual(box.maxX);
      expect(y).toBeGreaterThanOrEqual(box.minY);
      expect(y).toBeLessThanOrEqual(box.maxY);
    }
  });

  it('keeps the area of a concave coast inside the box, against a brute-force count', () => {
    // a 'U' whose two arms cross the box's top edge and whose bottom leaves by the left side
    const coast: Ring = [
      [0, 1],
      [8, 1],
      [8, 9],
      [5, 9],
      [5, 3.5],
      [3, 3.5],
      [3, 9],
      [0, 9],
    ];
    const cut = clipRing(coast.flat(), box);
    // sampled at 400 × 400 in a 4 × 4 box: a cell is 1e-4 of area, edges cross ~3,200 cells
    expect(area(cut)).toBeCloseTo(sampledAreaInside(coast, box), 1);
    expect(area(cut)).toBeCloseTo(16 - 2 * 2.5, 12); // the box less the notch [3, 5] × [3.5, 6]
  });

  it('drops a ring outside the box and keeps one inside whole', () => {
    expect(clipRing([10, 10, 11, 10, 11, 11], box)).toEqual([]);
    const islet: Ring = [
      [3, 3],
      [4, 3],
      [4, 4],
    ];
    expect(clippedPath(packRings([islet]), box, 0)).toBe('M3.000,-3.000L4.000,-3.000L4.000,-4.000Z');
  });

  it('draws a Eurasia-sized ring with only the vertices of the box, closer ones than the tolerance left out', () => {
    // a ring of 20,000 vertices on a circle of radius 40 around (0, 0): a few hundred pass through the box
    const coast: Ring = Array.from({ length: 20_000 }, (_, i) => {
      const angle = (2 * Math.PI * i) / 20_000;
      return [40 * Math.cos(angle), 40 * Math.sin(angle)];
    });
    const near: Box = { minX: 36, maxX: 44, minY: -4, maxY: 4 };
    const full = clippedPath(packRings([coast]), near, 0);
    const coarse = clippedPath(packRings([coast]), near, 0.1);
    const vertices = (path: string) => path.split(/[ML]/).length - 1;
    expect(vertices(full)).toBeLessThan(700);
    expect(vertices(coarse)).toBeLessThan(vertices(full) / 2);
    expect(vertices(coarse)).toBeGreaterThan(40);
  });
});
