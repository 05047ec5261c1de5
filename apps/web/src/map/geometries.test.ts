import { describe, expect, it } from 'vitest';
import type { FeatureCollectionPayload } from '@metocean/contracts';
import { drawableFeatures, featureLabel, layerPathStyle } from './geometries';

const ring = [
  [1, 53],
  [2, 53],
  [2, 54],
  [1, 53],
];
const lines: FeatureCollectionPayload = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { Name: 'Boundary' },
      geometry: { type: 'LineString', coordinates: ring },
    },
    { type: 'Feature', properties: null, geometry: { type: 'MultiLineString', coordinates: [ring, ring] } },
  ],
};

describe('geometry layers on the map', () => {
  it('fills polygon layers only', () => {
    expect(layerPathStyle({ type: 'polygon', color: '#e69f00' })).toMatchObject({
      fill: true,
      fillOpacity: 0.25,
    });
    expect(layerPathStyle({ type: 'line', color: '#e69f00' })).toMatchObject({ fill: false, fillOpacity: 0 });
  });

  it('turns closed lines drawn as polygons into polygons, and leaves line layers alone', () => {
    const filled = drawableFeatures({ type: 'polygon', features: lines });
    expect(filled.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'MultiPolygon']);
    expect(filled.features[0]!.geometry.coordinates).toEqual([ring]);
    expect(filled.features[1]!.geometry.coordinates).toEqual([[ring], [ring]]);
    expect(drawableFeatures({ type: 'line', features: lines })).toBe(lines);
  });

  it('labels a feature by its name in any case', () => {
    expect(featureLabel({ Name: 'Boundary' })).toBe('Boundary');
    expect(featureLabel({ id: 3 })).toBeNull();
    expect(featureLabel(null)).toBeNull();
  });
});
