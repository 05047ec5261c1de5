import { describe, expect, it } from 'vitest';
import { projectMessages } from '@metocean/contracts';
import {
  boundsOf,
  distanceKm,
  formatDegreesMinutes,
  formatKm,
  insideGeometry,
  outsideZoneMessage,
  pathLengthKm,
} from './geo';
import { graticuleLabel, graticuleStep, graticuleValues } from './graticule';
import { searchPlaces } from './gazetteer';
import { coastlineLayerName, defaultBaseLayer } from './config';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-10, 40],
      [0, 40],
      [0, 50],
      [-10, 50],
      [-10, 40],
    ],
  ],
};
const zone = {
  geom: square,
  bounds: { northEast: { lat: 50, lon: 0 }, southWest: { lat: 40, lon: -10 } },
};

describe('geo', () => {
  it('distanceKm(a, b) is the great-circle distance (one degree of latitude is 111.19 km)', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 2);
    // Paris–London, 343.5 km on the sphere.
    expect(distanceKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(343.5, 0);
  });

  it('pathLengthKm sums the segments and formatKm keeps 2 decimals', () => {
    const path = [
      { lat: 0, lng: 0 },
      { lat: 1, lng: 0 },
      { lat: 2, lng: 0 },
    ];
    expect(pathLengthKm(path)).toBeCloseTo(2 * 111.195, 2);
    expect(pathLengthKm([])).toBe(0);
    expect(formatKm(12.3456)).toBe('12.35 km');
  });

  it('formatDegreesMinutes writes degrees, minutes and hemisphere', () => {
    expect(formatDegreesMinutes(43.12345, 'lat')).toBe("43°07.41'N");
    expect(formatDegreesMinutes(-5.5, 'lng')).toBe("5°30.00'W");
    expect(formatDegreesMinutes(10.99999, 'lng')).toBe("11°00.00'E");
  });

  it('insideGeometry respects holes and multipolygons', () => {
    expect(insideGeometry(square, { lat: 45, lng: -5 })).toBe(true);
    expect(insideGeometry(square, { lat: 45, lng: 5 })).toBe(false);
    const withHole = {
      type: 'Polygon' as const,
      coordinates: [
        ...square.coordinates,
        [
          [-6, 44],
          [-4, 44],
          [-4, 46],
          [-6, 46],
          [-6, 44],
        ],
      ],
    };
    expect(insideGeometry(withHole, { lat: 45, lng: -5 })).toBe(false);
    const multi = { type: 'MultiPolygon' as const, coordinates: [square.coordinates] };
    expect(insideGeometry(multi, { lat: 41, lng: -9 })).toBe(true);
  });

  it('outsideZoneMessage names the latitude, the longitude, or the outline', () => {
    expect(outsideZoneMessage(zone, { lat: 45, lng: -5 }, projectMessages)).toBeNull();
    expect(outsideZoneMessage(zone, { lat: 55, lng: -5 }, projectMessages)).toBe(
      projectMessages.latitudeOutside(40, 50, 55),
    );
    expect(outsideZoneMessage(zone, { lat: 45, lng: 3 }, projectMessages)).toBe(
      projectMessages.longitudeOutside(-10, 0, 3),
    );
    const triangle = {
      geom: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [-10, 40],
            [0, 40],
            [-10, 50],
            [-10, 40],
          ],
        ],
      },
      bounds: zone.bounds,
    };
    expect(outsideZoneMessage(triangle, { lat: 49, lng: -1 }, projectMessages)).toBe(
      projectMessages.outsideZone,
    );
  });

  it('accepts a click exactly on the zone outline, as the server does (one rule, core containsPoint)', () => {
    // Before: the web's ray cast refused (-5, 45) on the triangle's hypotenuse that the server accepted.
    const triangle = {
      geom: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [-10, 40],
            [0, 40],
            [-10, 50],
            [-10, 40],
          ],
        ],
      },
      bounds: zone.bounds,
    };
    expect(outsideZoneMessage(triangle, { lat: 45, lng: -5 }, projectMessages)).toBeNull();
    expect(outsideZoneMessage(zone, { lat: 50, lng: 0 }, projectMessages)).toBeNull();
  });

  it('boundsOf gives the matching-zones bounds of the points', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { lat: 1, lng: 2 },
        { lat: -3, lng: 5 },
      ]),
    ).toEqual({ northEast: { lat: 1, lon: 5 }, southWest: { lat: -3, lon: 2 } });
  });
});

describe('graticule', () => {
  it('graticuleStep follows the spec intervals by zoom', () => {
    expect(graticuleStep(0).intervalDegrees).toBe(45);
    expect(graticuleStep(2.9).intervalDegrees).toBe(45);
    expect(graticuleStep(3).intervalDegrees).toBe(15);
    expect(graticuleStep(5).intervalDegrees).toBe(5);
    expect(graticuleStep(8).intervalDegrees).toBe(1);
    expect(graticuleStep(9)).toEqual({ intervalDegrees: 0.5, digits: 1 });
    expect(graticuleStep(15)).toEqual({ intervalDegrees: 0.1, digits: 1 });
    expect(graticuleStep(25).intervalDegrees).toBe(20);
  });

  it('graticuleValues stays on multiples, inside ±limit, without drift', () => {
    expect(graticuleValues(-100, 100, 45, 90)).toEqual([-90, -45, 0, 45, 90]);
    expect(graticuleValues(0.05, 0.35, 0.1, 90)).toEqual([0.1, 0.2, 0.3]);
    expect(graticuleLabel(-0.5, 'lng', 1)).toBe('0.5°W');
    expect(graticuleLabel(15, 'lat', 0)).toBe('15°N');
    expect(graticuleLabel(0, 'lat', 0)).toBe('0°');
  });
});

describe('place search', () => {
  it('needs 2 characters and ranks names starting with the query first', () => {
    expect(searchPlaces('b')).toEqual([]);
    const found = searchPlaces('bre');
    expect(found[0]?.name).toBe('Brest');
    expect(searchPlaces('coruna')[0]?.name).toBe('La Coruña');
    expect(searchPlaces('norway').length).toBeGreaterThan(2);
  });
});

describe('base layers', () => {
  it('default to World Imagery when configured, else the offline coastline', () => {
    expect(defaultBaseLayer([])).toBe(coastlineLayerName);
    expect(
      defaultBaseLayer([
        { name: 'OpenStreetMap', url: 'x', attribution: '' },
        { name: 'World Imagery', url: 'y', attribution: '' },
      ]),
    ).toBe('World Imagery');
  });
});
