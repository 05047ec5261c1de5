import { describe, expect, it } from 'vitest';
import { mapConfiguration } from '../../src/services/geometries';

describe('mapConfiguration (MAP_TILES, GEOCODER_URL)', () => {
  it('is offline by default', () => {
    expect(mapConfiguration('', '')).toEqual({ tileLayers: [], geocoderUrl: '' });
  });

  it("keeps the spec's base layers in its order, with or without attribution", () => {
    const tiles = JSON.stringify({
      'World Imagery': { url: 'https://tiles.example.com/imagery/{z}/{y}/{x}', attribution: 'Esri' },
      OpenStreetMap: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      'My own layer': 'https://example.com/{z}/{x}/{y}.png',
    });
    expect(mapConfiguration(tiles, 'https://nominatim.example.com/search?format=json&q={q}')).toEqual({
      tileLayers: [
        { name: 'OpenStreetMap', url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '' },
        { name: 'World Imagery', url: 'https://tiles.example.com/imagery/{z}/{y}/{x}', attribution: 'Esri' },
      ],
      geocoderUrl: 'https://nominatim.example.com/search?format=json&q={q}',
    });
  });

  it('drops what would break the map: bad JSON, non-http URLs, a geocoder without {q}', () => {
    expect(mapConfiguration('{not json', 'https://geo.example.com/search')).toEqual({
      tileLayers: [],
      geocoderUrl: '',
    });
    expect(mapConfiguration(JSON.stringify({ OpenStreetMap: 'javascript:alert(1)' }), 'ftp://x/{q}')).toEqual(
      {
        tileLayers: [],
        geocoderUrl: '',
      },
    );
  });
});
