import { describe, expect, it } from 'vitest';
import { gazetteer, type Place } from './gazetteer';
import { labelBox, labelsWithoutOverlap, placesToLabel } from './place-labels';

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

describe('labelsWithoutOverlap', () => {
  it('keeps the first of two names that would print over each other, and names apart', () => {
    // IJmuiden (52.46 N 4.61 E) and Amsterdam (52.38 N 4.90 E) at zoom 6 lie about 13 px apart
    const ijmuiden = labelBox({ name: 'IJmuiden', kind: 'port' }, { x: 100, y: 100 });
    const amsterdam = labelBox({ name: 'Amsterdam', kind: 'port' }, { x: 113, y: 106 });
    const hull = labelBox({ name: 'Hull', kind: 'port' }, { x: 20, y: 60 });
    expect(labelsWithoutOverlap([ijmuiden, amsterdam, hull])).toEqual([0, 2]);
  });

  it('centres a sea name on its point and puts a town to the right of its dot', () => {
    expect(labelBox({ name: 'North Sea', kind: 'sea' }, { x: 100, y: 50 })).toEqual({
      x: 100 - (9 * 6.5) / 2,
      y: 43,
      width: 9 * 6.5,
      height: 14,
    });
    expect(labelBox({ name: 'Hull', kind: 'port' }, { x: 100, y: 50 })).toEqual({
      x: 97,
      y: 43,
      width: 4 * 6.5 + 8,
      height: 14,
    });
  });

  it('keeps boxes that only touch', () => {
    const a = { x: 0, y: 0, width: 10, height: 10 };
    const b = { x: 10, y: 0, width: 10, height: 10 };
    expect(labelsWithoutOverlap([a, b])).toEqual([0, 1]);
  });
});
