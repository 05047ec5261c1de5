import { describe, expect, it } from 'vitest';
import { gazetteer, type Place } from './gazetteer';
import { placesToLabel } from './place-labels';

const place = (name: string, kind: Place['kind'], lat: number, lng: number): Place => ({
  name,
  country: '',
  kind,
  lat,
  lng,
});
const places = [
  place('Port A', 'port', 10, 10),
  place('Sea B', 'sea', 11, 11),
  place('Cape C', 'cape', 12, 12),
  place('Far port', 'port', 40, 40),
];
const box = { south: 0, west: 0, north: 20, east: 20 };

describe('placesToLabel', () => {
  it('names only seas at a world zoom, capes from 4, harbours from 5, seas first', () => {
    expect(placesToLabel(places, box, 3).map((p) => p.name)).toEqual(['Sea B']);
    expect(placesToLabel(places, box, 4).map((p) => p.name)).toEqual(['Sea B', 'Cape C']);
    expect(placesToLabel(places, box, 5).map((p) => p.name)).toEqual(['Sea B', 'Cape C', 'Port A']);
  });

  it('leaves out places outside the view, edges included inside', () => {
    expect(placesToLabel(places, { south: 10, west: 10, north: 11, east: 11 }, 6).map((p) => p.name)).toEqual(
      ['Sea B', 'Port A'],
    );
  });

  it('names the demo zones seas and a harbour near each real record in the offline list', () => {
    // the South China Sea view of an import around the ERA5 node (15.51 N 109.94 E)
    const scs = placesToLabel(gazetteer, { south: 12, west: 106, north: 19, east: 114 }, 6).map(
      (p) => p.name,
    );
    expect(scs).toContain('South China Sea');
    expect(scs).toContain('Da Nang');
    // the southern North Sea view around the NORA3 node (53.32 N 1.32 E)
    const ns = placesToLabel(gazetteer, { south: 52, west: -1, north: 55, east: 4 }, 6).map((p) => p.name);
    expect(ns).toContain('Great Yarmouth');
  });
});
