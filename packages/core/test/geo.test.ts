import { describe, expect, it } from 'vitest';
import { containsPoint } from '../src/geo';

// A 10° square with a 2° hole in its middle; the product's one rule: the outline belongs to the polygon.
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ],
};

describe('containsPoint', () => {
  it('counts a point exactly on the outline as inside (edge and vertex)', () => {
    expect(containsPoint(square, 0, 5)).toBe(true); // west edge
    expect(containsPoint(square, 10, 5)).toBe(true); // east edge
    expect(containsPoint(square, 5, 10)).toBe(true); // north edge
    expect(containsPoint(square, 10, 10)).toBe(true); // vertex
  });

  it('excludes the inside of a hole but not its edge', () => {
    expect(containsPoint(square, 5, 5)).toBe(false);
    expect(containsPoint(square, 4, 5)).toBe(true);
    expect(containsPoint(square, 2, 2)).toBe(true);
  });

  it('refuses a point just outside', () => {
    expect(containsPoint(square, 10.001, 5)).toBe(false);
    expect(containsPoint(square, 5, -0.001)).toBe(false);
  });

  it('reads every polygon of a MultiPolygon', () => {
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [
        square.coordinates,
        [
          [
            [20, 20],
            [21, 20],
            [21, 21],
            [20, 20],
          ],
        ],
      ],
    };
    expect(containsPoint(multi, 20.5, 20.2)).toBe(true);
    expect(containsPoint(multi, 21, 20.5)).toBe(true); // on the second polygon's edge
    expect(containsPoint(multi, 15, 15)).toBe(false);
  });
});
