import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '@metocean/core';
import { zoneGeometry, zoneSeeds } from '../../src/seed/zones';

/** Reference: the winding number (Sunday 2001), an algorithm independent of the even-odd crossing test. */
function windingNumber(lon: number, lat: number, ring: number[][]): number {
  let winding = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0 = 0, y0 = 0] = ring[i] ?? [];
    const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
    const side = (x1 - x0) * (lat - y0) - (lon - x0) * (y1 - y0);
    if (y0 <= lat && y1 > lat && side > 0) winding++;
    else if (y0 > lat && y1 <= lat && side < 0) winding--;
  }
  return winding;
}

describe('containsPoint', () => {
  it('places the real data points of the demo in their zones', () => {
    const zone = (name: string) =>
      zoneGeometry(zoneSeeds.find((seed) => seed.name === name) ?? zoneSeeds[0]!).geom;
    // Positions from shared/data/README.md: ERA5 SCS, NORA3, NDBC 44007 and 42001.
    expect(containsPoint(zone('South China Sea'), 109.94, 15.51)).toBe(true);
    expect(containsPoint(zone('Southern North Sea'), 1.32, 53.324)).toBe(true);
    expect(containsPoint(zone('Gulf of Maine'), -70.1, 43.5)).toBe(true);
    expect(containsPoint(zone('Gulf of Mexico'), -89.7, 25.9)).toBe(true);
    expect(containsPoint(zone('Bay of Biscay'), 1.32, 53.324)).toBe(false);
    expect(containsPoint(zone('World'), 179.9, -45)).toBe(true);
  });

  it('agrees with the winding number for every seeded zone (seeded property)', () => {
    for (const seed of zoneSeeds) {
      const { geom, bounds } = zoneGeometry(seed);
      fc.assert(
        fc.property(
          fc.double({ min: bounds.southWest.lon - 1, max: bounds.northEast.lon + 1, noNaN: true }),
          fc.double({ min: bounds.southWest.lat - 1, max: bounds.northEast.lat + 1, noNaN: true }),
          (lon, lat) => containsPoint(geom, lon, lat) === (windingNumber(lon, lat, seed.ring) !== 0),
        ),
        { seed: 20261121, numRuns: 2000 },
      );
    }
  });
});
